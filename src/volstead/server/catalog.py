"""Names and texts of a game's components, for the browser client (public knowledge)."""

from __future__ import annotations

import functools

from volstead.games import get_game


def _text(effect) -> str:
    return getattr(effect, "text", "") or ""


@functools.cache
def catalog(game_name: str) -> dict:
    game = get_game(game_name)
    out: dict = {"game": game.name, "title": game.title, "min_seats": game.min_seats, "max_seats": game.max_seats}
    if game_name != "scarface1920":
        return out
    c = game.new_game(0, game.min_seats).content
    out["districts"] = [{"id": d.id, "name": d.name, "adjacent": list(d.adjacent)} for d in c.board.districts]
    cards = {}
    for card in c.cards:
        texts = [t for t in (_text(card.skill), _text(card.matching)) if t]
        cards[card.id] = {"name": card.name, "muscle": card.muscle, "influence": card.influence,
                          "crime": card.crime, "stars": getattr(card, "stars", None), "text": " / ".join(texts)}
    out["cards"] = cards
    out["jobs"] = {j.id: {"name": j.name, "text": f"{_text(j.effect)} (needs: {j.requires_text})"} for j in c.jobs}
    out["news"] = {n.id: {"name": n.name, "text": n.text} for n in c.news}
    out["gangs"] = {g.id: {"name": g.name, "color": g.color, "boss": g.boss} for g in c.gangs}
    out["dealers"] = {d.id: {"name": d.name, "text": d.text} for d in c.dealers}
    out["raids"] = {r.id: {"name": r.name, "text": _text(r.overall)} for r in c.raids}
    out["neighborhoods"] = {t.id: {"name": t.name} for t in c.tiles}
    return out
