"""Scarface 1920 in the terminal: a seat's view with names and card texts instead of ids
(`Game.render_text`; the CLI's generic grid shows ids only)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .catalog import catalog


@cache
def _names() -> dict[str, dict[str, Any]]:
    c = catalog()
    return {
        "districts": {d["id"]: d["name"] for d in c["districts"]},
        **{k: c[k] for k in ("cards", "jobs", "news", "gangs", "dealers", "raids")},
    }


def _card(cid: str) -> str:
    card = _names()["cards"].get(cid)
    if card is None:
        return cid
    stars = f" {card['stars']}★" if card.get("stars") else ""
    text = f": {card['text']}" if card["text"] else ""
    return f"{card['name']}{stars} ({card['muscle']} Muscle, {card['influence']} Influence){text}"


def _job(jid: str) -> str:
    job = _names()["jobs"].get(jid)
    return jid if job is None else f"{job['name']} — {job['text']}"


def _named(kind: str, key: str | None) -> str:
    if key is None:
        return "—"
    item = _names()[kind].get(key)
    return key if item is None else (item if isinstance(item, str) else item["name"])


def _district(d: str) -> str:
    return _named("districts", d)


def _counts(items: dict[str, int], what: str = "") -> str:
    shown = [f"{n} {k.replace('_', ' ')}{what}" for k, n in items.items() if n]
    return ", ".join(shown) or "none"


def _goods(g: dict[str, int]) -> str:
    a, n = g.get("alcohol", 0), g.get("guns", 0)
    shown = ([f"{a} alcohol"] if a else []) + ([f"{n} gun{'s' if n != 1 else ''}"] if n else [])
    return ", ".join(shown) or "none"


def _lines(title: str, items: list[str]) -> list[str]:
    if not items:
        return [f"  {title}: none"]
    return [f"  {title}:"] + [f"    - {x}" for x in items]


def render(view: dict[str, Any]) -> str:
    gang_of = {p["seat"]: _named("gangs", p["gang"]) for p in view.get("players", [])}
    seat = view.get("seat")
    out = [
        f"Round {view['round']} · time {view['time']}/{view['time_spaces']} · Eliot Ness at {view['ness']} · "
        f"Family Ring: {gang_of.get(view['family_ring'], '—') if view['family_ring'] is not None else 'in the supply'}"
    ]
    news = _names()["news"].get(view["news"] or "", {})
    out.append(f"News: {news.get('name', '—')}" + (f" — {news['text']}" if news.get("text") else ""))
    out.append("Police cars: " + (", ".join(_district(d) for d in view["police"]) or "none"))
    m = view["market"]
    out.append("Associates for hire:")
    out += [f"  - {_card(c)}" for c in m["low"] + m["high"]]
    out += [f"  - {_card(c)} (top of its deck)" for c in (m["low_deck_top"], m["high_deck_top"]) if c]
    out.append("Neighborhoods:")
    for h in view["neighborhoods"]:
        owner = gang_of.get(h["owner"], "the Enforcer" if h["owner"] is not None else "nobody")
        wants = _goods(h["wants"])
        out.append(
            f"  - {h['name']} ({_district(h['district'])}, {h['side']} side): defense {h['defense']}, "
            f"sells {wants} for ${h['price']}; businesses: {_counts(h['businesses'])}; "
            f"goods: {_goods(h['goods'])}; controlled by {owner}"
        )
    for p in view.get("players", []):
        who = "You" if p["seat"] == seat else f"Seat {p['seat']}"
        money = f"${p['money']}" if p["money"] is not None else "money hidden"
        out.append(
            f"{who} — {gang_of[p['seat']]}: {money}, Crime Rate {p['crime_rate']}, "
            f"{p['hand_count']} in hand, {p['deck_count']} in deck, {p['discard_count']} discarded"
        )
        if p["hand"] is not None:
            out += _lines("Hand", [_card(c) for c in p["hand"]])
        if p["plan"]:
            out += _lines("Plan", [_card(c) for c in p["plan"]])
        if p["discard"]:
            out.append(f"  Discard pile (top last): {', '.join(_named('cards', c) for c in p['discard'])}")
        if p["jobs"] is not None:
            out += _lines("Jobs (face down)", [_job(j) for j in p["jobs"]])
        else:
            out.append(f"  Jobs face down: {p['jobs_count']}")
        if p["fulfilled_jobs"]:
            out += _lines("Fulfilled Jobs", [_job(j) for j in p["fulfilled_jobs"]])
        deals = [
            " + ".join(_named("dealers", d) for d in deal["dealers"])
            + f" (holds {_goods(deal)}, {deal['thugs']} thug{'s' if deal['thugs'] != 1 else ''})"
            for deal in p["deals"]
        ]
        out += _lines("Deals", deals)
        t = p["thugs"]
        out.append("  Thugs: " + _counts({k: v for k, v in t.items() if k != "districts"}))
        pieces = [
            f"{_district(d)}: "
            + _counts({"thug": t["districts"].get(d, 0), "car": p["cars"].get(d, 0), "truck": p["trucks"].get(d, 0)})
            for d in dict.fromkeys([*t["districts"], *p["cars"], *p["trucks"]])
        ]
        out.append("  On the map: " + ("; ".join(pieces) or "nothing"))
        out.append("  Gang stats: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in p["stats"].items()))
    enforcer = view.get("enforcer")
    if enforcer:
        out.append(
            f"The Enforcer: token in {_district(enforcer['district'])}, {enforcer['deck_count']} cards in his "
            f"deck; Plan: {', '.join(_named('cards', c) for c in enforcer['plan']) or 'none'}"
        )
    if view.get("last_raid"):
        out.append(f"Last Raid: {_named('raids', view['last_raid'])}")
    return "\n".join(out)
