"""Ordering Attacks and Expanding your Turf (rulebook: Ordering Attacks, Expanding your Turf,
Laying Low; the Retreat of Conflict step 6 and of a failed Seize)."""

from __future__ import annotations

from volstead.engine.step import SeatStep

from ..state import CONFLICTS, Attack, ProhibitionState
from .common import block_ref, goons_text, gs, push, units_text, whose


def attack_sources(s: ProhibitionState, seat: int) -> list[int]:
    """Turf Blocks with Goons not Laying Low (no Gangster of theirs on the Block)."""
    bit, goons, gmask = 1 << seat, s.goons, s.gmask
    return [b for b in s.turf(seat) if goons[b] and not gmask[b] & bit]


def is_target(s: ProhibitionState, seat: int, b: int, markers: bool | None = None) -> bool:
    """Can the gang attack Block b? (`markers`: whether it has a Turf marker left, when known.)"""
    o = s.owner[b]
    if o == seat or s.conflicted >> b & 1:  # one Conflict per Block per year
        return False
    if markers is None:
        markers = s.markers_left(seat) > 0
    if o < 0:
        return markers
    if s.goons[b] or s.guards[b]:
        return True
    if s.gangs[o].hq == b:  # an undefended HQ: only to rob it, once a game
        return not s.gangs[o].robbed
    return markers


def _targets(s: ProhibitionState, seat: int, first_only: bool) -> list[int]:
    """The Blocks in play that `is_target` (its tests inlined: the Action menu and the Attack's
    target ask for every Block), ascending; with `first_only`, the first alone. A loop, not a
    generator: compiled, a generator's every step was a call."""
    markers = s.markers_left(seat) > 0
    owner, goons, guards, conflicted, gangs = s.owner, s.goons, s.guards, s.conflicted, s.gangs
    out: list[int] = []
    for b in s.content.in_play[s.seats]:
        o = owner[b]
        if o == seat or conflicted >> b & 1:
            continue
        if o < 0:
            ok = markers
        elif goons[b] or guards[b]:
            ok = True
        elif gangs[o].hq == b:  # an undefended HQ: only to rob it, once a game
            ok = not gangs[o].robbed
        else:
            ok = markers
        if ok:
            out.append(b)
            if first_only:
                break
    return out


def targets(s: ProhibitionState, seat: int) -> list[int]:
    return _targets(s, seat, False)


def has_target(s: ProhibitionState, seat: int) -> bool:
    return bool(_targets(s, seat, True))


def expansion_roll(s: ProhibitionState, seat: int, goons: int, what: str) -> bool:
    """One die per Goon (+ the mat's extra dice for this roll: Seize, or Expand and rob, rolled last);
    any 4 or more succeeds (a mat's extra dice: its `extra_dice_need` or more)."""
    mat = s.gangs[seat].mat
    extra = s.content.mat_seize_dice[mat] if what == "seize" else s.content.mat_expand_dice[mat]
    need = s.content.mat_extra_need[mat]
    dice = s.roll(goons + extra)
    s.last_roll = (seat, what, dice)
    ok = any(d >= 4 for d in dice[:goons]) or any(d >= need for d in dice[goons:])
    if s.story is not None:
        place = s.place(s.attack.block) if s.attack is not None else "the Block"
        goal = {"expand": f"expand into {place}", "seize": f"seize {place}"}.get(what, f"{what} on {place}")
        mats = f" (the last {extra} the mat's, {need}+)" if extra and need != 4 else ""
        s.tell(f"{s.gang_name(seat)} rolls {', '.join(map(str, dice))}{mats} to {goal}: {'success' if ok else 'failure'}.")
    return ok


def take_block(s: ProhibitionState, seat: int, headline: bool) -> None:
    """The attacked Block becomes the attacker's Turf, building and Stock included; its Goons and
    Gangster stay there."""
    a = s.attack
    assert a is not None
    b = a.block
    s.set_block(b, owner=seat, goons=a.goons)
    s.put_gangster(b, seat)
    g = s.gangs[seat]
    g.seizes += 1
    if headline:
        g.headlines += 1
    s.attack = None
    if s.story is not None:
        s.tell(f"{s.gang_name(seat)} takes {s.place(b)}{' (+1 Headline)' if headline else ''}.")


