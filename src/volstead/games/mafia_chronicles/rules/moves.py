"""The Moves phase (§6): turns, legal moves and targets, and what each move does."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from volstead.engine.step import SeatStep, Step
from volstead.engine.tuples import replaced

from .. import refs
from ..state import (
    ASSET_SLOTS,
    BOSS_COL,
    COLUMNS,
    FIX,
    FLIP,
    FRAME,
    GANGSTER_COLS,
    HEIST,
    MAX_HEAT,
    MOVE_NAMES,
    MURDER,
    SHIPMENT,
    SMUGGLE,
    STEAL,
    TORCH,
    UNDERBOSS_COL,
    MafiaState,
    Mob,
    Syndicate,
)
from .dice import (
    DAMAGE_TEXT,
    DAMAGED,
    DISCARDED,
    NO_EFFECT,
    Contest,
    Outcomes,
    contest,
    damage_for,
    heat_for,
    odds,
    outcomes,
    unopposed,
)
from .labels import COLUMN_NAMES, THE_COLUMN, markers, mob_text, money, move_title
from .market import empty_slots
from .ratings import (
    COOL_HEAD,
    DEFENSE_ROLL,
    LOYAL,
    MENACE,
    PAYOUT,
    ROLL,
    THICK_SKIN,
    grit,
    move_rating,
    move_slot,
    perk_total,
    printed,
    smarts,
)

BANK_PAYOUT: Final = 100  # Murder (a Gangster), Torch, Frame (§6.5)
STEAL_PER_EDGE: Final = 20
SMUGGLE_PER_EDGE: Final = 25
FRAME_HEAT: Final = 3
# $0–$100K in $10K steps
FIX_FEE_STEP: Final = 10
FIX_FEE_STEPS: Final = 10
BACK: Final[tuple[str, ...]] = ("back",)
HEAT_MOVES: Final[tuple[int, ...]] = (MURDER, TORCH, STEAL, SMUGGLE)  # §6.7
# What a successful move did to its target, for the story (a stash Steal's amount says it all)
SUCCESS_WORDS: Final[dict[int, str]] = {
    MURDER: "the target is discarded",
    TORCH: "the Business is discarded, −1 Grit to its column",
    STEAL: "the Asset is taken, −1 Grit to its column",
    FLIP: "the card changes sides",
    FRAME: "+3 Heat to the target",
    FIX: "Jail, Heat and damage removed",
}


# ------------------------------------------------------------------ markers
def add_heat(y: Syndicate, col: int, n: int) -> None:
    """+n Heat, never above 5; 5 Heat = Jail at once (§6.8)."""
    mob = y.mobs[col]
    if mob is None or n <= 0 or mob.jailed:
        return
    heat = min(MAX_HEAT, mob.heat + n)
    y.set_mob(col, replaced(mob, heat=heat, jailed=heat >= MAX_HEAT))


def damage(s: MafiaState, y: Syndicate, col: int, index: int) -> None:
    """−1 to a rating (0 Smarts, 1 Grit, 2 move 1, 3 move 2), stacking down to 0 (§6.9)."""
    mob = y.mobs[col]
    if mob is None or printed(s, mob)[index] <= 0:
        return
    name = ("d_smarts", "d_grit", "d_move1", "d_move2")[index]
    y.set_mob(col, replaced(mob, **{name: getattr(mob, name) + 1}))


def exhaust(y: Syndicate, col: int) -> None:
    mob = y.mobs[col]
    if mob is not None and not mob.exhausted:
        y.set_mob(col, replaced(mob, exhausted=True))


def ready(y: Syndicate, col: int) -> bool:
    """Active and energized: it can make a move."""
    mob = y.mobs[col]
    return mob is not None and not mob.jailed and not mob.exhausted


# ------------------------------------------------------------------ turns
class OpenMoves(Step[MafiaState]):
    __slots__ = ()
    auto = True
    kind = "open_moves"

    def run(self, s: MafiaState) -> None:
        s.phase = "moves"
        s.stack.append(NextMover(s.first))


class NextMover(Step[MafiaState]):
    """The next syndicate clockwise with an energized active card makes one move; none: the phase ends."""

    __slots__ = ("start",)
    auto = True
    kind = "next_mover"

    def __init__(self, start: int):
        self.start = start

    def run(self, s: MafiaState) -> None:
        for k in range(s.seats):
            seat = (self.start + k) % s.seats
            y = s.syn[seat]
            if any(ready(y, c) for c in range(COLUMNS)):
                s.turn = seat
                s.stack += [NextMover((seat + 1) % s.seats), MoveMenu(seat)]
                return
        s.turn = -1


class MoveMenu(SeatStep[MafiaState]):
    """Choose a Boss/Gangster and one of its moves, or pass with it, or declare out of moves.
    `backed`: the syndicate already went back from a target once this turn; it may not again
    (a game must end: a bot could go back and forth for ever)."""

    __slots__ = ("backed",)
    kind = "move"

    def __init__(self, seat: int, backed: bool = False):
        super().__init__(seat)
        self.backed = backed

    def prompt(self, s: MafiaState) -> str:
        return f"Round {s.round}, Moves: choose a Boss/Gangster and its move"

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        seat = self.seat_
        y = s.syn[seat]
        out: list[tuple[Any, ...]] = []
        for col in range(COLUMNS):
            if not ready(y, col):
                continue
            mob = y.mobs[col]
            assert mob is not None
            for move in s.content.g_moves[mob.card]:
                if move == s.mods.banned_move or move_rating(s, y, col, move) < 1:
                    continue
                if move == SMUGGLE or targets(s, seat, col, move):
                    out.append((col, move))
                if move in (SMUGGLE, STEAL) and not mob.talked:
                    from .chains import chain_ready

                    chain = SHIPMENT if move == SMUGGLE else HEIST
                    if chain_ready(s, seat, col, chain):
                        out.append((col, chain))
        out += [("pass", c) for c in range(COLUMNS) if ready(y, c)]
        out.append(("out",))
        return tuple(out)

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        seat = self.seat_
        y = s.syn[seat]
        if code[0] == "pass":
            exhaust(y, code[1])
            s.last_roll = {"round": s.round, "seat": seat, "col": code[1], "pass": True}
            return
        if code[0] == "out":
            for c in range(COLUMNS):
                if ready(y, c):
                    exhaust(y, c)
            s.last_roll = {"round": s.round, "seat": seat, "out": True}
            return
        col, move = code
        if move == SMUGGLE:
            s.stack.append(Resolve(seat, col, SMUGGLE, ()))
        elif move in (SHIPMENT, HEIST):
            from .chains import ChooseLink

            s.stack.append(ChooseLink(seat, col, move, (), not self.backed))
        else:
            s.stack.append(ChooseTarget(seat, col, move, not self.backed))

    def unavailable(self, s: MafiaState) -> tuple[tuple[str, str], ...]:
        """Moves people would look for: the card has the icon but no rating, no target, or the Event bans it."""
        seat = self.seat_
        y = s.syn[seat]
        out = []
        for col in range(COLUMNS):
            if not ready(y, col):
                continue
            mob = y.mobs[col]
            assert mob is not None
            for move in s.content.g_moves[mob.card]:
                what = f"{s.card_name(mob.card)}: {move_title(move)}"
                if move == s.mods.banned_move:
                    out.append((what, "banned this round by the Event"))
                elif move_rating(s, y, col, move) < 1:
                    out.append((what, "its rating is 0 (§6.5)"))
                elif move != SMUGGLE and not targets(s, seat, col, move):
                    out.append((what, "no legal target"))
        return tuple(out)

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code[0] == "out":
            return "out"
        if code[0] == "pass":
            return f"pass:{code[1]}"
        return f"{MOVE_NAMES[code[1]]}:{code[0]}"

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        y = s.syn[self.seat_]
        if code[0] == "out":
            return "Out of moves (exhaust every card left)"
        if code[0] == "pass":
            return f"Pass with {mob_text(s, self.seat_, code[1])}"
        col, move = code
        mob = y.mobs[col]
        assert mob is not None
        base = SMUGGLE if move == SHIPMENT else STEAL if move == HEIST else move
        r = move_rating(s, y, col, base)
        if move == SMUGGLE:
            low, high = SMUGGLE_PER_EDGE * max(2, r + 1), SMUGGLE_PER_EDGE * min(10, r + 5)
            return f"{s.card_name(mob.card)}: Smuggle (rating {r}; always succeeds: {money(low)}–{money(high)})"
        return f"{s.card_name(mob.card)}: {move_title(move)} (rating {r})"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        """The calculator before the roll (§6.4): exact odds with Heat and damage (rules/odds.py)."""
        if code[0] in ("out", "pass"):
            return ""
        from .odds import menu_help

        return menu_help(s, self.seat_, code[0], code[1])

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        """The Boss/Gangster that moves or passes (its moves are the buttons after the click)."""
        if code[0] == "out":
            return refs.NONE
        return refs.mob(s, self.seat_, code[1] if code[0] == "pass" else code[0])

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        seat = self.seat_
        if code[0] == "out":
            return "is out of moves: every card it has left is exhausted."
        if code[0] == "pass":
            return f"passes with {mover_text(s, seat, code[1])}: it is exhausted."
        col, move = code
        who = mover_text(s, seat, col)
        if move in (SHIPMENT, HEIST):
            return f"moves {who}: sets up a {move_title(move)}."
        return f"moves {who}: {move_title(move)}."

    def option_group(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code[0] == "out":
            return ""
        col = code[1] if code[0] == "pass" else code[0]
        mob = s.syn[self.seat_].mobs[col]
        return s.card_name(mob.card) if mob is not None else ""


# ------------------------------------------------------------------ targets
def mover_text(s: MafiaState, seat: int, col: int) -> str:
    """ "Vito Marino (Boss column)": one's own card, for log sentences."""
    mob = s.syn[seat].mobs[col]
    return f"{s.card_name(mob.card) if mob is not None else 'nobody'} ({COLUMN_NAMES[col]})"


