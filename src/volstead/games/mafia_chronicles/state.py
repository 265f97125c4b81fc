"""The Mafia Chronicles game state: plain data and the primitives the rules share.

Conventions (they keep `clone()` a few dozen field copies, no deep copy):
- every field is declared (typed, in `__slots__`) and holds an int, bool, str or
  tuple, replaced and never changed in place; the only mutable objects are the
  four `Syndicate`s, copied on clone (`_copy_into`);
- cards are instance ints (content/loader.py): Gangsters 0–99, each syndicate's
  Businesses and Assets after them;
- a Boss/Gangster in a slot is a `Mob` (a NamedTuple: the card and its markers);
- money is in thousands of dollars; seats are 0–3 clockwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Self

from volstead.engine.contract import Result
from volstead.engine.fields import declared_fields
from volstead.engine.rng import shuffled as rng_shuffled
from volstead.engine.state import COMPILED, GameState

from .content.loader import A0, B0, Content

if TYPE_CHECKING:
    from volstead.engine.step import Step

    from .options import Options

SEATS: Final = 4
ROUNDS: Final = 4
COLUMNS: Final = 4
ASSET_SLOTS: Final = 8  # slot k lies in column k % 4 (upper row 0–3, lower row 4–7)
# the Boss slot and the Underboss slot (§3.2 layout)
BOSS_COL: Final = 0
UNDERBOSS_COL: Final = 1
GANGSTER_COLS: Final[tuple[int, ...]] = (1, 2, 3)
START_STASH: Final = 500
DEBT_LIMIT: Final = 500  # no purchase while the stash is at −$500K or below (§3.3)
MAX_HEAT: Final = 5  # 5 Heat = Jail (§6.8)
# per Market (§4)
PURCHASES: Final = 4
PER_TYPE: Final = 2
# Rearranging is free (§4), but a game must end: 12 moves a Market reach any arrangement (a
# permutation of n slots takes at most n - 1 swaps: 2 + 3 + 7 for the Gangster, Business and Asset rows).
REARRANGES: Final = 12
ROW: Final = 5  # face-up cards per market row
# card types (market rows, purchase counts)
GANGSTER: Final = 0
BUSINESS: Final = 1
ASSET: Final = 2
MURDER: Final = 0
TORCH: Final = 1
STEAL: Final = 2
FLIP: Final = 3
FRAME: Final = 4
FIX: Final = 5
SMUGGLE: Final = 6
# the chain moves (a Smuggle / a Steal)
SHIPMENT: Final = 7
HEIST: Final = 8
MOVE_NAMES: Final[tuple[str, ...]] = ("murder", "torch", "steal", "flip", "frame", "fix", "smuggle", "shipment", "heist")
MOVE_TITLES: Final[tuple[str, ...]] = ("Murder", "Torch", "Steal", "Flip", "Frame", "Fix", "Smuggle", "Shipment", "Heist")
# bonus vector indices after the 7 moves
SMARTS_I: Final = 7
GRIT_I: Final = 8
BOTH_I: Final = 9


class Mob(NamedTuple):
    """A Boss/Gangster card in a syndicate slot, with its markers."""

    card: int
    heat: int = 0
    jailed: bool = False
    exhausted: bool = False
    d_smarts: int = 0  # damage: rating points lost (never more than the printed rating)
    d_grit: int = 0
    d_move1: int = 0
    d_move2: int = 0
    joined: int = 0  # the round it joined this syndicate (bought or flipped; 0: at setup)
    flipped_from: int = -1  # the syndicate it was flipped from this round (−1: none)
    talked: bool = False  # a deal it proposed fell through this round: no more talks this round

    @property
    def damage(self) -> int:
        return self.d_smarts + self.d_grit + self.d_move1 + self.d_move2


class RoundMods(NamedTuple):
    """Rule changes of this round's Event card (events.toml `*_mod` effects)."""

    income_business: int = -2  # Business type whose income changes; −1: every Business; −2: none
    income_percent: int = 100
    payout_move: int = -1
    payout: int = 0
    banned_move: int = -1
    heat: int = 0


NO_MOBS: Final[tuple[Mob | None, ...]] = (None,) * COLUMNS
NO_BUSINESSES: Final[tuple[int, ...]] = (-1,) * COLUMNS
NO_ASSETS: Final[tuple[int, ...]] = (-1,) * ASSET_SLOTS
NO_CARDS: Final[tuple[int, ...]] = ()
NO_BUYS: Final[tuple[int, ...]] = (0, 0, 0)  # Gangsters, Businesses, Assets
WON_MOVES: Final = 7  # the kinds of successful move a syndicate's `wins` counts (chains as Smuggle / Steal)
NO_WINS: Final[tuple[int, ...]] = (0,) * WON_MOVES
NO_STASHES_KNOWN: Final[tuple[tuple[int, int, int], ...]] = ()


