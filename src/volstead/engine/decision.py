"""What a seat is asked: a finite list of options, each with id, label, index."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import IllegalOptionError
from .step import Step, step_kind


@dataclass(frozen=True, slots=True)
class Option:
    index: int
    id: str
    label: str
    help: str = ""  # what the option does and costs, in the game's words (Step.option_help)
    group: str = ""  # the heading it is shown under (Step.option_group)
    refs: tuple[str, ...] = ()  # what on the board it names, clicked in order (Step.option_refs)


def option_json(o: Option) -> dict[str, Any]:
    """An option as the pages and records show it: id, label, and its help and group when it has them."""
    out: dict[str, Any] = {"id": o.id, "label": o.label}
    if o.help:
        out["help"] = o.help
    if o.group:
        out["group"] = o.group
    if o.refs:
        out["refs"] = list(o.refs)
    return out


class Decision:
    """The pending decision of a game.

    `codes` are the step's internal option values (cheap to build); ids and
    labels are made only when someone asks for them, so random playouts and
    search never pay for string formatting.
    """

    __slots__ = ("seat", "step", "codes", "lane", "_state", "_ids")

    # `state` is the GameState asking (typed Any: decision.py sits below state.py, which imports it).
    def __init__(self, state: Any, step: Step, seat: int, codes: tuple, lane: bool = False):
        self._state = state
        self.step = step
        self.seat = seat
        self.codes = codes
        self.lane = lane  # part of a secret simultaneous phase: private to its seat until the phase ends
        self._ids: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self.codes)

    @property
    def kind(self) -> str:
        return step_kind(self.step)

    @property
    def prompt(self) -> str:
        return self.step.prompt(self._state)

    @property
    def option_ids(self) -> tuple[str, ...]:
        if self._ids is None:
            step, state = self.step, self._state
            self._ids = tuple(step.option_id(state, c) for c in self.codes)
        return self._ids

    def id_at(self, index: int) -> str:
        """Option `index`'s id, without making the others' (a bot's pick on a server)."""
        if self._ids is not None:
            return self._ids[index]
        return self.step.option_id(self._state, self.codes[index])

    def label_at(self, index: int) -> str:
        """Option `index`'s label, without making every option."""
        return self.step.option_label(self._state, self.codes[index])

    @property
    def options(self) -> list[Option]:
        step, state = self.step, self._state
        return [
            Option(
                i,
                oid,
                step.option_label(state, c),
                step.option_help(state, c),
                step.option_group(state, c),
                step.option_refs(state, c),
            )
            for i, (oid, c) in enumerate(zip(self.option_ids, self.codes))
        ]

    @property
    def unavailable(self) -> list[dict[str, str]]:
        """Choices not legal now, with the reason, for people to see greyed (Step.unavailable)."""
        return [{"label": label, "reason": reason} for label, reason in self.step.unavailable(self._state)]

    def log_texts(self, index: int) -> tuple[str, str]:
        """The log's sentence for option `index` and what those who may not see it read
        (Step.option_said, Step.hidden_said; "" for the platform's default): before it is applied."""
        return self.step.option_said(self._state, self.codes[index]), self.step.hidden_said(self._state)

    def index_of(self, option_id: str) -> int:
        try:
            return self.option_ids.index(option_id)
        except ValueError:
            # at most 12 ids and about 150 characters of them: the whole message stays short
            ids = self.option_ids
            n, length = 0, 0
            while n < min(12, len(ids)) and (n == 0 or length + len(ids[n]) + 2 <= 150):
                length += len(ids[n]) + 2
                n += 1
            shown = ", ".join(ids[:n])
            more = "" if n == len(ids) else f", … ({len(ids)} in all)"
            given = repr(option_id) if len(repr(option_id)) <= 60 else repr(option_id)[:57] + "..."
            raise IllegalOptionError(
                f"option {given} is not legal now; seat {self.seat} must choose one of: {shown}{more}"
            ) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "simultaneous": self.lane,
            "prompt": self.prompt,
            "options": [{"index": o.index, **option_json(o)} for o in self.options],
        }
