"""Prohibition under random play: invariants, replay, determinism, clones, views, determinization, bad
input. Every game is seeded; a failure names the seed, the seats and the decision number.

The suite plays `PROHIBITION_GAMES` games (150 by default, 2, 3 and 4 gangs in turn); the full run of
issue 13 is `PROHIBITION_GAMES=1000 .venv/bin/python -m pytest tests/prohibition/test_random_games.py`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import partial

import pytest
from prohibition_games import GAMES, check, new_game, play, random_game

from volstead import replay
from volstead.engine import GameOverError, IllegalOptionError, RecordError, WrongSeatError
from volstead.games.prohibition import GAME

CHUNKS = 10


def snapshot(s) -> tuple:
    return (s.view(None), tuple(s.view(k) for k in range(s.seats)), s.result() if s.is_over() else None, s.record())


def play_with_ids(seed: int):
    s = new_game(seed)
    rng = random.Random(seed)
    out = []
    while not s.is_over():
        d = s.decision()
        option_ids = d.option_ids
        assert len(set(option_ids)) == len(option_ids), f"seed={seed} {d.kind}: duplicate ids {option_ids}"
        i = rng.randrange(len(d.codes))
        out.append([d.seat, option_ids[i]])
        s.apply_index(i)
    return s, out


# ------------------------------------------------------------ 1. invariants
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants_and_replay_exactly(chunk):
    """Units and tiles conserved, Heat >= 1, <= 4 Units a Block, money never negative (and in 5s), every
    card somewhere once; every record replays to the same views and result."""
    for seed in range(chunk, GAMES, CHUNKS):
        s = random_game(seed)
        res = s.result()
        assert len(res.scores) == s.seats and res.winners
        assert sorted(res.details[0]) == sorted(
            [
                "neighborhoods",
                "gs",
                "booze",
                "buildings",
                "headlines",
                "jailtime",
                "schemes",
                "infamy",
                "total",
                "blocks",
                "vault",
                "months",
            ]
        )
        record = json.loads(json.dumps(s.record()))
        r = replay(record)
        assert snapshot(r) == snapshot(s), f"seed={seed}: the replay differs"


def test_the_games_cover_every_seat_count_and_end_after_1926():
    seats = Counter()
    for seed in range(9):
        s = random_game(seed, checked=False)
        seats[s.seats] += 1
        assert s.year == 1926 and s.phase == "over"
    assert seats == {2: 3, 3: 3, 4: 3}


def test_the_record_holds_the_ids_chosen():
    s, ids = play_with_ids(5)
    assert s.record()["decisions"] == ids and s.record()["game"] == "prohibition"


# ------------------------------------------------- 2. determinism and clones
@pytest.mark.parametrize("seed", [0, 7])
def test_same_seed_and_decisions_give_the_same_game(seed):
    assert snapshot(random_game(seed, checked=False)) == snapshot(random_game(seed, checked=False))


@pytest.mark.parametrize("seed", [11, 12])
def test_clones_are_independent(seed):
    s = new_game(seed)
    rng = random.Random(seed)
    n = 0
    while not s.is_over():
        if n % 90 == 0:
            before = snapshot(s)
            c = s.clone()
            assert snapshot(c) == before
            play(c, random.Random(n), checked=False)
            assert snapshot(s) == before, f"seed={seed}: playing a clone made at #{n} changed the original"
        s.apply_index(rng.randrange(len(s.decision().codes)))
        n += 1
    assert snapshot(replay(s.record())) == snapshot(s)


# ------------------------------------------------------------- 3. no leaks
def _strings(obj, out: set) -> set:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            _strings(v, out)
    elif isinstance(obj, list | tuple):
        for v in obj:
            _strings(v, out)
    return out


def hidden_ids(s, seat) -> set[str]:
    """Card ids the seat may not see: rivals' Schemes in hand and packets, the deck, rivals' Infamy and the
    Infamy cards not dealt to it (unless they are public: completed or discarded Schemes)."""
    c = s.content
    public = set(s.scheme_discard) | {x for g in s.gangs for x in g.done}
    mine = set()
    if seat is not None:
        me = s.gangs[seat]
        mine = set(me.hand) | set(me.packet)
    secret = set(s.scheme_deck) | {x for g in s.gangs if g.seat != seat for x in g.hand + g.packet}
    out = {c.schemes[x].id for x in secret - public - mine}
    own_infamy = set(s.gangs[seat].infamy_dealt) if seat is not None else set()
    out |= {c.infamy[x].id for x in range(len(c.infamy)) if x not in own_infamy}
    return out


def perturb_hidden(s, seat):
    """A clone that differs from s only in what `seat` cannot know (by hand, not by determinize)."""
    d = s.clone()
    d.scheme_deck = tuple(reversed(d.scheme_deck))
    d.fed_deck = tuple(reversed(d.fed_deck))
    rivals = [g for g in d.gangs if g.seat != seat]
    if rivals and not d.in_lanes():  # swap a rival's hand card with the deck's top
        g = rivals[0]
        if g.hand and d.scheme_deck:
            top, card = d.scheme_deck[0], g.hand[0]
            g.hand = tuple(sorted(g.hand[1:] + (top,)))
            d.scheme_deck = (card,) + d.scheme_deck[1:]
    d.rng ^= 0x5DEECE66D
    d._decision = None
    return d


@pytest.mark.parametrize("chunk", range(4))
def test_views_never_leak_and_determinizations_look_the_same(chunk):
    """view(seat) hides Schemes in hand, Infamy, the draft packets and the decks' order; a determinization
    and a state that differs only in hidden things give the seat the same view."""
    for seed in range(100 + chunk, 140, 4):
        s = new_game(seed)
        rng = random.Random(seed)
        while True:
            n = s.decisions_made
            if n % 17 == 0 or n < 12 or s.is_over():
                for seat in [None, *range(s.seats)]:
                    v = s.view(seat)
                    assert json.loads(json.dumps(v)) == v
                    if s.is_over():
                        continue
                    leaked = hidden_ids(s, seat) & _strings(v, set())
                    assert not leaked, f"seed={seed} #{n}: view({seat}) names {leaked}"
                    for pv, g in zip(v["gangs"], s.gangs):
                        if g.seat != seat:
                            assert pv["hand"] is None and pv["infamy"] is None
                            assert pv["hand_count"] == len(g.hand)
                    if seat is None:
                        continue
                    det = s.determinize(seat, random.Random(n * 7 + seat))
                    assert det.view(seat) == v, f"seed={seed} #{n}: view({seat}) tells a determinization apart"
                    assert perturb_hidden(s, seat).view(seat) == v, f"seed={seed} #{n}: hidden info shows"
            if s.is_over():
                break
            s.apply_index(rng.randrange(len(s.decision().codes)))


def test_at_the_end_every_hand_and_infamy_is_shown():
    s = random_game(3, checked=False)
    for pv, g in zip(s.view(None)["gangs"], s.gangs):
        assert pv["hand"] == [s.content.schemes[x].id for x in g.hand]
        assert pv["infamy"] == s.content.infamy[g.infamy].id


@pytest.mark.parametrize("seed", [20, 21, 22, 23])
def test_determinize_is_consistent_and_playable(seed):
    s = new_game(seed)
    rng = random.Random(seed)
    stops = {0, 2, 5, 60, 250}
    while not s.is_over():
        if s.decisions_made in stops:
            before = snapshot(s)
            for seat in range(s.seats):
                d = s.determinize(seat, random.Random(seed * 31 + seat))
                assert snapshot(s) == before, "determinize changed the original"
                me, orig = d.gangs[seat], s.gangs[seat]
                assert (me.hand, me.infamy, me.infamy_dealt, me.packet, me.pick) == (
                    orig.hand,
                    orig.infamy,
                    orig.infamy_dealt,
                    orig.packet,
                    orig.pick,
                )
                assert Counter(d.fed_deck) == Counter(s.fed_deck)
                if seat in s.pending_seats():
                    assert d.decision(seat).option_ids == s.decision(seat).option_ids
                d.without_rivals_private(seat)
                check(d)
                play(d, random.Random(seat))
                assert d.is_over() and d.result().winners
                assert snapshot(s) == before, "playing a determinization changed the original"
        s.apply_index(rng.randrange(len(s.decision().codes)))


# ------------------------------------------------------------- 4. bad input
def _rejects(s, exc, match, call):
    before = snapshot(s)
    with pytest.raises(exc, match=match):
        call()
    assert snapshot(s) == before, "a rejected input changed the state"


def test_bad_input_is_rejected_and_changes_nothing():
    s = new_game(31)
    rng = random.Random(31)
    seen_lanes = False
    while not s.is_over():
        if s.decisions_made % 23 == 0:
            d = s.decision()
            seen_lanes |= s.in_lanes()
            n = len(d.codes)
            busy = set(s.pending_seats())
            other = next(k for k in range(s.seats) if k not in busy) if len(busy) < s.seats else None
            cases = [
                (
                    IllegalOptionError,
                    r"'no-such-option' is not legal now; seat \d must choose one of",
                    partial(s.apply, "no-such-option"),
                ),
                (IllegalOptionError, rf"option index {n} is out of range", partial(s.apply_index, n)),
                (IllegalOptionError, "option id must be a string, got int", partial(s.apply, 3)),
                (WrongSeatError, "seat 9 cannot decide now", partial(s.apply_index, 0, seat=9)),
            ]
            if other is not None:
                cases.append((WrongSeatError, rf"seat {other} cannot decide now", partial(s.apply, d.option_ids[0], seat=other)))
            for exc, match, call in cases:
                _rejects(s, exc, match, call)
        s.apply_index(rng.randrange(len(s.decision().codes)))
    assert seen_lanes
    _rejects(s, GameOverError, "game is over", partial(s.apply_index, 0))


def test_malformed_records_are_rejected():
    s = random_game(8, checked=False)
    record = s.record()
    k = len(record["decisions"]) // 2

    def bad(match, **changes):
        with pytest.raises(RecordError, match=match):
            replay(dict(json.loads(json.dumps(record)), **changes))

    bad(rf"decision #{k} does not match the game", decisions=record["decisions"][:k] + [[0, "space:nowhere"]])
    bad("comes after the game ended", decisions=record["decisions"] + [[0, "keep"]])
    bad("seats: Prohibition takes 2–4 seats, not 5", seats=5)
    bad("unknown mat 'martians'", options={"mats": ["martians"] * s.seats})
    bad("option 'jokers': unknown option", options={"jokers": True})


def test_the_game_describes_itself_for_the_lobby():
    d = GAME.describe()
    assert d["name"] == "prohibition" and (d["min_seats"], d["max_seats"]) == (2, 4)
    assert d["faction_option"] == "mats" and d["first_seat_option"] == "first_seat"
    assert [f["id"] for f in d["factions"]] == ["rum_row", "tammany", "five_points", "bowery"]
    s = random_game(2, checked=False)
    assert set(GAME.stats(s)) == {"conflicts", "fed_cards", "schemes_completed", "buildings_built"}
    assert GAME.evaluate(s) == list(s.result().scores)
