"""The Mafia Chronicles in the terminal: a seat's view as a table would show it (`Game.render_text`;
`volstead play --terminal mafia_chronicles`).

The round, phase, first player, turn and Event; the last move's dice and the last negotiation; then
each syndicate's four columns (Business / Boss or Gangster with its ratings, Heat, damage, Jail,
exhaustion / two Assets), its successes and its stash when the seat may see it; then the seat's
own market by name with prices, and what it learnt by stash steals.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .catalog import catalog

PHASES = {"setup": "Boss pick", "market": "Market", "events": "Event", "moves": "Moves", "income": "Income", "over": "game over"}
COLUMNS = ("Boss column", "Underboss column", "column 3", "column 4")  # as the board names them


@cache
def _cat() -> dict[str, Any]:
    return catalog()


def money(k: int) -> str:
    sign = "−" if k < 0 else ""
    k = abs(k)
    if k >= 1000:
        return f"{sign}${k / 1000:.2f}".rstrip("0").rstrip(".") + "M"
    return f"{sign}${k}K"


def _bonus(info: dict[str, Any]) -> str:
    bits = [f"+{n} {'both moves' if to == 'moves' else to.capitalize()}" for to, n in info.get("bonus", [])]
    if info.get("perk"):
        bits.append(info["perk"])
    return ", ".join(bits)


def _market_card(kind: str, card: dict[str, Any]) -> str:
    info = _cat()[kind].get(card["card"], {})
    if kind == "gangsters":
        moves = ", ".join(f"{m.capitalize()} {r}" for m, r in info.get("moves", []))
        text = (
            f"{card['name']} (level {info.get('level')}: Smarts {info.get('smarts')}, Grit {info.get('grit')}, "
            f"{moves}; {money(info.get('price', 0))}"
        )
        text += f", income {money(info['income'])})" if info.get("income") else ")"
        return text + (f" — {info['ability']}" if info.get("ability") else "")
    bits = [money(info.get("price", 0))]
    if info.get("income"):
        bits.append(f"income {money(info['income'])}")
    if _bonus(info):
        bits.append(_bonus(info))
    return f"{card['name']} ({'; '.join(bits)})"


def _mob(m: dict[str, Any] | None) -> str:
    if m is None:
        return "—"
    r = m["ratings"]
    moves = ", ".join(f"{k.capitalize()} {v}" for k, v in r.items() if k not in ("smarts", "grit"))
    marks = []
    if m["jailed"]:
        marks.append("IN JAIL")
    elif m["heat"]:
        marks.append(f"Heat {m['heat']}")
    damage = sum(m["damage"].values())
    if damage:
        marks.append(f"damage {damage}")
    if m["exhausted"]:
        marks.append("exhausted")
    role = {"boss": "Boss", "underboss": "Underboss", "gangster": "Gangster"}[m["role"]]
    text = f"{role} {m['name']}: Smarts {r['smarts']}, Grit {r['grit']}, {moves}"
    return text + (f" [{', '.join(marks)}]" if marks else "")


def _roll(r: dict[str, Any], names: list[str]) -> str:
    who = names[r["seat"]]
    if r.get("out"):
        return f"{who} is out of moves."
    if r.get("pass"):
        return f"{who} passes with a card."
    rolls = r.get("rolls", [])
    dice = " · ".join(
        " v ".join(str(d) for i, d in enumerate(t) if i == 0 or d) if isinstance(t, list) else str(t) for t in rolls
    )
    edges = (
        f"Edge {r['edge']}" + (f" v {r['defence']}" if r.get("defence") is not None else "")
        if "edge" in r
        else (f"total Edge {r['total']}" if "total" in r else "")
    )
    outcome = "success" if r.get("success") else "failure"
    extra = [
        f"{money(r['amount'])}" if r.get("amount") else "",
        f"+{r['heat']} Heat" if r.get("heat") else "",
        f"damage: {r['damage']}" if r.get("damage") and r["damage"] != "no effect" else "",
        f"fee {money(r['fee'])}" if r.get("fee") else "",
        ("shares " + ", ".join(f"{names[int(t)]} {p}%" for t, p in r["shares"].items())) if r.get("shares") else "",
    ]
    tail = ", ".join(x for x in extra if x)
    return f"{who}: {r['move'].capitalize()}, dice {dice}, {edges}: {outcome}" + (f" ({tail})" if tail else "") + "."


def render_text(view: dict[str, Any]) -> str:
    syns = view["syndicates"]
    names = [y["name"] for y in syns]
    me = view.get("seat")
    head = f"Round {view['round']} of 4 · {PHASES.get(view['phase'], view['phase'])}"
    if view.get("first_seat") is not None:
        head += f" · first: {names[view['first_seat']]}"
    if view.get("turn") is not None:
        head += f" · to move: {names[view['turn']]}"
    out = [head]
    if view.get("event"):
        out.append(f"Event: {view['event']['name']} — {view['event']['text']}")
    if view.get("last_roll"):
        out.append("Last move: " + _roll(view["last_roll"], names))
    if view.get("last_deal"):
        out.append(f"Last negotiation: {view['last_deal']}.")
    neg = view.get("negotiation")
    if neg:
        terms = []
        if "share_percent" in neg:
            terms.append(f"{neg['share_percent']}% on the table")
        if "fee" in neg:
            terms.append(f"fee {money(neg['fee'])}")
        out.append(
            f"Negotiation ({neg['move']}, {neg['step'].replace('_', ' ')}): "
            f"{' and '.join(names[k] for k in neg['between'])}" + (f": {', '.join(terms)}" if terms else "")
        )
    for y in syns:
        you = " — you" if y["seat"] == me else ""
        stash = f"stash {money(y['stash'])}" if y.get("stash") is not None else "stash secret"
        if y.get("went_negative"):
            stash += " (went negative)"
        status = f", {y['status']}" if y.get("status") else ""
        wins = ", ".join(f"{k} {n}" for k, n in y["wins"].items() if n)
        out.append(f"{y['name']}{you}: {stash}{status}" + (f"; successes: {wins}" if wins else ""))
        for c, col in enumerate(y["columns"]):
            biz = col["business"]["name"] if col["business"] else "—"
            assets = ", ".join(a["name"] for a in col["assets"] if a) or "—"
            out.append(f"  {COLUMNS[c]}: {_mob(col['boss_or_gangster'])} | Business: {biz} | Assets: {assets}")
        if y.get("known_stashes"):
            for k in y["known_stashes"]:
                out.append(f"  Learnt: {names[k['seat']]} had {money(k['stash'])} (round {k['round']})")
        market = y.get("market")
        if market:
            sizes = market["deck_sizes"]
            out.append(
                f"  Your market (purchases this Market: {sum(market['purchases'])} of 4; decks {sizes[0]}/{sizes[1]}/{sizes[2]}):"
            )
            for kind, title in (("gangsters", "Gangsters"), ("businesses", "Businesses"), ("assets", "Assets")):
                for card in market[kind]:
                    out.append(f"    {title[:-1] if title != 'Businesses' else 'Business'}: {_market_card(kind, card)}")
    if view.get("over") and view.get("result"):
        res = view["result"]
        scores = ", ".join(f"{names[k]} {int(v)} VP" for k, v in enumerate(res["scores"]))
        out.append(f"Final: {scores}; winner: {', '.join(names[k] for k in res['winners'])}")
    return "\n".join(out)