def target_refs(s: MafiaState, target: tuple[Any, ...]) -> tuple[str, ...]:
    """A target as the board shows it: the card; a stash, then the Gangster it is rolled against
    when the thief may choose which (no active Underboss, §6.5)."""
    kind, t, c = target
    v = s.syn[t]
    if kind == "mob":
        return refs.mob(s, t, c)
    if kind == "biz":
        return (refs.card(v.biz[c]),)
    if kind == "asset":
        return (refs.card(v.assets[c]),)
    if c < 0 or c == UNDERBOSS_COL:
        return (refs.stash(t),)
    return (refs.stash(t), *refs.mob(s, t, c))


def _may_target(s: MafiaState, mob: Mob, seat: int, t: int, move: int) -> bool:
    """Only Fix targets one's own syndicate (§6.3); a flipped card spares its old one this round (§6.5)."""
    if t == seat and move != FIX:
        return False
    return mob.flipped_from != t


def targets(s: MafiaState, seat: int, col: int, move: int) -> list[tuple[Any, ...]]:
    """Every legal target of `move` by the card in (seat, col)."""
    y = s.syn[seat]
    mob = y.mobs[col]
    assert mob is not None
    boss = col == BOSS_COL
    out: list[tuple[Any, ...]] = []
    for t in range(s.seats):
        if not _may_target(s, mob, seat, t, move):
            continue
        v = s.syn[t]
        if move in (MURDER, FLIP, FRAME):
            if move == FLIP and not any(y.mobs[c] is None for c in GANGSTER_COLS):
                continue  # a flipped card needs an empty Gangster slot (§6.5)
            for c in range(COLUMNS):
                target = v.mobs[c]
                if target is None:
                    continue
                if c == BOSS_COL and (not boss or (move != FRAME and s.round == 1)):
                    continue  # §6.10: Gangsters can't Murder/Frame/Flip a Boss; no Boss flipped or murdered in round 1
                if move == FRAME and target.jailed:
                    continue  # Heat cannot rise past 5 (docs: a Frame that changes nothing pays nothing)
                if move == FLIP and perk_total(s, v, c, LOYAL):
                    continue
                out.append(("mob", t, c))
        elif move == FIX:
            for c in range(COLUMNS):
                target = v.mobs[c]
                if target is not None and (target.heat or target.damage or target.jailed):
                    out.append(("mob", t, c))
        elif move == TORCH:
            out += [("biz", t, c) for c in range(COLUMNS) if v.biz[c] >= 0]
        elif move == STEAL:
            out += stash_targets(v, t)
            for k in range(ASSET_SLOTS):
                a = v.assets[k]
                if a >= 0 and empty_slots(s, y, a):
                    out.append(("asset", t, k))
    return out


