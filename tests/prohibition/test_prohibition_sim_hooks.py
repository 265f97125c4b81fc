"""What the simulator reads of Prohibition (Game.card_ids, card_played, stats, factions): every Scheme
completed, every Tactic played and every Fed card drawn is counted once, as the game's own counters say."""

from __future__ import annotations

import random
from collections import Counter

from volstead.games.prohibition import GAME
from volstead.games.prohibition.state import FED_DRAWN, SCHEMES_DONE


def test_card_plays_match_the_games_own_counts():
    universe = set(GAME.card_ids())
    assert len(universe) == 24 + 24 + 8
    totals = Counter()
    for seed in range(12):
        s = GAME.new_game(seed, 2 + seed % 3)
        rng = random.Random(seed)
        plays = Counter()
        tactics = 0
        while not s.is_over():
            d = s.decisions()[0]
            i = rng.randrange(len(d.codes))
            card = GAME.card_played(d, i)
            if card is not None:
                assert card in universe
                plays[card.partition(":")[0]] += 1
            if d.kind == "tactic" and d.option_ids[i] != "no_tactic":
                tactics += 1
            s.apply_index(i, d.seat)
        assert plays["scheme"] == s.counts[SCHEMES_DONE] == sum(len(g.done) for g in s.gangs)
        assert plays["fed"] == s.counts[FED_DRAWN]
        assert plays["tactic"] == tactics
        totals += plays
    assert min(totals.values()) > 0  # each kind was seen


def test_stats_and_factions():
    s = GAME.new_game(5, 4)
    rng = random.Random(5)
    while not s.is_over():
        d = s.decisions()[0]
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
    stats = GAME.stats(s)
    assert set(stats) == {"conflicts", "fed_cards", "schemes_completed", "buildings_built"}
    assert stats["schemes_completed"] == sum(len(g.done) for g in s.gangs)
    assert set(s.result().factions) == {f.id for f in GAME.factions()}  # 4 gangs: every mat
