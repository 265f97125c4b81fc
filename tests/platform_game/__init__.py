"""Prize Bids: the platform's test game (a Goofspiel-like bidding game with a negotiation step).

It lives under tests/ as a package of its own, found by its entry point (pyproject.toml
beside it): no platform code knows it. It exercises everything a real game of the
platform may need: a secret simultaneous phase with several private steps per seat (choose a
bid, perhaps a blind one drawn from the seat's own random stream, then confirm or go back), a
reveal, a negotiation between two seats with private offers (offer -> accept / decline /
counter -> final offer), options (pydantic), factions, a chosen first seat, a typed Result,
views that hide what a seat may not know, and determinizations that re-deal it.

Rules. Each seat holds bid cards 1..N; the prize deck holds prizes 1..N, shuffled. Each round
the top prize is turned up and every seat bids one card in secret at once (a bid may be taken
back once a round); the highest bid wins
the prize (tied highest bids: the prize is discarded, or split between them with the `split`
tie rule). Bid cards are spent. With negotiation on, a unique winner may then sell the prize to
the unique runner-up: the winner offers a price, the runner-up accepts, declines or counters,
and the winner accepts a counter or makes a final offer, which the runner-up accepts or
declines. The offers are seen by the two of them only, until the deal is settled. After N
rounds the most points win; a tie goes to the tied seat nearest the first seat in seat order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from volstead.engine.contract import CardTable, Faction, Game, GameOptions

from . import actions, observation

NAME = "prize_bids"
FACTIONS = (
    Faction("red", "Red Hand", "#b03030"),
    Faction("blue", "Blue Line", "#3050b0"),
    Faction("green", "Green Room", "#30a050"),
    Faction("gold", "Gold Coast", "#c0a030"),
)


class Options(GameOptions):
    cards: int = Field(5, ge=3, le=13, description="Bid cards per seat, and prizes in the deck (1..N).")
    ties: Literal["discard", "split"] = Field(
        "discard", description="Tied highest bids: the prize is discarded, or split between the tied seats."
    )
    negotiation: bool = Field(True, description="The winner of a prize may sell it to the runner-up.")
    factions: tuple[str, ...] = Field(
        (), description="A faction per seat (red, blue, green, gold or random); empty: dealt at random."
    )
    first_seat: int | None = Field(None, ge=0, description="The first seat (wins ties of points); empty: drawn at random.")
    prize_set: str = Field("", description="A folder holding another prize deck (prizes.toml); empty: the built-in one.")

    @field_validator("factions")
    @classmethod
    def _known_factions(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        known = {f.id for f in FACTIONS}
        for f in value:
            if f != "random" and f not in known:
                raise ValueError(f"unknown faction {f!r}; use one of {', '.join(sorted(known))} or random")
        chosen = [f for f in value if f != "random"]
        if len(chosen) != len(set(chosen)):
            raise ValueError("a faction can be chosen for one seat only")
        return value


class PrizeBids(Game[Options]):
    name = NAME
    title = "Prize Bids (test game)"
    min_seats = 2
    max_seats = 4
    Options = Options
    evaluation_scale = 3.0  # points: a 3-point lead is one unit of advantage to search bots
    faction_option = "factions"
    first_seat_option = "first_seat"
    card_set_option = "prize_set"
    lobby_hidden_options = frozenset({"prize_set"})  # a folder on the server's disk
    blurb = "Bid your cards for prizes, in secret, one round at a time (the platform's test game)."
    play_time = "5 min"

    def setup(self, seed, seats, options):
        from .state import new_game

        return new_game(seed, seats, options)

    def factions(self, options=None):
        return list(FACTIONS)

    def rules_help(self):
        return {
            "summary": __doc__.split("\n\n")[2],
            "kinds": {
                "bid": "choose the card you bid this round (in secret)",
                "confirm": "confirm your bid or take it back",
                "offer": "offer the runner-up the prize for a price",
                "respond": "accept, decline or counter the offer",
                "reply": "accept the counter-offer or make a final offer",
                "accept_final": "accept the final offer",
            },
            # the rules' passages ("§2" in an option's help or a reason opens one in the browser)
            "sections": {
                "2": {
                    "title": "Bidding",
                    "text": "Each round every seat bids one card of its hand in secret, all at once. "
                    "A bid may be taken back once a round, then chosen again.\n\n"
                    "The highest bid wins the prize; tied highest bids discard it (or split it, §3).",
                    "kinds": ["bid", "confirm"],
                },
                "3": {
                    "title": "Ties and the sale",
                    "text": "With the split tie rule the tied seats share the prize's points. With negotiation on, "
                    "a unique winner may sell the prize to the unique runner-up for a price up to its value.",
                    "kinds": ["offer", "respond", "reply", "accept_final"],
                },
            },
        }

    def evaluate(self, state, seat=None):
        """Points so far (bots' evaluation, in points: `evaluation_scale` 3)."""
        values = list(state.points)
        return values if seat is None else values[seat]

    def stats(self, state):
        return {"deals": float(state.deals)}

    # the card set (content.py): what the designer's workbench edits
    def card_set_files(self) -> dict[str, type[BaseModel]]:
        from .content import FILES

        return dict(FILES)

    def card_set_folder(self) -> Path:
        from .content import DATA_DIR

        return DATA_DIR

    def check_card_set(self, folder: Path) -> None:
        from .content import load_prizes

        load_prizes(folder)

    def card_tables(self, options=None) -> list[CardTable]:
        from .content import prize_deck

        o = self.resolve_options(options)
        rows = tuple((str(n), p.id, p.name, str(p.points)) for n, p in enumerate(prize_deck(o.prize_set), start=1))
        dealt = f"a game of {o.cards} cards deals prizes 1-{o.cards}"
        return [
            CardTable(
                "prizes", f"Prizes ({dealt})", ("no.", "id", "name", "points"), rows, narrow=frozenset({"no.", "id", "points"})
            )
        ]

    # the learning hooks (volstead.rl): observation.py and actions.py document the layout
    def observation_fields(self, seats, options):
        return observation.observation_fields(seats, options)

    def encode_observation(self, state, seat):
        return observation.encode_observation(state, seat)

    def action_count(self, seats, options):
        return actions.action_count(seats, options)

    def action_numbers(self, state, decision):
        return actions.action_numbers(state, decision)

    def action_name(self, number, seats, options):
        return actions.action_name(number, seats, options)


GAME = PrizeBids()
