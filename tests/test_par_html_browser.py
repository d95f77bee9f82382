"""The PAR report page (``slotterm par GAME --html FILE``) in headless Chromium: the three
charts render (each SVG and what it draws has a size on the page), the page logs no error
and asks for nothing over the network.  Without a browser the test is skipped, unless
``SLOTTERM_REQUIRE_BROWSER=1`` (tests/chromium_support.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium_support import chromium
from tests.par_support import cached_par, run

VIEWPORT = {"width": 1200, "height": 900}

CHARTS = {
    "rtp-split": "rect.bar",
    "win-distribution": "circle.point",
    "volatility": "polygon.band",
}
"""Each chart's SVG id and the shapes it must draw."""

SIZES = """
(selector) => [...document.querySelectorAll(selector)].map(e => {
  const box = e.getBoundingClientRect();
  return [box.width, box.height];
})
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("chromium-profile"), VIEWPORT) as context:
        yield context


@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch"])
def test_the_charts_render_without_errors(browser: Any, tmp_path: Path, game_id: str) -> None:
    report = tmp_path / "report.html"
    with cached_par():
        run(["par", game_id, "--html", str(report)])
    page = browser.new_page()
    problems: list[str] = []
    requests: list[str] = []
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(report.as_uri())
        page.wait_for_load_state("load")
        for chart, shapes in CHARTS.items():
            [(width, height)] = page.evaluate(SIZES, f"svg#{chart}")
            assert width > 300 and height > 100, (chart, width, height)
            drawn = page.evaluate(SIZES, f"svg#{chart} {shapes}")
            assert len(drawn) >= 2, chart
            assert all(w > 0 and h > 0 for w, h in drawn), (chart, drawn)
        lines = page.evaluate(SIZES, "svg polyline.line")
        assert lines and all(w > 0 for w, _ in lines)
        assert page.title().endswith("exact PAR sheet, " + page.title().rsplit(", ", 1)[1])
    finally:
        page.close()
    assert not problems, problems
    assert requests == [report.as_uri()], requests
