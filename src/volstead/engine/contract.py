"""The game contract: what every game provides to the platform.

A game is one package under `volstead/games/` that exposes `GAME`, an
instance of a `Game` subclass, plus one line in the registry
(`volstead/games/__init__.py`). The CLI, the server, the simulator, the bots
and the browser shell use a game only through this class: they never name a
game and never probe for attributes. Everything below that has a body is an
optional hook with a sensible default; `name`, `title`, the seat range,
`Options` and `new_game` are required.

The state a game's `new_game` returns is an `engine.state.GameState` and
provides `decision()/decisions()`, `apply`, `clone`, `view(seat)`,
`determinize(seat, rng)`, `result() -> Result` (once over) and `record()`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import VolsteadError

if TYPE_CHECKING:
    from .decision import Decision
    from .state import GameState


class OptionsError(VolsteadError):
    """Game options that the game's Options model rejects (names the option)."""


class GameOptions(BaseModel):
    """Base of every game's options: frozen, unknown keys rejected, JSON Schema for forms and flags.

    One field per rule variant or setup choice, each with a `description` (the
    lobby and `volstead games` show it) and a default (the published game)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: a score per seat, the winners after tie-breaks, each seat's
    faction (or None) and per-seat details (score breakdown, tie-break values)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    factions: tuple[str | None, ...] = ()
    details: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "factions": list(self.factions),
            "details": [dict(d) for d in self.details],
        }


@dataclass(frozen=True, slots=True)
class Faction:
    """A side a seat can play (a gang, a syndicate): for the lobby, reports and colours."""

    id: str
    name: str
    color: str = ""  # a CSS colour for the browser


@dataclass(frozen=True)
class CardTable:
    """One deck (or component list) as a table for `volstead cards`."""

    deck: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: int = 0  # components counted with copies (0: the number of rows)
    narrow: frozenset[str] = field(default_factory=frozenset)  # columns kept short (ids, numbers)


@dataclass(frozen=True)
class ReportSection:
    """A game's own figures in a simulation report (`Game.report_sections`), as plain data: the
    simulator prints them in `volstead balance` and writes them into report.md and figures.json.

    `rates`: (label, successes, trials) — a shared win counts as a fraction; the simulator adds the
    percentage and its 95 % interval, so every report states rates the same way. `lines`: text
    lines, printed as they are. `figures`: the same figures as JSON, for figures.json."""

    title: str
    rates: tuple[tuple[str, float, int], ...] = ()
    lines: tuple[str, ...] = ()
    figures: dict[str, Any] = field(default_factory=dict)


RANDOM_CHOICE = "random"  # a seat's faction left to the deal (from the factions no seat named)


def check_faction_choices(values: tuple[str, ...], known: list[str], word: str) -> tuple[str, ...]:
    """An Options validator for "a faction per seat, or random": every value known, none named for
    two seats (ValueError naming the value; `word` is what the game calls a faction: gang, mat...)."""
    for v in values:
        if v != RANDOM_CHOICE and v not in known:
            raise ValueError(f"unknown {word} {v!r}; {word}s: {', '.join(known)} or {RANDOM_CHOICE}")
    chosen = [v for v in values if v != RANDOM_CHOICE]
    if len(set(chosen)) != len(chosen):
        dup = next(v for v in chosen if chosen.count(v) > 1)
        raise ValueError(f"{word} {dup!r} is named for more than one seat")
    return values


def not_a_bool(v: Any) -> Any:
    """An Options validator (mode="before") for a seat number: JSON's true is not seat 1."""
    if isinstance(v, bool):
        raise ValueError("a seat number, not a boolean")
    return v


def describe_validation_error(e: ValidationError, what: str = "option") -> str:
    """A short message naming the first bad field, never echoing large input."""
    err = e.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or what
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = f"unknown {what}"
    elif err["type"] not in ("missing", "value_error", "assertion_error"):  # custom messages name the value
        shown = repr(err.get("input"))
        msg += f", not {shown if len(shown) <= 40 else shown[:37] + '...'}"
    return f"{what} {loc!r}: {msg}"[:300]


