"""The bots' negotiation policy (§6.5 Shipment and Heist splits, the Fix fee): what a bot offers,
accepts, counters and asks, from public facts and its own stash only (docs/bots.md).

Every figure is an expected amount in $1K, from what the table knows: the initiator's rating and
perks and the links' Smarts (public cards), the chance of success (4 in 5: the initiator's roll of 1
fails the attempt), the Heat a partner's card risks (a roll of 1: +2 or +3 Heat, worth `HEAT_COST`
a point), and a rival's gain counted against the bot at `RIVALRY` (= 1/3: the gainer is one of
three rivals). A share is in 5 % steps (0–10), a fee in $10K steps (0–10).

- **A partner's reserve**: the least share x with
  0.8·x·pot − heat risk ≥ RIVALRY · 0.8·(1 − x − shares agreed)·pot, rounded up to a 5 % step
  (at most 50 %). About 30 % for a Shipment of ~$600K.
- **The initiator's first offer**: the partner's reserve (computed the same way from public facts).
- **Respond**: accept a share ≥ the reserve; else counter with the reserve + 5 % (at most 50 %).
- **The initiator's final offer**: the counter if it can afford it, else the reserve if it can,
  else call the deal off. It can afford a share while the chain, with that share (and the reserves
  of the partners still to talk to; its own Payout perks and the Event's payout are its alone), is
  worth more to it than its card's best plain move (`evaluation.move_value`).
- **Accept a final offer** at or above the reserve; refuse it otherwise.
- **Fix fee** (a Fix of a rival's card): the worth of the Fix to the card's owner = its release fee
  if jailed (+ $80K for the move it gets back while Moves are left), else $35K a point of Heat;
  + $30K a point of damage. The fixer asks the largest $10K step with fee·(1 + RIVALRY) ≤ worth,
  at most $100K ($0: no fee, when the worth is too small); the owner accepts a fee with
  fee·(1 + RIVALRY) ≤ worth (the fee leaves it and goes to a rival: it counts twice, less the rivalry
  discount).

`choice(state, decision)` gives the policy's option index for the decision kinds above (offer,
respond, final_offer, accept_final, fix_fee, fee_answer) and None for the others. The generic bots
do not call it (they play these decisions by their own lookahead); a bot or a harness that wants
the policy asks it first (docs/bots.md, Mafia Chronicles).
"""

from __future__ import annotations

from typing import Any

from .rules.chains import BASE_MOVE, ONE_HEAT, PER_EDGE, SHARE_STEP, SHARE_STEPS, Chain
from .rules.dice import counted, edge
from .rules.market import release_cost
from .rules.moves import FIX_FEE_STEP, FIX_FEE_STEPS
from .rules.negotiation import AcceptFinal, FeeAnswer, FinalOffer, FixFee, Offer, Respond
from .rules.ratings import MASTERMIND, ROLL, move_rating, perk_total, smarts
from .state import MafiaState

RIVALRY = 1 / 3  # a rival's gain, counted against the bot
HEAT_COST = 35  # $1K per point of Heat on a card that still has moves to make
SUCCESS = 0.8  # a Shipment/Heist fails on the initiator's roll of 1
MOVE_BACK = 80  # $1K: a jailed card freed while Moves are left makes its move this round
DAMAGE_WORTH = 30  # $1K per rating point restored by a Fix


def expected_pot(s: MafiaState, chain: Chain) -> float:
    """The mean total return of the chain when it succeeds (public facts only)."""
    y = s.syn[chain.seat]
    move = BASE_MOVE[chain.kind]
    r = move_rating(s, y, chain.col, move)
    bonus = perk_total(s, y, chain.col, ROLL, move)
    mine = sum(edge(r, counted(roll, bonus)) for roll in range(2, 6)) / 4
    links = sum(sum(edge(smarts(s, s.syn[t], c), roll) for roll in range(1, 6)) / 5 for t, c in chain.links)
    return (mine + links + perk_total(s, y, chain.col, MASTERMIND)) * PER_EDGE[chain.kind]


