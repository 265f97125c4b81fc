"""Solo mode setup (rulebook: Solo mode setup; Player setup changes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from volstead.engine.errors import SetupError
from volstead.engine.step import Step

from .. import refs, words
from ..content.loader import default_content
from ..options import Options
from ..rules.setup import StartingDistrict, StartingGoods, blank_state, deal_decks, gang_indexes, place_map
from ..rules.turn import StartTurn
from ..state import Deal, Player
from . import enforcer as E
from .content import solo_content
from .enforcer import ENFORCER, HUMAN
from .state import SoloState


def new_solo_game(seed: int, seats: int, options: Options) -> SoloState:
    """The solo game (rulebook, Solo mode: setup), for 1 seat (Game.new_game checked the seed and the seats)."""
    if options.first_seat is not None:
        raise SetupError("option 'first_seat' is not a solo option: the Enforcer always takes the first turn")
    c = default_content(options.variant, options.cards)
    if len(options.gangs) > 2:
        raise SetupError("option 'gangs' names at most 2 gangs in solo mode: yours and the Enforcer's")
    fixed = gang_indexes(c, options.gangs)
    cards_dir = options.cards if options.cards and (Path(options.cards) / "enforcer.toml").exists() else ""

    s = blank_state(SoloState, c, seed, 2, options)  # two gangs on the board; records say 1 seat
    s.solo = solo_content(cards_dir)
    s.enforcer = ENFORCER

    # 0. Multiplayer-only Jobs, Raids and News go back to the box;
    # 5. one Gun Runner and one Distillery Owner are set aside for the Enforcer.
    runner, owner = c.dealer_index["gun_runner"], c.dealer_index["distillery_owner"]
    deal_decks(s, solo=True, set_aside=(runner, owner))

    # 1. District tokens at random; the map as for 2 players.
    s.district_no = s.shuffle(range(1, 8))
    place_map(s, 2)

    # Gangs: yours, then the Enforcer's (his Boss skills, gang cards and Right-hands stay out).
    dealt = iter(g for g in s.shuffle(range(len(c.gangs))) if g not in fixed)
    gangs = [g if g >= 0 else next(dealt) for g in (fixed + [-1, -1])[:2]]
    you = Player(HUMAN, gangs[0], c.board.starting_money)
    you.deck = s.shuffle(c.start_cards[you.gang])
    you.right_hands = c.right_hands[you.gang]
    him = Player(ENFORCER, gangs[1], c.board.starting_money)
    s.players = (you, him)
    s.draw_cards(HUMAN, 3)

    # The Enforcer's cards: deck A is his play-deck; B and C wait beside his board.
    sc = s.solo
    s.enf_deck = s.shuffle(sc.deck_a)
    s.enf_deck_b = s.shuffle(sc.deck_b)
    s.enf_deck_c = s.shuffle(sc.deck_c)
    s.enf_plan = ()
    s.enf_discard = ()
    s.enf_cubes = ()
    s.enf_last_plan, s.enf_last_cubes = (), ()
    s.enf_jobs = ()
    s.enf_associates = ()

    # 14. His token, a vehicle and a control marker in a random district with no police.
    free = [d for d in range(7) if d not in s.police and any(h.district == d and h.owner < 0 for h in s.hoods)]
    d = free[s.randbelow(len(free))]
    s.enf_district = d
    him.cars = him.cars[:d] + (1,) + him.cars[d + 1 :]
    spots = [i for i, h in enumerate(s.hoods) if h.district == d and h.owner < 0]
    hood = spots[s.randbelow(len(spots))]
    s.set_hood(hood, owner=ENFORCER)
    # 3. His Deals: the Gun Runner and the Distillery Owner.
    him.deals = (Deal((runner,)), Deal((owner,)))
    # 15. "If the Neighborhood controlled by the Enforcer requires both alcohol and guns, put 1 and 1
    # in the Enforcer's deals; only alcohol: 2 alcohol; only guns: 2 guns" — one on each Deal (each
    # stores 1), where a seize of his Neighborhood cannot take them.
    a, g = E.wants(s, hood)
    runner_good, owner_good = ("guns", "alcohol") if a and g else (("alcohol",) * 2 if a else ("guns",) * 2)
    him.deals = (Deal((runner,), **{runner_good: 1}), Deal((owner,), **{owner_good: 1}))

    # Your setup: starting district and goods, then the Job draft; the Enforcer starts.
    s.stack.append(StartTurn(ENFORCER))
    # Player setup 12, one pair at a time: "Draw 2 cards from the Jobs deck, choose 1 ... Repeat
    # this twice" — the next pair is drawn only once this one is chosen (SoloJobDraft.choose).
    s.draft = (s.draw_jobs(2),)
    for rnd in reversed(range(3)):
        s.stack.append(SoloJobDraft(rnd))
    s.stack.append(StartingGoods(HUMAN))
    s.stack.append(StartingDistrict(HUMAN))
    s._start()
    return s


class SoloJobDraft(Step[SoloState]):
    """Player setup 12: of 2 Jobs drawn, keep 1; the other goes to the Enforcer (three times).
    `s.draft` holds the one pair on the table; choosing draws the next."""

    __slots__ = ("round_",)
    kind = "draft_job"

    def __init__(self, rnd):
        self.round_ = rnd

    def seat(self, s: SoloState) -> int:
        return HUMAN

    def prompt(self, s: SoloState) -> str:
        return f"Job draft {self.round_ + 1}/3: keep one Job, the other goes to the Enforcer"

    def options(self, s: SoloState) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(s.draft[0]))

    def choose(self, s: SoloState, code: Any) -> None:
        pair = list(s.draft[0])
        pair.remove(code)
        p = s.players[HUMAN]
        p.jobs = tuple(sorted(p.jobs + (code,)))
        s.enf_jobs = s.enf_jobs + tuple(pair)
        s.draft = (s.draw_jobs(2),) if self.round_ < 2 else ()

    def option_refs(self, s: SoloState, code: Any) -> tuple[str, ...]:
        return (refs.job(s, code),)

    def option_said(self, s: SoloState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: SoloState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: SoloState, code: Any) -> str:
        return "draft:" + s.content.jobs[code].id

    def option_label(self, s: SoloState, code: Any) -> str:
        j = s.content.jobs[code]
        return f"Keep {j.name} ({j.requires_text})"