def stash_targets(v: Syndicate, t: int) -> list[tuple[Any, ...]]:
    """§6.5 Steal: against the Underboss; without an active one, any active Gangster of the
    thief's choice; with Gangsters but none active, unopposed; with none, no stash steal."""
    if not any(v.mobs[c] is not None for c in GANGSTER_COLS):
        return []
    if v.active(UNDERBOSS_COL):
        return [("stash", t, UNDERBOSS_COL)]
    actives = [c for c in GANGSTER_COLS if v.active(c)]
    return [("stash", t, c) for c in actives] if actives else [("stash", t, -1)]


def defender(s: MafiaState, target: tuple[Any, ...], move: int) -> int:
    """The column of the card that rolls against the move, −1 for none (automatic success)."""
    kind, t, c = target
    v = s.syn[t]
    if kind == "mob":
        return c
    if kind == "asset":
        c = c % COLUMNS
    if kind == "stash" and c < 0:
        return -1
    return c if v.active(c) else -1


class ContestInputs(NamedTuple):
    """What a move is rolled with (`contest`): the attacker's rating and roll bonus, the defender's
    rating, roll bonus and the attacker's Menace; `fixed` ≥ 0: a defence that is not rolled (a
    jailed Fix target's Heat); `defended` False: an automatic success (no defender)."""

    rating: int
    bonus: int
    d_rating: int = 0
    d_bonus: int = 0
    menace: int = 0
    fixed: int = -1
    defended: bool = True


