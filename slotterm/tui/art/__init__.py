"""Symbol art for every game: pixel pictures on framed tiles, drawn once for all games.

:mod:`~slotterm.tui.art.model` holds the structure (sizes, pictures, tile colours, a game's
:class:`~slotterm.tui.art.model.ArtSet`), :mod:`~slotterm.tui.art.tiles` the renderer and
:mod:`~slotterm.tui.art.game_art` a game's pictures from its definition: read from the
pixel-art data files its game file names (:mod:`~slotterm.tui.art.art_file`), or generated
from its symbols (:mod:`~slotterm.tui.art.generated`, in the pixel fonts of
:mod:`~slotterm.tui.art.font`).  The features' own pictures (the pick games' items, the
Mystery bonus's cauldron) live beside them.
"""
