"""Thugs and vehicles on the move (rulebook: Recruiting thugs; Send thugs to 1 district;
Move thugs and/or vehicles from 1 district; Cops: Bribery)."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import SeatStep

from .. import refs, words
from ..state import ScarfaceState, deal_plus, replace_at


def add_at(t: tuple, i: int, delta: int) -> tuple:
    return t[:i] + (t[i] + delta,) + t[i + 1 :]


class RecruitSteps(SeatStep[ScarfaceState]):
    """Each step: a Recruit to the Safehouses, or a Safehouse thug to Headquarters."""

    __slots__ = ("left",)
    kind = "recruit"

    def __init__(self, seat: int, left: int):
        self.seat_, self.left = seat, left

    @staticmethod
    def push(s: ScarfaceState, seat: int, left: int) -> None:
        p = s.players[seat]
        if left > 0 and (p.recruits or p.safehouses):
            s.stack.append(RecruitSteps(seat, left))

    def prompt(self, s: ScarfaceState) -> str:
        return f"Recruitment step ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        p = s.players[self.seat_]
        return (("recruit",) if p.recruits else ()) + (("promote",) if p.safehouses else ()) + ("stop",)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        if code == "stop":
            return
        if code == "recruit":
            p.recruits -= 1
            p.safehouses += 1
        else:
            p.safehouses -= 1
            p.hq += 1
        RecruitSteps.push(s, self.seat_, self.left - 1)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return {"recruit": ("thugs:recruits",), "promote": ("thugs:safehouses",)}.get(code, ())

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "recruit:" + code

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return {"recruit": "Recruits → Safehouses", "promote": "Safehouses → Headquarters", "stop": "Stop"}[code]


def send_options(s: ScarfaceState, seat: int, muscle: int) -> list[tuple[int, int]]:
    p = s.players[seat]
    most = min(muscle, p.hq)
    out = []
    for d in s.present_districts(seat):
        per = s.bribe(seat, d)
        for k in range(1, most + 1):
            if per * k > p.money:
                break
            out.append((d, k))
    return out


class SendThugs(SeatStep[ScarfaceState]):
    __slots__ = ("muscle",)
    kind = "send"
    muscle: int

    def __init__(self, seat: int, muscle: int):
        self.seat_, self.muscle = seat, muscle

    def prompt(self, s: ScarfaceState) -> str:
        return "Send thugs from Headquarters to a district where you are present"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(send_options(s, self.seat_, self.muscle))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        d, k = code
        place_thugs(s, self.seat_, d, k)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.district(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"send:{s.content.district_ids[code[0]]}:{code[1]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Send {code[1]} thug{'s' if code[1] > 1 else ''} to {s.content.district_names[code[0]]}"


def place_thugs(s: ScarfaceState, seat: int, d: int, k: int, source: str = "hq") -> None:
    p = s.players[seat]
    setattr(p, source, getattr(p, source) - k)
    p.thugs = add_at(p.thugs, d, k)
    s.pay(seat, s.bribe(seat, d, k))


def can_move_from(s: ScarfaceState, seat: int, src: int, muscle: int) -> bool:
    """Could a piece of the seat's move out of `src` now (`MovePieces(seat, src, muscle)` has an
    option besides stopping)? Stops at the first: the movement menus and the Move order ask it for
    every district, where building the whole menu cost a random game 2 %."""
    p = s.players[seat]
    money = p.money
    if p.thugs[src]:  # on foot, to an adjacent district
        for d in s.content.adjacency[src]:
            if s.bribe(seat, d) <= money:
                return True
    if muscle >= 1 and (p.cars[src] or p.trucks[src]):  # riding, anywhere (no riders: 1 Muscle)
        for d in range(7):
            if d != src and s.bribe(seat, d) <= money:
                return True
    return False


class MoveFrom(SeatStep[ScarfaceState]):
    """Pick the one district the pieces move from."""

    __slots__ = ("muscle",)
    kind = "move_from"
    muscle: int

    def __init__(self, seat: int, muscle: int):
        self.seat_, self.muscle = seat, muscle

    def prompt(self, s: ScarfaceState) -> str:
        return "Move thugs and/or vehicles from which district?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat, muscle = self.seat_, self.muscle
        out: list[int] = []
        for d in range(7):
            if can_move_from(s, seat, d, muscle):
                out.append(d)
        return tuple(out)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        s.stack.append(MovePieces(self.seat_, code, self.muscle))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.district(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "from:" + s.content.district_ids[code]

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return "Move from " + s.content.district_names[code]


class MovePieces(SeatStep[ScarfaceState]):
    """Each piece moves once: thugs on foot to an adjacent district, or riding a
    vehicle anywhere; each piece costs 1 Muscle; bribes for each piece entering."""

    __slots__ = ("src", "left")
    kind = "move"
    src: int  # typed: compiled, the options' loops compare and index with machine ints
    left: int

    def __init__(self, seat: int, src: int, left: int):
        self.seat_, self.src, self.left = seat, src, left

    def prompt(self, s: ScarfaceState) -> str:
        return f"Move a piece from {s.content.district_names[self.src]} ({self.left} Muscle left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat, src, left = self.seat_, self.src, self.left
        p = s.players[seat]
        money = p.money
        out: list[tuple[Any, ...]] = []
        if p.thugs[src]:
            for d in s.content.adjacency[src]:
                if s.bribe(seat, d) <= money:
                    out.append(("thug", d, 0))
        for kind, have in (("car", p.cars[src]), ("truck", p.trucks[src])):
            if not have:
                continue
            for d in range(7):
                if d == src:
                    continue
                per = s.bribe(seat, d)
                for riders in range(0, min(left - 1, p.thugs[src]) + 1):
                    if per * (1 + riders) > money:
                        break
                    out.append((kind, d, riders))
        out.append(("stop",))
        return tuple(out)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code[0] == "stop":
            return
        kind, d, riders = code
        seat, src = self.seat_, self.src
        p = s.players[seat]
        if kind == "thug":
            p.thugs = add_at(add_at(p.thugs, src, -1), d, 1)
            cost = 1
        else:
            if kind == "car":
                p.cars = add_at(add_at(p.cars, src, -1), d, 1)
            else:
                p.trucks = add_at(add_at(p.trucks, src, -1), d, 1)
            if riders:
                p.thugs = add_at(add_at(p.thugs, src, -riders), d, riders)
            cost = 1 + riders
        s.pay(seat, s.bribe(seat, d, cost))
        if self.left - cost > 0 and can_move_from(s, seat, src, self.left - cost):
            s.stack.append(MovePieces(seat, src, self.left - cost))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        if code[0] == "stop":
            return ()
        return (refs.piece(s, code[0], self.seat_, self.src), refs.district(s, code[1]))

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if code[0] == "stop":
            return "stop"
        kind, d, riders = code
        return f"move:{kind}:{s.content.district_ids[d]}" + (f":{riders}" if riders else "")

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code[0] == "stop":
            return "Stop moving"
        kind, d, riders = code
        extra = f" carrying {riders} thug{'s' if riders > 1 else ''}" if riders else ""
        return f"Move a {kind}{extra} to {s.content.district_names[d]}"


def hit_or_kill(s: ScarfaceState, owner: int, where: tuple, kill: bool) -> None:
    """A hit thug goes to its owner's Safehouses; a killed one to the Recruits."""
    p = s.players[owner]
    if where[0] == "district":
        p.thugs = add_at(p.thugs, where[1], -1)
    elif where[0] == "deal":
        deal = p.deals[where[1]]
        p.deals = replace_at(p.deals, where[1], deal_plus(deal, thugs=-1))
    else:
        setattr(p, where[0], getattr(p, where[0]) - 1)
    if kill:
        p.recruits += 1
    else:
        p.safehouses += 1
