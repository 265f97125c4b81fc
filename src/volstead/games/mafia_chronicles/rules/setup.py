"""Setup (§3): decks, the secret Boss pick, the markets, the first player."""

from __future__ import annotations

from volstead.engine.rng import seed_state, shuffled
from volstead.engine.step import SeatStep, Step

from .. import refs
from ..content.loader import A0, B0, DECK, LEVELS, default_content
from ..options import RANDOM, Options, syndicate_order
from ..state import BOSS_COL, ROW, SEATS, START_STASH, MafiaState, Mob, RoundMods, Syndicate
from .rounds import NextRound, open_phase


def new_game(seed: int, seats: int, options: Options) -> MafiaState:
    """The table as §3 sets it up (Game.new_game checked the seed, the 4 seats and first_seat)."""
    s = MafiaState()
    s.seed, s.seats, s.options = seed, seats, options
    s.content = c = default_content(options.cards)
    rng = seed_state(seed)
    s.syn = tuple(Syndicate(k, START_STASH) for k in range(SEATS))
    # §3: the Gangsters are distributed evenly into four decks, 5 of each level in each.
    decks: list[list[int]] = [[] for _ in range(SEATS)]
    for level in range(1, LEVELS + 1):
        cards, rng = shuffled(rng, [g for g in range(len(c.gangsters)) if c.g_level[g] == level])
        per = len(cards) // SEATS
        for k in range(SEATS):
            decks[k].extend(cards[k * per : (k + 1) * per])
    for k, y in enumerate(s.syn):
        y.g_deck = tuple(sorted(decks[k]))
        y.b_deck = tuple(B0 + k * DECK + i for i in range(DECK))
        y.a_deck = tuple(A0 + k * DECK + i for i in range(DECK))
    if RANDOM in options.syndicates:  # only then: a game without "random" seats draws nothing here
        free, rng = shuffled(rng, range(SEATS))
    else:
        free = list(range(SEATS))
    s.syndicates = syndicate_order(options, free)
    events, rng = shuffled(rng, c.event_deck)
    s.event_deck, s.events_seen, s.event = tuple(events), (), -1
    s.rng = rng
    s.round, s.phase, s.first, s.first_rolls, s.turn = 0, "setup", -1, (), -1
    s.mods, s.last_roll, s.last_deal = RoundMods(), {}, ""
    s.lane_start, s.lane_init = None, ()
    s.observer = -1
    s.final = None
    s.stack = [NextRound(), RevealBosses(), OpenBossPick()]
    s._start()
    return s


class OpenBossPick(Step[MafiaState]):
    __slots__ = ()
    auto = True
    kind = "open_boss_pick"

    def run(self, s: MafiaState) -> None:
        open_phase(s, "setup", {k: [PickBoss(k)] for k in range(s.seats)})


class PickBoss(SeatStep[MafiaState]):
    """§3: choose any Gangster of your deck as your Boss, for free (in secret, all at once)."""

    __slots__ = ()
    kind = "pick_boss"

    def prompt(self, s: MafiaState) -> str:
        return "Choose your Boss from your Gangster deck (free)"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(sorted(s.syn[self.seat_].g_deck))  # a deck's order is no part of the choice

    def choose(self, s: MafiaState, code: int) -> None:
        y = s.syn[self.seat_]
        y.g_deck = tuple(g for g in y.g_deck if g != code)
        y.set_mob(BOSS_COL, Mob(code))

    def option_id(self, s: MafiaState, code: int) -> str:
        return "boss:" + s.content.gangsters[code].id

    def option_label(self, s: MafiaState, code: int) -> str:
        from .labels import gangster_text

        return gangster_text(s, code)

    def option_group(self, s: MafiaState, code: int) -> str:
        return f"Level {s.content.g_level[code]}"

    def option_refs(self, s: MafiaState, code: int) -> tuple[str, ...]:
        return (refs.card(code),)  # the Gangster as your deck is drawn while you choose

    def option_said(self, s: MafiaState, code: int) -> str:
        return f"chooses {s.card_name(code)} as its Boss."

    def hidden_said(self, s: MafiaState) -> str:
        return "chooses its Boss in secret."


class RevealBosses(Step[MafiaState]):
    """The Bosses are shown; the markets are shuffled and dealt; the first player is rolled."""

    __slots__ = ()
    auto = True
    kind = "reveal_bosses"

    def run(self, s: MafiaState) -> None:
        for y in s.syn:
            y.g_deck, y.b_deck, y.a_deck = s.shuffle(y.g_deck), s.shuffle(y.b_deck), s.shuffle(y.a_deck)
            y.g_row, y.g_deck = y.g_deck[:ROW], y.g_deck[ROW:]
            y.b_row, y.b_deck = y.b_deck[:ROW], y.b_deck[ROW:]
            y.a_row, y.a_deck = y.a_deck[:ROW], y.a_deck[ROW:]
        roll_first_player(s)
        if s.story is not None:
            for k, y in enumerate(s.syn):
                boss = y.mobs[BOSS_COL]
                if boss is not None:
                    s.tell(f"{s.syndicate_name(k)}'s Boss: {s.card_name(boss.card)}.")
            s.tell(f"{s.syndicate_name(s.first)} goes first.")


def roll_first_player(s: MafiaState) -> None:
    """§3: everyone rolls the D5, highest goes first, tied highest rolls re-roll (the others wait)."""
    if s.options.first_seat is not None:
        s.first = s.options.first_seat
        return
    rolling = list(range(s.seats))
    rounds = []
    while True:
        rolls = [s.d5() if k in rolling else -1 for k in range(s.seats)]
        rounds.append(tuple(rolls))
        top = max(rolls)
        rolling = [k for k in range(s.seats) if rolls[k] == top]
        if len(rolling) == 1:
            break
    s.first_rolls = tuple(rounds)
    s.first = rolling[0]
