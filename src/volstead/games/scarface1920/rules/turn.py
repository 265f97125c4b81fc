"""The game turn (rulebook: Your game turn, Taking an action, End of the turn)."""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.step import SeatStep

from .. import refs, words
from ..effects import run_effect
from ..state import ScarfaceState
from . import jobs as job_rules
from . import orders as order_rules
from .modifiers import MOD_FREE_PLAN_CARDS
from .outcome import possessive, tell_outcome
from .raid import CheckRaid
from .reorganize import reorganize_steps

DONE: Final = -1


class StartTurn(SeatStep[ScarfaceState]):
    """Family Ring income, then an action turn, finishing, or Reorganizing."""

    __slots__ = ()
    auto = True
    kind = "start_turn"

    def run(self, s: ScarfaceState) -> None:
        seat = self.seat_
        s.active = seat
        s.turn_number += 1
        s.turn_muscle = s.turn_influence = s.turn_seize_discount = s.turn_upgrade_discount = 0
        s.order_done = False
        s.used_skills = 0
        s.boss_uses = 0
        s.used_job_actions = frozenset()
        p = s.players[seat]
        # Family Ring (published summary: at the start of the holder's turn).
        if s.family_ring == seat:
            income = s.content.board.family_ring_income[str(s.seats)]
            s.gain(seat, income)
            if s.story is not None:
                s.tell(f"{s.gang_name(seat)} collects ${income} from the Family Ring.")
        s.stack.append(EndTurn(seat))
        if s.automa_turn(seat):
            return
        if not p.hand and not p.deck:
            s.stack.extend(reorganize_steps(s, seat))
            if p.jobs:  # a Job that spends goods may be worth more than a sale (WIP p.12)
                job_rules.push_windows_for(s, seat, "before your Reorganize sales")
        elif p.hand:
            s.stack.append(LayOutPlan(seat))
        # else: no cards in hand but some in the deck: finish the turn (draw).


