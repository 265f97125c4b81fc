"""Setting up the game (rulebook: Setting up the Game): the map, each gang's pieces, the decks,
the Scheme draft and the Infamy choice (both secret simultaneous phases), the starting gang."""

from __future__ import annotations

from typing import Final

from volstead.engine.errors import SetupError
from volstead.engine.lanes import open_lanes
from volstead.engine.rng import below, seed_state
from volstead.engine.step import SeatStep, Step

from ..content.loader import YEARS, default_content
from ..options import RANDOM, Options
from ..state import TILES, Gang, ProhibitionState, turfs_of
from .common import push

DRAFT_DEAL: Final = 4  # Schemes dealt to each gang
DRAFT_KEEP: Final = 3  # rounds of the draft: cards kept
INFAMY_DEAL: Final = 2


def new_game(seed: int, seats: int, options: Options) -> ProhibitionState:
    from .year import Year

    # Game.new_game checked the seed, the seats (2-4) and first_seat.
    if options.mats and len(options.mats) != seats:
        raise SetupError(f"option 'mats' names {len(options.mats)} mats for {seats} seats")
    c = default_content(options.cards)
    s = ProhibitionState.__new__(ProhibitionState)
    s.content, s.seed, s.seats, s.options = c, seed, seats, options
    s.rng = seed_state(seed)
    s.stack = []

    # Player mats: named ones, the others dealt at random.
    ids = [m.id for m in c.mats]
    unknown = [m for m in options.mats if m != RANDOM and m not in ids]
    if unknown:  # a `cards` folder may name other mats than the embedded set
        raise SetupError(f"option 'mats': unknown mat {unknown[0]!r} in this card set (mats: {', '.join(ids)})")
    fixed = [-1 if m == RANDOM else ids.index(m) for m in options.mats] or [-1] * seats
    dealt = iter(m for m in s.shuffle(range(len(ids))) if m not in fixed)
    mats = [m if m >= 0 else next(dealt) for m in fixed]
    if options.first_seat is None:
        first, s.rng = below(s.rng, seats)
    else:
        first = options.first_seat

    start = c.board.start
    n_blocks = len(c.block_ids)
    owner, goons, guards = [-1] * n_blocks, [0] * n_blocks, [0] * n_blocks
    gangs = []
    for seat in range(seats):
        g = Gang(seat, mats[seat])
        pos = c.setups[seats][(seat - first) % seats]  # positions count clockwise from the starting gang
        for b in pos.turf:
            owner[b] = seat
        for b, n in pos.goons:
            goons[b] = n
        guards[pos.guard] += start.guards
        g.hq = pos.hq
        g.gs, g.booze, g.heat, g.peak = start.gs, start.booze, start.heat, start.heat
        g.goon_supply = c.board.limits.goons - start.goons_on_map
        gangs.append(g)
    s.gangs = tuple(gangs)
    s.owner, s.goons, s.guards = tuple(owner), tuple(goons), tuple(guards)
    s.turfs_key, s.turfs_found = s.owner, turfs_of(s.owner)
    s.tile = (-1,) * n_blocks
    s.gmask = (0,) * n_blocks
    s.stocked = 0
    s.stacks = tuple(tuple(range(TILES)) for _ in c.buildings.buildings)
    s.torched = ()
    s.guard_supply = c.board.limits.guards - seats * start.guards
    s.guards_lost = 0
    s.year, s.phase, s.start, s.turn = YEARS[0], "setup", first, -1
    s.spaces = (0,) * 16
    s.conflicted = 0
    s.attack = None
    s.last_roll = None
    s.final = None
    s.counts = (0, 0, 0, 0)

    # Decks: Schemes (4 to each gang for the draft), Infamy (2 each), Feds.
    deck = s.shuffle(range(len(c.schemes)))
    for k, g in enumerate(s.gangs):
        g.packet = tuple(sorted(deck[k * DRAFT_DEAL : (k + 1) * DRAFT_DEAL]))
    s.scheme_deck, s.scheme_discard = deck[seats * DRAFT_DEAL :], ()
    s.draft_round = 0
    infamy = s.shuffle(range(len(c.infamy)))
    for k, g in enumerate(s.gangs):
        g.infamy_dealt = tuple(sorted(infamy[k * INFAMY_DEAL : (k + 1) * INFAMY_DEAL]))
    s.infamy_rest = tuple(sorted(infamy[seats * INFAMY_DEAL :]))
    s.fed_deck, s.fed_discard = s.shuffle(range(len(c.feds))), ()

    push(s, DraftRound(), InfamyChoice(), Year(YEARS[0]))
    s._start()
    return s


