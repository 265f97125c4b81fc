"""Scarface 1920 (Red Zen Games): 2–4 gangs fight over Prohibition-era Chicago."""

from __future__ import annotations

from dataclasses import dataclass

from .options import Options


@dataclass(frozen=True)
class Game:
    name: str = "scarface1920"
    title: str = "Scarface 1920"
    min_seats: int = 2
    max_seats: int = 4
    Options: type = Options

    def new_game(self, seed: int, seats: int, options: Options | None = None):
        from .rules.setup import new_game

        return new_game(seed, seats, options or Options())

    def options_from_json(self, data: dict) -> Options:
        return Options.from_json(data)

    def evaluate(self, state, seat: int | None = None):
        """Bots' static evaluation of `state` for `seat` in dollars; every seat's as a list if
        `seat` is None (see evaluation.py)."""
        from .evaluation import evaluate

        return evaluate(state, seat)


GAME = Game()
