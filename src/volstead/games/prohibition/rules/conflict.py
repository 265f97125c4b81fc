"""Conflict (rulebook: Conflict steps 1-6, who wins, the defender's Scheme; Stealing Stock,
Torching Buildings, and Seizing Turf; Attacking a Headquarters; Tactics)."""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step
from volstead.engine.tuples import replaced

from ..state import Attack, ProhibitionState
from .attack import Retreat, expansion_roll, pay_for_seize, rob_hq, roll_text, take_block
from .building import give_back_stock
from .common import block_ref, goons_text, gs, heat_text, push, units_text

FIGHT: Final = -1
PRESS: Final = -1
NO: Final = -1
EXTRA_DICE: Final = 0
REROLL_MISSES: Final = 1
PLUS_ONE: Final = 2
CANCEL_HITS: Final = 3
OPP_REROLL_HITS: Final = 4
OPP_MINUS_ONE: Final = 5
SIXES_DOUBLE: Final = 6
STEAL: Final = 0
TORCH: Final = 1
SEIZE: Final = 2
WITHDRAW: Final = 3
SPOILS_IDS: Final[tuple[str, ...]] = ("steal", "torch", "seize", "withdraw")


def att(s: ProhibitionState) -> Attack:
    a = s.attack
    assert a is not None and a.conflict, "no Conflict is in progress"
    return a


def other_blocks(s: ProhibitionState, seat: int, but: int) -> tuple[int, ...]:
    return tuple(b for b, o in enumerate(s.owner) if o == seat and b != but)


def dice_text(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice)) or "none"


class StartConflict(Step[ProhibitionState]):
    """Before the first round: a Headquarters with fewer than 4 Units may Call for Help."""

    __slots__ = ()
    auto = True
    kind = "start_conflict"

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        steps: list[Step[ProhibitionState]] = []
        if a.hq and s.room(a.block) > 0:
            steps.append(CallForHelp(a.defender))
        steps.append(Round(1))
        push(s, *steps)


def help_sources(s: ProhibitionState, seat: int, block: int) -> tuple[int, ...]:
    """Other Turf Blocks that can send Units: Goons not Laying Low, or Guards."""
    return tuple(b for b in other_blocks(s, seat, block) if s.guards[b] or (s.goons[b] and not s.laying_low(b, seat)))


class CallForHelp(SeatStep[ProhibitionState]):
    __slots__ = ()
    kind = "call_for_help"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        a = att(s)
        src = help_sources(s, self.seat_, a.block)
        return src + (NO,) if src and s.room(a.block) > 0 else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code != NO:
            push(s, HelpUnits(self.seat_, code))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "no_help" if code == NO else "help:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return "No help: defend with what is there"
        return f"Call for help from {s.place(code)} ({units_text(s.goons[code], s.guards[code])})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return ""
        return "Goons Laying Low there cannot come; the HQ holds at most 4 Units (§hq)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == NO else (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return "defends the HQ with what is there."
        return f"calls for help from {s.place(code)}."

    def prompt(self, s: ProhibitionState) -> str:
        return "Your HQ is attacked: Call for Help from one other Block?"


class HelpUnits(SeatStep[ProhibitionState]):
    """How many Goons and Guards come: code = goons * 8 + guards."""

    __slots__ = ("source",)
    kind = "help_units"

    def __init__(self, seat: int, source: int):
        super().__init__(seat)
        self.source = source

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        a, b = att(s), self.source
        room = s.room(a.block)
        goons = 0 if s.laying_low(b, self.seat_) else s.goons[b]
        return tuple(g * 8 + d for g in range(goons + 1) for d in range(s.guards[b] + 1) if 1 <= g + d <= room)

    def choose(self, s: ProhibitionState, code: int) -> None:
        a, b = att(s), self.source
        g, d = code >> 3, code & 7
        s.set_block(b, goons=s.goons[b] - g, guards=s.guards[b] - d)
        s.set_block(a.block, goons=s.goons[a.block] + g, guards=s.guards[a.block] + d)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return f"bring:{code >> 3}:{code & 7}"

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Bring {units_text(code >> 3, code & 7)}"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, self.source),)  # every count names the same Block: buttons after the click

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"brings {units_text(code >> 3, code & 7)} from {s.place(self.source)} to the HQ."

    def prompt(self, s: ProhibitionState) -> str:
        return f"How many Units come from {s.place(self.source)} to help?"


