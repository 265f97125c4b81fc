"""What a sensible gang does at the decisions where chance decides the result: the bots' policy
(`GAME.policy_choice(state)`, docs/bots.md).

The greedy bot scores an option by playing it on one determinization: the dice of an Expand, a
Seize or a Conflict are rolled once inside that option, so one lucky or unlucky roll decided
between its options, and a rival's reply in a Conflict (fight, retreat, Call for Help) was a
random one. At these decisions the evaluation's `Appraiser` knows the exact odds, so the policy
takes the option of highest expected value instead, and greedy asks it before searching:

- an Attack's Goons and target (the best expected gain: `Appraiser.target`, the victim's loss
  weighed as one rival's);
- the spoils of a won Conflict (Steal, Torch, Seize or withdraw: a Seize costs nothing, so it is
  never declined for nothing);
- fight or retreat (the defender), continue or retreat (the attacker), where to retreat (the
  Block whose exposure the Units cut most);
- Call for Help (the Block that sends the most Units; Goons before Guards, which are lost for
  good) and the pips (on a 3, or two on a 2).

Every other decision is None: the bot searches it. The policy reads the state it is given: bots
give it a determinization of their seat's view.
"""

from __future__ import annotations

from math import comb

from .evaluation import Appraiser, after_hits, appraiser, block_worth, conflict_now, pending_pips, pip_hits, scheme_value
from .odds import conflict
from .rules.attack import AttackGoons, AttackTarget
from .rules.conflict import (
    CANCEL_HITS,
    EXTRA_DICE,
    FIGHT,
    NO,
    OPP_MINUS_ONE,
    OPP_REROLL_HITS,
    PLUS_ONE,
    PRESS,
    REROLL_MISSES,
    SEIZE,
    SIXES_DOUBLE,
    HelpUnits,
    Pip,
    hits,
)
from .state import ProhibitionState


def policy_choice(s: ProhibitionState) -> int | None:
    """The index of the option to take in `s`'s pending decision, or None (search it)."""
    d = s.decision()
    codes = d.codes
    if len(codes) < 2:
        return None
    step = d.step
    kind = d.kind
    seat = d.seat
    if kind == "attack_goons":
        assert isinstance(step, AttackGoons)
        ap = appraiser(s)
        return _best([ap.best_target(seat, step.source, n)[0] for n in codes])
    if kind == "attack_target":
        assert isinstance(step, AttackTarget)
        ap = appraiser(s)
        values = []
        for b in codes:
            own, harm, _ = ap.target(seat, step.source, step.n, b)
            values.append(own + ap.harm_weight * harm)
        return _best(values)
    if kind == "spoils":
        a = s.attack
        assert a is not None
        best = appraiser(s).spoils(seat, a.defender, a.block, a.goons)[0]
        return _index(codes, best)
    if kind == "fight_or_retreat":
        return _fight_or_retreat(s, seat, codes)
    if kind == "press_on":
        return _press_on(s, seat, codes)
    if kind == "call_for_help":
        return _call_for_help(s, seat, codes)
    if kind == "help_units":
        assert isinstance(step, HelpUnits)
        return _best([float((code >> 3) + (code & 7)) + 0.01 * (code >> 3) for code in codes])
    if kind == "pip":
        return _pip(s, seat, codes)
    if kind == "tactic":
        return _tactic(s, seat, codes)
    return None


def _best(values: list[float]) -> int:
    """The index of the highest value (the first of equals)."""
    best, where = values[0], 0
    for i in range(1, len(values)):
        if values[i] > best:
            best, where = values[i], i
    return where


def _index(codes: tuple, code: int) -> int | None:
    for i in range(len(codes)):
        if codes[i] == code:
            return i
    return None


def shelter(s: ProhibitionState, codes: tuple, first: int, units: int, pending: bool) -> int:
    """Among `codes[first:]` (Blocks of the gang's Turf), the index of the Block where `units` Units
    cut the exposure most (the worth at risk there × the share of it they cover), the roomiest on
    equal terms: where a retreat should go."""
    from .evaluation import tables

    t = tables(s.content)
    best, where = -1.0, first
    limit = s.content.units_per_block
    for i in range(first, len(codes)):
        b = codes[i]
        u = s.goons[b] + s.guards[b]
        room = limit - u
        put = units if units < room else room
        value = block_worth(s, t, b, pending) * (0.5**u - 0.5 ** (u + put)) + 0.001 * room
        if value > best:
            best, where = value, i
    return where


def _fight_or_retreat(s: ProhibitionState, seat: int, codes: tuple) -> int:
    """The defender fights unless losing the Block at once costs it less than the Conflict
    (its Units' expected losses and the spoils), the attacker's gains weighed as one rival's."""
    a = s.attack
    assert a is not None
    ap = appraiser(s)
    own, harm = conflict_now(ap, s)
    hw = ap.harm_weight
    fight = -harm - hw * own
    if a.hq:
        g = s.gangs[seat]
        vault = 0.0 if g.robbed else g.gs // 10 * 5 * 0.2
        r_own, r_harm = (3.0 + vault if not g.robbed else 0.0), vault
    else:
        _, r_own, r_harm, _ = ap.spoils(a.attacker, seat, a.block, a.goons)
    retreat = -r_harm - hw * r_own
    if fight >= retreat or len(codes) < 2:
        return _index(codes, FIGHT) or 0
    b = a.block
    return shelter(s, codes, 1, s.goons[b] + s.guards[b], ap.pending)