# ------------------------------------------------------------ Scheme draft
class DraftRound(Step[ProhibitionState]):
    """One round of the Scheme draft: every gang picks a card of its packet in secret at once."""

    __slots__ = ()
    auto = True
    kind = "draft_round"

    def run(self, s: ProhibitionState) -> None:
        s.phase = "setup"
        push(s, open_lanes(s, {seat: [DraftPick(seat)] for seat in range(s.seats)}), DraftPass())


class DraftPick(SeatStep[ProhibitionState]):
    """Keep one Scheme of the packet (private until the game ends: it joins your hand)."""

    __slots__ = ()
    kind = "draft_scheme"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return s.gangs[self.seat_].packet

    def choose(self, s: ProhibitionState, code: int) -> None:
        s.gangs[self.seat_].pick = code

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "keep:" + s.content.schemes[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        sc = s.content.schemes[code]
        return f"Keep {sc.name} ({sc.prestige} PP: {sc.requires_text} Tactic: {sc.tactic.name})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        return f"Tactic {s.content.schemes[code].tactic.name}: {s.content.schemes[code].tactic.text} (§setup)"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return ("scheme:" + s.content.schemes[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"keeps the Scheme {s.content.schemes[code].name} from the draft (pick {s.draft_round + 1} of {DRAFT_KEEP})."

    def hidden_said(self, s: ProhibitionState) -> str:
        return f"keeps a Scheme of its packet in secret (pick {s.draft_round + 1} of {DRAFT_KEEP})."

    def prompt(self, s: ProhibitionState) -> str:
        return f"Scheme draft, round {s.draft_round + 1} of {DRAFT_KEEP}: keep one card, pass the rest clockwise"


class DraftPass(Step[ProhibitionState]):
    """The picks join the hands; the packets pass clockwise (after the last round, the card left
    in each packet is shuffled back into the deck)."""

    __slots__ = ()
    auto = True
    kind = "draft_pass"

    def run(self, s: ProhibitionState) -> None:
        packets = []
        for g in s.gangs:
            g.hand = tuple(sorted(g.hand + (g.pick,)))
            packets.append(tuple(x for x in g.packet if x != g.pick))
            g.pick = -1
        s.draft_round += 1
        if s.draft_round < DRAFT_KEEP:
            n = s.seats
            for seat, g in enumerate(s.gangs):
                g.packet = packets[(seat - 1) % n]  # the packet of the gang on your right comes to you
            push(s, DraftRound())
            return
        for g in s.gangs:
            g.packet = ()
        s.scheme_deck = s.shuffle(sorted(s.scheme_deck + tuple(x for p in packets for x in p)))
        if s.story is not None:
            s.tell("The Scheme draft is over: every gang holds 3 Schemes.")


# ------------------------------------------------------------------ Infamy
class InfamyChoice(Step[ProhibitionState]):
    """Every gang keeps one of its two Infamy cards in secret, at once."""

    __slots__ = ()
    auto = True
    kind = "infamy_choice"

    def run(self, s: ProhibitionState) -> None:
        push(s, open_lanes(s, {seat: [KeepInfamy(seat)] for seat in range(s.seats)}), InfamyDiscard())


class KeepInfamy(SeatStep[ProhibitionState]):
    __slots__ = ()
    kind = "keep_infamy"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return s.gangs[self.seat_].infamy_dealt

    def choose(self, s: ProhibitionState, code: int) -> None:
        s.gangs[self.seat_].infamy = code

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "infamy:" + s.content.infamy[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        card = s.content.infamy[code]
        return f"Keep {card.name} ({card.prestige} PP if only you: {card.requires_text})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        return "Secret until the end; it scores only if no other gang meets it too (§schemes)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return ("infamy:" + s.content.infamy[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"keeps the Infamy card {s.content.infamy[code].name} and discards the other."

    def hidden_said(self, s: ProhibitionState) -> str:
        return "keeps one of its two Infamy cards in secret."

    def prompt(self, s: ProhibitionState) -> str:
        return "Keep one Infamy card (secret); the other is discarded"


class InfamyDiscard(Step[ProhibitionState]):
    __slots__ = ()
    auto = True
    kind = "infamy_discard"

    def run(self, s: ProhibitionState) -> None:
        rest = list(s.infamy_rest)
        for g in s.gangs:
            rest.extend(x for x in g.infamy_dealt if x != g.infamy)
        s.infamy_rest = tuple(sorted(rest))
