"""Prohibition's learning contract (observation.py, actions.py; docs/learning.md "Prohibition"): the
observation's layout and bounds, that it shows a seat nothing a re-deal of what it may not know would
change (during the secret Scheme draft too), and the action numbers: distinct within a decision, in
range, the same option the same number in every game, named as the rules name the option."""

from __future__ import annotations

import random

import pytest
from prohibition_games import new_game

from volstead.engine import VolsteadError
from volstead.engine.contract import ObservationField
from volstead.engine.errors import SetupError
from volstead.games.prohibition import GAME
from volstead.games.prohibition.actions import KINDS
from volstead.games.prohibition.observation import Encoder
from volstead.games.prohibition.options import Options

OPTIONS = Options()
FIELDS = GAME.observation_fields(4, OPTIONS)
SIZE = sum(f.size for f in FIELDS)
COUNT = GAME.action_count(4, OPTIONS)


def parts(obs: list[float]) -> dict[str, list[float]]:
    """The observation cut into its named fields."""
    out, at = {}, 0
    for f in FIELDS:
        out[f.name] = obs[at : at + f.size]
        at += f.size
    assert at == len(obs)
    return out


def one_hot(index: int, size: int) -> list[float]:
    row = [0.0] * size
    row[index] = 1.0
    return row


def walk(seed: int, seats: int, every: int = 1):
    """The states of a random game (every `every`-th decision; the last one: the game over), each
    pending decision of a secret phase taken in a random order, so rivals have and have not picked."""
    s = new_game(seed, seats)
    rng = random.Random(seed)
    n = 0
    while not s.is_over():
        if n % every == 0:
            yield s
        d = rng.choice(s.decisions())
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
        n += 1
    yield s


# ------------------------------------------------------------------ layout
def test_the_layout_is_named_fixed_and_the_same_for_2_3_and_4_gangs():
    assert all(isinstance(f, ObservationField) and f.size > 0 and (f.low, f.high) == (0.0, 1.0) for f in FIELDS)
    names = [f.name for f in FIELDS]
    assert len(set(names)) == len(names)
    assert names[:3] == ["gangs_in_game", "year", "phase"] and names[-1] == "asked_loss"
    assert GAME.observation_fields(2, OPTIONS) == GAME.observation_fields(3, OPTIONS) == FIELDS
    assert GAME.action_count(2, OPTIONS) == GAME.action_count(3, OPTIONS) == COUNT
    # the embedded card set: 56 Blocks, 24 Schemes, 8 Fed cards, 12 Infamy cards
    assert (SIZE, COUNT) == (1876, 1061)
    sizes = {f.name: f.size for f in FIELDS}
    assert (sizes["block_owner"], sizes["my_hand"], sizes["asked_kind"], sizes["gang_0"]) == (56 * 4, 24, len(KINDS), 66)


def test_a_number_of_seats_prohibition_does_not_take_is_refused():
    with pytest.raises(SetupError, match="seats"):
        GAME.observation_fields(5, OPTIONS)
    with pytest.raises(SetupError, match="seats"):
        GAME.action_count(1, OPTIONS)
    s = new_game(1, 3)
    with pytest.raises(VolsteadError, match="seat 3 is not in this game of 3 gangs"):
        GAME.encode_observation(s, 3)
    with pytest.raises(VolsteadError, match="out of range"):
        GAME.action_name(COUNT, 4, OPTIONS)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_observation_has_the_layout_s_length_and_bounds(seats):
    """Every state of random games, every seat: the fixed length, each number within its field's
    bounds; cached planes give what a fresh encoder (no cache) gives."""
    lows = [f.low for f in FIELDS for _ in range(f.size)]
    highs = [f.high for f in FIELDS for _ in range(f.size)]
    names = [f.name for f in FIELDS for _ in range(f.size)]
    assert set(lows) == {0.0} and set(highs) == {1.0}  # so a min and a max check every number
    for seed in range(2):
        for n, s in enumerate(walk(seed, seats)):
            for seat in range(seats):
                obs = GAME.encode_observation(s, seat)
                assert len(obs) == SIZE
                if not 0.0 <= min(obs) <= max(obs) <= 1.0:
                    bad = [(names[i], x) for i, x in enumerate(obs) if not lows[i] <= x <= highs[i]]
                    raise AssertionError(f"seed {seed} decision {n} seat {seat}: {bad[:5]}")
                if n % 11 == 0:  # an encoder with nothing cached
                    assert Encoder(s.content).encode(s, seat) == obs, f"seed {seed} decision {n} seat {seat}"


