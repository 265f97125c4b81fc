"""The game contract: what every game provides to the platform.

A game is a package that exposes `GAME`, an instance of a `Game` subclass: one
of the built-in games under `volstead/games/` (a line in the registry,
`volstead/games/__init__.py`) or a package of its own that names it in the
`volstead.games` entry-point group. The CLI, the server, the simulator, the
bots and the browser shell use a game only through this class: they never
name a game and never probe for attributes. Everything below that has a body
is an optional hook with a sensible default; `name`, `title`, the seat range,
`Options` and `setup` are required.

`Game.new_game(seed, seats, options)` is the engine's, the same for every game:
it checks the seed (`check_seed`), the options (through the game's pydantic
model, strictly where they come as JSON) and the number of seats, each with a
`SetupError` naming what is wrong, and only then calls the game's own `setup`.
The state `setup` returns is an `engine.state.GameState` and provides
`decision()/decisions()`, `apply`, `clone`, `view(seat)`,
`determinize(seat, rng)`, `result() -> Result` (once over) and `record()`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import OptionsError, SetupError, VolsteadError
from .rng import SEED_LIMIT

if TYPE_CHECKING:
    from .decision import Decision
    from .state import GameState


def check_seed(seed: object) -> int:
    """`seed` if it is a seed (an `int`, not a `bool`, 0 <= seed < SEED_LIMIT); a SetupError otherwise."""
    if type(seed) is not int:
        raise SetupError(f"seed must be a whole number from 0 to {SEED_LIMIT - 1}, not {short_repr(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise SetupError(f"seed must be from 0 to {SEED_LIMIT - 1}, not {seed}")
    return seed


def short_repr(value: object, limit: int = 40) -> str:
    """repr(value), cut to `limit` characters (an error message never echoes large input)."""
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


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


@dataclass(frozen=True, slots=True)
class ObservationField:
    """One named part of a seat's observation array (`Game.observation_fields`): `size` numbers,
    each from `low` to `high`, meaning what `doc` says (docs/learning.md prints the layout)."""

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0


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


def seat_range_text(seats: range) -> str:
    """ "2–4 seats", "4 seats", "1 seat": a seat range as people read it."""
    if len(seats) == 1:
        return f"{seats.start} seat{'' if seats.start == 1 else 's'}"
    return f"{seats.start}–{seats[-1]} seats"


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
        msg += f", not {short_repr(err.get('input'))}"
    return f"{what} {loc!r}: {msg}"[:300]


OptionsT = TypeVar("OptionsT", bound=GameOptions)  # a game's own Options class


class Game(Generic[OptionsT]):
    """Base class of a game's `GAME` object. Subclass it as `Game[ItsOptions]` and set the required parts."""

    # ---------------------------------------------------------------- required
    name: ClassVar[str]  # registry name (a built-in game's folder under volstead/games; an installed game's entry point)
    title: ClassVar[str]  # for people, as printed on the box
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[GameOptions]]

    def setup(self, seed: int, seats: int, options: OptionsT) -> GameState:
        """The game's own set-up: the state of a new game. Called by `new_game` only, with a checked
        seed, a number of seats in `seat_range(options)` and the game's own options; what only the
        game can check (a card-set folder's factions, say) it refuses with a SetupError."""
        raise NotImplementedError

    # ------------------------------------------------------------- the engine's
    def new_game(self, seed: int, seats: int, options: GameOptions | Mapping[str, Any] | None = None) -> GameState:
        """A new game: the seed, the options (the game's Options, their JSON as a mapping, or None for
        the defaults) and the number of seats checked, each refused with a SetupError naming it (an
        OptionsError for the options), then the game's `setup`. Every game, server and command starts
        games here."""
        check_seed(seed)
        checked = self.resolve_options(options)
        self.check_seats(seats, checked)
        return self.setup(seed, seats, checked)

    def resolve_options(self, options: GameOptions | Mapping[str, Any] | None) -> OptionsT:
        """The game's own options: the defaults for None, a mapping validated as JSON
        (`options_from_json`), the game's Options as they are; another game's options, or anything
        else, an OptionsError."""
        if options is None:
            return cast(OptionsT, self.Options())
        if isinstance(options, Mapping):
            return self.options_from_json(options)
        if type(options) is not self.Options:
            given = f"{type(options).__module__}.{type(options).__qualname__}"
            raise OptionsError(f"{self.title} takes its own options ({self.Options.__module__}.Options), not {given}")
        return cast(OptionsT, options)

    def check_seats(self, seats: object, options: OptionsT) -> None:
        """A SetupError unless `seats` is a number of seats a game with `options` takes (and the
        option naming the first seat, if the game has one, names one of them)."""
        allowed = self.seat_range(options)
        if type(seats) is not int or seats not in allowed:
            which = " with these options" if allowed != self.seat_range() else ""
            raise SetupError(f"seats: {self.title} takes {seat_range_text(allowed)}{which}, not {short_repr(seats)}")
        first = getattr(options, self.first_seat_option) if self.first_seat_option else None
        if first is not None and not 0 <= first < seats:
            raise SetupError(f"option {self.first_seat_option!r}: {first} is not a seat of {seats} (seats are 0–{seats - 1})")

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
    # The lobby's tile of the game: one line on what it is, how long a game takes as people say it
    # ("60–90 min"), and a picture of its table (an image in the game's web/ folder, relative to the
    # game package like `web_module`, served at /games/<name>/<path>); "" where the game has none.
    blurb: ClassVar[str] = ""
    play_time: ClassVar[str] = ""
    table_picture: ClassVar[str] = ""

    def seat_range(self, options: GameOptions | None = None) -> range:
        """The numbers of seats a game with these options takes (e.g. 1 in a solo mode)."""
        return range(self.min_seats, self.max_seats + 1)

    def options_from_json(self, data: object) -> OptionsT:
        """Options given as JSON (a record's, a request's, a command line's), validated strictly: a
        JSON object whose every value has the field's JSON type (a boolean is `true`/`false`, not
        "yes" or 1; a number is not a string). An OptionsError naming the option otherwise."""
        if not isinstance(data, Mapping):
            raise OptionsError(f"options must be a JSON object, not {type(data).__name__}")
        try:
            text = json.dumps(dict(data), allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:
            raise OptionsError(f"options must be JSON data: {short_repr(str(e), 120)}") from None
        try:
            return cast(OptionsT, self.Options.model_validate_json(text, strict=True))
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

    # ------------------------------------------------------------- the card set (engine/card_sets.py)
    def card_set_files(self) -> dict[str, type[BaseModel]]:
        """The data files of the game's card set, in order, each with the pydantic model that
        validates it ({} if the game has no card set): what a `card_set_option` folder holds, what
        the designer's workbench edits."""
        return {}

    def card_set_folder(self) -> Path | None:
        """The folder of the embedded card set (None if the game has none)."""
        return None

    def check_card_set(self, folder: Path) -> None:
        """Load the card set in `folder` exactly as a game set up with it would (every file, every
        check across files): a ContentError with the loader's message if it does not load."""
        raise NotImplementedError(f"{self.title} has no card set")

    def card_tables(self, options: GameOptions | None = None) -> list[CardTable]:
        """The components as tables for `volstead cards` ([] if the game has no cards)."""
        return []

    def card_ids(self, options: GameOptions | None = None) -> list[str]:
        """Every card a player can play (the simulator counts plays of each)."""
        return []

    def card_played(self, decision: Decision, index: int) -> str | None:
        """The card that option `index` of `decision` plays, if it plays one (for reports)."""
        return None

    # Decision kinds at which the simulator asks `play_note` about the option a seat chose (only
    # those: the hook costs nothing at the others).
    play_note_kinds: ClassVar[frozenset[str]] = frozenset()

    def play_note(self, state: GameState, decision: Decision, index: int) -> str | None:
        """What the simulator's report should count about seat `decision.seat` choosing option
        `index` here, before it is applied (a short tag: "long-shot attack", "free seize declined"), or
        None; asked only at `play_note_kinds`. It must not change `state`. The report shows how often
        each bot and faction earned each note, winners against losers: a designer sees a degenerate
        strategy at a glance."""
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

    def bot_ratings(self) -> dict[str, float]:
        """Each bot's Elo rating in this game, by bot spec ("greedy", "ismcts:200ms"), as
        `volstead ladder --save` measured it into the game's `data/bot_ratings.toml` (engine/ratings.py);
        {} without one. The lobby shows a rating beside each bot it offers."""
        from .ratings import RATINGS_FILE, read_ratings

        ratings = read_ratings(self.package_dir / "data" / RATINGS_FILE)
        return {spec: r.elo for spec, r in ratings.bots.items()} if ratings else {}

    # --------------------------------------------- learning environments (volstead.rl)
    # A game that sets these four is a Gymnasium / PettingZoo environment (volstead.rl) and can seat a
    # learned bot; a game without them (observation_fields() == ()) is neither. See docs/learning.md.
    def observation_fields(self, seats: int, options: OptionsT) -> tuple[ObservationField, ...]:
        """The layout of a seat's observation in a game of `seats` with `options`, field by field:
        the array `encode_observation` fills has sum(f.size) numbers in this order. () if none."""
        return ()

    def encode_observation(self, state: GameState, seat: int) -> list[float]:
        """What `seat` knows of `state` as numbers, field after field of `observation_fields`
        (same length in every state of the game): only what the seat may know — the same list
        for every `determinize(seat, ...)` of the state — and what it is being asked, if anything
        (the kind of its pending decision). Called on every step of training: keep it cheap."""
        raise NotImplementedError(f"{self.title} has no observation encoder")

    def action_count(self, seats: int, options: OptionsT) -> int:
        """N of the fixed action space Discrete(N) of a game of `seats` with `options` (0: none)."""
        return 0

    def action_numbers(self, state: GameState, decision: Decision) -> tuple[int, ...]:
        """The stable number in [0, action_count) of each option of `decision` (a pending decision
        of `state`), in option order: distinct within a decision, and the same option (same kind,
        same choice) has the same number in every game of the same seats and options."""
        raise NotImplementedError(f"{self.title} has no action numbering")

    def action_name(self, number: int, seats: int, options: OptionsT) -> str:
        """What action `number` means, for people reading a policy or docs/learning.md."""
        return f"action {number}"

    # ------------------------------------------------------------- derived
    @property
    def package_dir(self) -> Path:
        import sys

        return Path(sys.modules[type(self).__module__].__file__ or ".").resolve().parent

    @property
    def learned_policy(self) -> Path | None:
        """The policy network the game ships for the `learned` bot (its `data/policy.npz`, made by
        `volstead train`; docs/learning.md), or None: the game offers no learned bot."""
        path = self.package_dir / "data" / "policy.npz"
        return path if path.is_file() else None

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
            "card_set_option": self.card_set_option,
            "lobby_hidden_options": sorted(self.lobby_hidden_options),
            "seats_when": self.seats_when(),
            "rules_help": self.rules_help(),
            "web_module": f"/games/{self.name}/{self.web_module}" if self.web_module else "",
            "blurb": self.blurb,
            "play_time": self.play_time,
            "table_picture": f"/games/{self.name}/{self.table_picture}" if self.table_picture else "",
            "bot_ratings": self.bot_ratings(),
            "learned_policy": self.learned_policy is not None,  # the lobby offers the learned bot
        }
