"""Scarface 1920's learning contract (issue 37): the observation a seat is given (observation.py)
and the fixed numbering of every option (actions.py), over random games of every mode."""

from __future__ import annotations

import random

import pytest

from volstead.engine.errors import VolsteadError
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.actions import KINDS, table_for
from volstead.games.scarface1920.observation import MONEY_SCALE
from volstead.games.scarface1920.options import Options

# Every mode: 2-4 gangs, the WIP rulebook's numbers, the Job draft, solo against the Enforcer.
MODES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"variant": "rulebook-wip"}),
    (3, {"job_draft": True}),
    (1, {"solo": True}),
    (1, {"solo": True, "job_draft": True, "variant": "rulebook-wip"}),
]
MODE_IDS = [f"{seats}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'published'}" for seats, opts in MODES]


def offsets(fields) -> dict[str, tuple[int, int]]:
    out, at = {}, 0
    for f in fields:
        out[f.name] = (at, at + f.size)
        at += f.size
    return out


def random_states(seats: int, options: Options, seed: int, every: int = 1):
    """Each `every`-th state of a random game (the state itself: copy what must be kept)."""
    s = GAME.new_game(seed, seats, options)
    rng = random.Random(seed)
    n = 0
    while not s.is_over():
        if n % every == 0:
            yield s
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)))
        n += 1


@pytest.mark.parametrize(("seats", "opts"), MODES, ids=MODE_IDS)
def test_layout_length_and_bounds_over_random_games(seats, opts):
    options = Options(**opts)
    fields = GAME.observation_fields(seats, options)
    assert fields and len({f.name for f in fields}) == len(fields)
    assert all(f.doc and f.size > 0 for f in fields)
    size = sum(f.size for f in fields)
    lows = [f.low for f in fields for _ in range(f.size)]
    highs = [f.high for f in fields for _ in range(f.size)]
    names = [f.name for f in fields for _ in range(f.size)]
    players = 2 if options.solo else seats
    asked = offsets(fields)["asked_kind"]
    states = 0
    for seed in range(3):
        for s in random_states(seats, options, seed, every=7):
            deciding = s.decision().seat
            for seat in range(seats):
                v = GAME.encode_observation(s, seat)
                assert len(v) == size
                bad = [(names[i], x) for i, x in enumerate(v) if not lows[i] <= x <= highs[i]]
                assert not bad, bad[:5]
                kind = v[asked[0] : asked[1]]
                if seat == deciding:  # the pending decision's kind, one-hot
                    assert kind == [1.0 if k == s.decision().kind else 0.0 for k in KINDS]
                else:
                    assert not any(v[asked[0] :])  # nothing asked: every "asked" field is zero
            states += 1
    assert states > 50
    assert len(fields) == len(GAME.observation_fields(seats, options))  # built once, the same layout
    assert sum(f.size for f in fields) == size and players in (2, 3, 4)


@pytest.mark.parametrize(("seats", "opts"), MODES, ids=MODE_IDS)
def test_observation_is_unchanged_by_determinize(seats, opts):
    """Only what the seat may know: re-dealing what it may not (`determinize`) changes nothing."""
    options = Options(**opts)
    rng = random.Random(37)
    checked = 0
    for seed in range(2):
        for s in random_states(seats, options, seed, every=11):
            for seat in range(seats):
                v = GAME.encode_observation(s, seat)
                for _ in range(2):
                    other = s.determinize(seat, random.Random(rng.getrandbits(32)))
                    assert GAME.encode_observation(other, seat) == v, (seed, s.decisions_made, seat)
                checked += 1
    assert checked > 40


