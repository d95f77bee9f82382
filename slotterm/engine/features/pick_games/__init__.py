"""The Mystery bonus's pick games, one module each (DESIGN.md §2)."""