class Game:
    """Base class of a game's `GAME` object. Subclass it and set the required parts."""

    # ---------------------------------------------------------------- required
    name: ClassVar[str]  # registry name: the game's folder under volstead/games
    title: ClassVar[str]  # for people, as printed on the box
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[GameOptions]]

    def new_game(self, seed: int, seats: int, options: GameOptions | None = None) -> GameState:
        raise NotImplementedError

    # ------------------------------------------------------------- optional
    # Decision kinds whose chosen option the rules show everyone anyway: a log may show their
    # labels to every seat. Every other decision is logged to its own seat only.
    public_decision_kinds: ClassVar[frozenset[str]] = frozenset()
    # One unit of `evaluate`'s values (e.g. $25 in a game scored in dollars): search bots scale
    # their rewards by it.
    evaluation_scale: ClassVar[float] = 1.0
    # Name of the Options field that takes one faction id per seat ("" if factions are not chosen),
    # and of the one that names the first seat ("" if the rules fix it): the lobby offers both.
    faction_option: ClassVar[str] = ""
    first_seat_option: ClassVar[str] = ""
    # Name of the Options field that loads another card set from a folder ("" if none): designers
    # compare two versions with `volstead sim --compare`.
    card_set_option: ClassVar[str] = ""
    # Options fields a lobby may not set (e.g. a folder path on the server's disk).
    lobby_hidden_options: ClassVar[frozenset[str]] = frozenset()
    # The game's browser module (an ES module exporting `render(view, ctx)`), relative to the
    # game package, served at /games/<name>/<path>; "" if the generic renderer is enough.
    web_module: ClassVar[str] = ""

    def seat_range(self, options: GameOptions | None = None) -> range:
        """The numbers of seats a game with these options takes (e.g. 1 in a solo mode)."""
        return range(self.min_seats, self.max_seats + 1)

    def options_from_json(self, data: Any) -> GameOptions:
        """Validated options; an OptionsError naming the option otherwise."""
        if not isinstance(data, dict):
            raise OptionsError("options must be a JSON object")
        try:
            return self.Options.model_validate(data)
        except ValidationError as e:
            raise OptionsError(describe_validation_error(e)) from None

    def options_schema(self) -> dict[str, Any]:
        """The JSON Schema of the options (drives the lobby form and CLI flags)."""
        return self.Options.model_json_schema()

    def evaluate(self, state: GameState, seat: int | None = None) -> Any:
        """Bots' static evaluation of `state` for `seat` (every seat's, as a list, if None), in
        units of `evaluation_scale`. Default: the scores once over, else 0 for everyone."""
        if state.is_over():
            values = [float(x) for x in state.result().scores]
        else:
            values = [0.0] * state.seats
        return values if seat is None else values[seat]

    def factions(self, options: GameOptions | None = None) -> list[Faction]:
        """The sides a seat can play, in the order the lobby lists them ([] if none)."""
        return []

    def card_tables(self, options: GameOptions | None = None) -> list[CardTable]:
        """The components as tables for `volstead cards` ([] if the game has no cards)."""
        return []

    def card_ids(self, options: GameOptions | None = None) -> list[str]:
        """Every card a player can play (the simulator counts plays of each)."""
        return []

    def card_played(self, decision: Decision, index: int) -> str | None:
        """The card that option `index` of `decision` plays, if it plays one (for reports)."""
        return None

    def stats(self, state: GameState) -> dict[str, float]:
        """Figures of a finished game that the simulator averages (e.g. rounds played); {} if none."""
        return {}

    def report_sections(self, rows: list[dict[str, Any]], cards: list[str], finals: Iterable[GameState]) -> list[ReportSection]:
        """The game's own balance figures in a simulation report, beside the simulator's (win rates
        by bot, seat and faction with intervals, scores, length, card plays); [] if none.

        `rows`: the games' lines of results.jsonl (docs/sim.md: bots, factions, scores, winners,
        decisions, stats, plays per seat); `cards`: the run's `card_ids`; `finals`: each game's
        final state, replayed from the run's records as it is iterated (the games that have one;
        a record that no longer replays raises RecordError). Iterate it only for what the rows lack:
        replaying costs about what the rules cost in play."""
        return []

    def catalog(self) -> dict[str, Any]:
        """Names and texts of the components (public knowledge) for the browser client."""
        return {}

    def seat_names(self, state: GameState) -> list[str]:
        """What people call each seat (a gang, a syndicate), public from the start; logs and pages
        use it instead of a number."""
        return [f"Seat {i}" for i in range(state.seats)]

    def rules_help(self) -> dict[str, Any]:
        """Help for people, all optional: {"summary": the game in a few lines, "turn": [how a turn
        goes, step by step], "glossary": {term: meaning}, "kinds": {decision kind: what it decides}}.
        The browser shell shows it in a "How to play" panel and under each decision."""
        return {}

    def timeout_choice(self, state: GameState, decision: Decision, rng: random.Random) -> int:
        """The option index the server takes for a person whose time limit ran out (a server's
        game created with one). Default: a random legal option. A game may rather pass, end the
        turn or mark a phase done."""
        return rng.randrange(len(decision.codes))

    def render_text(self, view: dict[str, Any]) -> str | None:
        """The game's own terminal picture of a seat's view; None: the CLI's generic renderer
        (dicts as key/value grids, lists of records as tables), readable for any game."""
        return None

    # ------------------------------------------------------------- derived
    @property
    def package_dir(self) -> Path:
        import sys

        return Path(sys.modules[type(self).__module__].__file__ or ".").resolve().parent

    def sample_setups(self) -> list[tuple[int, dict[str, Any]]]:
        """(seats, options as JSON) that together reach every setup path of the game: what a
        fingerprint of many games rotates through (`volstead.sim.fingerprint`). By default each
        number of seats, most first; a game with variants or modes lists them too."""
        return [(n, {}) for n in reversed(self.seat_range())]

    def seats_when(self) -> dict[str, dict[str, Any]]:
        """Boolean options that change the seat range when set against their default (e.g. a solo
        mode: {"solo": {"value": True, "min_seats": 1, "max_seats": 1}}), so a lobby can follow."""
        out: dict[str, dict[str, Any]] = {}
        normal = self.seat_range()
        for name, field_info in self.Options.model_fields.items():
            if field_info.annotation is not bool:
                continue
            value = not field_info.default
            try:
                r = self.seat_range(self.Options.model_validate({name: value}))
            except (ValidationError, VolsteadError):
                continue
            if r != normal:
                out[name] = {"value": value, "min_seats": r.start, "max_seats": r[-1]}
        return out

    def describe(self) -> dict[str, Any]:
        """What `volstead games --json` and the lobby show of the game."""
        return {
            "name": self.name,
            "title": self.title,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "options_schema": self.options_schema(),
            "factions": [{"id": f.id, "name": f.name, "color": f.color} for f in self.factions()],
            "faction_option": self.faction_option,
            "first_seat_option": self.first_seat_option,
            "lobby_hidden_options": sorted(self.lobby_hidden_options),
            "seats_when": self.seats_when(),
            "rules_help": self.rules_help(),
            "web_module": f"/games/{self.name}/{self.web_module}" if self.web_module else "",
        }