def roll_text(s: ProhibitionState, seat: int, extra: int, left: bool = False) -> str:
    """A roll to Expand or Seize as labels and help say it, the mat's `extra` dice in: "one die per
    Goon, 4+ succeeds", "... and 1 more, 4+ succeeds" or "..., 4+ succeeds, and 1 more die on 5+"."""
    need = s.content.mat_extra_need[s.gangs[seat].mat]
    goons = "one die per Goon left" if left else "one die per Goon"
    if not extra:
        return f"{goons}, 4+ succeeds"
    if need == 4:
        return f"{goons} and {extra} more, 4+ succeeds"
    return f"{goons}, 4+ succeeds, and {extra} more {'die' if extra == 1 else 'dice'} on {need}+"


def pay_for_seize(s: ProhibitionState, seat: int) -> None:
    """The mat's price of a successful Seize, which the rules make free (authored bonuses): `seize_heat`
    degrees of Heat and `seize_gs` Gs (all the Vault holds, if less)."""
    loud = s.bonus(seat, "seize_heat")
    g = s.gangs[seat]
    fee = min(s.bonus(seat, "seize_gs"), g.gs)
    if loud:
        s.add_heat(seat, loud)
    if fee:
        g.gs -= fee
    if (loud or fee) and s.story is not None:
        paid = " and ".join(x for x in (f"{loud} Heat" if loud else "", gs(fee) if fee else "") if x)
        s.tell(f"{s.gang_name(seat)} pays {paid} for the Seize (its mat).")


def rob_hq(s: ProhibitionState, seat: int, victim: int) -> None:
    """Half the victim's Gs (in whole 5 Gs coins), once a game; +1 Headline."""
    v = s.gangs[victim]
    if v.robbed:
        return
    take = v.gs // 10 * 5
    v.gs -= take
    v.robbed = True
    g = s.gangs[seat]
    g.gs += take
    g.robberies += 1
    g.headlines += 1
    if s.story is not None:
        s.tell(f"{s.gang_name(seat)} robs {whose(s, victim)} HQ of {gs(take)} (+1 Headline).")


class AttackGoons(SeatStep[ProhibitionState]):
    """How many Goons of the Block go (at least one)."""

    __slots__ = ("source",)
    kind = "attack_goons"

    def __init__(self, seat: int, source: int):
        super().__init__(seat)
        self.source = source

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return tuple(range(1, s.goons[self.source] + 1))

    def choose(self, s: ProhibitionState, code: int) -> None:
        push(s, AttackTarget(self.seat_, self.source, code))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return f"goons:{code}"

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return goons_text(code)

    def option_help(self, s: ProhibitionState, code: int) -> str:
        left = s.goons[self.source] - code
        return (
            f"{goons_text(left)} stay{'s' if left == 1 else ''} on {s.place(self.source)}."
            if left
            else "The Block is left without Goons."
        )

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, self.source),)  # every count names the same Block: buttons after the click

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"takes {goons_text(code)} of {s.place(self.source)} into the Attack."

    def prompt(self, s: ProhibitionState) -> str:
        return f"How many Goons from {s.place(self.source)} attack?"


