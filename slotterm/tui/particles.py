"""The coins and sparkles of a win's celebration: where each is at a moment of the scene.

Cosmetic only: the particles are placed by a small integer hash of a seed the scene takes
from the round (its win and bet), never by the game's RNG, so the same win always
shows the same picture and nothing here can touch an outcome.  Each level is richer than
the last (:class:`Flurry`): coins raining down, sparkles twinkling, coins bursting from
the middle of the window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

COIN_FACES = ("●", "◐", "○", "◑")
"""A coin as it spins while it falls (told apart by shape without colour)."""
SPARKLES = ("✦", "✧", "·", "✶")
"""A sparkle's faces as it twinkles."""
BURST_SECONDS = 1.2
"""How long a burst's coins fly before they fade."""
GRAVITY = 14.0
"""Rows per second squared that pull a burst's coins down."""


@dataclass(frozen=True, slots=True)
class Flurry:
    """How many particles a level shows: falling coins, sparkles, coins a burst."""

    coins: int
    sparkles: int
    burst: int = 0
    bursts_per_second: float = 0.0


@dataclass(frozen=True, slots=True)
class Particle:
    """One particle drawn at a moment: its cell, its face and its kind (``coin`` or
    ``sparkle``)."""

    x: int
    y: int
    face: str
    kind: str


def unit(seed: int, index: int, salt: int) -> float:
    """A number in [0, 1) fixed by ``seed``, ``index`` and ``salt`` (an integer hash)."""
    x = (seed * 0x9E3779B1 + index * 0x85EBCA77 + salt * 0xC2B2AE3D) & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return x / 2**32


def particles_at(flurry: Flurry, seed: int, t: float, width: int, height: int) -> list[Particle]:
    """Every particle of ``flurry`` inside a ``width`` × ``height`` window ``t`` seconds in."""
    if width <= 0 or height <= 0:
        return []
    found = [*_rain(flurry, seed, t, width, height), *_twinkles(flurry, seed, t, width, height)]
    found += _bursts(flurry, seed, t, width, height)
    return [p for p in found if 0 <= p.x < width and 0 <= p.y < height]


def _rain(flurry: Flurry, seed: int, t: float, width: int, height: int) -> list[Particle]:
    rain = []
    for i in range(flurry.coins):
        speed = 3.0 + 7.0 * unit(seed, i, 2)
        y = (unit(seed, i, 3) * (height + 2) + speed * t) % (height + 2) - 1
        face = COIN_FACES[int(t * 8 + 4 * unit(seed, i, 4)) % len(COIN_FACES)]
        rain.append(Particle(x=int(unit(seed, i, 1) * width), y=int(y), face=face, kind="coin"))
    return rain


def _twinkles(flurry: Flurry, seed: int, t: float, width: int, height: int) -> list[Particle]:
    twinkles = []
    for i in range(flurry.sparkles):
        phase = (t * 2.5 + unit(seed, i, 13)) % 1.0
        if phase < 0.35:
            continue  # between twinkles
        face = SPARKLES[int(phase * 4) % len(SPARKLES)]
        x, y = int(unit(seed, i, 11) * width), int(unit(seed, i, 12) * height)
        twinkles.append(Particle(x=x, y=y, face=face, kind="sparkle"))
    return twinkles


def _bursts(flurry: Flurry, seed: int, t: float, width: int, height: int) -> list[Particle]:
    if not flurry.burst or flurry.bursts_per_second <= 0:
        return []
    every = 1.0 / flurry.bursts_per_second
    flying = []
    first = max(0, math.floor((t - BURST_SECONDS) / every) + 1)
    for k in range(first, math.floor(t / every) + 1):
        age = t - k * every
        cx = width * (0.25 + 0.5 * unit(seed, k, 21))
        cy = height * (0.3 + 0.3 * unit(seed, k, 22))
        for i in range(flurry.burst):
            angle = 2 * math.pi * (i + unit(seed, k * 97 + i, 23)) / flurry.burst
            speed = 8.0 + 14.0 * unit(seed, k * 97 + i, 24)
            x = cx + 2.0 * speed * math.cos(angle) * age  # cells are twice as tall as wide
            y = cy + speed * math.sin(angle) * age - 6.0 * age + GRAVITY * age * age / 2
            face = COIN_FACES[int(age * 10 + i) % len(COIN_FACES)] if i % 3 else "✶"
            kind = "coin" if i % 3 else "sparkle"
            flying.append(Particle(x=int(x), y=int(y), face=face, kind=kind))
    return flying
