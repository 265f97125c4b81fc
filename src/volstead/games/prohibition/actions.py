"""Prohibition's fixed action space (the learning contract, docs/learning.md): every option the game
can offer has one stable number in [0, N).

Each kind of decision owns a run of numbers, in `KINDS` order, and its option codes map onto that run
by a shift (`number = first + code + shift`) or, for the two kinds whose codes are sparse (an Action's
spaces and Attacks, a Call for Help's Goons and Guards), by a table. Codes are Blocks, Schemes, Fed
and Infamy cards, spaces, amounts or a kind's sentinels (done, no, fight, bribe...), so a number names
the same choice in every game of the same card set — whatever the number of gangs: the space counts
every Block of the map (the 4-gang Neighborhoods too), so one policy plays 2, 3 or 4 gangs.
Pure arithmetic on `decision.codes` (option-id strings are never built); compiled with the rules.
"""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.decision import Decision
from volstead.engine.errors import VolsteadError

from .content.loader import Content, default_content
from .content.models import BUILDING_KINDS
from .rules.conflict import SPOILS_IDS
from .state import CHARM, EXTORTION, OPEN_IDS, SPACES, ProhibitionState

ATTACK_CODE: Final = 100  # rules/actions.py: an Action's code ATTACK + Block leads an Attack from that Block

# Every kind of decision, in numbering order (the order of their runs of numbers).
KINDS: Final[tuple[str, ...]] = (
    "draft_scheme",
    "keep_infamy",
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
)


