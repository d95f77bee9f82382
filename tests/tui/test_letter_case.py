"""Every letter key works in both cases (Caps Lock or Shift on): every binding of every
screen, dialog and widget of the interface, the features' keys too, has a single-letter key
in upper case wherever it has it in lower case."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import pytest
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

import slotterm.tui
from slotterm.games import game_ids, get_game
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.keymap import GAME_BINDINGS, both_cases


def _modules() -> Iterator[str]:
    yield slotterm.tui.__name__
    for info in pkgutil.walk_packages(slotterm.tui.__path__, prefix="slotterm.tui."):
        yield info.name


def _binding_owners() -> dict[str, list[BindingType]]:
    """Every class of the interface (screens, dialogs, widgets, the app) with its own keys."""
    owners: dict[str, list[BindingType]] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or not cls.__module__.startswith("slotterm."):
                continue
            own = cls.__dict__.get("BINDINGS")
            if own:
                owners[f"{cls.__module__}.{cls.__qualname__}"] = list(own)
    return owners


def _keys(binding: BindingType) -> list[str]:
    if isinstance(binding, Binding):
        return [key.strip() for key in binding.key.split(",")]
    return [key.strip() for key in str(binding[0]).split(",")]


def _missing_upper(bindings: list[BindingType]) -> list[str]:
    """The lower-case letter keys whose upper case does nothing in ``bindings``."""
    keys = {key for binding in bindings for key in _keys(binding)}
    return sorted(
        key for key in keys if len(key) == 1 and key.isalpha() and key.upper() not in keys
    )


def test_the_walk_finds_the_screens() -> None:
    """The walk reaches the screens a player meets (so the check below checks them)."""
    owners = " ".join(_binding_owners())
    for screen in (
        "MachineScreen",
        "GambleScreen",
        "PaytableScreen",
        "HelpScreen",
        "HistoryScreen",
        "StatsScreen",
        "RoundReplayScreen",
        "LobbyScreen",
        "ChoiceDialog",
        "PickScreen",
        "TooSmallScreen",
        "QuitConfirm",
        "SlotApp",
    ):
        assert screen in owners, screen


@pytest.mark.parametrize("owner", sorted(_binding_owners()))
def test_every_letter_key_has_its_upper_case(owner: str) -> None:
    assert _missing_upper(_binding_owners()[owner]) == [], owner


@pytest.mark.parametrize("game_id", game_ids())
def test_the_machine_with_its_features_keys_has_every_letter_in_both_cases(game_id: str) -> None:
    bindings = [*GAME_BINDINGS, *FeatureViews(get_game(game_id)).bindings()]
    assert _missing_upper(bindings) == []


def test_both_cases_adds_only_the_upper_case_of_single_letters() -> None:
    assert both_cases("b") == "b,B"
    assert both_cases("space,enter,s,0") == "space,enter,s,0,S"
    assert both_cases("escape,f1") == "escape,f1"


def test_q_goes_through_a_busy_game_in_both_cases() -> None:
    from slotterm.tui.app import ALWAYS_KEYS

    assert _missing_upper([Binding(",".join(sorted(ALWAYS_KEYS)), "quit")]) == []


@pytest.mark.parametrize(
    ("key", "screen"),
    [("P", "PaytableScreen"), ("H", "HelpScreen"), ("Y", "HistoryScreen"), ("T", "StatsScreen")],
)
async def test_upper_case_letters_open_and_close_the_side_screens(key: str, screen: str) -> None:
    from tests.tui.main_support import SIZE, main, make_app
    from tests.tui.modal_support import wait_for

    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await wait_for(pilot, lambda: type(app.screen).__name__ == screen)
        await pilot.press(key)  # Caps Lock on: the same letter closes it again
        await wait_for(pilot, lambda: app.screen is main(app))
