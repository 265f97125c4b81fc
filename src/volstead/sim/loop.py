"""The simulator's decision loop: each pending seat's bot asked until the game ends.

A module of its own so that the install compiles it with the engine and the bots (setup.py): run
interpreted, asking four random bots cost a random game as much again as its rules (issue 15,
docs/performance-log.md, eighth session). `runner.play_game` wraps it with the seeds, the result row and the record.
"""

from __future__ import annotations

from typing import Any

from volstead.bots.base import ask_bot
from volstead.engine.state import GameState
from volstead.engine.step import step_kind


def play_to_end(game: Any, state: GameState, bots: list[Any]) -> list[dict[str, int]]:
    """Play `state` to its end, asking `bots[seat]` for each decision (forced ones taken without
    asking); return, per seat, how many times it played each card (`game.card_played`)."""
    return play_and_count(game, state, bots)[0]


def play_and_count(
    game: Any, state: GameState, bots: list[Any]
) -> tuple[list[dict[str, int]], list[dict[str, int]], list[dict[str, int]]]:
    """`play_to_end`, counting per seat what it did: the cards it played (`game.card_played`), the
    kinds of the decisions it took that had a choice (forced ones are no play), and the game's notes
    on the choices of a bot that is asked (`game.play_note`, at the kinds in `game.play_note_kinds`: a long shot,
    a gain left on the table)."""
    plays: list[dict[str, int]] = [{} for _ in bots]
    kinds: list[dict[str, int]] = [{} for _ in bots]
    notes: list[dict[str, int]] = [{} for _ in bots]
    card_played = game.card_played  # read once: a method looked up on the game at every decision
    note_kinds: frozenset[str] = game.play_note_kinds
    play_note = game.play_note
    # An instant bot's `pick`, bound once (what `ask_bot` would call; through `ask_bot` and `choose`,
    # four random bots cost the shortest random games 6 % more: issue 15); None for a bot that is asked.
    picks = [bot.pick if bot.instant else None for bot in bots]
    while not state.is_over():
        # In a simultaneous phase several seats are pending: the first is asked (`decision()`; the
        # order does not change the game: each seat's private steps draw from its own random stream).
        d = state.decision()
        seat = d.seat
        n = len(d.codes)
        if n == 1:  # forced: taken without asking (the bot's stream is not drawn)
            i = 0
        else:
            pick = picks[seat]
            i = pick(n) if pick is not None else ask_bot(bots[seat], state, seat=seat)
            kind = step_kind(d.step)
            counted = kinds[seat]
            counted[kind] = counted.get(kind, 0) + 1
            # Notes only for a bot that is asked: an instant (random) bot's choices are uniform by
            # construction, so its notes say nothing of the game, and the odds behind a long-shot
            # note cost one game's random runs a sixth of their instructions.
            if pick is None and kind in note_kinds:
                note = play_note(state, d, i)
                if note is not None:
                    noted = notes[seat]
                    noted[note] = noted.get(note, 0) + 1
        card = card_played(d, i)
        if card is not None:
            counts = plays[seat]
            counts[card] = counts.get(card, 0) + 1
        state.apply_index(i, seat)
    return plays, kinds, notes
