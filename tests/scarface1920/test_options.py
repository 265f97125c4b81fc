"""Setup options: gangs named per seat or "random", and the Starting Player's seat."""

from __future__ import annotations

import pytest

from volstead.engine.contract import OptionsError
from volstead.engine.errors import VolsteadError
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options

GANGS = ("outfit", "black_wolves", "seven_gems", "north_side")


def gangs_of(s) -> list[str]:
    return [s.content.gangs[p.gang].id for p in s.players]


def setup_turns(s) -> list[tuple[int, str]]:
    """(seat, kind) of every decision until the first Plan, taking the first option each time."""
    out = []
    while s.decision().kind != "plan":
        out.append((s.decision().seat, s.decision().kind))
        s.apply_index(0)
    out.append((s.decision().seat, "plan"))
    return out


def play(s, n: int = 300) -> list[tuple[int, str]]:
    for _ in range(n):
        if s.is_over():
            break
        s.apply_index(len(s.decision().codes) // 2)
    return s.decision_log()


# ------------------------------------------------------------------ gangs
@pytest.mark.parametrize("seed", range(12))
def test_random_seats_get_the_gangs_no_seat_named(seed):
    s = GAME.new_game(seed, 3, Options(gangs=("random", "seven_gems", "random")))
    got = gangs_of(s)
    assert got[1] == "seven_gems"
    assert len(set(got)) == 3 and "seven_gems" not in (got[0], got[2])


def test_random_seats_are_dealt_by_the_seed():
    dealt = {tuple(gangs_of(GAME.new_game(seed, 2, Options(gangs=("outfit", "random"))))) for seed in range(40)}
    assert dealt == {("outfit", g) for g in GANGS[1:]}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seat_random_is_the_default_game(seats):
    default = GAME.new_game(7, seats)
    randoms = GAME.new_game(7, seats, Options(gangs=("random",) * seats))
    assert gangs_of(randoms) == gangs_of(default)
    assert play(randoms) == play(default)


def test_named_gangs_are_kept_in_seat_order():
    s = GAME.new_game(3, 4, Options(gangs=("north_side", "outfit", "seven_gems", "black_wolves")))
    assert gangs_of(s) == ["north_side", "outfit", "seven_gems", "black_wolves"]


@pytest.mark.parametrize(
    "gangs, message",
    [
        (
            ["martians", "outfit"],
            "option 'gangs': Value error, unknown gang 'martians'; gangs: outfit, black_wolves, seven_gems, north_side or random",
        ),
        (["outfit", "random", "outfit"], "option 'gangs': Value error, gang 'outfit' is named for more than one seat"),
        ("outfit", "option 'gangs': Input should be a valid array, not 'outfit'"),
    ],
)
def test_bad_gangs_are_rejected_by_the_options_model(gangs, message):
    with pytest.raises(OptionsError) as e:
        GAME.options_from_json({"gangs": gangs})
    assert str(e.value) == message


def test_random_may_repeat_but_the_count_must_match_the_seats():
    o = GAME.options_from_json({"gangs": ["random", "random", "random"]})
    assert o.gangs == ("random",) * 3
    with pytest.raises(VolsteadError, match="option 'gangs' names 3 gangs for 4 seats"):
        GAME.new_game(1, 4, o)


def test_solo_gangs_may_be_random():
    for seed in range(8):
        s = GAME.new_game(seed, 1, Options(solo=True, gangs=("random", "outfit")))
        you, enforcer = gangs_of(s)
        assert enforcer == "outfit" and you != "outfit"
    default = GAME.new_game(5, 1, Options(solo=True))
    assert gangs_of(GAME.new_game(5, 1, Options(solo=True, gangs=("random", "random")))) == gangs_of(default)


# ------------------------------------------------------------ first seat
def test_first_seat_starts_and_setup_goes_counterclockwise_from_its_right():
    s = GAME.new_game(4, 3, Options(first_seat=2))
    turns = setup_turns(s)
    district_order = [seat for seat, kind in turns if kind == "starting_district"]
    assert district_order == [1, 0, 2]
    assert turns[-1] == (2, "plan") and s.active == 2 and s.turn_number == 1


def test_no_first_seat_is_seat_0_as_before():
    s = GAME.new_game(4, 3)
    turns = setup_turns(s)
    assert [seat for seat, kind in turns if kind == "starting_district"] == [2, 1, 0]
    assert turns[-1] == (0, "plan")
    assert play(GAME.new_game(9, 4, Options(first_seat=0))) == play(GAME.new_game(9, 4))


@pytest.mark.parametrize(
    "first, seats, message",
    [
        (3, 3, "option 'first_seat': 3 is not a seat of 3 (seats are 0–2)"),
        (4, 4, "option 'first_seat': 4 is not a seat of 4 (seats are 0–3)"),
    ],
)
def test_first_seat_is_checked_against_the_seat_count(first, seats, message):
    o = Options(first_seat=first)
    with pytest.raises(VolsteadError) as e:
        GAME.new_game(1, seats, o)
    assert str(e.value) == message


@pytest.mark.parametrize(
    "value, message",
    [
        (-1, "option 'first_seat': Input should be greater than or equal to 0, not -1"),
        (True, "option 'first_seat': Value error, a seat number, not a boolean"),
        ("two", "option 'first_seat': Input should be a valid integer, not 'two'"),
        ("2", "option 'first_seat': Input should be a valid integer, not '2'"),  # JSON: a number is no string
        (2.0, "option 'first_seat': Input should be a valid integer, not 2.0"),
    ],
)
def test_bad_first_seat_values_are_rejected_by_the_options_model(value, message):
    with pytest.raises(OptionsError) as e:
        GAME.options_from_json({"first_seat": value})
    assert str(e.value) == message


def test_first_seat_is_not_a_solo_option():
    with pytest.raises(VolsteadError, match="option 'first_seat' is not a solo option: the Enforcer always takes the first turn"):
        GAME.new_game(1, 1, Options(solo=True, first_seat=0))


def test_the_game_names_its_first_seat_option():
    assert GAME.first_seat_option == "first_seat"
    described = GAME.describe()
    assert described["first_seat_option"] == "first_seat"
    assert "first_seat" in described["options_schema"]["properties"]
