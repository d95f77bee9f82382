"""slotterm: a faithful, exactly-computed video slot played in the terminal."""

__version__ = "0.2.0"
"""The version of slotterm: the one place it is written (pyproject.toml reads it)."""
