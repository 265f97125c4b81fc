"""Prohibition (A. Stackhouse): 2–4 gangs build bootlegging empires in New York, 1921–1926."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from volstead.engine.contract import CardTable, Faction, Game, GameOptions, ObservationField

from . import reports
from .options import Options as ProhibitionOptions

if TYPE_CHECKING:
    from collections.abc import Iterable

    from pydantic import BaseModel

    from volstead.engine.contract import ReportSection
    from volstead.engine.decision import Decision
    from volstead.engine.state import GameState

    from .state import ProhibitionState

# Decision kinds whose chosen option everyone at the table sees anyway (pieces placed and moved,
# spaces taken, dice, Tactics played face up, Fed cards dealt with, Schemes completed face up).
# The Scheme draft and the Infamy choice are secret.
PUBLIC_DECISION_KINDS = frozenset(
    {
        "action",
        "place_goon",
        "move_from",
        "move_to",
        "stock",
        "build_block",
        "place_guard",
        "stock_new",
        "drug_store",
        "attack_goons",
        "attack_target",
        "retreat",
        "call_for_help",
        "help_units",
        "fight_or_retreat",
        "pip",
        "tactic",
        "press_on",
        "spoils",
        "fed_order",
        "fed_card",
        "fed_loss",
        "complete_scheme",
    }
)


class Prohibition(Game[ProhibitionOptions]):
    name = "prohibition"
    title = "Prohibition"
    min_seats = 2
    max_seats = 4
    Options = ProhibitionOptions
    public_decision_kinds = PUBLIC_DECISION_KINDS
    evaluation_scale: ClassVar[float] = 5.0  # Prestige Points: a 5 PP lead is one unit to search bots
    # Greedy scores a position at the first rival decision: the evaluation values what is under way
    # (a Conflict, a Consequence to pick) and the policy plays the chancy decisions (docs/bots.md).
    greedy_horizon: ClassVar[int] = 0
    # ISMCTS counts a root option's first evaluation as 9 visits (bots.base.search_root_weight): a prior
    # from the same evaluation greedy plays by, which 200 noisier iterations must outweigh (docs/bots.md)
    search_root_weight: ClassVar[int] = 8
    # ISMCTS's root biased by the shipped policy (bots.base.search_prior; docs/bots.md): one searching
    # seat wins 65.2 % against three greedy over 400 games with the policy distilled again from the
    # search without its prior (twenty-ninth session, docs/bots.md; 42.0 % without a prior)
    search_prior: ClassVar[float] = 3.0
    policy_kinds: ClassVar[frozenset[str]] = frozenset(
        {
            "attack_goons",
            "attack_target",
            "spoils",
            "fight_or_retreat",
            "press_on",
            "call_for_help",
            "help_units",
            "pip",
            "tactic",
        }
    )
    faction_option = "mats"
    first_seat_option = "first_seat"
    card_set_option = "cards"
    lobby_hidden_options = frozenset({"cards"})  # a folder on the server's disk
    web_module = "web/board.js"  # the New York map, action board, Heat scale and mats
    blurb = "New York, 1921–1926: build a bootlegging empire, make Headlines, keep the Feds off; the most Prestige wins."
    play_time = "90–120 min"
    table_picture = "web/table.webp"

    def setup(self, seed: int, seats: int, options: ProhibitionOptions) -> ProhibitionState:
        from .rules.setup import new_game

        return new_game(seed, seats, options)

    def evaluate(self, state: GameState, seat: int | None = None):
        """Bots' static evaluation in PP: the Prestige a gang would score now plus what it has built
        toward more (evaluation.py; docs/bots.md); the final scores once over."""
        from .evaluation import evaluate

        # Later calls go straight to the compiled function: an import statement runs the import
        # machinery at every call (a twentieth of a greedy game once was).
        self.evaluate = evaluate  # type: ignore[method-assign,assignment]
        return evaluate(cast("ProhibitionState", state), seat)

    def policy_choice(self, state: GameState) -> int | None:
        """The bots' choice at the decisions where the dice decide (an Attack's Goons and target,
        spoils, fight or retreat, Call for Help, pips): the option of highest expected value by the
        game's odds (policy.py; docs/bots.md); None elsewhere (the bot searches)."""
        from .policy import policy_choice

        self.policy_choice = policy_choice  # type: ignore[method-assign,assignment]
        return policy_choice(cast("ProhibitionState", state))

    # ------------------------------------------------ learning environments (docs/learning.md)
    def observation_fields(self, seats: int, options: ProhibitionOptions) -> tuple[ObservationField, ...]:
        """The same layout for 2, 3 and 4 gangs (gang slots from the seat, every Block of the map):
        observation.py."""
        from .observation import observation_fields

        checked = self.resolve_options(options)
        self.check_seats(seats, checked)
        return observation_fields(checked.cards)

    def encode_observation(self, state: GameState, seat: int) -> list[float]:
        from .observation import encode_observation

        # later calls go straight to the compiled function (as `evaluate`)
        self.encode_observation = encode_observation  # type: ignore[method-assign,assignment]
        return encode_observation(cast("ProhibitionState", state), seat)

    def action_count(self, seats: int, options: ProhibitionOptions) -> int:
        from .actions import action_count

        checked = self.resolve_options(options)
        self.check_seats(seats, checked)
        return action_count(checked.cards)

    def action_numbers(self, state: GameState, decision: Decision) -> tuple[int, ...]:
        from .actions import action_numbers

        self.action_numbers = action_numbers  # type: ignore[method-assign,assignment]
        return action_numbers(cast("ProhibitionState", state), decision)

    def action_name(self, number: int, seats: int, options: ProhibitionOptions) -> str:
        from .actions import action_name

        return action_name(number, self.resolve_options(options).cards)

    def factions(self, options: GameOptions | None = None) -> list[Faction]:
        from .content.loader import default_content

        return [Faction(m.id, m.name, m.color) for m in default_content().mats]

    def seat_names(self, state: GameState) -> list[str]:
        s = cast("ProhibitionState", state)
        return [s.gang_name(k) for k in range(s.seats)]

    def render_text(self, view: dict) -> str | None:
        from .text_view import render_text

        return render_text(view)

    def rules_help(self) -> dict:
        from .help import rules_help

        return rules_help()

    def card_ids(self, options: GameOptions | None = None) -> list[str]:
        """What the simulator counts, per card: each Scheme completed (`scheme:ID`), each Scheme
        played for its Tactic (`tactic:ID`) and each Fed card dealt with (`fed:ID`, once per draw).
        A balance report's "never played" lists the Schemes never completed and the Fed cards
        never drawn."""
        from .content.loader import default_content

        c = default_content(self.resolve_options(options).cards)
        return [f"scheme:{sc.id}" for sc in c.schemes] + [f"tactic:{sc.id}" for sc in c.schemes] + [f"fed:{f.id}" for f in c.feds]

    # compiled (reports.py): the simulator asks at every decision
    card_played = staticmethod(reports.card_played)
    # what the simulator's report counts of a seat's choices (how each bot and faction plays)
    play_note_kinds = reports.PLAY_NOTE_KINDS
    play_note = staticmethod(reports.play_note)

    def card_set_files(self) -> dict[str, type[BaseModel]]:
        from .content.loader import FILES

        return {name: model for name, (model, _) in FILES.items()}

    def card_set_folder(self) -> Path:
        from .content.loader import DATA_DIR

        return DATA_DIR

    def check_card_set(self, folder: Path) -> None:
        """As a game with `cards` set to `folder` loads it (complete decks), not cached."""
        from .content.loader import build_content

        build_content(folder)

    def card_tables(self, options: GameOptions | None = None) -> list[CardTable]:
        from .card_tables import card_tables

        return card_tables(self.resolve_options(options).cards)

    def catalog(self) -> dict:
        from .catalog import catalog

        return catalog()

    # ------------------------------------------------------------- balance report
    def report_sections(self, rows: list[dict[str, Any]], cards: list[str], finals: Iterable[GameState]) -> list[ReportSection]:
        """The Schemes never completed, the Fed cards never drawn and each mat's mean score by
        part, replayed (balance.py; docs/prohibition-balance.md)."""
        from .balance import report_sections

        return report_sections(rows, cards, finals)

    def stats(self, state: GameState) -> dict[str, float]:
        """Conflicts fought, Fed cards drawn, Schemes completed and buildings built in the game."""
        from .state import BUILT, CONFLICTS, FED_DRAWN, SCHEMES_DONE

        counts = cast("ProhibitionState", state).counts
        return {
            "conflicts": float(counts[CONFLICTS]),
            "fed_cards": float(counts[FED_DRAWN]),
            "schemes_completed": float(counts[SCHEMES_DONE]),
            "buildings_built": float(counts[BUILT]),
        }


GAME = Prohibition()
