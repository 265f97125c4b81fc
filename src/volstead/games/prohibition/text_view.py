"""Prohibition's terminal picture of a seat's view (`volstead play --terminal prohibition`).

The map as a grid of Blocks, one cell each: the Block's id, then its owner's initial, its Units
(g Goons, G Guards), its building (by its first letters, * when stocked) and H for an HQ;
then the action board, every gang's mat, the Attack in progress and your own cards by name.
"""

from __future__ import annotations

from typing import Any

from .catalog import catalog

CELL = 14
SHORT = {
    "still": "Still",
    "brewery": "Brew",
    "speakeasy": "Speak",
    "nightclub": "Night",
    "settlement_house": "Settl",
    "ward_machine": "Ward",
}


def _cell(b: dict[str, Any], initials: dict[int, str]) -> tuple[str, str]:
    owner = initials.get(b["owner"], "·") if b["owner"] is not None else "·"
    units = (f"{b['goons']}g" if b["goons"] else "") + (f"{b['guards']}G" if b["guards"] else "")
    what = "HQ" if b["hq"] is not None else SHORT.get(b["building"] or "", "")
    if b["building"] and b["stocked"]:
        what += "*"
    return f"{b['id']} {owner}", f"{units} {what}".strip()


def place(cat: dict[str, Any], block: str) -> str:
    """ "hk5" as the options name it: "Hell's Kitchen 5"."""
    for n in cat["neighborhoods"]:
        if block in n["blocks"]:
            return f"{n['name']} {block[len(n['id']) :]}"
    return block


def render_text(view: dict[str, Any]) -> str:
    cat = catalog()
    gangs = view["gangs"]
    initials = {g["seat"]: g["name"][0] for g in gangs}
    start = gangs[view["start"]]["name"] if view.get("start") is not None else "—"
    out = [f"{view['year']} · {view['phase']} · starting gang: {start}"]
    out.append("Map (owner's initial, Goons g, Guards G, building, * stocked, HQ):")
    grid: dict[tuple[int, int], tuple[str, str]] = {tuple(b["cell"]): _cell(b, initials) for b in view["blocks"]}
    rows = sorted({r for r, _ in grid})
    for r in rows:
        for part in (0, 1):
            out.append("  " + "".join((grid[(r, c)][part] if (r, c) in grid else "").ljust(CELL) for c in range(8)).rstrip())
    out.append(
        "Neighborhoods: "
        + ", ".join(
            f"{n['id']} = {n['name']}" for n in cat["neighborhoods"] if any(b["neighborhood"] == n["id"] for b in view["blocks"])
        )
    )
    out.append("Action board:")
    for sp in view["spaces"]:
        taken = ", ".join(gangs[k]["name"] for k in sp["gangs"])
        cost = f" ({sp['cost']} Gs)" if sp["cost"] else ""
        out.append(f"  - {sp['name']}{cost}{': ' + taken if taken else ''}")
    for g in gangs:
        me = g["hand"] is not None and g["seat"] == view.get("seat")
        out.append(
            f"{g['name']} ({initials[g['seat']]}){' — you' if me else ''}: {g['gs']} Gs, {g['booze']} Booze, "
            f"Heat {g['heat']} (Outrage {g['threshold']}), {g['headlines']} Headlines, {g['jailtime']} months, "
            f"{g['blocks']} Blocks, {g['gangsters_left']} of {g['gangsters']} Gangsters to place, "
            f"{g['prestige']} PP so far"
        )
        if g["hand"] is not None:
            for x in g["hand"]:
                sc = cat["schemes"][x]
                out.append(
                    f"    Scheme {sc['name']} ({sc['prestige']} PP): {sc['requires']} Tactic {sc['tactic']}: {sc['tactic_text']}"
                )
        else:
            out.append(f"    {g['hand_count']} Schemes in hand")
        for x in g["completed"]:
            out.append(f"    completed: {cat['schemes'][x]['name']}")
        if g["infamy"]:
            inf = cat["infamy"][g["infamy"]]
            out.append(f"    Infamy (secret): {inf['name']} ({inf['prestige']} PP): {inf['requires']}")
        for f in g["fed_cards"]:
            out.append(f"    Fed card to deal with: {cat['feds'][f]['name']}")
    a = view.get("attack")
    if a:
        out.append(
            f"Attack: {gangs[a['attacker']]['name']} on {place(cat, a['block'])} from {place(cat, a['from'])} "
            f"with {a['goons']} Goons"
            + (f", round {a['round']} of a Conflict with {gangs[a['defender']]['name']}" if a["conflict"] else "")
            + (f"; dice {a['attacker_dice']} against {a['defender_dice']}" if a["attacker_dice"] else "")
        )
    if view.get("draft"):
        names = [cat["schemes"][x]["name"] for x in view["draft"]["packet"]]
        out.append(f"Scheme draft, pick {view['draft']['round']}: {', '.join(names)}")
    return "\n".join(out)