class Numbering:
    """The action space of one card set: per kind, its first number, size, shift or table."""

    __slots__ = ("content", "count", "first", "size", "shift", "table", "kinds")

    def __init__(self, c: Content):
        blocks = len(c.block_ids)
        schemes, feds, infamy = len(c.schemes), len(c.feds), len(c.infamy)
        units = c.board.limits.units_per_block
        # kind: (how many numbers, shift of a code, table code -> index in the run or None)
        action_table = [-1] * (ATTACK_CODE + blocks)
        for sp in range(SPACES):
            action_table[sp] = sp
        for b in range(blocks):
            action_table[ATTACK_CODE + b] = SPACES + b
        help_table = [-1] * (units * 8 + units + 1)  # rules/conflict.py: code = Goons * 8 + Guards
        for goons in range(units + 1):
            for guards in range(units + 1):
                help_table[goons * 8 + guards] = goons * (units + 1) + guards
        specs: dict[str, tuple[int, int, tuple[int, ...] | None]] = {
            "draft_scheme": (schemes, 0, None),
            "keep_infamy": (infamy, 0, None),
            "action": (SPACES + blocks, 0, tuple(action_table)),
            "place_goon": (blocks, 0, None),
            "move_from": (1 + 2 * blocks, 1, None),  # done (-1), then Block * 2 + (1 for a Guard)
            "move_to": (2 * blocks, 0, None),
            "stock": (1 + blocks, 1, None),  # done (-1), then Blocks
            "build_block": (blocks, 0, None),
            "place_guard": (blocks, 0, None),
            "stock_new": (2, 0, None),  # leave (0), stock (1)
            "drug_store": (len(BUILDING_KINDS), 0, None),
            "attack_goons": (units, -1, None),  # 1..4 Goons
            "attack_target": (blocks, 0, None),
            "retreat": (blocks, 0, None),
            "call_for_help": (1 + blocks, 1, None),  # no help (-1), then Blocks
            "help_units": ((units + 1) * (units + 1), 0, tuple(help_table)),
            "fight_or_retreat": (1 + blocks, 1, None),  # fight (-1), then Blocks to retreat to
            "pip": (6, 0, None),  # the die's value, 0-5 (a Tactic may lower a die to 0)
            "tactic": (1 + schemes, 1, None),  # no Tactic (-1), then Schemes
            "press_on": (1 + blocks, 1, None),  # continue (-1), then Blocks to retreat to
            "spoils": (len(SPOILS_IDS), 0, None),
            "fed_order": (feds, 0, None),
            "fed_card": (3 + blocks, 3, None),  # bit (-3), face (-2), bribe (-1), then Ward Machine Payoffs
            "fed_loss": (blocks, 0, None),
            "complete_scheme": (1 + schemes, 1, None),  # keep (-1), then Schemes
        }
        self.content = c
        self.kinds = KINDS
        self.first: dict[str, int] = {}
        self.size: dict[str, int] = {}
        self.shift: dict[str, int] = {}
        self.table: dict[str, tuple[int, ...]] = {}
        n = 0
        for kind in KINDS:
            size, shift, table = specs[kind]
            self.first[kind] = n
            self.size[kind] = size
            if table is None:
                self.shift[kind] = n + shift
            else:
                self.table[kind] = tuple(n + i if i >= 0 else -1 for i in table)
            n += size
        self.count = n

    def numbers(self, kind: str, codes: tuple[Any, ...]) -> tuple[int, ...]:
        shift = self.shift.get(kind)
        if shift is not None:
            return tuple([code + shift for code in codes])
        table = self.table.get(kind)
        if table is None:
            raise VolsteadError(f"Prohibition has no action numbers for a decision of kind {kind!r}")
        return tuple([table[code] for code in codes])

    def name(self, number: int) -> str:
        """`kind: option id`, the option id as the rules write it (rules/*.py `option_id`), but for a
        Fed card's loss (`fed_loss: block:ID`: the id depends on what is lost)."""
        if not 0 <= number < self.count:
            raise VolsteadError(f"action {number} is out of range: Prohibition's actions are 0–{self.count - 1}")
        c = self.content
        kind = KINDS[0]
        for k in KINDS:
            if self.first[k] <= number:
                kind = k
        blocks = c.block_ids
        if kind in self.table:
            code = self.table[kind].index(number)
        else:
            code = number - self.shift[kind]
        what: str
        if kind == "draft_scheme":
            what = "keep:" + c.schemes[code].id
        elif kind == "keep_infamy":
            what = "infamy:" + c.infamy[code].id
        elif kind == "action":
            what = "attack:" + blocks[code - ATTACK_CODE] if code >= ATTACK_CODE else "space:" + space_id(c, code)
        elif kind == "place_goon":
            what = "goon:" + blocks[code]
        elif kind == "move_from":
            what = "done" if code < 0 else ("lift_guard:" if code & 1 else "lift_goon:") + blocks[code >> 1]
        elif kind == "move_to":
            what = ("guard:" if code & 1 else "goon:") + blocks[code >> 1]
        elif kind == "stock":
            what = "done" if code < 0 else "stock:" + blocks[code]
        elif kind == "build_block":
            what = "build:" + blocks[code]
        elif kind == "place_guard":
            what = "guard:" + blocks[code]
        elif kind == "stock_new":
            what = "stock" if code else "leave"
        elif kind == "drug_store":
            what = "kind:" + c.buildings.buildings[code].id
        elif kind == "attack_goons":
            what = f"goons:{code}"
        elif kind == "attack_target":
            what = "target:" + blocks[code]
        elif kind == "retreat":
            what = "to:" + blocks[code]
        elif kind == "call_for_help":
            what = "no_help" if code < 0 else "help:" + blocks[code]
        elif kind == "help_units":
            what = f"bring:{code >> 3}:{code & 7}"
        elif kind == "fight_or_retreat":
            what = "fight" if code < 0 else "retreat:" + blocks[code]
        elif kind == "pip":
            what = f"pip:{code}"
        elif kind == "tactic":
            what = "no_tactic" if code < 0 else "tactic:" + c.schemes[code].id
        elif kind == "press_on":
            what = "continue" if code < 0 else "retreat:" + blocks[code]
        elif kind == "spoils":
            what = SPOILS_IDS[code]
        elif kind == "fed_order":
            what = "fed:" + c.feds[code].id
        elif kind == "fed_card":
            what = ("bit", "face", "bribe")[code + 3] if code < 0 else "payoff:" + blocks[code]
        elif kind == "fed_loss":
            what = "block:" + blocks[code]
        else:  # complete_scheme
            what = "keep" if code < 0 else "complete:" + c.schemes[code].id
        return f"{kind}: {what}"


def space_id(c: Content, space: int) -> str:
    """rules/actions.py's `space_id`, from the card set alone."""
    if space < 6:
        return c.buildings.buildings[space].id
    if space in EXTORTION:
        return c.extortion[space - CHARM].id
    return OPEN_IDS[space]


# The numbering of the card set last asked for (a game's states share one Content; a new card set
# builds its own): found by identity, so a step pays one comparison.
_NUMBERING: list[Numbering] = []


def numbering(c: Content) -> Numbering:
    if _NUMBERING and _NUMBERING[0].content is c:
        return _NUMBERING[0]
    t = Numbering(c)
    _NUMBERING[:] = [t]
    return t


def action_count(cards: str) -> int:
    return numbering(default_content(cards)).count


def action_numbers(state: ProhibitionState, decision: Decision) -> tuple[int, ...]:
    """Each option's number, in option order (`Game.action_numbers`)."""
    return numbering(state.content).numbers(decision.kind, decision.codes)


def action_name(number: int, cards: str) -> str:
    return numbering(default_content(cards)).name(number)