def contest_inputs(s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...]) -> ContestInputs:
    """The numbers `resolve` rolls `move` of the card in (seat, col) against `target` with."""
    y = s.syn[seat]
    rating = move_rating(s, y, col, move)
    bonus = perk_total(s, y, col, ROLL, move)
    if move == SMUGGLE:
        return ContestInputs(rating, bonus, defended=False)
    d = defender(s, target, move)
    if d < 0:
        return ContestInputs(rating, bonus, defended=False)
    v = s.syn[target[1]]
    dm = v.mobs[d]
    assert dm is not None
    if move == FIX:  # §6.5: vs max(Heat, damage) + roll, or a jailed target's Heat alone
        return ContestInputs(rating, bonus, min(5, max(dm.heat, dm.damage)), 0, 0, dm.heat if dm.jailed else -1)
    d_rating = smarts(s, v, d) if move in (FLIP, FRAME) else grit(s, v, d)
    return ContestInputs(rating, bonus, d_rating, perk_total(s, v, d, DEFENSE_ROLL), perk_total(s, y, col, MENACE))


def success_odds(s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...]) -> float:
    """The exact chance the move succeeds (what the table's calculator tells after the roll)."""
    ci = contest_inputs(s, seat, col, move, target)
    if not ci.defended:
        return 1.0
    return odds(ci.rating, ci.bonus, ci.d_rating, ci.d_bonus, ci.menace, ci.fixed)


def move_outcomes(s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...]) -> Outcomes:
    """Every result of the move with its exact probability (`dice.outcomes`)."""
    ci = contest_inputs(s, seat, col, move, target)
    return outcomes(ci.rating, ci.bonus, ci.d_rating, ci.d_bonus, ci.menace, ci.fixed, s.options.damage_bands, ci.defended)


def target_text(s: MafiaState, target: tuple[Any, ...]) -> str:
    kind, t, c = target
    v = s.syn[t]
    if kind == "mob":
        mob = v.mobs[c]
        return mob_text(s, t, c) + (markers(mob) if mob is not None else "")
    if kind == "biz":
        return f"{s.card_name(v.biz[c])} of {s.syndicate_name(t)} ({COLUMN_NAMES[c]})"
    if kind == "asset":
        return f"{s.card_name(v.assets[c])} of {s.syndicate_name(t)} ({COLUMN_NAMES[c % COLUMNS]})"
    if c < 0:
        return f"the stash of {s.syndicate_name(t)} (unguarded)"
    guard = v.mobs[c]
    role = "its Underboss" if c == UNDERBOSS_COL else f"its Gangster in {THE_COLUMN[c]}"
    name = s.card_name(guard.card) if guard is not None else "nobody"
    return f"the stash of {s.syndicate_name(t)} (guarded by {role}, {name})"


