"""Scarface 1920 (Red Zen Games): 2–4 gangs fight over Prohibition-era Chicago."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from volstead.engine.contract import CardTable, Faction, Game, GameOptions, ObservationField

from . import reports
from .options import Options as ScarfaceOptions

if TYPE_CHECKING:
    from pydantic import BaseModel

    from volstead.engine.decision import Decision
    from volstead.engine.state import GameState

    from .state import ScarfaceState

# Decision kinds whose chosen option the rules show on the table anyway (moves, seizures,
# hires, upgrades, sales...): a game log may show their labels to every seat. The others
# (keeping a Job, the Job draft, truck discounts...) may name hidden cards.
PUBLIC_DECISION_KINDS = frozenset(
    {
        "starting_district",
        "move_from",
        "move",
        "seize",
        "hit",
        "send",
        "send_thugs",
        "upgrade",
        "move_police",
        "sell",
        "sell_goods",
        "sell_authorities",
        "add_business",
        "nightclub",
        "hire",
        "right_hand",
        "choose_rival",
        "place_vehicle",
        "retrieve_thugs",
        "remove_thugs",
        "to_prison",
        "lose_upgrade",
        "lose_business",
        "choose_deal",
        "store_goods",
        "pay_goods",
        "starting_goods",
        "recruit",
        "plan",
        "action",
    }
)


class Scarface1920(Game[ScarfaceOptions]):
    name = "scarface1920"
    title = "Scarface 1920"
    min_seats = 2
    max_seats = 4
    Options = ScarfaceOptions
    public_decision_kinds = PUBLIC_DECISION_KINDS
    evaluation_scale: ClassVar[float] = 25.0  # dollars: a $25 lead is one unit of advantage to search bots
    faction_option = "gangs"
    first_seat_option = "first_seat"
    web_module = "web/board.js"
    blurb = "Chicago, 1920: seize Neighborhoods, sell alcohol and guns, dodge the Raids; the richest gang wins."
    play_time = "60–120 min"
    table_picture = "web/table.webp"
    card_set_option = "cards"
    lobby_hidden_options = frozenset({"cards"})  # a folder on the server's disk
    # Decisions every bot plays by the game's own rule (bots.base.GamePolicy): the starting district
    # (and tile), the one that sells best with the starting Dealers (policy.py; docs/bots.md)
    policy_kinds: ClassVar[frozenset[str]] = frozenset({"starting_district", "starting_hood"})

    def setup(self, seed: int, seats: int, options: ScarfaceOptions) -> ScarfaceState:
        if options.solo:  # the solo state plugs the Enforcer automa into the base rules
            from .solo.setup import new_solo_game

            return new_solo_game(seed, seats, options)
        from .rules.setup import new_game

        return new_game(seed, seats, options)

    def seat_range(self, options: GameOptions | None = None) -> range:
        if self.resolve_options(options).solo:
            return range(1, 2)  # you against the Enforcer automa
        return range(self.min_seats, self.max_seats + 1)

    def sample_setups(self) -> list[tuple[int, dict[str, Any]]]:
        return [(4, {}), (3, {}), (2, {}), (4, {"variant": "rulebook-wip"}), (3, {"job_draft": True}), (1, {"solo": True})]

    def evaluate(self, state, seat: int | None = None):
        """Bots' static evaluation of `state` for `seat` in dollars; every seat's as a list if
        `seat` is None (see evaluation.py)."""
        from .evaluation import evaluate

        # Later calls go straight to the compiled function: an import statement runs the import
        # machinery at every call (a twentieth of a greedy game once was).
        self.evaluate = evaluate  # type: ignore[method-assign,assignment]
        return evaluate(state, seat)

    def policy_choice(self, state: GameState) -> int | None:
        """The bots' starting district: the one whose Neighborhood sells best with the starting
        Dealers (policy.py); None at every other decision (the bot plays it)."""
        from .policy import policy_choice

        self.policy_choice = policy_choice  # type: ignore[method-assign,assignment]  # as `evaluate`
        return policy_choice(cast("ScarfaceState", state))

    def factions(self, options: GameOptions | None = None) -> list[Faction]:
        from .content.loader import default_content

        return [Faction(g.id, g.name, g.color) for g in default_content().gangs]

    def rules_help(self) -> dict:
        from .help import rules_help

        return rules_help()

    def seat_names(self, state) -> list[str]:
        return [state.gang_name(i) for i in range(len(state.players))]  # solo: the Enforcer's too

    def render_text(self, view: dict) -> str | None:
        from .text_view import render

        return render(view)

    # compiled (reports.py): the simulator asks at every decision
    card_played = staticmethod(reports.card_played)
    # what the simulator's report counts of a seat's choices (how each bot and faction plays)
    play_note_kinds = reports.PLAY_NOTE_KINDS
    play_note = staticmethod(reports.play_note)

    def card_ids(self, options: GameOptions | None = None) -> list[str]:
        """Every gang member and Associate of the card set in use."""
        from .content.loader import default_content

        o = self.resolve_options(options)
        return [c.id for c in default_content(o.variant, o.cards).cards]

    def card_set_files(self) -> dict[str, type[BaseModel]]:
        from .content.loader import FILES

        return {name: model for name, (model, _) in FILES.items()}

    def card_set_folder(self) -> Path:
        from .content.loader import DATA_DIR

        return DATA_DIR

    def check_card_set(self, folder: Path) -> None:
        """As a game with `cards` set to `folder` loads it (the published rules' checks, every
        effect and modifier against the rules' registries, complete decks), not cached."""
        from .content.loader import build_content
        from .effects import EFFECTS
        from .rules.modifiers import MODIFIERS

        build_content(folder, effects=EFFECTS, modifiers=frozenset(MODIFIERS), require_complete=True)

    def card_tables(self, options: GameOptions | None = None) -> list[CardTable]:
        from .card_tables import card_tables

        return card_tables(self.resolve_options(options))

    def stats(self, state: GameState) -> dict[str, float]:
        """Turns played (a turn is one Action Turn of one gang; the Enforcer's count in solo)."""
        return {"turns": float(cast("ScarfaceState", state).turn_number)}

    # ------------------------------------------- learning environments (observation.py, actions.py)
    def observation_fields(self, seats: int, options: ScarfaceOptions) -> tuple[ObservationField, ...]:
        from .content.loader import default_content
        from .observation import layout_for

        o = self.resolve_options(options)
        solo_cards = 0
        if o.solo:
            from pathlib import Path

            from .solo.content import solo_content

            cards_dir = o.cards if o.cards and (Path(o.cards) / "enforcer.toml").exists() else ""
            solo_cards = len(solo_content(cards_dir).cards)
        # solo: two gangs on the map (yours and the Enforcer's) for the one seat
        return layout_for(default_content(o.variant, o.cards), 2 if o.solo else seats, solo_cards).fields

    def encode_observation(self, state: GameState, seat: int) -> list[float]:
        from .observation import encode

        self.encode_observation = encode  # type: ignore[method-assign,assignment]  # as `evaluate`
        return encode(cast("ScarfaceState", state), seat)

    def action_count(self, seats: int, options: ScarfaceOptions) -> int:
        from .actions import table_for
        from .content.loader import default_content

        o = self.resolve_options(options)
        return table_for(default_content(o.variant, o.cards)).count

    def action_numbers(self, state: GameState, decision: Decision) -> tuple[int, ...]:
        from .actions import decision_numbers

        self.action_numbers = decision_numbers  # type: ignore[method-assign,assignment]  # as `evaluate`
        return decision_numbers(cast("ScarfaceState", state), decision)

    def action_name(self, number: int, seats: int, options: ScarfaceOptions) -> str:
        from .actions import action_name, table_for
        from .content.loader import default_content

        o = self.resolve_options(options)
        return action_name(table_for(default_content(o.variant, o.cards)), number)

    def catalog(self) -> dict:
        """Names and texts of the components, for the browser client (public knowledge)."""
        from .catalog import catalog

        return catalog()


GAME = Scarface1920()
