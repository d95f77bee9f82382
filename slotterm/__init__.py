"""slotterm: a faithful, exactly-computed video slot played in the terminal."""

__version__ = "0.1.0"
