"""The PAR model's promises about a sheet, checked figure by figure (issue 21).

Every RTP part comes as a pair, ``NAME`` with the round cap and ``NAME_uncapped`` the game's
own; the capped figure is never above its partner nor below zero; the parts add up to
``rtp`` in the one reading and to ``rtp_uncapped`` in the other; a feature's own split adds
up to ``rtp_free_spins`` in both; the per-symbol tables add up to the uncapped parts.
:func:`check_sheet` returns what does not hold (empty: all does).
"""

from __future__ import annotations

from slotterm.analysis.sheet import SCHEMA, UNCAPPED, ParSheet

TOLERANCE = 1e-12
"""Float error allowed in a sum of parts (fractions of the total bet)."""

CORE_PARTS = ("rtp_base_lines", "rtp_scatter", "rtp_free_spins")
"""The core's parts of the RTP (a law may add more: the base game's bonus)."""


def check_sheet(sheet: ParSheet) -> list[str]:
    """What in ``sheet`` breaks the PAR model's promises, one line each."""
    data = sheet.to_json()
    where = f"{sheet.game} at {sheet.lines} lines"
    problems: list[str] = []
    if data.get("schema") != SCHEMA or not data.get("version"):
        problems.append(f"{where}: schema {data.get('schema')}, version {data.get('version')!r}")
    pairs = [name.removesuffix(UNCAPPED) for name in data if name.endswith(UNCAPPED)]
    for name in pairs:
        if name not in data:
            continue  # a figure only the game's own reading has (a policy's RTP)
        capped, own = data[name], data[name + UNCAPPED]
        if not -TOLERANCE <= capped <= own + TOLERANCE:
            problems.append(f"{where}: {name} = {capped} outside [0, {own}]")
    for name in ("rtp", *CORE_PARTS):
        if name not in data or name + UNCAPPED not in data:
            problems.append(f"{where}: {name} has no pair")
    inner = [n for n in pairs if n.startswith("free_spins_") and n in data]
    extra = [n for n in pairs if n in data and n.startswith("rtp_") and n not in CORE_PARTS]
    parts = [*CORE_PARTS, *extra]  # a law's part of the base spin (a bonus) beside the core's
    for suffix in ("", UNCAPPED):
        total = sum(data[n + suffix] for n in parts)
        if abs(total - data["rtp" + suffix]) > TOLERANCE:
            problems.append(f"{where}: parts{suffix} add to {total}, not {data['rtp' + suffix]}")
        if inner and abs(sum(data[n + suffix] for n in inner) - data["rtp_free_spins" + suffix]) > (
            TOLERANCE
        ):
            problems.append(f"{where}: free-spin parts{suffix} miss rtp_free_spins{suffix}")
    if not -1.0 <= data["cap_effect"] <= 0.0:
        problems.append(f"{where}: cap_effect {data['cap_effect']} above 0")
    if abs(data["rtp"] - data["rtp_uncapped"] - data["cap_effect"]) > TOLERANCE:
        problems.append(f"{where}: cap_effect is not rtp - rtp_uncapped")
    tables = (
        ("symbols", "rtp_base_lines_uncapped"),
        ("scatters", "rtp_scatter_uncapped"),
        ("specials", "free_spins_expansion_uncapped"),
    )
    for table, part in tables:
        rows = data.get(table) or []
        key = "rtp_expansion" if table == "specials" else "rtp"
        if rows and abs(sum(row[key] for row in rows) - data[part]) > TOLERANCE:
            problems.append(f"{where}: the {table} table does not add up to {part}")
    return problems
