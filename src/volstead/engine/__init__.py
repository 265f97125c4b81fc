"""The game-agnostic decision engine."""

from .decision import Decision, Option
from .errors import (
    ContentError,
    GameOverError,
    IllegalOptionError,
    OptionsError,
    RecordError,
    SetupError,
    VolsteadError,
    WrongSeatError,
)
from .record import load_record, save_record
from .replay import replay, undo
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
    "OptionsError",
    "RecordError",
    "SetupError",
    "SeatStep",
    "Step",
    "VolsteadError",
    "WrongSeatError",
    "load_record",
    "replay",
    "save_record",
    "undo",
]
