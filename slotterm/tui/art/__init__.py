"""Symbol art for every game: pixel pictures on framed tiles, drawn once for all games.

:mod:`~slotterm.tui.art.model` holds the structure (sizes, pictures, tile colours, a game's
:class:`~slotterm.tui.art.model.ArtSet`), :mod:`~slotterm.tui.art.tiles` the renderer, and
one module per game its data (:mod:`~slotterm.tui.art.book_of_spells`,
:mod:`~slotterm.tui.art.lucky_witch`).
"""