class AttackTarget(SeatStep[ProhibitionState]):
    """Which Block the Goons and the Gangster go to; +1 Heat."""

    __slots__ = ("source", "n")
    kind = "attack_target"
    never_lapses = True  # an Attack is offered only with a target (has_target), and choosing its Goons changes none

    def __init__(self, seat: int, source: int, n: int):
        super().__init__(seat)
        self.source = source
        self.n = n

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return tuple(targets(s, self.seat_))

    def choose(self, s: ProhibitionState, code: int) -> None:
        order_attack(s, self.seat_, self.source, self.n, code)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "target:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        o = s.owner[code]
        if o < 0:
            return f"{s.place(code)} (unclaimed)"
        what = units_text(s.goons[code], s.guards[code]) if s.units(code) else "undefended"
        of = f"{whose(s, o)} HQ" if s.gangs[o].hq == code else s.gang_name(o)
        return f"{s.place(code)} ({of}, {what})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        o = s.owner[code]
        if o < 0:
            return "Unclaimed: it becomes your Turf at once (§attacks)."
        if s.units(code):
            hq = " An HQ: its gang may Call for Help and adds a pip in the first round (§hq)." if s.gangs[o].hq == code else ""
            return f"Conflict with {s.gang_name(o)}: rounds of dice, each 4+ wipes out a Unit (§conflict).{hq}"
        dice = roll_text(s, self.seat_, s.content.mat_expand_dice[s.gangs[self.seat_].mat])
        if s.gangs[o].hq == code:
            return f"An undefended HQ: {dice}: success robs half its Gs (§hq)."
        return f"Undefended: {dice}: success takes the Block; otherwise you Retreat (§attacks)."

    def option_group(self, s: ProhibitionState, code: int) -> str:
        return s.content.nbhd_names[code >> 3]  # targets come in Block order: a Neighborhood's are adjacent

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        o, frm = s.owner[code], f"from {s.place(self.source)} with {goons_text(self.n)}"
        if o < 0:  # claimed at once (a Turf marker is left: `targets`)
            return f"takes {s.place(code)} (unclaimed) {frm}."
        of = f"{whose(s, o)} HQ" if s.gangs[o].hq == code else s.gang_name(o)
        return f"attacks {s.place(code)} ({of}) {frm}."

    def prompt(self, s: ProhibitionState) -> str:
        return f"Attack which Block with {goons_text(self.n)} from {s.place(self.source)}?"


def order_attack(s: ProhibitionState, seat: int, source: int, n: int, target: int) -> None:
    from .conflict import StartConflict

    s.set_block(source, goons=s.goons[source] - n)
    s.add_heat(seat, 1)
    o = s.owner[target]
    # told by AttackTarget.option_said (the log's line for the decision)
    if o < 0:  # unclaimed: claimed at once
        s.set_block(target, owner=seat, goons=n)
        s.put_gangster(target, seat)
        return
    hq = s.gangs[o].hq == target
    s.attack = Attack(seat, target, source, n, defender=o, conflict=bool(s.units(target)), hq=hq)
    if s.units(target):
        s.conflicted |= 1 << target
        s.count(CONFLICTS)
        push(s, StartConflict())
        return
    # undefended enemy Turf: roll to Expand (an HQ cannot be taken: success robs it)
    if expansion_roll(s, seat, n, "rob the HQ" if hq else "expand"):
        if hq:
            rob_hq(s, seat, o)
        else:
            take_block(s, seat, headline=False)
            return
    push(s, Retreat(seat))


class Retreat(SeatStep[ProhibitionState]):
    """The attacker's Goons and Gangster go to one Block of its Turf (Units beyond 4 to the
    Hospital); the Gangster Lays Low there."""

    __slots__ = ()
    kind = "retreat"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return tuple(s.turf(self.seat_)) if s.attack is not None else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        a = s.attack
        assert a is not None
        s.place_units(self.seat_, code, a.goons, 0)
        s.put_gangster(code, self.seat_)
        s.attack = None

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "to:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        a = s.attack
        n = a.goons if a is not None else 0
        extra = max(0, n - s.room(code))
        hosp = f", {extra} to the Hospital" if extra else ""
        return f"Retreat to {s.place(code)} ({s.units(code)} Units there{hosp})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        return "Your Gangster Lays Low there: its Goons cannot attack again this year (§attacks)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        a = s.attack
        n = a.goons if a is not None else 0
        extra = max(0, n - s.room(code))
        hosp = f" ({extra} to the Hospital)" if extra else ""
        goons = f" and {goons_text(n)}{hosp}" if n else ""
        return f"retreats with its Gangster{goons} to {s.place(code)}."

    def prompt(self, s: ProhibitionState) -> str:
        return "Retreat: where do your Goons and Gangster go?"
