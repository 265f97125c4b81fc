"""The fixed action space of Scarface 1920 (the learning contract, issue 37; docs/learning.md).

Every option the game can offer has a stable number in [0, N): each decision kind owns a block of
numbers, and an option's place in its block follows from its code alone, looked up in tables of the
card set in use — a card, a Job, a Dealer, a Neighborhood *tile* (not its place on this game's map),
a district, an amount. Seats are counted from the deciding seat (1 = the next rival clockwise), so
the same choice from the same seat has the same number in every game. N depends on the card set
(the variant, a `cards` folder) only, not on the number of seats. No option-id string is built.

A solo tie-break the human takes for the Enforcer (`enforcer_tie` wrapping one of his decisions)
numbers its options as the wrapped decision's kind does; its other ties (which Neighborhood he
seizes, sells in...) have a block of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from volstead.engine.decision import Decision
from volstead.engine.errors import VolsteadError
from volstead.engine.step import Step, step_kind

from .content.tables import Content
from .rules.orders import ORDER_LABELS
from .state import STATS, ScarfaceState

ORDERS: Final[tuple[str, ...]] = tuple(ORDER_LABELS)
BUSINESS_KINDS: Final[tuple[str, ...]] = ("speakeasy", "casino", "brothel")
BUSINESS_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(BUSINESS_KINDS)}
REMOVE_AREAS: Final[tuple[str, ...]] = ("recruits", "safehouses", "hq", "prison", "underworld", "authorities", "jobs")
REMOVE_AREA_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(REMOVE_AREAS)}
RECRUIT_CODES: Final[dict[str, int]] = {"recruit": 0, "promote": 1, "stop": 2}
TIE_WHATS: Final[tuple[str, ...]] = ("sell", "store", "spend", "remove", "business", "seize", "nightclub", "sell_one", "supply")
TIE_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(TIE_WHATS)}
MAX_THUGS: Final = 12  # a gang's thugs: the most sent or riding at once
MAX_RIVALS: Final = 3
MAX_EXTRA: Final = 24  # Dealers Supply extra goods at once (3 a Dealer card, a few cards a Deal)
MAX_WAIVED: Final = 8  # alcohol a truck discount skips

# The decision kinds, in block order (every kind a Scarface decision step has).
KINDS: Final[tuple[str, ...]] = (
    "plan",
    "action",
    "starting_district",
    "starting_hood",
    "starting_goods",
    "draft_job",
    "return_job",
    "recruit",
    "send",
    "move_from",
    "move",
    "choose_deal",
    "extra_goods",
    "hire",
    "card_to_hand",
    "keep_job",
    "keep_dealer",
    "add_business",
    "remove_control",
    "sell_authorities",
    "sell_goods",
    "seize",
    "upgrade",
    "right_hand",
    "place_vehicle",
    "nightclub",
    "remove_thugs",
    "pay_goods",
    "store_goods",
    "sell",
    "truck_discount",
    "job_window",
    "choose_rival",
    "hit",
    "move_police",
    "retrieve_thugs",
    "send_thugs",
    "to_prison",
    "lose_business",
    "lose_upgrade",
    "enforcer_tie",
)
KIND_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(KINDS)}


class ActionTable:
    """The blocks of one card set: `base[kind]` is the first number of a kind's block, `size[kind]`
    its length; C cards, J Jobs (A alternatives at most), D Dealers, K Deal places, T tiles."""

    def __init__(self, c: Content):
        self.content = c
        cards, jobs, dealers, tiles = len(c.cards), len(c.jobs), len(c.dealers), len(c.tiles)
        alts = max([len(a) for a in c.job_alts] or [1])
        deals = 2 + len(c.dealer_deck)  # every Dealer card a Deal of its own, and the two basic ones
        self.cards, self.jobs, self.alts, self.dealers, self.deals, self.tiles = cards, jobs, alts, dealers, deals, tiles
        sizes = {
            "plan": cards + 1,
            "action": 2 * cards + 4 + jobs * alts + jobs + len(ORDERS) + 1,
            "starting_district": 14,
            "starting_hood": tiles,
            "starting_goods": 3,
            "draft_job": jobs,
            "return_job": jobs,
            "recruit": 3,
            "send": 7 * MAX_THUGS,
            "move_from": 7,
            "move": 7 + 2 * 7 * (MAX_THUGS + 1) + 1,
            "choose_deal": deals,
            "extra_goods": MAX_EXTRA + 1,
            "hire": cards,
            "card_to_hand": 2,
            "keep_job": jobs,
            "keep_dealer": dealers * (deals + 1),
            "add_business": 3 * tiles + 1,
            "remove_control": tiles + 1,
            "sell_authorities": 3,
            "sell_goods": 3,
            "seize": tiles,
            "upgrade": len(STATS),
            "right_hand": cards,
            "place_vehicle": 14,
            "nightclub": tiles,
            "remove_thugs": len(REMOVE_AREAS) + 7 + deals,
            "pay_goods": 2 * (deals + tiles),
            "store_goods": 2 * deals + tiles + 1,
            "sell": tiles + 1,
            "truck_discount": MAX_WAIVED + 1,
            "job_window": jobs * alts + 1,
            "choose_rival": MAX_RIVALS,
            "hit": 2 * MAX_RIVALS * 7 + 1,
            "move_police": 49 + 1,
            "retrieve_thugs": 7 + deals + 2 + 1,
            "send_thugs": 7 * MAX_THUGS + 1,
            "to_prison": 9,
            "lose_business": 3 * tiles,
            "lose_upgrade": len(STATS),
            "enforcer_tie": len(TIE_WHATS) * tiles,
        }
        self.size: dict[str, int] = sizes
        self.base: dict[str, int] = {}
        n = 0
        for kind in KINDS:
            self.base[kind] = n
            n += sizes[kind]
        self.count = n
        self._names: list[str] | None = None

    def names(self) -> list[str]:
        """Every number's name (built once, on the first ask)."""
        if self._names is None:
            out: list[str] = []
            for kind in KINDS:
                for local in range(self.size[kind]):
                    out.append(kind + ":" + _local_name(self, kind, local))
            self._names = out
        return self._names


