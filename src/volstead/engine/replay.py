"""Rebuilding a game from its record, and undo (which is a replay less some decisions).

The engine is handed the game (`engine.contract.Game`): it never looks one up by name. The
registry's `volstead.games.replay_record(record)` (and `volstead.replay`) finds the game a record
names, then calls `replay` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import RecordError, SetupError, VolsteadError
from .record import decision_pairs, validate_record

if TYPE_CHECKING:
    from .contract import Game
    from .state import GameState


def replay(game: Game[Any], record: dict, upto: int | None = None) -> GameState:
    """The state `record` describes (a game of `game`), after its first `upto` decisions (all of
    them if None). A RecordError names the first problem: the record's shape, another game's
    record, a setup the game refuses, a decision that does not match the rules."""
    record = validate_record(record)
    if record["game"] != game.name:
        raise RecordError(f"the record is a game of {record['game'][:60]!r}, not of {game.name}")
    decisions = decision_pairs(record)
    if upto is not None and (type(upto) is not int or not 0 <= upto <= len(decisions)):
        raise RecordError(f"upto must be a number of decisions from 0 to {len(decisions)}, not {upto!r}"[:200])
    try:
        state = game.new_game(seed=record["seed"], seats=record["seats"], options=record["options"])
    except SetupError as e:
        raise RecordError(f"the record's setup is invalid: {e}") from None
    for i, (seat, option_id) in enumerate(decisions if upto is None else decisions[:upto]):
        if state.is_over():
            raise RecordError(f"decision #{i} ({option_id!r}) comes after the game ended")
        try:
            state.apply(option_id, seat)
        except VolsteadError as e:
            raise RecordError(f"decision #{i} does not match the game: {e}") from None
    return state


def undo(game: Game[Any], state: GameState, steps: int = 1) -> GameState:
    """The state of `game` as it was `steps` decisions ago (replayed from the seed); `steps` is a
    positive whole number no larger than the decisions taken."""
    if type(steps) is not int or steps < 1:
        raise VolsteadError(f"undo takes a positive whole number of decisions, not {steps!r}"[:120])
    record = state.record()
    n = len(record["decisions"])
    if steps > n:
        raise RecordError(f"cannot undo {steps} decisions: only {n} were taken")
    return replay(game, record, upto=n - steps)