class LayOutPlan(SeatStep[ScarfaceState]):
    """Play cards from hand one at a time; Crime Rate +1 per card beyond 2."""

    __slots__ = ()
    kind = "plan"

    def prompt(self, s: ScarfaceState) -> str:
        return "Lay out your Plan: play a card from your hand, or finish the Plan"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        p = s.players[self.seat_]
        cards: list[Any] = []
        last = -1
        for card in p.hand:  # sorted: each distinct card once, in order
            if card != last:
                cards.append(card)
                last = card
        if p.plan:
            cards.append(DONE)
        return tuple(cards)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        seat = self.seat_
        p = s.players[seat]
        if code == DONE:
            finish_plan(s, seat)
            return
        hand = list(p.hand)
        hand.remove(code)
        p.hand = tuple(hand)
        p.plan = p.plan + (code,)
        if p.hand:
            s.stack.append(LayOutPlan(seat))
        else:
            finish_plan(s, seat)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code == DONE else (refs.card(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "plan:done" if code == DONE else "plan:" + s.content.cards[code].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code == DONE:
            return "Finish the Plan"
        c = s.content.cards[code]
        return f"Play {c.name}"


def finish_plan(s: ScarfaceState, seat: int) -> None:
    p = s.players[seat]
    free = 2 + s.mod(seat, MOD_FREE_PLAN_CARDS)
    s.stack.append(ActionMenu(seat))
    s.stack.append(CheckRaid())
    extra = len(p.plan) - free
    if extra > 0:
        s.change_crime(seat, extra)


class ActionMenu(SeatStep[ScarfaceState]):
    """Carry out actions: skills, Jobs, and at most one order (published) or exactly one
    (rulebook-wip), in any sequence."""

    __slots__ = ()
    kind = "action"

    def prompt(self, s: ScarfaceState) -> str:
        seat = self.seat_
        return f"Your Plan has {s.muscle(seat)} Muscle and {s.influence(seat)} Influence: choose an action"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        p = s.players[seat]
        c = s.content
        out: list[tuple[Any, ...]] = []
        used = s.used_skills
        plan = p.plan
        boss = c.boss_card[p.gang]
        bits = c.card_crime_bit
        has_skill, match_mask = c.card_has_skill, c.card_match_mask
        # Loops and appends, not generators and `extend`: compiled, each generator is an object
        # and each `extend` a generic call (this menu comes back after every action).
        for pos, card in enumerate(plan):
            if card == boss:
                if s.boss_uses < 3:
                    for code in _BOSS_CODES:
                        out.append(code)
                continue
            if has_skill[card] and not (used >> 2 * pos) & 1:
                out.append(("skill", pos, card))
            mask = match_mask[card]
            # A matching skill needs one of its crime types among the *other* Plan cards.
            if mask and not (used >> (2 * pos + 1)) & 1:
                others = 0
                for i, x in enumerate(plan):
                    if i != pos:
                        others |= bits[x]
                if others & mask:
                    out.append(("match", pos, card))
        if p.jobs:
            for job_alt in job_rules.fulfillable(s, seat):
                out.append(("job", job_alt))
        if p.done_jobs:  # a fulfilled permanent Job with an activation: once a turn (summary §5)
            activations, activated = c.job_activate, s.used_job_actions
            offered: list[int] = []
            for j in p.done_jobs:
                if j not in offered and activations[j] is not None and j not in activated:
                    offered.append(j)
                    out.append(("activate", j))
        if not s.order_done:
            order_rules.add_legal_orders(s, seat, out)
            # Published: "Players *may* carry out one Order" (summary §5): the turn may end without
            # one. WIP p.9/p.17: one action is due (Remove thugs when nothing else is wanted).
            if s.content.variant == "published":
                out.append(_END_CODE)
        else:
            out.append(_END_CODE)
        return tuple(out)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        seat = self.seat_
        kind: str = code[0]  # typed: compiled, a str compares natively (an Any compared generically)
        if kind == "end":
            return
        s.stack.append(ActionMenu(seat))
        s.stack.append(CheckRaid())
        if kind == "order":
            s.order_done = True
            order_rules.start_order(s, seat, code[1])
            # Rivals may fulfil Jobs as the order starts (WIP p.12: "at any time, even during another
            # player's turn"), before its choices are made (pushed last: asked first).
            job_rules.push_rival_windows(s, seat, code[1])
        elif kind == "job":
            job_rules.fulfil(s, seat, code[1])
        elif kind == "activate":
            s.used_job_actions = s.used_job_actions | {code[1]}
            if s.story is not None:  # formatted only for a listener
                tell_outcome(s, seat, f"{possessive(s.gang_name(seat))} Job {s.content.jobs[code[1]].name}")
            run_effect(s, seat, s.content.job_activate[code[1]])
        else:
            p = s.players[seat]
            c = s.content
            if kind == "boss":
                s.boss_uses += 1
                skill = c.boss_skills[p.gang][code[1]]
                if s.story is not None:  # formatted only for a listener
                    tell_outcome(s, seat, f"{possessive(s.gang_name(seat))} Boss skill ({skill.text})")
                run_effect(s, seat, skill)
            else:
                pos: int = code[1]
                part = 0 if kind == "skill" else 1
                s.used_skills |= 1 << (2 * pos + part)
                card = p.plan[pos]
                if s.story is not None:  # formatted only for a listener
                    which = "skill" if part == 0 else "matching skill"
                    tell_outcome(s, seat, f"{s.gang_name(seat)} uses {possessive(c.cards[card].name)} {which}")
                run_effect(s, seat, c.card_skill[card] if part == 0 else c.card_matching[card])

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        kind: str = code[0]
        if kind == "job":
            return (refs.job(s, code[1][0]),)
        if kind == "activate":
            return (refs.job(s, code[1]),)
        if kind == "boss":
            return (refs.card(s, s.content.boss_card[s.players[self.seat_].gang]),)
        if kind == "skill" or kind == "match":
            return (refs.card(s, code[2]),)
        return ()  # an order, the end of the turn: nothing drawn

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        kind: str = code[0]
        label = self.option_label(s, code)
        if kind == "order":
            return "Carried out the order: " + label
        if kind == "boss":
            return "Used a Boss skill: " + label[len("Boss skill: ") :]
        if kind == "skill" or kind == "match":
            name, _, text = label.partition(": ")
            return f"Used {name}'s {'matching ' if kind == 'match' else ''}skill: {text}"
        return words.said(self.kind, label)

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        kind: str = code[0]  # typed: compiled, the comparisons below are string compares
        if kind == "end":
            return "end"
        if kind == "order":
            return _ORDER_IDS[code[1]]
        if kind == "job":
            return job_rules.job_option_id(s, code[1])
        if kind == "activate":
            return "activate:" + s.content.jobs[code[1]].id
        if kind == "boss":
            return f"boss:{code[1] + 1}"
        # Ids depend on the code alone (records rebuild them after the Plan is gone).
        return f"{kind}:{code[1]}:{s.content.cards[code[2]].id}"

    def option_group(self, s: ScarfaceState, code: Any) -> str:
        return _GROUPS[code[0]] if code[0] != "boss" else f"Boss skills ({3 - s.boss_uses} of 3 uses left)"

    def unavailable(self, s: ScarfaceState) -> tuple[tuple[str, str], ...]:
        if s.order_done:
            return ()
        return tuple(order_rules.unavailable_orders(s, self.seat_))

    def option_help(self, s: ScarfaceState, code: Any) -> str:
        kind = code[0]
        if kind == "order":
            return order_rules.order_help(s, self.seat_, code[1])
        if kind == "end":
            skipped = "" if s.order_done else "You carry out no order this turn. "
            return f"{skipped}Your Plan is discarded and you draw up to your hand size."
        if kind == "activate":
            return "Once a turn, from a fulfilled permanent Job."
        return ""

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        kind = code[0]
        c = s.content
        if kind == "end":
            return "End your turn"
        if kind == "order":
            return order_rules.ORDER_LABELS[code[1]]
        if kind == "job":
            j = c.jobs[code[1][0]]
            return f"Fulfil Job {j.name} ({j.requires_text})"
        if kind == "activate":
            j = c.jobs[code[1]]
            return f"Activate {j.name}: {j.activate.text}"
        p = s.players[self.seat_]
        if kind == "boss":
            sk = c.gangs[p.gang].boss_skills[code[1]]
            return f"Boss skill: {sk.text}"
        info = c.cards[code[2]]
        sk = info.skill if kind == "skill" else info.matching
        return f"{info.name}: {sk.text}"


_BOSS_CODES: Final[tuple[tuple[Any, ...], ...]] = tuple(("boss", k) for k in range(4))
_END_CODE: Final[tuple[Any, ...]] = ("end",)
_ORDER_IDS: Final[dict[str, str]] = {order: "order:" + order for order in order_rules.ORDER_LABELS}
_GROUPS: Final = {
    "skill": "Skills of your Plan",
    "match": "Skills of your Plan",
    "job": "Jobs",
    "activate": "Jobs",
    "order": "Orders (one a turn)",
    "end": "End of turn",
}


class EndTurn(SeatStep[ScarfaceState]):
    """Discard the Plan, draw up to hand size (never reshuffle), Job windows, next player."""

    __slots__ = ()
    auto = True
    kind = "end_turn"

    def run(self, s: ScarfaceState) -> None:
        seat = self.seat_
        p = s.players[seat]
        if p.plan:
            p.discard = p.discard + p.plan
            p.plan = ()
        need = s.hand_size(seat) - len(p.hand)
        if need > 0:
            s.draw_cards(seat, need)
        s.turn_muscle = s.turn_influence = 0
        s.stack.append(StartTurn((seat + 1) % s.seats))
        # End of every turn: each player, clockwise from the active one, may fulfil Jobs.
        job_rules.push_windows(s, seat, "end of turn")
