"""The persist hook a session opened on a folder saves with (:func:`persist_to`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from slotterm.engine.actions import Spin
from slotterm.session.game_session import GameSession
from slotterm.session.store import SaveStore


def persist_to(
    store: SaveStore, forced_before: Mapping[int, tuple[int, ...]] | None = None
) -> Callable[[GameSession], None]:
    """The session's persist hook: save, then pass on any warning about the second copy
    (or the high-water mark), and log a spin forced by ``--force``, and each step that
    took stops forced by ``--stops``, once it is saved (``forced_before``: the steps the
    save held when it was opened, logged before)."""
    logged: set[int] = set()
    logged_steps = {(n, step) for n, steps in (forced_before or {}).items() for step in steps}

    def persist(session: GameSession) -> None:
        store.save(session)
        session.save_warning = store.mirror_error or store.mark_error
        round_ = session.open_round or (session.history[-1] if session.history else None)
        if store.log is None or round_ is None:
            return
        for step in session.forced_steps.get(round_.number, ()):
            if (round_.number, step) not in logged_steps:
                logged_steps.add((round_.number, step))
                store.log.append("forced", round=round_.number, step=step, stops=True)
        if round_.number in logged or not round_.steps:
            return
        spin = round_.steps[0].action
        if isinstance(spin, Spin) and spin.force is not None and len(round_.steps) == 1:
            logged.add(round_.number)
            store.log.append("forced", round=round_.number, force=spin.force)

    return persist
