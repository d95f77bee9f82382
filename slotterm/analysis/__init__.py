"""Slot maths: exact PAR sheets by counting, and Monte Carlo through the real engine."""
