"""The terminal picture of a Prohibition view (`volstead play --terminal prohibition`): the map grid,
the action board, every mat, your own Schemes and Infamy by name and text, nobody else's."""

from __future__ import annotations

import random

from volstead.games.prohibition import GAME
from volstead.games.prohibition.catalog import catalog


def played(seed: int, decisions: int):
    s = GAME.new_game(seed, 4)
    rng = random.Random(seed)
    for _ in range(decisions):
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
    return s


def test_the_text_shows_the_map_the_board_and_only_your_own_cards():
    s = played(5, 200)
    text = GAME.render_text(s.view(0))
    cat = catalog()
    for b in s.view(0)["blocks"]:
        assert f"{b['id']} " in text
    for sp in s.view(0)["spaces"]:
        assert f"  - {sp['name']}" in text
    me, rival = s.gangs[0], s.gangs[1]
    for x in me.hand:
        sc = s.content.schemes[x]
        assert f"Scheme {sc.name} ({sc.prestige} PP): {cat['schemes'][sc.id]['requires']}" in text
    for x in rival.hand:
        assert f"Scheme {s.content.schemes[x].name} " not in text
    assert f"{len(rival.hand)} Schemes in hand" in text
    assert f"Infamy (secret): {s.content.infamy[me.infamy].name}" in text
    assert text.count("Infamy (secret)") == 1


def test_the_terminal_plays_prohibition_to_the_end():
    from typer.testing import CliRunner

    from volstead.cli import app

    r = CliRunner().invoke(app, ["play", "--terminal", "prohibition", "--seats", "random,random", "--seed", "3", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output


def test_the_story_tells_the_heat_buildings_generate():
    """Operations, Generate Heat: the log says what each gang's buildings added (issue 13: a
    story-telling log as for Scarface)."""
    s = GAME.new_game(5, 3)
    s.tell_story()
    rng = random.Random(5)
    lines = []
    while not s.is_over():
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
        for text, _to in s.take_story():
            lines.append(text)
            if ": its buildings generate " in text:
                seat = next(g.seat for g in s.gangs if text.startswith(s.gang_name(g.seat)))
                total = int(text.split(" generate ")[1].split(" ")[0])
                assert total == sum(s.content.b_heat[s.kind_at(b)] for b in s.buildings_of(seat))
    assert any(": its buildings generate " in t for t in lines)
