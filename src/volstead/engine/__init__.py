"""The game-agnostic decision engine."""

from .decision import Decision, Option
from .errors import (
    ContentError,
    GameOverError,
    IllegalOptionError,
    RecordError,
    VolsteadError,
    WrongSeatError,
)
from .record import load_record, replay, save_record, undo
from .state import DictState, GameState
from .step import SeatStep, Step

__all__ = [
    "ContentError",
    "Decision",
    "DictState",
    "GameOverError",
    "GameState",
    "IllegalOptionError",
    "Option",
    "RecordError",
    "SeatStep",
    "Step",
    "VolsteadError",
    "WrongSeatError",
    "load_record",
    "replay",
    "save_record",
    "undo",
]