# ------------------------------------------------------------------ no leak
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_observation_is_the_same_for_every_determinization_of_its_seat(seats):
    """What a seat may not know (rivals' hands, packets, secret picks and Infamy cards, the decks'
    order) re-dealt: the seat's observation is the very same list, in the secret draft and Infamy
    choice too (the first ~20 decisions) and over the game."""
    rng = random.Random(seats)
    checked = 0
    for seed in range(4):
        for n, s in enumerate(walk(100 + seed, seats)):
            if n > 20 and n % 9:
                continue
            for seat in range(seats):
                obs = GAME.encode_observation(s, seat)
                for _ in range(2):
                    other = s.determinize(seat, random.Random(rng.getrandbits(32)))
                    assert GAME.encode_observation(other, seat) == obs, f"seed {100 + seed} decision {n} seat {seat}"
                    checked += 1
                if n % 3 == 0:  # an encoder with nothing cached or remembered reads the re-dealt state itself
                    assert Encoder(s.content).encode(other, seat) == obs, f"seed {100 + seed} decision {n} seat {seat}"
    assert checked > 200


def test_a_rival_s_secret_draft_pick_changes_nothing_the_seat_sees():
    s = new_game(7, 3)
    assert [d.kind for d in s.decisions()] == ["draft_scheme"] * 3
    before = [GAME.encode_observation(s, k) for k in range(3)]
    picked = s.gangs[1].packet[2]
    s.apply_index(2, 1)  # seat 1 keeps its third card, in secret
    assert s.gangs[1].pick == picked
    assert GAME.encode_observation(s, 0) == before[0]
    assert GAME.encode_observation(s, 2) == before[2]
    mine = parts(GAME.encode_observation(s, 1))
    assert mine["my_pick"] == one_hot(picked, 24)  # its own pick it sees,
    assert mine["asked_kind"] == [0.0] * len(KINDS)  # and it is asked nothing more this round
    assert parts(before[1])["asked_kind"] == one_hot(KINDS.index("draft_scheme"), len(KINDS))


# ------------------------------------------------------------------ exact
def test_the_first_position_seen_by_two_seats():
    s = new_game(0, 4)
    c = s.content
    me, next_seat = parts(GAME.encode_observation(s, 0)), parts(GAME.encode_observation(s, 1))
    assert me["gangs_in_game"] == [0.0, 0.0, 1.0]
    assert me["year"] == one_hot(0, 6) and me["phase"] == one_hot(0, 5) and me["draft_round"] == [0.0]
    assert me["my_packet"] == [1.0 if x in s.gangs[0].packet else 0.0 for x in range(24)]
    assert sum(me["my_packet"]) == 4 and me["my_hand"] == [0.0] * 24
    assert me["my_infamy_dealt"] == [1.0 if x in s.gangs[0].infamy_dealt else 0.0 for x in range(12)]
    assert me["asked_kind"] == one_hot(KINDS.index("draft_scheme"), len(KINDS))
    assert me["block_in_play"] == [1.0] * 56
    # slot 0 is the seat's own gang: seat 1's Blocks are slot 1 to seat 0 and slot 0 to seat 1
    b = s.turf(1)[0]
    assert me["block_owner"][b * 4 : b * 4 + 4] == [0.0, 1.0, 0.0, 0.0]
    assert next_seat["block_owner"][b * 4 : b * 4 + 4] == [1.0, 0.0, 0.0, 0.0]
    hq = s.gangs[1].hq
    assert me["block_hq"][hq] == 1.0 and sum(me["block_hq"]) == 4
    assert me["block_goons"] == [s.goons[x] / 4 for x in range(56)]
    g = s.gangs[1]
    assert me["gang_1"][:10] == [1.0, *one_hot(g.mat, 4), g.gs / 200, g.booze / 40, 0.0, 0.0, g.heat / 100]
    assert me["gang_1"] == next_seat["gang_0"]
    assert me["gang_3"] == next_seat["gang_2"]
    numbers = GAME.action_numbers(s, s.decision(0))
    assert numbers == s.gangs[0].packet  # draft_scheme's numbers are the Scheme cards
    assert GAME.action_name(numbers[0], 4, OPTIONS) == "draft_scheme: keep:" + c.schemes[numbers[0]].id
    assert parts(GAME.encode_observation(new_game(0, 2), 0))["block_in_play"] == [1.0] * 40 + [0.0] * 16