@pytest.mark.parametrize(("seats", "opts"), MODES, ids=MODE_IDS)
def test_action_numbers_distinct_in_range_and_stable(seats, opts):
    """Every decision of 30 random games: numbers distinct and within [0, N); the same option (same
    deciding seat, same id) the same number in every game."""
    options = Options(**opts)
    count = GAME.action_count(seats, options)
    number_of: dict[tuple[int, str, str], int] = {}
    kinds = set()
    for seed in range(30):
        s = GAME.new_game(seed, seats, options)
        rng = random.Random(seed)
        while not s.is_over():
            d = s.decision()
            numbers = GAME.action_numbers(s, d)
            assert len(numbers) == len(d.codes)
            assert len(set(numbers)) == len(numbers), (d.kind, d.codes, numbers)
            assert all(0 <= x < count for x in numbers), (d.kind, numbers)
            kinds.add(d.kind)
            if seed < 6:  # ids are slow to build: a few games suffice to compare
                for oid, x in zip(d.option_ids, numbers):
                    assert number_of.setdefault((d.seat, d.kind, oid), x) == x, (d.kind, oid)
            s.apply_index(rng.randrange(len(d.codes)))
    assert {"plan", "action", "move", "store_goods", "upgrade"} <= kinds
    assert kinds <= set(KINDS)


def test_action_names_cover_every_number_once():
    for variant in ("published", "rulebook-wip"):
        options = Options(variant=variant)
        n = GAME.action_count(4, options)
        names = [GAME.action_name(i, 4, options) for i in range(n)]
        assert len(set(names)) == n  # every number means one thing
        assert all(name.split(":", 1)[0] in KINDS for name in names)
        assert GAME.action_count(2, options) == GAME.action_count(1, Options(variant=variant, solo=True)) == n
    with pytest.raises(VolsteadError, match="no action 99999"):
        GAME.action_name(99999, 4, Options())


def test_known_position_fields_and_numbers():
    """Seed 3, four gangs: the first decision (seat 3 picks its starting district), then seat 0's Plan."""
    options = Options(gangs=("outfit", "black_wolves", "seven_gems", "north_side"))
    s = GAME.new_game(3, 4, options)
    fields = offsets(GAME.observation_fields(4, options))
    t = table_for(s.content)
    c = s.content
    d = s.decision()
    assert d.kind == "starting_district"
    numbers = GAME.action_numbers(s, d)
    for oid, x in zip(d.option_ids, numbers):  # start:<district>:<car|truck>
        _, district, vehicle = oid.split(":")
        local = 2 * c.district_ids.index(district) + (vehicle == "truck")
        assert x == t.base["starting_district"] + local
        assert GAME.action_name(x, 4, options) == f"starting_district:{district}:{vehicle}"
    while s.decision().kind != "plan":
        s.apply_index(0)
    d = s.decision()
    seat = d.seat
    p = s.players[seat]
    v = GAME.encode_observation(s, seat)
    assert v[fields["seat_money"][0]] == p.money / MONEY_SCALE  # this seat's money, first
    assert v[fields["seat_money"][0] + 1 : fields["seat_money"][1]] == [0.0] * 3  # rivals' behind screens
    assert v[fields["seat_crime"][0]] == p.crime / 11
    hand = v[fields["hand"][0] : fields["hand"][1]]
    assert [i for i, x in enumerate(hand) if x] == sorted(set(p.hand))
    gang = v[fields["seat_gang"][0] : fields["seat_gang"][0] + 4]
    assert gang == [1.0 if g == p.gang else 0.0 for g in range(4)]
    boss = c.card_index[c.gangs[p.gang].id + "_boss"]
    numbers = GAME.action_numbers(s, d)
    for code, x in zip(d.codes, numbers):
        assert x == t.base["plan"] + code  # a card's number is its place in the card set
    if boss in d.codes:
        x = numbers[d.codes.index(boss)]
        assert GAME.action_name(x, 4, options) == f"plan:{c.gangs[p.gang].id}_boss"
    assert GAME.action_name(t.base["plan"] + len(c.cards), 4, options) == "plan:done"
    assert GAME.action_name(t.base["action"] + 2 * len(c.cards) + 4 + len(c.jobs) * t.alts + len(c.jobs), 4, options) == (
        "action:order:deal"
    )


def test_solo_enforcer_is_seat_one_and_his_money_is_public():
    options = Options(solo=True)
    s = GAME.new_game(5, 1, options)
    fields = offsets(GAME.observation_fields(1, options))
    v = GAME.encode_observation(s, 0)
    him = s.players[1]
    assert v[fields["seat_money"][0] + 1] == min(1.0, him.money / MONEY_SCALE)
    district = v[fields["enforcer_district"][0] : fields["enforcer_district"][1]]
    assert district == [1.0 if d == s.enf_district else 0.0 for d in range(7)]
