"""The pure game engine: standard library only, no I/O, no UI."""
