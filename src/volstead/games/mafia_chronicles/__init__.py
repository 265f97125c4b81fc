"""The Mafia Chronicles: four syndicates shop in secret, strike one move at a time, and count their
victory points after four rounds (rulebook: ../shared/seeds/004_…; readings: docs/mafia-chronicles-rules.md)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from volstead.engine.contract import CardTable, Faction, Game, GameOptions, ObservationField

from . import reports
from .options import Options as MafiaOptions

if TYPE_CHECKING:
    from collections.abc import Iterable

    from pydantic import BaseModel

    from volstead.engine.contract import ReportSection
    from volstead.engine.decision import Decision
    from volstead.engine.state import GameState

    from .state import MafiaState

NAME = "mafia_chronicles"
# The Moves phase is played in the open: a log may show these choices' labels to every seat. The
# secret phases (Boss pick, Market, Event choices, Income) and the negotiations stay private.
PUBLIC_DECISION_KINDS = frozenset({"move", "target", "link", "place_flipped", "place_stolen"})
# What a person whose time ran out does (the server's per-phase time limit): finish the phase,
# pass, take no deal, ask no fee. Kinds not listed (the Boss pick, placing a card) take a random option.
ON_TIMEOUT = {
    "market": "done",
    "event_choice": "none",
    "event_done": "done",
    "collect": "collect",
    "move": "out",
    "target": "back",
    "link": "back",
    "offer": "offer:0",
    "respond": "decline",
    "final_offer": "off",
    "accept_final": "refuse",
    "fix_fee": "fee:0",
    "fee_answer": "refuse",
}


# The encoder and the numbering (observation.py, actions.py), imported on first use and kept: they
# run at every step of training, and an import statement runs the import machinery at every call.
_LEARNING: list[Any] = []


def _load_learning() -> None:
    from .actions import action_numbers
    from .observation import encode

    _LEARNING[:] = [encode, action_numbers]


class MafiaChronicles(Game[MafiaOptions]):
    name = NAME
    title = "The Mafia Chronicles"
    min_seats = 4
    max_seats = 4
    Options = MafiaOptions
    public_decision_kinds = PUBLIC_DECISION_KINDS
    evaluation_scale: ClassVar[float] = 9.0  # victory points: a 9-point lead is one unit to search bots (docs/bots.md)
    # ISMCTS iterations a determinization serves (bots.base.search_reuse): one costs about an iteration here
    search_reuse: ClassVar[int] = 8
    # ISMCTS's root biased by the shipped policy (bots.base.search_prior; docs/bots.md): one searching
    # seat wins 48.2 % against three greedy over 400 games, 34.5 % without
    search_prior: ClassVar[float] = 3.0
    faction_option = "syndicates"
    first_seat_option = "first_seat"
    card_set_option = "cards"
    lobby_hidden_options = frozenset({"cards"})  # a folder on the server's disk
    web_module = "web/board.js"  # syndicate areas, your private market, the table, negotiations
    blurb = (
        "Four syndicates, four rounds: buy Gangsters and Businesses in secret, then murder, steal and smuggle for victory points."
    )
    play_time = "60–90 min"
    table_picture = "web/table.webp"

    def setup(self, seed: int, seats: int, options: MafiaOptions) -> MafiaState:
        from .rules.setup import new_game

        return new_game(seed, seats, options)

    def evaluate(self, state: GameState, seat: int | None = None) -> Any:
        """Each syndicate's expected victory points: what it holds plus what its cards will still
        bring (evaluation.py; docs/bots.md); the final totals once the game is over."""
        from .evaluation import evaluate

        # Later calls go straight to the compiled function: an import statement runs the import
        # machinery at every call (a twentieth of a greedy game once was).
        self.evaluate = evaluate  # type: ignore[method-assign,assignment]
        return evaluate(cast("MafiaState", state), seat)

    def negotiation_choice(self, state: GameState, decision: Decision) -> int | None:
        """The bots' documented offer/accept policy for a Shipment/Heist split or a Fix fee (policy.py):
        the option index it takes, None for other decisions. Not part of the platform's contract: the
        generic bots do not ask it (docs/bots.md, Mafia Chronicles)."""
        from .policy import choice

        return choice(cast("MafiaState", state), decision)

    # ------------------------------------------------- learning environments (volstead.rl)
    def observation_fields(self, seats: int, options: MafiaOptions) -> tuple[ObservationField, ...]:
        """A seat's observation, field by field (observation.py; docs/learning.md): the same for
        every options, the table being 4 seats."""
        from .observation import FIELDS

        return FIELDS

    def encode_observation(self, state: GameState, seat: int) -> list[float]:
        """What `seat` may know of `state` as numbers (observation.py)."""
        if not _LEARNING:
            _load_learning()
        return _LEARNING[0](state, seat)

    def action_count(self, seats: int, options: MafiaOptions) -> int:
        from .actions import COUNT

        return COUNT

    def action_numbers(self, state: GameState, decision: Decision) -> tuple[int, ...]:
        """Each option's number in the fixed action space (actions.py; docs/learning.md)."""
        if not _LEARNING:
            _load_learning()
        return _LEARNING[1](state, decision)

    def action_name(self, number: int, seats: int, options: MafiaOptions) -> str:
        from .actions import action_name

        return action_name(number)

    def timeout_choice(self, state: GameState, decision: Decision, rng: random.Random) -> int:
        """Out of time: the phase is done, the syndicate is out of moves, no deal is made, no fee asked
        (`ON_TIMEOUT`); a choice that must be made (the Boss, a slot) is random."""
        oid = ON_TIMEOUT.get(decision.kind)
        if oid is not None and oid in decision.option_ids:
            return decision.option_ids.index(oid)
        return rng.randrange(len(decision.codes))

    def render_text(self, view: dict[str, Any]) -> str | None:
        """The terminal picture of a seat's view (text_view.py)."""
        from .text_view import render_text

        return render_text(view)

    def factions(self, options: GameOptions | None = None) -> list[Faction]:
        from .content.loader import default_content

        return [Faction(x.id, x.name, x.color) for x in default_content().setting.syndicates]

    def seat_names(self, state: GameState) -> list[str]:
        s = cast("MafiaState", state)
        return [s.syndicate_name(k) for k in range(s.seats)]

    def rules_help(self) -> dict[str, Any]:
        from .help import rules_help

        return rules_help()

    def card_ids(self, options: GameOptions | None = None) -> list[str]:
        """Every Gangster, Business and Asset a syndicate can buy."""
        from .content.loader import default_content

        c = default_content()
        return [x.id for x in c.gangsters] + [x.id for x in c.businesses] + [x.id for x in c.assets]

    # compiled (reports.py): the simulator asks at every decision
    card_played = staticmethod(reports.card_played)
    # what the simulator's report counts of a seat's choices (how each bot and faction plays)
    play_note_kinds = reports.PLAY_NOTE_KINDS
    play_note = staticmethod(reports.play_note)

    def card_set_files(self) -> dict[str, type[BaseModel]]:
        from .content.loader import FILES

        return dict(FILES)

    def card_set_folder(self) -> Path:
        from .content.loader import DATA_DIR

        return DATA_DIR

    def check_card_set(self, folder: Path) -> None:
        """As a game with `cards` set to `folder` loads it (every Event against the rules' effects,
        complete decks: the rules' counts are the embedded set's), not cached."""
        from .content.loader import build_content
        from .rules.events import EVENT_EFFECTS

        build_content(folder, events=EVENT_EFFECTS, require_complete=True)

    def card_tables(self, options: GameOptions | None = None) -> list[CardTable]:
        from .card_tables import card_tables

        chosen = options if isinstance(options, MafiaOptions) else MafiaOptions()
        return card_tables(chosen.damage_bands, chosen.cards)

    def catalog(self) -> dict[str, Any]:
        from .catalog import catalog

        return catalog()

    # compiled (reports.py): read once a game, and the simulator's random games are short
    stats = staticmethod(reports.stats)

    # ------------------------------------------------------------- balance report
    def report_sections(self, rows: list[dict[str, Any]], cards: list[str], finals: Iterable[GameState]) -> list[ReportSection]:
        """The first player's win rate, the cards never bought, the free Bosses picked and the
        victory conditions scored, from the rows alone (balance.py; docs/mafia-chronicles-balance.md)."""
        from .balance import report_sections
        from .rules.scoring import CONDITIONS

        return report_sections(rows, cards, [key for key, _, _ in CONDITIONS])


GAME = MafiaChronicles()