def target_id(target: tuple[Any, ...]) -> str:
    if target[0] == "back":
        return "back"
    kind, t, c = target
    return f"stash:{t}" if kind == "stash" and c < 0 else f"{kind}:{t}.{c}"


class ChooseTarget(SeatStep[MafiaState]):
    """The target of the chosen move, with the exact chance of success; or back to the moves (once a turn)."""

    __slots__ = ("col", "move", "may_go_back")
    kind = "target"

    def __init__(self, seat: int, col: int, move: int, may_go_back: bool = True):
        super().__init__(seat)
        self.col = col
        self.move = move
        self.may_go_back = may_go_back

    def prompt(self, s: MafiaState) -> str:
        mob = s.syn[self.seat_].mobs[self.col]
        name = s.card_name(mob.card) if mob is not None else "?"
        return f"{name}: choose the target of the {move_title(self.move)}"

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        found = tuple(targets(s, self.seat_, self.col, self.move))
        return (*found, BACK) if self.may_go_back else found

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        seat = self.seat_
        if code == BACK:
            s.stack.append(MoveMenu(seat, backed=True))
            return
        mob = s.syn[seat].mobs[self.col]
        assert mob is not None
        if self.move == FIX and code[1] != seat and not mob.talked:
            from .negotiation import FixFee

            s.stack.append(FixFee(seat, self.col, code[1], code[2]))
        else:
            s.stack.append(Resolve(seat, self.col, self.move, code))

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return target_id(code)

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == BACK:
            return "Back to the moves"
        p = success_odds(s, self.seat_, self.col, self.move, code)
        return f"{move_title(self.move)} {target_text(s, code)}: {round(100 * p)}% to succeed"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == BACK:
            return ""
        from .odds import target_help

        return target_help(s, self.seat_, self.col, self.move, code)

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        return refs.NONE if code == BACK else target_refs(s, code)

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == BACK:
            return "goes back to the moves."
        p = success_odds(s, self.seat_, self.col, self.move, code)
        who = mover_text(s, self.seat_, self.col)
        return f"aims the {move_title(self.move)} of {who} at {target_text(s, code)}: {round(100 * p)}% to succeed."


# ------------------------------------------------------------------ resolution
class Resolve(Step[MafiaState]):
    """Roll and apply a move (§6.3–6.9)."""

    __slots__ = ("seat_", "col", "move", "target", "fee")
    auto = True
    kind = "resolve"

    def __init__(self, seat: int, col: int, move: int, target: tuple[Any, ...], fee: int = 0):
        self.seat_ = seat
        self.col = col
        self.move = move
        self.target = target
        self.fee = fee

    def run(self, s: MafiaState) -> None:
        resolve(s, self.seat_, self.col, self.move, self.target, self.fee)


def payout(s: MafiaState, y: Syndicate, col: int, move: int) -> int:
    """Extra money of a successful move: the card's Payout perks and this round's Event."""
    extra = perk_total(s, y, col, PAYOUT, move)
    if s.mods.payout_move == move:
        extra += s.mods.payout
    return extra


def success_heat(s: MafiaState, y: Syndicate, col: int, e: int) -> int:
    """Heat after a successful Murder/Torch/Steal/Smuggle (§6.7), less Cool Head, plus the Event's."""
    return max(0, heat_for(e) + s.mods.heat - perk_total(s, y, col, COOL_HEAD))