def reserve(s: MafiaState, chain: Chain, partner: int) -> int:
    """The least share (5 % steps) `partner` accepts (at most 10 = 50 %)."""
    pot = SUCCESS * expected_pot(s, chain)
    if pot <= 0:
        return SHARE_STEPS
    agreed = sum(k for t, k in chain.shares) * SHARE_STEP / 100
    risk = 0.2 * ONE_HEAT[chain.kind] * HEAT_COST * sum(1 for t, _ in chain.links if t == partner)
    x = (RIVALRY * (1 - agreed) + risk / pot) / (1 + RIVALRY)
    for k in range(SHARE_STEPS + 1):
        if k * SHARE_STEP / 100 >= x - 1e-9:
            return k
    return SHARE_STEPS


def _best_plain_move(s: MafiaState, seat: int, col: int) -> float:
    """The initiator's fallback: its card's best plain Smuggle/Steal-like take, roughly ($1K)."""
    from .evaluation import VP, move_value

    y = s.syn[seat]
    mob = y.mobs[col]
    if mob is None:
        return 0.0
    reach = [0.0, 0.0, 0.0, 0.0]
    return max(0.0, *(VP * move_value(s, y, col, m, reach, HEAT_COST / 100) for m in s.content.g_moves[mob.card]))


def affordable(s: MafiaState, chain: Chain, partner: int, share: int) -> bool:
    """Is the chain, with `share` to `partner` (and reserves to those still to talk to), worth
    more to the initiator than its card's best plain move?"""
    from .rules.moves import payout

    others = sum(reserve(s, chain, t) for t in chain.partners if t != partner)
    given = (sum(k for _, k in chain.shares) + share + others) * SHARE_STEP / 100
    extra = payout(s, s.syn[chain.seat], chain.col, BASE_MOVE[chain.kind])  # the initiator's alone
    return SUCCESS * (expected_pot(s, chain) * (1 - given) + extra) > _best_plain_move(s, chain.seat, chain.col)


def fix_worth(s: MafiaState, owner: int, col: int) -> int:
    """What a successful Fix of the card in (owner, col) is worth to its owner ($1K)."""
    y = s.syn[owner]
    mob = y.mobs[col]
    if mob is None:
        return 0
    if mob.jailed:
        worth = release_cost(s, y, col) + (MOVE_BACK if s.phase == "moves" else 0)
    else:
        worth = HEAT_COST * mob.heat
    return worth + DAMAGE_WORTH * mob.damage


def fee_asked(s: MafiaState, owner: int, col: int) -> int:
    """The fee step (0–10) the fixer asks."""
    worth = fix_worth(s, owner, col)
    best = 0
    for k in range(FIX_FEE_STEPS + 1):
        if k * FIX_FEE_STEP * (1 + RIVALRY) <= worth:
            best = k
    return best


def choice(s: MafiaState, decision: Any) -> int | None:
    """The policy's option index for a negotiation decision, None for any other decision."""
    step = decision.step
    ids = decision.option_ids
    if isinstance(step, Offer):
        return ids.index(f"offer:{SHARE_STEP * reserve(s, step.chain, step.other)}")
    if isinstance(step, Respond):
        need = reserve(s, step.chain, step.seat_)
        if step.share >= need:
            return ids.index("accept")
        ask = min(SHARE_STEPS, need + 1)
        return ids.index(f"counter:{SHARE_STEP * ask}" if ask != step.share else "accept")
    if isinstance(step, FinalOffer):
        partner = step.other
        for k in (step.share, reserve(s, step.chain, partner)):
            if affordable(s, step.chain, partner, k):
                return ids.index(f"final:{SHARE_STEP * k}")
        return ids.index("off")
    if isinstance(step, AcceptFinal):
        return ids.index("accept" if step.share >= reserve(s, step.chain, step.seat_) else "refuse")
    if isinstance(step, FixFee):
        return ids.index(f"fee:{FIX_FEE_STEP * fee_asked(s, step.other, step.tcol)}")
    if isinstance(step, FeeAnswer):
        ok = step.fee * (1 + RIVALRY) <= fix_worth(s, step.seat_, step.tcol)
        return ids.index("accept" if ok else "refuse")
    return None