def test_a_two_gang_game_leaves_the_third_and_fourth_slots_empty_and_the_end_asks_nothing():
    *_, over = walk(3, 2)
    assert over.is_over()
    obs = parts(GAME.encode_observation(over, 1))
    assert obs["gang_2"] == obs["gang_3"] == [0.0] * 66
    assert obs["phase"] == one_hot(4, 5) and obs["year"] == one_hot(5, 6)
    assert obs["asked_kind"] == [0.0] * len(KINDS) and obs["attack"] == [0.0] * 33


def test_each_gang_s_figures_are_its_view_s():
    """A gang's row against the seat's view (view.py), slot by slot from the seat: Gs, Booze,
    Headlines, Jailtime, Heat, Blocks, hand size and the public Prestige."""
    checked = 0
    for s in walk(11, 3, every=40):
        if s.is_over():
            continue  # the view's Prestige then counts Infamy
        for seat in range(3):
            obs = parts(GAME.encode_observation(s, seat))
            view = s.view(seat)
            for slot in range(3):
                g = view["gangs"][(seat + slot) % 3]
                row = obs[f"gang_{slot}"]
                want = [g["gs"] / 200, g["booze"] / 40, g["headlines"] / 15, g["jailtime"] / 40, g["heat"] / 100]
                assert row[5:10] == [min(1.0, x) for x in want]
                assert row[13] == g["blocks"] / 25 and row[23] == min(1.0, g["hand_count"] / 8)
                assert row[30] == min(1.0, max(0, g["prestige"]) / 150)
                checked += 1
    assert checked > 100


def test_the_names_of_a_few_numbers():
    name = lambda k: GAME.action_name(k, 4, OPTIONS)  # noqa: E731
    assert name(0) == "draft_scheme: keep:" + new_game(0, 2).content.schemes[0].id
    assert [name(k) for k in range(24 + 12, 24 + 12 + 17)][-7:] == [
        "action: space:take_charge",
        "action: space:contract",
        "action: space:import",
        "action: space:recruit",
        "action: space:drug_store",
        "action: space:festival",
        "action: attack:hk1",
    ]
    assert name(COUNT - 25) == "complete_scheme: keep"
    assert name(COUNT - 1).startswith("complete_scheme: complete:")


# ------------------------------------------------------------------ actions
def test_action_numbers_are_distinct_in_range_and_name_the_option_over_30_random_games():
    """Every decision of 30 random games (2, 3 and 4 gangs): each option's number is in [0, N),
    no two options of a decision share one, and the number's name is `kind: option id` (a Fed
    card's loss names its Block), so the same option has the same number in every game."""
    kinds: set[str] = set()
    seen: dict[tuple[str, str], int] = {}
    for seed in range(30):
        seats = 2 + seed % 3
        for s in walk(seed, seats):
            for d in s.decisions():
                numbers = GAME.action_numbers(s, d)
                assert len(numbers) == len(d.codes) and len(set(numbers)) == len(numbers), (seed, d.kind, d.codes)
                assert all(0 <= x < COUNT for x in numbers)
                kinds.add(d.kind)
                for x, oid in zip(numbers, d.option_ids):
                    key = (d.kind, oid if d.kind != "fed_loss" else "block:" + oid.split(":")[1])
                    if key not in seen:
                        seen[key] = x
                        assert GAME.action_name(x, seats, OPTIONS) == f"{key[0]}: {key[1]}"
                    assert seen[key] == x, key
    assert len(seen) > 500
    assert {"draft_scheme", "keep_infamy", "action", "move_from", "move_to", "attack_target", "fed_card"} <= kinds


def test_an_unknown_kind_of_decision_is_refused():
    s = new_game(2, 2)
    d = s.decision()

    from volstead.engine.decision import Decision
    from volstead.engine.step import Step

    class BribeTheMayor(Step):  # a kind the game never asks (a real Decision: the compiled numbering checks types)
        kind = "bribe_the_mayor"

    with pytest.raises(VolsteadError, match="bribe_the_mayor"):
        GAME.action_numbers(s, Decision(s, BribeTheMayor(), 0, (0,)))
    assert GAME.action_numbers(s, d) == d.codes