def resolve(s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...], fee: int = 0) -> None:
    y = s.syn[seat]
    mob = y.mobs[col]
    assert mob is not None
    rating = move_rating(s, y, col, move)
    bonus = perk_total(s, y, col, ROLL, move)
    rec: dict[str, Any] = {
        "round": s.round,
        "seat": seat,
        "col": col,
        "card": s.content.gangsters[mob.card].id,
        "move": MOVE_NAMES[move],
        "rating": rating,
    }
    if move != SMUGGLE:
        rec["target"] = {"kind": target[0], "seat": target[1], "slot": target[2]}
    ci = contest_inputs(s, seat, col, move, target)
    if not ci.defended:
        ct = unopposed(s, rating, bonus)
    else:
        ct = contest(s, rating, bonus, ci.d_rating, ci.d_bonus, ci.menace, ci.fixed)
    rec.update(
        rolls=[list(r) for r in ct.rolls], edge=ct.attack, defence=None if ct.defend < 0 else ct.defend, success=ct.success
    )
    if s.story is not None:  # before the effect: the target's name while it is still there
        what = f" {target_text(s, target)}" if target else ""
        told = f"{s.syndicate_name(seat)}: {s.card_name(mob.card)} tries to {move_title(move)}{what}"
    if ct.success:
        _succeed(s, seat, col, move, target, ct, fee, rec)
    else:
        _fail(s, seat, col, move, ct, rec)
    s.last_roll = rec
    if s.story is not None:
        dice = ", ".join(f"{a} v {d}" if d else str(a) for a, d in ct.rolls)
        edges = f"Edge {ct.attack}" + (f" v {ct.defend}" if ct.defend >= 0 else "")
        if ct.success:
            effect = SUCCESS_WORDS.get(move, "") if target and target[0] != "stash" else ""
            if move == MURDER and target[2] == BOSS_COL:
                effect += ": a Boss murdered (§8)"
            result = (
                "success"
                + (f", {effect}" if effect else "")
                + (f", {money(rec['amount'])}" if rec.get("amount") else "")
                + (f", +{rec['heat']} Heat" if rec.get("heat") else "")
            )
            after = s.syn[seat].mobs[col]
            if rec.get("heat") and after is not None and after.jailed:
                result += f": {s.card_name(mob.card)} goes to Jail (§6.8)"
        elif rec["damage"] == DAMAGE_TEXT[DAMAGED]:
            result = f"failure, −1 {move_title(move)} to {s.card_name(mob.card)} (§6.9)"
        elif rec["damage"] == DAMAGE_TEXT[DISCARDED]:
            result = f"failure, {s.card_name(mob.card)} is discarded (§6.9)"
        else:
            result = "failure, no effect"
        s.tell(f"{told}: rolls {dice}, {edges}: {result}.")


def _succeed(
    s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...], ct: Contest, fee: int, rec: dict[str, Any]
) -> None:
    y = s.syn[seat]
    amount = 0
    place_step: Step[MafiaState] | None = None
    if move == SMUGGLE:
        amount = SMUGGLE_PER_EDGE * ct.attack
    else:
        kind, t, c = target
        v = s.syn[t]
        if move == MURDER:
            victim = v.mobs[c]
            assert victim is not None
            v.gone = v.gone + (victim.card,)
            v.set_mob(c, None)
            v.lost_murder = True
            if c == BOSS_COL:
                y.murdered_boss = True  # a Boss pays victory points, not money (§6.5)
            else:
                amount = BANK_PAYOUT
        elif move == TORCH:
            v.gone = v.gone + (v.biz[c],)
            v.set_biz(c, -1)
            damage(s, v, c, 1)
            amount = BANK_PAYOUT
        elif move == STEAL and kind == "stash":
            amount = STEAL_PER_EDGE * ct.attack
            v.pay(amount)  # into debt if need be (§6.5)
            y.known = y.known + ((t, v.stash, s.round),)
        elif move == STEAL:
            inst = v.assets[c]
            v.set_asset(c, -1)
            damage(s, v, c % COLUMNS, 1)
            slots = empty_slots(s, y, inst)
            if len(slots) == 1:
                y.set_asset(slots[0], inst)
            else:
                place_step = PlaceStolen(seat, inst)
        elif move == FLIP:
            victim = v.mobs[c]
            assert victim is not None
            v.set_mob(c, None)
            joined = replaced(victim, exhausted=False, flipped_from=t, joined=s.round, talked=False)
            free = [k for k in GANGSTER_COLS if y.mobs[k] is None]
            if len(free) == 1:
                y.set_mob(free[0], joined)
            else:
                place_step = PlaceFlipped(seat, joined)
        elif move == FRAME:
            victim = v.mobs[c]
            assert victim is not None
            add_heat(v, c, FRAME_HEAT)
            amount = BANK_PAYOUT
        elif move == FIX:
            victim = v.mobs[c]
            assert victim is not None
            v.set_mob(c, replaced(victim, heat=0, jailed=False, d_smarts=0, d_grit=0, d_move1=0, d_move2=0))
            if fee and t != seat:
                v.pay(fee)
                y.stash += fee
                rec["fee"] = fee
    amount += payout(s, y, col, move)
    if amount > 0:
        y.stash += amount
    elif amount < 0:
        y.pay(-amount)
    heat = success_heat(s, y, col, ct.attack) if move in HEAT_MOVES else 0
    add_heat(y, col, heat)
    exhaust(y, col)
    y.win(move)
    rec.update(amount=amount, heat=heat)
    if place_step is not None:
        s.stack.append(place_step)


