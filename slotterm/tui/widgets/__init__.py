"""Widgets of the slot machine interface, one per module."""