class Syndicate:
    """One syndicate: its stash, area, market and records. Attributes are immutable values."""

    __slots__ = (
        "seat",
        "stash",
        "went_negative",
        "mobs",
        "biz",
        "assets",
        "g_deck",
        "g_row",
        "b_deck",
        "b_row",
        "a_deck",
        "a_row",
        "dropped",
        "gone",
        "buys",
        "rearranged",
        "swapped",
        "wins",
        "murdered_boss",
        "lost_murder",
        "known",
    )
    seat: int
    stash: int  # private
    went_negative: bool  # private: the stash went below 0 at some time (−5 VP)
    mobs: tuple[Mob | None, ...]  # the Boss/Gangster slot of each column; column 0 is the Boss slot
    biz: tuple[int, ...]  # Business instance of each column, −1 empty
    assets: tuple[int, ...]  # Asset instance of each of the 8 slots, −1 empty
    g_deck: tuple[int, ...]  # the market: decks (order secret to all, top first) and face-up rows (private)
    g_row: tuple[int, ...]
    b_deck: tuple[int, ...]
    b_row: tuple[int, ...]
    a_deck: tuple[int, ...]
    a_row: tuple[int, ...]
    dropped: tuple[int, ...]  # face-up cards discarded by market refreshes (private)
    gone: tuple[int, ...]  # cards discarded from the area: murdered, torched, discarded (public)
    buys: tuple[int, ...]  # purchases of each type in this Market (Gangsters, Businesses, Assets)
    rearranged: int  # cards moved between slots in this Market (at most REARRANGES)
    swapped: bool  # the once-per-game Boss swap is used
    wins: tuple[int, ...]  # successful moves of each of the 7 kinds (chains count as Smuggle / Steal)
    murdered_boss: bool
    lost_murder: bool  # a Boss or Gangster of this syndicate was murdered
    known: tuple[tuple[int, int, int], ...]  # (victim, its stash, round) learnt by stash steals (private)

    def __init__(self, seat: int = -1, stash: int = 0):
        self.seat = seat
        self.stash = stash
        self.went_negative = False
        # Module constants: compiled, a literal `(-1,) * 4` is built as a fixed-size tuple and boxed
        # again at each assignment (every clone constructs its syndicates).
        self.mobs = NO_MOBS
        self.biz = NO_BUSINESSES
        self.assets = NO_ASSETS
        self.g_deck = self.g_row = self.b_deck = self.b_row = self.a_deck = self.a_row = NO_CARDS
        self.dropped = self.gone = NO_CARDS
        self.buys = NO_BUYS
        self.rearranged = 0
        self.swapped = False
        self.wins = NO_WINS
        self.murdered_boss = self.lost_murder = False
        self.known = NO_STASHES_KNOWN

    def copy(self) -> Syndicate:
        """One assignment per slot (a clone copies every Syndicate); tests/test_engine_part_copies.py
        checks that it copies every slot."""
        y = Syndicate() if COMPILED else Syndicate.__new__(Syndicate)  # every field is set below
        y.seat = self.seat
        y.stash = self.stash
        y.went_negative = self.went_negative
        y.mobs = self.mobs
        y.biz = self.biz
        y.assets = self.assets
        y.g_deck = self.g_deck
        y.g_row = self.g_row
        y.b_deck = self.b_deck
        y.b_row = self.b_row
        y.a_deck = self.a_deck
        y.a_row = self.a_row
        y.dropped = self.dropped
        y.gone = self.gone
        y.buys = self.buys
        y.rearranged = self.rearranged
        y.swapped = self.swapped
        y.wins = self.wins
        y.murdered_boss = self.murdered_boss
        y.lost_murder = self.lost_murder
        y.known = self.known
        return y

    def fields(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in declared_fields(Syndicate)}

    # ------------------------------------------------------------ changes
    def set_mob(self, col: int, mob: Mob | None) -> None:
        self.mobs = self.mobs[:col] + (mob,) + self.mobs[col + 1 :]

    def set_biz(self, col: int, inst: int) -> None:
        self.biz = self.biz[:col] + (inst,) + self.biz[col + 1 :]

    def set_asset(self, slot: int, inst: int) -> None:
        self.assets = self.assets[:slot] + (inst,) + self.assets[slot + 1 :]

    def pay(self, amount: int) -> None:
        """Pay to the bank (or to a rival); a stash may go negative (§3.3)."""
        self.stash -= amount
        if self.stash < 0:
            self.went_negative = True

    def win(self, move: int) -> None:
        self.wins = self.wins[:move] + (self.wins[move] + 1,) + self.wins[move + 1 :]

    # -------------------------------------------------------------- facts
    @property
    def boss(self) -> Mob | None:
        return self.mobs[BOSS_COL]

    def active(self, col: int) -> bool:
        m = self.mobs[col]
        return m is not None and not m.jailed

    def purchases(self) -> int:
        """Cards bought in this Market, of all three types."""
        b = self.buys
        return b[0] + b[1] + b[2]

    def market_row(self, t: int) -> tuple[int, ...]:
        if t == GANGSTER:
            return self.g_row
        return self.b_row if t == BUSINESS else self.a_row


