"""Write the README's picture of the PAR report's charts (``docs/screenshots/par-report.svg``).

The picture is :func:`slotterm.commands.par_charts.charts_picture` of a shipped game's
exact sheet (:data:`GAME`, every line): the same charts ``slotterm par GAME --html FILE``
draws, in one standalone SVG.  When the sheet or the charts change, make it again
(``tests/test_par_picture.py`` fails on a stale one)::

    python tools/make_par_picture.py            # write docs/screenshots/par-report.svg
    python tools/make_par_picture.py --check    # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots" / "par-report.svg"
GAME = "lucky-witch"
"""The game the picture shows."""

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from slotterm.analysis.par import compute_par  # noqa: E402
from slotterm.commands.par_charts import charts_picture  # noqa: E402
from slotterm.games import get_game  # noqa: E402


def picture() -> str:
    """The picture as it is drawn today."""
    return charts_picture(compute_par(get_game(GAME)))


def main(argv: list[str] | None = None) -> int:
    """Write the picture, or with ``--check`` say whether it is stale (exit 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="the picture's file")
    args = parser.parse_args(argv)
    drawn = picture()
    if args.check:
        current = args.out.is_file() and args.out.read_text(encoding="utf-8") == drawn
        if not current:
            print(f"stale: {args.out} (run python tools/make_par_picture.py)")
        return 0 if current else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(drawn, encoding="utf-8")
    print(args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
