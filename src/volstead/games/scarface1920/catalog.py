"""Names and texts of the Scarface 1920 components, for clients (all public knowledge)."""

from __future__ import annotations

from .content.loader import default_content


def _text(effect) -> str:
    return getattr(effect, "text", "") or ""


def catalog() -> dict:
    c = default_content()
    out: dict = {"districts": [{"id": d.id, "name": d.name, "adjacent": list(d.adjacent)} for d in c.board.districts]}
    cards = {}
    for card in c.cards:
        texts = [t for t in (_text(card.skill), _text(card.matching)) if t]
        cards[card.id] = {
            "name": card.name,
            "muscle": card.muscle,
            "influence": card.influence,
            "crime": card.crime,
            "stars": getattr(card, "stars", None),
            "text": " / ".join(texts),
        }
    out["cards"] = cards
    out["jobs"] = {
        j.id: {
            "name": j.name,
            "type": j.type,
            "text": " ".join(t for t in (j.text, _text(j.effect), _text(j.activate)) if t) + f" (needs: {j.requires_text})",
        }
        for j in c.jobs
    }
    out["news"] = {n.id: {"name": n.name, "text": n.text} for n in c.news}
    out["gangs"] = {g.id: {"name": g.name, "color": g.color, "boss": g.boss} for g in c.gangs}
    out["dealers"] = {d.id: {"name": d.name, "text": d.text} for d in c.dealers}
    out["raids"] = {r.id: {"name": r.name, "text": _text(r.overall)} for r in c.raids}
    out["neighborhoods"] = {t.id: {"name": t.name} for t in c.tiles}
    from .solo.content import solo_content

    out["enforcer_cards"] = {
        e.id: {"name": e.name, "deck": e.deck, "move": e.move, "power": e.power, "actions": [a.text for a in e.actions]}
        for e in solo_content().cards
    }
    return out
