"""Names and texts of the Prohibition components, for clients (all public knowledge)."""

from __future__ import annotations

from typing import Any

from .content.loader import default_content
from .rules.actions import space_id, space_name
from .state import EXTORTION, OPEN_1926, OPEN_EARLY, ProhibitionState


def catalog() -> dict[str, Any]:
    c = default_content()
    s = ProhibitionState.__new__(ProhibitionState)  # space names read only the content
    s.content = c
    return {
        "neighborhoods": [
            {
                "id": n.id,
                "name": n.name,
                "four_gangs_only": n.four_gangs_only,
                "blocks": [f"{n.id}{k + 1}" for k in range(8)],
                "cells": [list(x) for x in n.cells],
            }
            for n in c.board.neighborhoods
        ],
        "buildings": {
            b.id: {
                "name": b.name,
                "action": b.action,
                "heat": b.heat,
                "stock": b.stock.model_dump(),
                "produce": b.produce.model_dump(),
                "costs": list(b.costs),
                "per_neighborhood": b.per_neighborhood,
            }
            for b in c.buildings.buildings
        },
        "spaces": {space_id(s, sp): space_name(s, sp) for sp in (*range(6), *EXTORTION, *OPEN_EARLY, *OPEN_1926)},
        "schemes": {
            sc.id: {
                "name": sc.name,
                "prestige": sc.prestige,
                "requires": sc.requires_text,
                "tactic": sc.tactic.name,
                "tactic_text": sc.tactic.text,
            }
            for sc in c.schemes
        },
        "feds": {
            f.id: {
                "name": f.name,
                "number": f.number,
                "text": f.text,
                "levels": [{"bribe": lv.bribe, "consequence": lv.text, "months": lv.months} for lv in f.levels],
            }
            for f in c.feds
        },
        "infamy": {x.id: {"name": x.name, "prestige": x.prestige, "requires": x.requires_text} for x in c.infamy},
        "mats": {m.id: {"name": m.name, "color": m.color, "text": m.text} for m in c.mats},
        "heat": {
            "thresholds": list(c.thresholds),
            "badges": list(c.badges),
            "extra_from": c.board.heat.extra_from,
            "extra_every": c.board.heat.extra_every,
        },
    }