def _press_on(s: ProhibitionState, seat: int, codes: tuple) -> int:
    """The attacker continues while the Conflict from here is worth more than retreating now."""
    a = s.attack
    assert a is not None
    ap: Appraiser = appraiser(s)
    b = a.block
    cf = conflict(a.goons, s.goons[b] + s.guards[b])
    own, harm, _ = ap.fight(seat, a.defender, b, cf, s.goons[b], s.guards[b], cf.rounds)
    if own + ap.harm_weight * harm > 0.0:
        return _index(codes, PRESS) or 0
    return shelter(s, codes, 1, a.goons, ap.pending)


def _call_for_help(s: ProhibitionState, seat: int, codes: tuple) -> int:
    """The Block that can send the most Units (Guards, Goons not Laying Low)."""
    bit = 1 << seat
    best, where = -1.0, len(codes) - 1  # the last option is "no help"
    for i in range(len(codes)):
        b = codes[i]
        if b < 0:
            continue
        n = s.guards[b] + (0 if s.gmask[b] & bit else s.goons[b])
        if n > best:
            best, where = float(n), i
    return where


def _pip(s: ProhibitionState, seat: int, codes: tuple) -> int | None:
    """On a 3 (a hit); with another pip to come, on a 2 (two make a hit); else the bot decides."""
    i = _index(codes, 3)
    if i is not None:
        return i
    if pending_pips(s, seat) >= 2:
        return _index(codes, 2)
    return None


def _binomial(n: int) -> list[float]:
    """P(k of n dice hit), k = 0..n."""
    return [comb(n, k) * 0.5**n for k in range(n + 1)]


def _tactic(s: ProhibitionState, seat: int, codes: tuple) -> int:
    """The Tactic (or none) worth most, the dice as they lie: each Tactic's effect on this round's
    hits, exact (extra dice and rerolls by their binomial odds), the Conflict from there valued as
    the evaluation does (`after_hits`), less what the Scheme is worth in hand. The rival's own
    Tactic still to come is not foreseen."""
    a = s.attack
    assert a is not None
    ap = appraiser(s)
    me_att = seat == a.attacker
    hw = ap.harm_weight
    mine, theirs = (a.att_dice, a.def_dice) if me_att else (a.def_dice, a.att_dice)
    my_six, their_six = (a.att_six, a.def_six) if me_att else (a.def_six, a.att_six)
    # hits cancelled: against me, against them
    my_cancel, their_cancel = (a.att_cancel, a.def_cancel) if me_att else (a.def_cancel, a.att_cancel)
    raw_x = hits(mine, my_six, 0)  # my hits before their cancels
    raw_y = hits(theirs, their_six, 0)
    seen: dict[int, float] = {}

    def score(x: int, y: int) -> float:  # my hits x, theirs y (cancels applied)
        key = x * 64 + y
        v = seen.get(key)
        if v is None:
            own, harm = after_hits(ap, s, x, y) if me_att else after_hits(ap, s, y, x)
            v = own + hw * harm if me_att else -harm - hw * own
            seen[key] = v
        return v

    x0, y0 = max(0, raw_x - their_cancel), max(0, raw_y - my_cancel)
    values = []
    for code in codes:
        if code == NO:
            values.append(score(x0, y0))
            continue
        effect, n = s.content.tactic[code]
        v = 0.0
        if effect in (EXTRA_DICE, REROLL_MISSES):
            k = n if effect == EXTRA_DICE else sum(1 for d in mine if d < 4)
            for j, p in enumerate(_binomial(k)):
                v += p * score(max(0, raw_x + j - their_cancel), y0)
        elif effect == PLUS_ONE:
            v = score(max(0, raw_x + pip_hits(mine, n) - their_cancel), y0)
        elif effect == CANCEL_HITS:
            v = score(x0, max(0, y0 - n))
        elif effect == OPP_REROLL_HITS:
            k = sum(1 for d in theirs if d >= 4)
            for j, p in enumerate(_binomial(k)):
                v += p * score(x0, max(0, j - my_cancel))
        elif effect == OPP_MINUS_ONE:
            v = score(x0, max(0, hits(tuple(d - 1 for d in theirs), their_six, 0) - my_cancel))
        elif effect == SIXES_DOUBLE:
            v = score(max(0, hits(mine, True, 0) - their_cancel), y0)
        else:
            v = score(x0, y0)
        values.append(v - scheme_value(s, seat, code))
    return _best(values)


__all__ = ["policy_choice", "shelter", "SEIZE", "Pip"]
