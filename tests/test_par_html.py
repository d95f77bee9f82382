"""``slotterm par GAME --html FILE``: one self-contained page whose figures are the JSON's.

The page is parsed with :mod:`html.parser` (no browser: tests/test_par_html_browser.py
opens it in Chromium): every single figure and every list of ``par --json`` is in its
tables, every digit in ``data-value``; the split's bars, the win distribution's points
and the volatility marks are the figures the sheet gives (the distribution recomputed here
from the JSON's win tail); the page loads nothing; text from a game file is escaped; a
FILE that cannot be written is one line and status 2.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from slotterm.cli import main
from slotterm.games import game_ids
from tests.par_support import cached_par, run

GAMES_DIR = Path(__file__).resolve().parent.parent / "slotterm" / "games"


@dataclass
class Tag:
    """One element: its name, attributes, the elements it is inside, its text."""

    name: str
    attrs: dict[str, str]
    inside: tuple[Tag, ...]
    text: list[str] = field(default_factory=list)

    def within(self, name: str, **attrs: str) -> Tag | None:
        """The nearest enclosing element named ``name`` with ``attrs``."""
        for outer in reversed(self.inside):
            if outer.name == name and all(outer.attrs.get(k) == v for k, v in attrs.items()):
                return outer
        return None


class Page(HTMLParser):
    """Every element of a page, in order."""

    VOID = frozenset({"meta", "br", "img", "input", "link", "hr"})

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[Tag] = []
        self.open: list[Tag] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = Tag(tag, {k: v or "" for k, v in attrs}, tuple(self.open))
        self.tags.append(found)
        if tag not in self.VOID:
            self.open.append(found)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1].name == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        for tag in self.open:
            tag.text.append(data)

    def find(self, name: str, **attrs: str) -> list[Tag]:
        """The elements named ``name`` with ``attrs`` (``class_`` for ``class``)."""
        wanted = {k.rstrip("_"): v for k, v in attrs.items()}
        return [
            t
            for t in self.tags
            if t.name == name and all(t.attrs.get(k) == v for k, v in wanted.items())
        ]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[str, Any]]]:
    """``game -> (page text, JSON)`` for every shipped game."""
    folder = tmp_path_factory.mktemp("reports")
    with cached_par():
        found = {}
        for game in game_ids():
            path = folder / f"{game}.html"
            said = run(["par", game, "--html", str(path)])
            assert said.strip() == f"PAR report written to {path}"
            found[game] = (
                path.read_text(encoding="utf-8"),
                json.loads(run(["par", game, "--json"])),
            )
        yield found


def same(text: str, expected: Any) -> bool:
    """``text`` (a ``data-value``) is exactly the JSON's figure."""
    if expected is None:
        return text == ""
    if isinstance(expected, str):
        return text == expected
    return float(text) == expected


@pytest.mark.parametrize("game_id", game_ids())
def test_the_tables_carry_every_figure_of_the_json(
    pages: dict[str, tuple[str, Any]], game_id: str
) -> None:
    text, data = pages[game_id]
    page = Page(text)
    rows = {
        row.attrs["data-name"]: row
        for row in page.find("tr")
        if row.within("table", id="summary") and "data-name" in row.attrs
    }
    single = {k: v for k, v in data.items() if not isinstance(v, list)}
    assert list(rows) == list(single)
    for cell in page.find("td", class_="value"):
        row = cell.within("tr")
        assert row is not None and same(cell.attrs["data-value"], single[row.attrs["data-name"]])
    for key, records in data.items():
        if not isinstance(records, list) or not records:
            continue
        cells = [c for c in page.find("td") if c.within("table", id=f"table-{key}")]
        columns = list(dict.fromkeys(c.attrs["data-column"] for c in cells))
        assert columns[: len(records[0])] == list(records[0]), key
        table = [c for c in cells if c.attrs["data-column"] in records[0]]
        expected = [(column, record[column]) for record in records for column in record]
        assert len(table) == len(expected), key
        for cell, (column, figure) in zip(table, expected, strict=True):
            assert cell.attrs["data-column"] == column
            assert same(cell.attrs["data-value"], figure), (key, column, figure)
    assert rows["rtp"].text and "%" in "".join(rows["rtp"].text)  # shown for people too