class Round(Step[ProhibitionState]):
    """Step 1: Heat (the first round's degree is the Attack's own); then the defender decides."""

    __slots__ = ("n",)
    auto = True
    kind = "round"

    def __init__(self, n: int):
        self.n = n

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        if self.n > 1:
            s.add_heat(a.attacker, 1)
        s.attack = replaced(
            a, round=self.n, att_dice=(), def_dice=(), att_cancel=0, def_cancel=0, att_six=False, def_six=False, played=()
        )
        push(s, FightOrRetreat(a.defender))


class FightOrRetreat(SeatStep[ProhibitionState]):
    """Step 2: the defender fights, or Retreats all its Units to another Turf Block."""

    __slots__ = ()
    kind = "fight_or_retreat"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return (FIGHT,) + other_blocks(s, self.seat_, att(s).block)

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code == FIGHT:
            push(s, Roll())
            return
        b = att(s).block
        goons, guards = s.goons[b], s.guards[b]
        s.set_block(b, goons=0, guards=0)
        s.place_units(self.seat_, code, goons, guards)  # told by option_said
        push(s, AttackerWins())

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "fight" if code == FIGHT else "retreat:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == FIGHT:
            return "Fight"
        return f"Retreat to {s.place(code)} ({s.units(code)} Units there)"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        b = att(s).block
        if code == FIGHT:
            return "Both sides roll a die per Unit; each 4+ wipes out an opposing Unit, Goons first (§conflict)."
        extra = max(0, s.units(b) - s.room(code))
        hosp = f"; {extra} beyond 4 go to the Hospital" if extra else ""
        return f"All your Units leave {s.place(b)} and the attacker wins it{hosp} (§conflict)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, att(s).block if code == FIGHT else code),)  # fight: stand on the attacked Block

    def option_said(self, s: ProhibitionState, code: int) -> str:
        a = att(s)
        if code == FIGHT:
            return f"fights for {s.place(a.block)} (round {a.round})."
        return f"retreats from {s.place(a.block)} to {s.place(code)}."

    def prompt(self, s: ProhibitionState) -> str:
        a = att(s)
        return (
            f"{s.gang_name(a.attacker)} attacks {s.place(a.block)} with {goons_text(a.goons)} (round {a.round}): "
            "fight or retreat?"
        )


class Roll(Step[ProhibitionState]):
    """Step 3: one die per Unit; the HQ's and the mat's pips; then Tactics, defender first."""

    __slots__ = ()
    auto = True
    kind = "roll"

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        a = replaced(a, att_dice=s.roll(a.goons), def_dice=s.roll(s.units(a.block)))
        s.attack = a
        if s.story is not None:
            s.tell(
                f"Round {a.round} at {s.place(a.block)}: {s.gang_name(a.attacker)} rolls "
                f"{dice_text(a.att_dice)}, {s.gang_name(a.defender)} rolls {dice_text(a.def_dice)}."
            )
        steps: list[Step[ProhibitionState]] = []
        if a.round == 1:
            if a.hq:  # "In the first round the Defender adds one pip to one die"
                steps.append(Pip(a.defender))
            steps.extend(Pip(a.attacker) for _ in range(s.bonus(a.attacker, "attack_pip")))
        steps += [Tactic(a.defender), Tactic(a.attacker), Hits()]
        push(s, *steps)


def my_dice(a: Attack, seat: int) -> tuple[int, ...]:
    return a.att_dice if seat == a.attacker else a.def_dice


def set_dice(s: ProhibitionState, seat: int, dice: tuple[int, ...]) -> None:
    a = att(s)
    s.attack = replaced(a, att_dice=dice) if seat == a.attacker else replaced(a, def_dice=dice)


class Pip(SeatStep[ProhibitionState]):
    """Add one pip to one of your dice (code: the value of the die)."""

    __slots__ = ()
    kind = "pip"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return tuple(sorted(set(v for v in my_dice(att(s), self.seat_) if v < 6)))

    def choose(self, s: ProhibitionState, code: int) -> None:
        dice = list(my_dice(att(s), self.seat_))
        dice[dice.index(code)] += 1
        set_dice(s, self.seat_, tuple(dice))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return f"pip:{code}"

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Turn a {code} into a {code + 1}"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        a = att(s)
        return (f"die:{'attacker' if self.seat_ == a.attacker else 'defender'}:{code}",)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"adds a pip: a {code} becomes a {code + 1}."

    def prompt(self, s: ProhibitionState) -> str:
        return f"Add one pip to one of your dice ({dice_text(my_dice(att(s), self.seat_))})"


