"""The fixed action space of The Mafia Chronicles, for learning agents (the contract's
`action_count`, `action_numbers`, `action_name`; docs/learning.md, "The Mafia Chronicles").

Every option the game can offer has a number, block by block per decision kind (`BLOCKS`), built
once. A number is read off the decision's codes (never its option ids): a table lookup or a base plus
a slot, column or amount. Seats are numbered relative to the deciding seat (0: itself, 1: the next
clockwise), as the observation lists them. A purchase is numbered by the card bought: a Gangster by
its card, a Business or an Asset by its place in the deck's card list (copies repeated), the same
for every syndicate's copy of the deck — so two copies of a Business are two numbers, and the same
card is the same number in every game and seat. The Boss pick (once a game, from the 25 Gangsters
of the syndicate's deck, which the observation leaves out) is numbered by the Gangster's card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from volstead.engine.decision import Decision

from .content.loader import A0, B0, DECK, GANGSTERS, SEATS, default_content
from .rules.chains import SHARE_STEP, SHARE_STEPS, ChooseLink
from .rules.market import DISCARD_CODES, DONE, MOVE_CODES, RELEASE_CODES, SWAP_CODES, PlaceCard, Rearrange
from .rules.moves import FIX_FEE_STEP, FIX_FEE_STEPS
from .state import ASSET_SLOTS, COLUMNS, MOVE_NAMES, MafiaState

ROWS: Final[tuple[str, ...]] = ("gangster", "business", "asset")
ROW_SLOTS: Final[tuple[int, ...]] = (COLUMNS, COLUMNS, ASSET_SLOTS)  # slots of each row of an area
CHAIN_MOVES: Final = len(MOVE_NAMES)  # 7 moves, Shipment, Heist
SHARES: Final = SHARE_STEPS + 1
FEES: Final = FIX_FEE_STEPS + 1
TARGET_KINDS: Final[tuple[str, ...]] = ("mob", "biz", "asset", "stash")

# ------------------------------------------------------------------ the numbering, built once
NAMES: list[str] = []  # the name of every number, in order


def _block(names: list[str]) -> int:
    """Append a block of numbers; its first number."""
    base = len(NAMES)
    NAMES.extend(names)
    return base


def _rel(k: int) -> str:
    return "self" if k == 0 else f"+{k}"


def _row_slot(row: int, slot: int) -> str:
    return f"{ROWS[row]}{slot}" if row != 2 else f"asset_slot{slot}"


PICK_BOSS: Final = _block([f"pick_boss:{g.id}" for g in default_content().gangsters])
# the Market menu: every code but a purchase, by code; purchases by the card bought
MARKET: Final[dict[Any, int]] = {}
for _c in range(COLUMNS):
    MARKET[SWAP_CODES[_c]] = _block([f"market:swap:col{_c}"])
_CARDS = default_content()
BUY: Final = _block(
    [f"market:buy:{g.id}" for g in _CARDS.gangsters]
    + [f"market:buy:business[{k}]:{_CARDS.name(B0 + k)}" for k in range(DECK)]
    + [f"market:buy:asset[{k}]:{_CARDS.name(A0 + k)}" for k in range(DECK)]
)
for _c in range(COLUMNS):
    MARKET[RELEASE_CODES[_c]] = _block([f"market:release:col{_c}"])
for _r in range(3):
    for _k in range(ROW_SLOTS[_r]):
        MARKET[DISCARD_CODES[_r][_k]] = _block([f"market:discard:{_row_slot(_r, _k)}"])
for _r in range(3):
    for _k in range(ROW_SLOTS[_r]):
        MARKET[MOVE_CODES[_r][_k]] = _block([f"market:rearrange:{_row_slot(_r, _k)}"])
MARKET[DONE] = _block(["market:done"])
# where a card goes, by its row then the slot (a bought card, a card rearranged)
PLACE_CARD: Final = _block([f"place_card:{_row_slot(r, k)}" for r in range(3) for k in range(ROW_SLOTS[r])])
REARRANGE: Final = _block([f"rearrange:to:{_row_slot(r, k)}" for r in range(3) for k in range(ROW_SLOTS[r])])
ROW_BASE: Final[tuple[int, ...]] = (0, COLUMNS, 2 * COLUMNS)
EVENT_DONE: Final = _block(["event_done"])
EVENT_CHOICE: Final[dict[Any, int]] = {}
for _what in ("release", "bribe", "heal"):
    for _c in range(COLUMNS):
        EVENT_CHOICE[(_what, _c)] = _block([f"event_choice:{_what}:col{_c}"])
EVENT_CHOICE[("none",)] = _block(["event_choice:none"])
COLLECT: Final = _block(["collect"])
MOVE: Final[dict[Any, int]] = {}
for _c in range(COLUMNS):
    for _m in range(CHAIN_MOVES):
        MOVE[(_c, _m)] = _block([f"move:col{_c}:{MOVE_NAMES[_m]}"])
for _c in range(COLUMNS):
    MOVE[("pass", _c)] = _block([f"move:pass:col{_c}"])
MOVE[("out",)] = _block(["move:out"])
# targets, by the target's seat relative to the mover: TARGET[mover seat][code]
TARGET_NAMES: Final[list[tuple[str, int, int]]] = (
    [("mob", r, c) for r in range(SEATS) for c in range(COLUMNS)]
    + [("biz", r, c) for r in range(SEATS) for c in range(COLUMNS)]
    + [("asset", r, k) for r in range(SEATS) for k in range(ASSET_SLOTS)]
    + [("stash", r, c) for r in range(SEATS) for c in range(-1, COLUMNS)]
)
TARGET_BASE: Final = _block(
    [
        f"target:{kind}:{_rel(r)}:" + (f"slot{c}" if kind == "asset" else "unguarded" if c < 0 else f"col{c}")
        for kind, r, c in TARGET_NAMES
    ]
)
TARGET_BACK: Final = _block(["target:back"])
TARGET: Final[tuple[dict[Any, int], ...]] = tuple(
    {
        **{(kind, (mover + r) % SEATS, c): TARGET_BASE + i for i, (kind, r, c) in enumerate(TARGET_NAMES)},
        ("back",): TARGET_BACK,
    }
    for mover in range(SEATS)
)
LINK_BASE: Final = _block([f"link:{i + 1}:{_rel(r)}:col{c}" for i in range(2) for r in range(SEATS) for c in range(COLUMNS)])
LINK_BACK: Final = _block(["link:back"])
# LINK[initiator seat][links chosen][code]
LINK: Final[tuple[tuple[dict[Any, int], ...], ...]] = tuple(
    tuple(
        {
            **{
                ((seat + r) % SEATS, c): LINK_BASE + (stage * SEATS + r) * COLUMNS + c
                for r in range(SEATS)
                for c in range(COLUMNS)
            },
            ("back",): LINK_BACK,
        }
        for stage in range(2)
    )
    for seat in range(SEATS)
)
PLACE_FLIPPED: Final = _block([f"place_flipped:col{c}" for c in range(COLUMNS)])
PLACE_STOLEN: Final = _block([f"place_stolen:asset_slot{k}" for k in range(ASSET_SLOTS)])
OFFER: Final = _block([f"offer:{SHARE_STEP * k}%" for k in range(SHARES)])
RESPOND: Final[dict[Any, int]] = {"accept": _block(["respond:accept"]), "decline": _block(["respond:decline"])}
for _k in range(SHARES):
    RESPOND[_k] = _block([f"respond:counter:{SHARE_STEP * _k}%"])
FINAL_OFFER: Final[dict[Any, int]] = {}
for _k in range(SHARES):
    FINAL_OFFER[_k] = _block([f"final_offer:{SHARE_STEP * _k}%"])
FINAL_OFFER["off"] = _block(["final_offer:off"])
ACCEPT_FINAL: Final[dict[Any, int]] = {"accept": _block(["accept_final:accept"]), "refuse": _block(["accept_final:refuse"])}
FIX_FEE: Final = _block([f"fix_fee:${FIX_FEE_STEP * k}K" for k in range(FEES)])
FEE_ANSWER: Final[dict[Any, int]] = {"accept": _block(["fee_answer:accept"]), "refuse": _block(["fee_answer:refuse"])}
COUNT: Final = len(NAMES)
NAMES_TUPLE: Final[tuple[str, ...]] = tuple(NAMES)


# ------------------------------------------------------------------ numbers of a decision
def _looked_up(table: dict[Any, int], codes: tuple[Any, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for code in codes:
        out.append(table[code])
    return tuple(out)


def _based(base: int, codes: tuple[Any, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for code in codes:
        out.append(base + code)
    return tuple(out)


def _pick_boss(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _based(PICK_BOSS, d.codes)  # a code is the Gangster card


def _market(s: MafiaState, d: Decision) -> tuple[int, ...]:
    table = MARKET
    out: list[int] = []
    for code in d.codes:
        n = table.get(code, -1)
        if n < 0:  # ("buy", inst): the card, whichever syndicate's copy of the deck it is from
            inst: int = code[1]
            if inst < B0:
                n = BUY + inst
            elif inst < A0:
                n = BUY + GANGSTERS + (inst - B0) % DECK
            else:
                n = BUY + GANGSTERS + DECK + (inst - A0) % DECK
        out.append(n)
    return tuple(out)


def _place_card(s: MafiaState, d: Decision) -> tuple[int, ...]:
    step = d.step
    assert isinstance(step, PlaceCard)
    inst = step.inst
    row = 0 if inst < B0 else 1 if inst < A0 else 2
    return _based(PLACE_CARD + ROW_BASE[row], d.codes)


def _rearrange(s: MafiaState, d: Decision) -> tuple[int, ...]:
    step = d.step
    assert isinstance(step, Rearrange)
    return _based(REARRANGE + ROW_BASE[step.row], d.codes)


def _event_done(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return (EVENT_DONE,)


def _event_choice(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(EVENT_CHOICE, d.codes)


def _collect(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return (COLLECT,)


def _move(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(MOVE, d.codes)


def _target(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(TARGET[d.seat], d.codes)


def _link(s: MafiaState, d: Decision) -> tuple[int, ...]:
    step = d.step
    assert isinstance(step, ChooseLink)
    return _looked_up(LINK[d.seat][len(step.links)], d.codes)


def _place_flipped(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _based(PLACE_FLIPPED, d.codes)


def _place_stolen(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _based(PLACE_STOLEN, d.codes)


def _offer(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _based(OFFER, d.codes)


def _respond(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(RESPOND, d.codes)


def _final_offer(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(FINAL_OFFER, d.codes)


def _accept_final(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(ACCEPT_FINAL, d.codes)


def _fix_fee(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _based(FIX_FEE, d.codes)


def _fee_answer(s: MafiaState, d: Decision) -> tuple[int, ...]:
    return _looked_up(FEE_ANSWER, d.codes)


BY_KIND: Final[dict[str, Callable[[MafiaState, Decision], tuple[int, ...]]]] = {
    "pick_boss": _pick_boss,
    "market": _market,
    "place_card": _place_card,
    "rearrange": _rearrange,
    "event_done": _event_done,
    "event_choice": _event_choice,
    "collect": _collect,
    "move": _move,
    "target": _target,
    "link": _link,
    "place_flipped": _place_flipped,
    "place_stolen": _place_stolen,
    "offer": _offer,
    "respond": _respond,
    "final_offer": _final_offer,
    "accept_final": _accept_final,
    "fix_fee": _fix_fee,
    "fee_answer": _fee_answer,
}


def action_numbers(s: MafiaState, d: Decision) -> tuple[int, ...]:
    """Each option's number, in option order (distinct: a table entry or slot per option)."""
    return BY_KIND[d.kind](s, d)


def action_name(number: int) -> str:
    """What `number` means: "<decision kind>:<what>", seats relative to the deciding one ("+1": the
    next clockwise), rows and slots of its own area, shares and fees as offered."""
    if not 0 <= number < COUNT:
        from volstead.engine.errors import VolsteadError

        raise VolsteadError(f"action {number} is out of range: The Mafia Chronicles has actions 0–{COUNT - 1}")
    return NAMES_TUPLE[number]


__all__ = ["BY_KIND", "COUNT", "action_name", "action_numbers"]