@pytest.mark.parametrize("game_id", game_ids())
def test_the_split_bars_are_the_sheet_parts(
    pages: dict[str, tuple[str, Any]], game_id: str
) -> None:
    text, data = pages[game_id]
    bars = Page(text).find("rect")
    bars = [
        b for b in bars if b.within("svg", id="rtp-split") and "bar" in b.attrs.get("class", "")
    ]
    assert len(bars) >= 4
    for bar in bars:
        if "data-name" in bar.attrs:
            name = bar.attrs["data-name"]
            assert float(bar.attrs["data-value"]) == data[name]
            uncapped = data.get(f"{name}_uncapped")
            assert ("data-uncapped" in bar.attrs) is (uncapped is not None), name
            assert uncapped is None or float(bar.attrs["data-uncapped"]) == uncapped
        assert float(bar.attrs["width"]) > 0
    total = bars[-1]
    assert total.attrs["data-name"] == "rtp"
    parts = [float(b.attrs["data-value"]) for b in bars[:-1] if "inner" not in b.attrs["class"]]
    assert math.isclose(sum(parts), data["rtp"], rel_tol=1e-12)
    assert parts[0] == data["rtp_base_lines"] and parts[1] == data["rtp_scatter"]
    assert any("inner" in b.attrs["class"] for b in bars), "a feature's own parts"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_win_distribution_is_the_sheets_win_tail(
    pages: dict[str, tuple[str, Any]], game_id: str
) -> None:
    """The chart's points are the JSON's ``win_tail`` (P(win >= x) above zero), and at each
    band edge the tail is the bands at or above it, added up."""
    text, data = pages[game_id]
    points = [p for p in Page(text).find("circle") if p.within("svg", id="win-distribution")]
    expected = [(t["x"], t["probability"]) for t in data["win_tail"] if t["probability"] > 0]
    assert len(points) == len(expected) >= 8
    for point, (x, p) in zip(points, expected, strict=True):
        assert float(point.attrs["data-x"]) == x
        assert math.isclose(float(point.attrs["data-probability"]), p, rel_tol=1e-12)
    tail = dict(expected)
    bands = data["win_bands"]
    for edge in sorted({b["low"] for b in bands if b["low"] > 0}):
        summed = sum(b["probability"] for b in bands if b["low"] >= edge)
        if summed > 0:
            assert math.isclose(tail[edge], summed, rel_tol=1e-9, abs_tol=1e-15), edge
    assert expected[0][0] <= 1.0 and expected[-1][0] > 100  # from below one total bet up
    ys = [float(p.attrs["cy"]) for p in points]
    assert ys == sorted(ys), "a rarer win is drawn lower"
    (plot,) = [
        r for r in Page(text).find("rect", class_="plot") if r.within("svg", id="win-distribution")
    ]
    left, top = float(plot.attrs["x"]), float(plot.attrs["y"])
    right, bottom = left + float(plot.attrs["width"]), top + float(plot.attrs["height"])
    for point in points:  # every point inside the axes (the x axis once began at 1x)
        assert (
            left <= float(point.attrs["cx"]) <= right and top <= float(point.attrs["cy"]) <= bottom
        )


@pytest.mark.parametrize("game_id", game_ids())
def test_the_volatility_marks_are_the_confidence_rows(
    pages: dict[str, tuple[str, Any]], game_id: str
) -> None:
    text, data = pages[game_id]
    marks = [p for p in Page(text).find("circle") if p.within("svg", id="volatility")]
    rows = [r for r in data["confidence"] if 10**3 <= r["rounds"] <= 10**6]
    assert [r["rounds"] for r in rows] == [10**3, 10**4, 10**5, 10**6]
    expected = [
        (r["rounds"], f, r[f]) for r in rows for f in ("low_90", "high_90", "low_95", "high_95")
    ]
    got = [
        (int(m.attrs["data-rounds"]), m.attrs["data-figure"], float(m.attrs["data-value"]))
        for m in marks
    ]
    assert got == expected
    assert [p for p in Page(text).find("polygon") if p.within("svg", id="volatility")]


def test_the_page_loads_nothing(pages: dict[str, tuple[str, Any]]) -> None:
    for text, _ in pages.values():
        lowered = text.lower()
        for loader in ("<script", "<link", "src=", "href=", "url(", "@import", "http:", "https:"):
            assert loader not in lowered, loader
        assert lowered.startswith("<!doctype html>")
        assert len(Page(text).find("svg")) == 3


def test_text_from_a_game_file_is_escaped(tmp_path: Path) -> None:
    """A game file's title with markup in it is shown as text, never as markup."""
    hostile = '<script>alert("x")</script> & <b>Sevens</b>'
    for name in ("orchard-sevens.toml", "orchard-sevens.art.toml"):
        shutil.copy(GAMES_DIR / name, tmp_path / name)
    game_file = tmp_path / "orchard-sevens.toml"
    source = game_file.read_text(encoding="utf-8")
    assert 'title = "Orchard Sevens"' in source
    game_file.write_text(
        source.replace('title = "Orchard Sevens"', f"title = {json.dumps(hostile)}"),
        encoding="utf-8",
    )
    report = tmp_path / "report.html"
    with cached_par():
        run(["par", str(game_file), "--lines", "10", "--html", str(report)])
    text = report.read_text(encoding="utf-8")
    assert "<script" not in text and "<b>" not in text
    assert (
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Sevens&lt;/b&gt;" in text
    )
    page = Page(text)
    assert hostile in "".join(page.find("h1")[0].text)


def _bad_targets(tmp_path: Path) -> dict[str, str]:
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    targets = {
        "a folder": str(tmp_path),
        "a missing folder": str(tmp_path / "no-such-folder" / "par.html"),
        "inside a file": str(a_file / "par.html"),
        "empty": "",
    }
    if Path("/dev/full").exists():
        targets["a full disk"] = "/dev/full"
    return targets


def test_a_file_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with cached_par():
        for what, target in _bad_targets(tmp_path).items():
            before = sorted(tmp_path.rglob("*"))
            assert main(["par", "lucky-witch", "--html", target]) == 2, what
            out, err = capsys.readouterr()
            assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (what, err)
            assert err.startswith("slotterm: error: --html"), (what, err)
            assert sorted(tmp_path.rglob("*")) == before, what
