""" "You get to choose" (rulebook: Solo mode — Make sales): where the Enforcer's priority
rules leave two or more options tied, the human seat picks for him.

`pick_or_ask` applies the best candidate under a priority key at once, or — when several
candidates share the best key — pushes `ChooseForEnforcer`, a decision of the human seat.
What happens to the chosen option is a handler registered by name (`tie_action`), so the
step stays an immutable value that records and clones share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from volstead.engine.step import Step

from .. import refs, words
from .enforcer import HUMAN
from .state import SoloState

TIE_ACTIONS: dict[str, Callable] = {}
TIE_PROMPTS: dict[str, str] = {}


def tie_action(name: str, prompt: str):
    """Register `fn(state, code, *args)`: what the Enforcer does with the option you chose."""

    def register(fn: Callable) -> Callable:
        TIE_ACTIONS[name] = fn
        TIE_PROMPTS[name] = prompt
        return fn

    return register


def best_group(cands, key) -> tuple:
    """The candidates sharing the smallest key, in the order given."""
    cands = list(cands)
    if not cands:
        return ()
    best = min(key(c) for c in cands)
    return tuple(c for c in cands if key(c) == best)


def pick_or_ask(s, cands, key, what: str, args: tuple = ()) -> None:
    """Apply the one best candidate, or let the human choose among tied best ones."""
    group = best_group(cands, key)
    if not group:
        return
    if len(group) == 1:
        TIE_ACTIONS[what](s, group[0], *args)
    else:
        s.stack.append(ChooseForEnforcer(what, group, args))


def ask_human(s, step, codes) -> None:
    """A decision the rules put to the Enforcer that no rule of his answers: you take it for him
    (the wrapped step's own options, ids prefixed with `enforcer:`)."""
    if len(codes) == 1:
        step.choose(s, codes[0])
    else:
        s.stack.append(ChooseForEnforcer("step", tuple(codes), (step,)))


class ChooseForEnforcer(Step[SoloState]):
    """The human seat breaks a tie among the Enforcer's options."""

    __slots__ = ("what", "codes", "args")
    kind = "enforcer_tie"

    def __init__(self, what: str, codes: tuple, args: tuple = ()):
        self.what, self.codes, self.args = what, codes, args

    def seat(self, s: SoloState) -> int:
        return HUMAN

    def prompt(self, s: SoloState) -> str:
        if self.what == "step":
            return "The Enforcer: " + self.args[0].prompt(s) + " (no rule of his decides: you choose for him)"
        return "The Enforcer's priorities are tied: " + TIE_PROMPTS[self.what]

    def options(self, s: SoloState) -> tuple[Any, ...]:
        return self.codes

    def choose(self, s: SoloState, code: Any) -> None:
        if self.what == "step":
            self.args[0].choose(s, code)
        else:
            TIE_ACTIONS[self.what](s, code, *self.args)

    def option_refs(self, s: SoloState, code: Any) -> tuple[str, ...]:
        if self.what == "step":
            return self.args[0].option_refs(s, code)
        return (refs.hood(s, code),)

    def option_said(self, s: SoloState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: SoloState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: SoloState, code: Any) -> str:
        if self.what == "step":
            return "enforcer:" + self.args[0].option_id(s, code)
        return f"enforcer:{self.what}:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: SoloState, code: Any) -> str:
        if self.what == "step":
            return "The Enforcer: " + self.args[0].option_label(s, code)
        side = s.hood_side(code)
        name = s.content.tiles[s.hoods[code].tile].name
        return f"{TIE_PROMPTS[self.what].capitalize()}: {name} (${side.price}, defense {side.defense})"