def _fail(s: MafiaState, seat: int, col: int, move: int, ct: Contest, rec: dict[str, Any]) -> None:
    y = s.syn[seat]
    result = NO_EFFECT
    if move not in (FIX, SMUGGLE):  # §6.6: failed Fix and Smuggle never damage
        result = damage_for(ct.defend - ct.attack, s.options.damage_bands)
        if result == DISCARDED and perk_total(s, y, col, THICK_SKIN):
            result = DAMAGED
    mob = y.mobs[col]
    assert mob is not None
    if result == DISCARDED:
        y.gone = y.gone + (mob.card,)
        y.set_mob(col, None)
    else:
        if result == DAMAGED:
            damage(s, y, col, 2 + move_slot(s, mob, move))
        exhaust(y, col)
    rec.update(damage=DAMAGE_TEXT[result], heat=0, amount=0)


class PlaceFlipped(SeatStep[MafiaState]):
    """§6.5 Flip: the flipped card goes to an empty Gangster slot, energized."""

    __slots__ = ("mob",)
    kind = "place_flipped"

    def __init__(self, seat: int, mob: Mob):
        super().__init__(seat)
        self.mob = mob

    def prompt(self, s: MafiaState) -> str:
        return f"Which empty Gangster slot does the flipped {s.card_name(self.mob.card)} go to?"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        y = s.syn[self.seat_]
        return tuple(k for k in GANGSTER_COLS if y.mobs[k] is None)

    def choose(self, s: MafiaState, code: int) -> None:
        s.syn[self.seat_].set_mob(code, self.mob)

    def option_id(self, s: MafiaState, code: int) -> str:
        return f"slot:{code}"

    def option_label(self, s: MafiaState, code: int) -> str:
        return f"{s.card_name(self.mob.card)} to {THE_COLUMN[code]}"

    def option_refs(self, s: MafiaState, code: int) -> tuple[str, ...]:
        return (refs.slot(self.seat_, 0, code),)

    def option_said(self, s: MafiaState, code: int) -> str:
        return f"places the flipped {s.card_name(self.mob.card)} in {THE_COLUMN[code]}."


class PlaceStolen(SeatStep[MafiaState]):
    """§6.5 Steal: the stolen Asset goes to an empty Asset slot of the thief's."""

    __slots__ = ("inst",)
    kind = "place_stolen"

    def __init__(self, seat: int, inst: int):
        super().__init__(seat)
        self.inst = inst

    def prompt(self, s: MafiaState) -> str:
        return f"Which empty Asset slot does the stolen {s.card_name(self.inst)} go to?"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(empty_slots(s, s.syn[self.seat_], self.inst))

    def choose(self, s: MafiaState, code: int) -> None:
        s.syn[self.seat_].set_asset(code, self.inst)

    def option_id(self, s: MafiaState, code: int) -> str:
        return f"slot:{code}"

    def option_label(self, s: MafiaState, code: int) -> str:
        return f"{s.card_name(self.inst)} to {THE_COLUMN[code % COLUMNS]} ({'upper' if code < COLUMNS else 'lower'})"

    def option_refs(self, s: MafiaState, code: int) -> tuple[str, ...]:
        return (refs.slot(self.seat_, 2, code),)

    def option_said(self, s: MafiaState, code: int) -> str:
        where = f"{THE_COLUMN[code % COLUMNS]}, {'upper' if code < COLUMNS else 'lower'} Asset slot"
        return f"places the stolen {s.card_name(self.inst)} in {where}."


__all__ = ["MoveMenu", "NextMover", "OpenMoves", "Resolve", "add_heat", "damage", "exhaust", "resolve", "targets"]
