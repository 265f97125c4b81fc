"""The terminal shows Scarface cards, Jobs, gangs, districts and News by name and text, never by
id (issue 12: "The terminal shows cards and Jobs by name and text, not ids")."""

from __future__ import annotations

import random
import re

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options


def played(seed: int, seats: int, decisions: int, **options):
    s = GAME.new_game(seed=seed, seats=seats, options=Options(**options))
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.is_over():
            break
        s.apply_index(rng.randrange(len(s.decision().codes)))
    return s


def ids_of(s) -> set[str]:
    c = s.content
    return {x.id for x in (*c.cards, *c.jobs, *c.dealers, *c.news, *c.raids)} | set(c.district_ids)


def test_a_seats_terminal_picture_names_everything_and_shows_no_id():
    s = played(5, 3, 220)
    me = s.players[0]
    assert me.hand and me.jobs
    text = GAME.render_text(s.view(0))
    c = s.content
    for card in me.hand:
        info = c.cards[card]
        assert f"{info.name}" in text and (info.skill.text if info.skill else "") in text
    for j in me.jobs:
        assert c.jobs[j].name in text and c.jobs[j].requires_text in text
    assert c.gangs[me.gang].name in text
    words = set(re.findall(r"[a-z0-9]+(?:_[a-z0-9]+)+", text))
    assert not words & ids_of(s), words & ids_of(s)
    assert "money hidden" in text  # a rival's money is not shown


def test_the_spectators_and_the_solo_pictures_render():
    s = played(2, 2, 60)
    text = GAME.render_text(s.view(None))
    assert "Seat 0" in text and "Seat 1" in text and "You —" not in text
    solo = played(3, 1, 40, solo=True)
    text = GAME.render_text(solo.view(0))
    assert "The Enforcer: token in" in text and "You —" in text
