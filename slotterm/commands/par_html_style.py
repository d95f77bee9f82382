"""The PAR report page's style sheet (inline in the page: the page loads no file)."""

STYLE = """
:root {
  color-scheme: light dark;
  --ink: #1d2330; --paper: #ffffff; --soft: #f2f4f8; --line: #c9cfdb;
  --bar: #3b6fd8; --inner: #8fb0ee; --band-95: #cfdcf7; --band-90: #93b1ec;
  --accent: #d0562f;
}
@media (prefers-color-scheme: dark) {
  :root {
    --ink: #e6e9f0; --paper: #161a22; --soft: #222835; --line: #3a4254;
    --bar: #6f9bf0; --inner: #3f5f9e; --band-95: #24345a; --band-90: #35508a;
    --accent: #f08a5d;
  }
}
body {
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink); background: var(--paper);
  max-width: 1000px; margin: 0 auto; padding: 24px;
}
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 1.8em; border-bottom: 1px solid var(--line); }
.note { color: color-mix(in srgb, var(--ink) 75%, transparent); max-width: 760px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card {
  background: var(--soft); border-radius: 8px; padding: 10px 14px; min-width: 140px;
  display: flex; flex-direction: column;
}
.card span { font-size: 0.85em; }
.card strong { font-size: 1.3em; font-variant-numeric: tabular-nums; }
svg { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
svg.chart { max-width: 100%; height: auto; display: block; }
svg .paper { fill: var(--paper); }
svg text.heading { font-size: 18px; font-weight: bold; }
svg text.subheading { font-size: 15px; font-weight: bold; }
svg text { fill: var(--ink); font-size: 13px; }
svg text.tick { font-size: 12px; }
svg .plot { fill: var(--soft); }
svg .grid { stroke: var(--line); stroke-width: 1; }
svg .bar { fill: var(--bar); }
svg .bar.inner { fill: var(--inner); }
svg .line { fill: none; stroke: var(--accent); stroke-width: 2; }
svg .point { fill: var(--accent); stroke: var(--paper); stroke-width: 1.5; }
svg .point.bounds { fill: var(--bar); }
svg .band { stroke: none; }
svg .band-95 { fill: var(--band-95); }
svg .band-90 { fill: var(--band-90); }
table { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 10px; border-bottom: 1px solid var(--line); text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: var(--soft); }
th .unit { display: block; font-weight: normal; font-size: 0.8em; }
td.unit { text-align: left; font-size: 0.9em; }
footer { margin-top: 2em; font-size: 0.85em; }
"""
"""Colours by class (see :mod:`slotterm.commands.par_svg`), light and dark."""