# One table per card set, kept with its content (identity): `_TABLES[id(content)]`.
_TABLES: Final[dict[int, tuple[Content, ActionTable]]] = {}


def table_for(c: Content) -> ActionTable:
    entry = _TABLES.get(id(c))
    if entry is None or entry[0] is not c:
        entry = (c, ActionTable(c))
        _TABLES[id(c)] = entry
    return entry[1]


def _rival(s: ScarfaceState, seat: int, rival: int) -> int:
    """A rival counted from `seat`: 0 for the next clockwise."""
    return (rival - seat) % len(s.players) - 1


def _over(kind: str, value: int, cap: int) -> VolsteadError:
    return VolsteadError(f"Scarface 1920's action numbering has no place for {kind} option {value} (at most {cap})")


# ------------------------------------------------------------------ the kinds' numbering
# Each returns the option's place in its kind's block, from its code (the step for its fields).
def _plan(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return t.cards if code == -1 else int(code)


def _action(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    kind: str = code[0]
    cards = t.cards
    if kind == "order":
        return 2 * cards + 4 + t.jobs * t.alts + t.jobs + ORDER_NUMBER[code[1]]
    if kind == "skill":
        return int(code[2])
    if kind == "match":
        return cards + int(code[2])
    if kind == "boss":
        return 2 * cards + int(code[1])
    if kind == "end":
        return 2 * cards + 4 + t.jobs * t.alts + t.jobs + len(ORDERS)
    if kind == "job":
        j, k = code[1]
        return 2 * cards + 4 + j * t.alts + k
    return 2 * cards + 4 + t.jobs * t.alts + int(code[1])  # activate


ORDER_NUMBER: Final[dict[str, int]] = {o: i for i, o in enumerate(ORDERS)}


def _int_code(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return int(code)


def _tile(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return s.hoods[code].tile


def _tile_or_stop(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return t.tiles if code is None else s.hoods[code].tile


def _starting_district(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return 2 * code[0] + (0 if code[1] == "car" else 1)


def _recruit(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return RECRUIT_CODES[code]


def _send(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code is None:
        return 7 * MAX_THUGS
    return code[0] * MAX_THUGS + code[1] - 1


def _move(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    kind: str = code[0]
    if kind == "thug":
        return int(code[1])
    if kind == "stop":
        return 7 + 2 * 7 * (MAX_THUGS + 1)
    return 7 + (0 if kind == "car" else 7 * (MAX_THUGS + 1)) + code[1] * (MAX_THUGS + 1) + code[2]


def _deal_index(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code >= t.deals:
        raise _over("Deal", code, t.deals - 1)
    return int(code)


def _extra(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code > MAX_EXTRA:
        raise _over("extra goods", code, MAX_EXTRA)
    return int(code)


def _hire(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return int(code[2])


def _card_to_hand(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return 0 if code else 1


def _keep_dealer(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    d, where = code
    if where + 1 > t.deals:
        raise _over("Deal", where, t.deals - 1)
    return d * (t.deals + 1) + where + 1


def _add_business(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code is None:
        return 3 * t.tiles
    return 3 * s.hoods[code[0]].tile + BUSINESS_INDEX[code[1]]


def _lose_business(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return 3 * s.hoods[code[0]].tile + BUSINESS_INDEX[code[1]]


def _sell_goods(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return 2 if code is None else int(code)


def _place_vehicle(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return (0 if code[0] == "car" else 7) + code[1]


def _remove_thugs(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if isinstance(code, str):
        return REMOVE_AREA_INDEX[code]
    if code[0] == "district":
        return len(REMOVE_AREAS) + code[1]
    return len(REMOVE_AREAS) + 7 + _deal_index(t, s, step, code[1])


def _pay_goods(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    good, where, i = code
    place = _deal_index(t, s, step, i) if where == "deal" else t.deals + s.hoods[i].tile
    return good * (t.deals + t.tiles) + place


def _store_goods(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    where: str = code[0]
    if where == "deal":
        return _deal_index(t, s, step, code[1])
    if where == "hood":
        return t.deals + s.hoods[code[1]].tile
    if where == "replace":
        return t.deals + t.tiles + _deal_index(t, s, step, code[1])
    return 2 * t.deals + t.tiles  # return it to the supply


def _truck_discount(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code > MAX_WAIVED:
        raise _over("truck discount", code, MAX_WAIVED)
    return int(code)


def _job_window(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code is None:
        return t.jobs * t.alts
    return code[0] * t.alts + code[1]


def _choose_rival(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return _rival(s, step.seat_, code)


def _hit(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code is None:
        return 2 * MAX_RIVALS * 7
    return (MAX_RIVALS * 7 if step.kill else 0) + _rival(s, step.seat_, code[0]) * 7 + code[1]


def _move_police(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return 49 if code is None else code[0] * 7 + code[1]


def _retrieve_thugs(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if code is None:
        return 7 + t.deals + 2
    where: str = code[0]
    if where == "district":
        return int(code[1])
    if where == "deal":
        return 7 + _deal_index(t, s, step, code[1])
    return 7 + t.deals + (0 if where == "authorities" else 1)


def _to_prison(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    if isinstance(code, str):
        return 7 if code == "hq" else 8
    return int(code)


def _enforcer_tie(t: ActionTable, s: ScarfaceState, step: Any, code: Any) -> int:
    return TIE_INDEX[step.what] * t.tiles + s.hoods[code].tile


Numbering = Callable[[ActionTable, ScarfaceState, Any, Any], int]
LOCAL: Final[dict[str, Numbering]] = {
    "plan": _plan,
    "action": _action,
    "starting_district": _starting_district,
    "starting_hood": _tile,
    "starting_goods": _int_code,
    "draft_job": _int_code,
    "return_job": _int_code,
    "recruit": _recruit,
    "send": _send,
    "move_from": _int_code,
    "move": _move,
    "choose_deal": _deal_index,
    "extra_goods": _extra,
    "hire": _hire,
    "card_to_hand": _card_to_hand,
    "keep_job": _int_code,
    "keep_dealer": _keep_dealer,
    "add_business": _add_business,
    "remove_control": _tile_or_stop,
    "sell_authorities": _sell_goods,
    "sell_goods": _sell_goods,
    "seize": _tile,
    "upgrade": _int_code,
    "right_hand": _int_code,
    "place_vehicle": _place_vehicle,
    "nightclub": _tile,
    "remove_thugs": _remove_thugs,
    "pay_goods": _pay_goods,
    "store_goods": _store_goods,
    "sell": _tile_or_stop,
    "truck_discount": _truck_discount,
    "job_window": _job_window,
    "choose_rival": _choose_rival,
    "hit": _hit,
    "move_police": _move_police,
    "retrieve_thugs": _retrieve_thugs,
    "send_thugs": _send,
    "to_prison": _to_prison,
    "lose_business": _lose_business,
    "lose_upgrade": _int_code,
    "enforcer_tie": _enforcer_tie,
}


def action_numbers(s: ScarfaceState, step: Step, codes: tuple[Any, ...]) -> tuple[int, ...]:
    """Each option's number, in option order (`step` the decision's step, `codes` its options)."""
    t = table_for(s.content)
    kind = step_kind(step)
    if kind == "enforcer_tie" and step.what == "step":  # type: ignore[attr-defined]
        step = step.args[0]  # type: ignore[attr-defined]  # his own decision: its kind's numbers
        kind = step_kind(step)
    local = LOCAL.get(kind)
    if local is None:
        raise VolsteadError(f"Scarface 1920's action numbering has no decision kind {kind!r}")
    base = t.base[kind]
    out: list[int] = []
    for code in codes:
        out.append(base + local(t, s, step, code))
    return tuple(out)


def decision_numbers(s: ScarfaceState, decision: Decision) -> tuple[int, ...]:
    """`action_numbers` of a pending decision (the Game hook)."""
    return action_numbers(s, decision.step, decision.codes)


def action_name(t: ActionTable, number: int) -> str:
    if not 0 <= number < t.count:
        raise VolsteadError(f"Scarface 1920 has no action {number}: its actions are 0 to {t.count - 1}")
    return t.names()[number]


# ------------------------------------------------------------------ names (docs, debugging)
def _local_name(t: ActionTable, kind: str, i: int) -> str:
    c = t.content
    cards = [x.id for x in c.cards]
    jobs = [x.id for x in c.jobs]
    tiles = [x.id for x in c.tiles]
    dealers = [x.id for x in c.dealers]
    districts = c.district_ids
    T, K = t.tiles, t.deals

    def deal(k: int) -> str:
        return f"deal{k + 1}"

    def job_alt(k: int) -> str:
        return f"{jobs[k // t.alts]}:{k % t.alts + 1}"

    def send(k: int) -> str:
        return "stop" if k == 7 * MAX_THUGS else f"{districts[k // MAX_THUGS]}:{k % MAX_THUGS + 1}"

    if kind == "plan":
        return "done" if i == t.cards else cards[i]
    if kind == "action":
        n = t.cards
        if i < n:
            return "skill:" + cards[i]
        if i < 2 * n:
            return "match:" + cards[i - n]
        i -= 2 * n
        if i < 4:
            return f"boss:{i + 1}"
        i -= 4
        if i < t.jobs * t.alts:
            return "job:" + job_alt(i)
        i -= t.jobs * t.alts
        if i < t.jobs:
            return "activate:" + jobs[i]
        i -= t.jobs
        return "order:" + ORDERS[i] if i < len(ORDERS) else "end"
    if kind == "starting_district":
        return f"{districts[i // 2]}:{'car' if i % 2 == 0 else 'truck'}"
    if kind in ("starting_hood", "seize", "nightclub"):
        return tiles[i]
    if kind == "starting_goods":
        return ("2g", "1a1g", "2a")[i]
    if kind in ("draft_job", "return_job", "keep_job"):
        return jobs[i]
    if kind == "recruit":
        return ("recruit", "promote", "stop")[i]
    if kind in ("send", "send_thugs"):
        return send(i)
    if kind == "move_from":
        return districts[i]
    if kind == "move":
        if i < 7:
            return "thug:" + districts[i]
        if i == 7 + 2 * 7 * (MAX_THUGS + 1):
            return "stop"
        i -= 7
        vehicle = "car" if i < 7 * (MAX_THUGS + 1) else "truck"
        i %= 7 * (MAX_THUGS + 1)
        return f"{vehicle}:{districts[i // (MAX_THUGS + 1)]}:{i % (MAX_THUGS + 1)}riders"
    if kind == "choose_deal":
        return deal(i)
    if kind == "extra_goods":
        return f"{i}a"
    if kind in ("hire", "right_hand"):
        return cards[i]
    if kind == "card_to_hand":
        return ("hand", "discard")[i]
    if kind == "keep_dealer":
        d, where = divmod(i, K + 1)
        return f"{dealers[d]}:" + ("new" if where == 0 else f"tuck{where}")
    if kind in ("add_business", "lose_business"):
        return "stop" if i == 3 * T else f"{tiles[i // 3]}:{BUSINESS_KINDS[i % 3]}"
    if kind in ("remove_control", "sell"):
        return "stop" if i == T else tiles[i]
    if kind in ("sell_authorities", "sell_goods"):
        return ("alcohol", "gun", "stop")[i]
    if kind in ("upgrade", "lose_upgrade"):
        return STATS[i]
    if kind == "place_vehicle":
        return f"{'car' if i < 7 else 'truck'}:{districts[i % 7]}"
    if kind == "remove_thugs":
        if i < len(REMOVE_AREAS):
            return REMOVE_AREAS[i]
        i -= len(REMOVE_AREAS)
        return districts[i] if i < 7 else deal(i - 7)
    if kind == "pay_goods":
        good, place = divmod(i, K + T)
        return ("alcohol", "gun")[good] + ":" + (deal(place) if place < K else tiles[place - K])
    if kind == "store_goods":
        if i < K:
            return deal(i)
        if i < K + T:
            return tiles[i - K]
        return "replace:" + deal(i - K - T) if i < 2 * K + T else "return"
    if kind == "truck_discount":
        return f"skip{i}a"
    if kind == "job_window":
        return "pass" if i == t.jobs * t.alts else job_alt(i)
    if kind == "choose_rival":
        return f"rival+{i + 1}"
    if kind == "hit":
        if i == 2 * MAX_RIVALS * 7:
            return "stop"
        verb = "hit" if i < MAX_RIVALS * 7 else "kill"
        i %= MAX_RIVALS * 7
        return f"{verb}:rival+{i // 7 + 1}:{districts[i % 7]}"
    if kind == "move_police":
        return "stop" if i == 49 else f"{districts[i // 7]}:{districts[i % 7]}"
    if kind == "retrieve_thugs":
        if i < 7:
            return districts[i]
        if i < 7 + K:
            return deal(i - 7)
        return ("authorities", "underworld", "stop")[i - 7 - K]
    if kind == "to_prison":
        return districts[i] if i < 7 else ("hq", "authorities")[i - 7]
    if kind == "enforcer_tie":
        return f"{TIE_WHATS[i // T]}:{tiles[i % T]}"
    raise VolsteadError(f"no decision kind {kind!r}")  # pragma: no cover - KINDS lists every kind
