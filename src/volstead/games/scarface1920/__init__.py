"""Scarface 1920 (Red Zen Games): 2–4 gangs fight over Prohibition-era Chicago."""

from __future__ import annotations

from dataclasses import dataclass, field

from .options import Options

# Decision kinds whose chosen option the rules show on the table anyway (moves, seizures,
# hires, upgrades, sales...): a game log may show their labels to every seat. The others
# (keeping a Job, the Job draft, truck discounts...) may name hidden cards.
PUBLIC_DECISION_KINDS = frozenset({
    "starting_district", "move_from", "move", "seize", "hit", "send", "send_thugs", "upgrade", "move_police",
    "sell", "sell_goods", "sell_authorities", "add_business", "nightclub", "hire", "right_hand", "choose_rival",
    "place_vehicle", "retrieve_thugs", "remove_thugs", "to_prison", "lose_upgrade", "lose_business",
    "choose_deal", "store_goods", "pay_goods", "starting_goods", "recruit", "plan", "action",
})


@dataclass(frozen=True)
class Game:
    name: str = "scarface1920"
    title: str = "Scarface 1920"
    min_seats: int = 2
    max_seats: int = 4
    Options: type = Options
    public_decision_kinds: frozenset = field(default=PUBLIC_DECISION_KINDS)

    def new_game(self, seed: int, seats: int, options: Options | None = None):
        from .rules.setup import new_game

        return new_game(seed, seats, options or Options())

    def options_from_json(self, data: dict) -> Options:
        return Options.from_json(data)

    def evaluate(self, state, seat: int | None = None):
        """Bots' static evaluation of `state` for `seat` in dollars; every seat's as a list if
        `seat` is None (see evaluation.py)."""
        from .evaluation import evaluate

        return evaluate(state, seat)

    def card_played(self, decision, index: int) -> str | None:
        """The id of the card option `index` of `decision` plays into a Plan, if it does
        (for simulation reports; ids are built only for Plan decisions)."""
        if decision.kind != "plan":
            return None
        option_id = decision.option_ids[index]
        return None if option_id == "plan:done" else option_id.partition(":")[2]

    def card_ids(self, options: Options | None = None) -> list[str]:
        """Every gang member and Associate of the card set in use."""
        from .content.loader import default_content

        o = options or Options()
        return [c.id for c in default_content(o.variant, o.cards).cards]

    def catalog(self) -> dict:
        """Names and texts of the components, for the browser client (public knowledge)."""
        from .catalog import catalog

        return catalog()


GAME = Game()