class Tactic(SeatStep[ProhibitionState]):
    """Step 4: play the Tactic side of one Scheme in hand (it is discarded), or none."""

    __slots__ = ()
    kind = "tactic"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        hand = s.gangs[self.seat_].hand
        return (NO,) + hand if hand else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code == NO:
            return
        seat = self.seat_
        g = s.gangs[seat]
        g.hand = tuple(x for x in g.hand if x != code)
        s.scheme_discard = s.scheme_discard + (code,)
        a = att(s)
        s.attack = replaced(a, played=a.played + ((seat, code),))  # told by option_said
        apply_tactic(s, seat, code)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "no_tactic" if code == NO else "tactic:" + s.content.schemes[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return "No Tactic"
        t = s.content.schemes[code].tactic
        return f"{t.name} ({s.content.schemes[code].name}): {t.text}"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return ""
        return f"The Scheme is discarded: its {s.content.schemes[code].prestige} PP are lost to you (§tactics)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == NO else ("scheme:" + s.content.schemes[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code == NO:
            return "plays no Tactic."
        sc = s.content.schemes[code]
        return f"plays the Tactic {sc.tactic.name} of the Scheme {sc.name}: {sc.tactic.text}"

    def prompt(self, s: ProhibitionState) -> str:
        a = att(s)
        return (
            f"Dice: {s.gang_name(a.attacker)} {dice_text(a.att_dice)}, {s.gang_name(a.defender)} "
            f"{dice_text(a.def_dice)}. Play a Tactic?"
        )


def apply_tactic(s: ProhibitionState, seat: int, card: int) -> None:
    effect, n = s.content.tactic[card]
    a = att(s)
    mine = my_dice(a, seat)
    rival = a.def_dice if seat == a.attacker else a.att_dice
    me_att = seat == a.attacker
    if effect == EXTRA_DICE:
        set_dice(s, seat, mine + s.roll(n))
    elif effect == REROLL_MISSES:
        set_dice(s, seat, tuple(s.roll(1)[0] if v < 4 else v for v in mine))  # modified values
    elif effect == PLUS_ONE:
        push(s, *[Pip(seat) for _ in range(n)])
    elif effect == CANCEL_HITS:
        s.attack = replaced(a, att_cancel=a.att_cancel + n) if me_att else replaced(a, def_cancel=a.def_cancel + n)
    elif effect in (OPP_REROLL_HITS, OPP_MINUS_ONE):
        new = tuple((s.roll(1)[0] if v >= 4 else v) if effect == OPP_REROLL_HITS else max(0, v - 1) for v in rival)
        set_dice(s, a.defender if me_att else a.attacker, new)
    elif effect == SIXES_DOUBLE:
        s.attack = replaced(a, att_six=True) if me_att else replaced(a, def_six=True)


def hits(dice: tuple[int, ...], six: bool, cancelled: int) -> int:
    n = sum(1 for v in dice if v >= 4) + (sum(1 for v in dice if v >= 6) if six else 0)
    return max(0, n - cancelled)


class Hits(Step[ProhibitionState]):
    """Step 5: each (modified) 4+ wipes out one opposing Unit, Goons before Guards, into its
    Hospital; both sides at once. Then who wins, or step 6."""

    __slots__ = ()
    auto = True
    kind = "hits"

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        b = a.block
        on_def = hits(a.att_dice, a.att_six, a.def_cancel)
        on_att = hits(a.def_dice, a.def_six, a.att_cancel)
        kg = min(s.goons[b], on_def)
        kd = min(s.guards[b], on_def - kg)
        s.set_block(b, goons=s.goons[b] - kg, guards=s.guards[b] - kd)
        d = s.gangs[a.defender]
        d.hosp_goons += kg
        d.hosp_guards += kd
        ka = min(a.goons, on_att)
        s.gangs[a.attacker].hosp_goons += ka
        a = replaced(a, goons=a.goons - ka, lost=a.lost + kg + kd)
        s.attack = a
        if s.story is not None:
            s.tell(
                f"{s.gang_name(a.attacker)} loses {goons_text(ka)}; {s.gang_name(a.defender)} loses "
                f"{units_text(kg, kd) if kg + kd else 'nothing'}."
            )
        if a.goons == 0:
            push(s, DefenderWins())
        elif s.units(b) == 0:
            push(s, AttackerWins())
        else:
            push(s, PressOn(a.attacker))


class PressOn(SeatStep[ProhibitionState]):
    """Step 6: both sides have Units: the attacker continues or retreats."""

    __slots__ = ()
    kind = "press_on"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return (PRESS,) + tuple(s.turf(self.seat_))

    def choose(self, s: ProhibitionState, code: int) -> None:
        a = att(s)
        if code == PRESS:
            push(s, Round(a.round + 1))
            return
        s.place_units(self.seat_, code, a.goons, 0)
        s.put_gangster(code, self.seat_)
        s.attack = replaced(a, goons=0)
        push(s, EndConflict())

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "continue" if code == PRESS else "retreat:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == PRESS:
            return "Continue for another round (+1 Heat)"
        return f"Retreat to {s.place(code)} ({s.units(code)} Units there)"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == PRESS:
            return f"{heat_text(s, self.seat_, 1)}; the defender may retreat first (§conflict)."
        return "Your Goons and Gangster leave; the defender keeps the Block (§conflict)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, att(s).block if code == PRESS else code),)  # press on: the attacked Block

    def option_said(self, s: ProhibitionState, code: int) -> str:
        a = att(s)
        if code == PRESS:
            return f"fights on at {s.place(a.block)} (round {a.round + 1}, +1 Heat)."
        return f"breaks off the Attack on {s.place(a.block)} and retreats with {goons_text(a.goons)} to {s.place(code)}."

    def prompt(self, s: ProhibitionState) -> str:
        a = att(s)
        b = a.block
        return (
            f"You have {a.goons} Goons; {s.gang_name(a.defender)} has {s.goons[b]} Goons and {s.guards[b]} "
            "Guards left: continue or retreat?"
        )


class DefenderWins(Step[ProhibitionState]):
    """The attacker has no Goons: the defender wins (even with no Units left); the Gangster
    retreats."""

    __slots__ = ()
    auto = True
    kind = "defender_wins"

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        s.gangs[a.defender].conflicts_won += 1
        if s.story is not None:
            s.tell(f"{s.gang_name(a.defender)} holds {s.place(a.block)}.")
        push(s, Retreat(a.attacker), EndConflict())


class AttackerWins(Step[ProhibitionState]):
    """The defender has no Units: the attacker wins; a defender who lost a Unit draws a Scheme."""

    __slots__ = ()
    auto = True
    kind = "attacker_wins"

    def run(self, s: ProhibitionState) -> None:
        a = att(s)
        s.gangs[a.attacker].conflicts_won += 1
        if a.lost:
            s.draw_scheme(a.defender)
        if s.story is not None:
            s.tell(f"{s.gang_name(a.attacker)} wins the Conflict at {s.place(a.block)}.")
        if a.hq:  # an HQ is robbed (once a game), never Torched or Seized
            rob_hq(s, a.attacker, a.defender)
            push(s, Retreat(a.attacker), EndConflict())
        else:
            push(s, Spoils(a.attacker))


class Spoils(SeatStep[ProhibitionState]):
    """Steal the Stock, Torch the building, attempt to Seize the Block, or withdraw."""

    __slots__ = ()
    kind = "spoils"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        b = att(s).block
        out = []
        if s.tile[b] >= 0:
            if s.is_stocked(b):
                out.append(STEAL)
            out.append(TORCH)
        if s.markers_left(self.seat_) > 0:
            out.append(SEIZE)
        out.append(WITHDRAW)
        return tuple(out)

    def choose(self, s: ProhibitionState, code: int) -> None:
        a = att(s)
        seat, b, c = self.seat_, a.block, s.content
        g = s.gangs[seat]
        kind = s.kind_at(b)
        if code == STEAL:
            give_back_stock(s, b, seat)
            g.headlines += 1
            g.steals += 1
            s.add_heat(seat, c.b_raid_heat[kind])
        elif code == TORCH:
            give_back_stock(s, b, a.defender)
            s.torched = s.torched + (s.tile[b],)
            s.set_block(b, tile=-1)
            g.headlines += 1
            g.torches += 1
            s.add_heat(seat, 1 + c.b_raid_heat[kind])
        elif code == SEIZE:  # no Heat (but the mat's price on success); one die per remaining Goon
            if expansion_roll(s, seat, a.goons, "seize"):
                take_block(s, seat, headline=True)
                pay_for_seize(s, seat)
                push(s, EndConflict())
                return
        push(s, Retreat(seat), EndConflict())  # told by option_said

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return SPOILS_IDS[code]

    def option_label(self, s: ProhibitionState, code: int) -> str:
        b = att(s).block
        name = s.content.buildings.buildings[s.kind_at(b)].name if s.tile[b] >= 0 else ""
        return {
            STEAL: f"Steal the Stock of the {name} (+1 Headline)",
            TORCH: f"Torch the {name} (+1 Headline, +1 Heat)",
            SEIZE: f"Try to Seize {s.place(b)} ({seize_dice_text(s, self.seat_)})",
            WITHDRAW: "Withdraw with nothing",
        }[code]

    def option_help(self, s: ProhibitionState, code: int) -> str:
        b, c = att(s).block, s.content
        kind = s.kind_at(b)
        raid = c.b_raid_heat[kind] if kind >= 0 else 0
        if code == STEAL:
            heat = f", {heat_text(s, self.seat_, raid)}" if raid else ""
            return f"+1 Headline; the Stock goes to your Vault or Warehouse{heat}; then Retreat (§spoils)."
        if code == TORCH:
            return (
                f"+1 Headline, {heat_text(s, self.seat_, 1 + raid)}; the tile is gone for good and its Stock goes back "
                "to the defender; then Retreat (§spoils)."
            )
        if code == SEIZE:
            seat = self.seat_
            loud, fee = s.bonus(seat, "seize_heat"), s.bonus(seat, "seize_gs")
            price = (f", {heat_text(s, seat, loud)}" if loud else "") + (f", -{gs(fee)}" if fee else "")
            return (
                f"Roll {seize_dice_text(s, seat, left=True)}: success takes the Block with its building "
                f"and Stock (+1 Headline{price}{' (your mat)' if price else ''}); otherwise Retreat (§spoils)."
            )
        return "Retreat with nothing (§spoils)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == WITHDRAW else (block_ref(s, att(s).block),)  # three choices on one Block: buttons

    def option_said(self, s: ProhibitionState, code: int) -> str:
        b = att(s).block
        name = s.content.buildings.buildings[s.kind_at(b)].name if s.tile[b] >= 0 else ""
        return {
            STEAL: f"steals the Stock of the {name} on {s.place(b)} (+1 Headline).",
            TORCH: f"torches the {name} on {s.place(b)} (+1 Headline).",
            SEIZE: f"tries to Seize {s.place(b)}.",
            WITHDRAW: f"withdraws from {s.place(b)} with nothing.",
        }[code]

    def unavailable(self, s: ProhibitionState) -> tuple[tuple[str, str], ...]:
        b = att(s).block
        out: list[tuple[str, str]] = []
        if s.tile[b] >= 0 and not s.is_stocked(b):
            out.append(("Steal the Stock", "the building is not stocked (§spoils)"))
        if s.markers_left(self.seat_) <= 0:
            out.append((f"Try to Seize {s.place(b)}", "you have no Turf marker left (§spoils)"))
        return tuple(out)

    def prompt(self, s: ProhibitionState) -> str:
        return f"You won at {s.place(att(s).block)}: what now?"


class EndConflict(Step[ProhibitionState]):
    """The Conflict is over: the Fed cards drawn during it are dealt with."""

    __slots__ = ()
    auto = True
    kind = "end_conflict"

    def run(self, s: ProhibitionState) -> None:
        from .feds import ResolveFeds

        s.attack = None
        push(s, ResolveFeds())


def seize_dice_text(s: ProhibitionState, seat: int, left: bool = False) -> str:
    """The Seize's dice as the spoils' label and help say them (`attack.roll_text`)."""
    return roll_text(s, seat, s.content.mat_seize_dice[s.gangs[seat].mat], left)