def type_of_inst(inst: int) -> int:
    """GANGSTER, BUSINESS or ASSET."""
    return GANGSTER if inst < B0 else BUSINESS if inst < A0 else ASSET


def partner_slot(slot: int) -> int:
    """The other Asset slot of the same column."""
    return (slot + COLUMNS) % ASSET_SLOTS


# `determinize` (hidden.py), imported once: a function-level import on every call went through
# the import machinery each time (a search determinizes every few iterations).
_DETERMINIZE: Final[list[Callable[[MafiaState, int, Any], MafiaState]]] = []


class MafiaState(GameState):
    __slots__ = (
        "content",
        "syn",
        "round",
        "phase",
        "first",
        "first_rolls",
        "event",
        "event_deck",
        "events_seen",
        "mods",
        "lane_start",
        "lane_init",
        "last_roll",
        "last_deal",
        "turn",
        "syndicates",
        "observer",
        "final",
    )
    game_name = "mafia_chronicles"

    options: Options
    content: Content
    syn: tuple[Syndicate, ...]
    round: int  # 1–4 (0 during setup)
    phase: str  # setup, market, events, moves, income, over
    first: int  # the first player (§3)
    first_rolls: tuple[tuple[int, ...], ...]  # the D5 rolls for first player, re-rolls after (−1: not rolling)
    event: int  # this round's Event card (−1: none yet)
    event_deck: tuple[int, ...]  # order secret
    events_seen: tuple[int, ...]
    mods: RoundMods
    lane_start: tuple[Syndicate, ...] | None  # every syndicate as a simultaneous phase opened (views, determinize)
    lane_init: tuple[tuple[Step[Any], ...], ...]  # each seat's first lane steps of the open phase
    last_roll: dict[str, Any]  # the last move's dice and outcome (public); replaced, never mutated
    last_deal: str  # how the last negotiation ended (public: the parties' names, never the offers)
    turn: int  # the syndicate making a move (Moves phase), −1 otherwise
    syndicates: tuple[int, ...]  # the syndicate (index in setting.toml) each seat plays
    observer: int  # the seat a determinization was drawn for (−1: the real game); evaluation.py reads it
    final: Result | None  # the result, kept once the game is over: a simulated game's row and stats both read it

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.content = self.content
        new.syn = tuple(y.copy() for y in self.syn)
        new.round = self.round
        new.phase = self.phase
        new.first = self.first
        new.first_rolls = self.first_rolls
        new.event = self.event
        new.event_deck = self.event_deck
        new.events_seen = self.events_seen
        new.mods = self.mods
        new.lane_start = self.lane_start  # snapshots are never changed: shared
        new.lane_init = self.lane_init
        new.last_roll = self.last_roll
        new.last_deal = self.last_deal
        new.turn = self.turn
        new.syndicates = self.syndicates
        new.observer = self.observer
        new.final = self.final

    # ------------------------------------------------------------- dice
    def d5(self) -> int:
        """One roll of the D5 (§3), from the state's stream (a lane's own inside a lane): the
        engine's `draw`, which tests script."""
        return self.draw(5) + 1

    def shuffle(self, items: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        out, self.rng = rng_shuffled(self.rng, items)
        return tuple(out)

    # ------------------------------------------------------------ names
    def syndicate_name(self, seat: int) -> str:
        return self.content.setting.syndicates[self.syndicate_ids()[seat]].name

    def syndicate_ids(self) -> tuple[int, ...]:
        """The syndicate (index in setting.toml) each seat plays."""
        return self.syndicates

    def card_name(self, inst: int) -> str:
        return self.content.name(inst)

    # ------------------------------------------------------- engine interface
    def result(self) -> Result:
        from .rules.scoring import result

        if self.final is None:
            self.final = result(self)  # raises while the game goes on; an ended game no longer changes
        return self.final

    def hidden_piles(self) -> tuple[Any, ...]:
        """The decks shuffled at set-up (the engine's take-back points, engine/takeback.py): an Event
        turned, a syndicate's market cards turned up."""
        piles: tuple[Any, ...] = (self.event_deck,)
        return piles + tuple([(y.g_deck, y.b_deck, y.a_deck) for y in self.syn])

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Any) -> MafiaState:
        if not _DETERMINIZE:  # hidden.py imports this module: found on first use, then kept
            from .hidden import determinize

            _DETERMINIZE.append(determinize)
        return _DETERMINIZE[0](self, seat, rng)
