"""The engine's contract under arbitrary input (issue 33): `Game.new_game` and records.

For every registered game, hypothesis feeds `new_game` arbitrary seeds, numbers of seats and options
(valid ones, wrong types, unknown keys, values that are no JSON), and the record readers arbitrary
record shapes (a real record with any field replaced, dropped or added, decisions cut or changed,
any bytes at all). Every rejection must be a VolsteadError with a short message naming what is wrong;
everything accepted must be what was asked, and its record must replay to the same game.

This module runs in whatever build the process has (compiled in CI); `test_the_interpreted_build_too`
runs it again in a subprocess with VOLSTEAD_PURE_PYTHON=1 where the compiled build is in use, so both
builds are held to the same contract.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from volstead.build_info import compiled_in_use
from volstead.engine import RecordError, SetupError, VolsteadError, replay
from volstead.engine.contract import SEED_LIMIT, Game
from volstead.engine.record import parse_record
from volstead.games import game_names, get_game, replay_record

GAMES = game_names()
PROPERTIES = settings(
    max_examples=int(os.environ.get("VOLSTEAD_PROPERTY_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_MESSAGE = 300  # characters: an error message never echoes large input

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
# What Python code could pass that JSON cannot say.
python_only = st.one_of(
    st.floats(),  # nan and infinities included
    st.tuples(st.integers(), st.text(max_size=3)),
    st.frozensets(st.integers(), max_size=3),
    st.builds(object),
    st.binary(max_size=8),
)
seeds = st.one_of(
    st.integers(0, SEED_LIMIT - 1),
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.floats(),
    st.text(max_size=6),
    st.none(),
)
often = st.sampled_from([True, True, True, False])
seat_counts = st.one_of(st.integers(-2, 9), st.booleans(), st.floats(), st.text(max_size=3), st.none())


def option_values(game: Game) -> st.SearchStrategy:
    """Values an option of `game` may be set to: what its sample setups use, its factions, seats,
    and anything JSON or Python can hold."""
    seen = [v for _, opts in game.sample_setups() for v in opts.values()]
    factions = [f.id for f in game.factions()] + ["random"]
    return st.one_of(
        st.sampled_from(seen) if seen else st.nothing(),
        st.lists(st.sampled_from(factions), max_size=5),
        st.integers(-1, 5),
        json_values,
        python_only,
    )


def options_for(game: Game) -> st.SearchStrategy:
    fields = sorted(game.Options.model_fields)
    return st.one_of(
        st.none(),
        st.sampled_from([opts for _, opts in game.sample_setups()]),
        st.dictionaries(st.sampled_from(fields), option_values(game), max_size=len(fields)),
        st.dictionaries(st.text(max_size=10), json_values, min_size=1, max_size=3),
        json_values.filter(lambda v: not isinstance(v, dict)),
        python_only,
        st.just(game.Options()),
    )


def assert_names_the_problem(e: VolsteadError, *words: str) -> None:
    event(f"refused: {type(e).__name__}")  # --hypothesis-show-statistics shows the mix
    message = str(e)
    assert 0 < len(message) <= MAX_MESSAGE, message
    assert any(w in message for w in words), f"{message!r} names none of {words}"


def play_some(state, decisions: int, seed: int):
    """`state` after up to `decisions` random decisions (each seat deciding in turn)."""
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over():
            break
        d = state.decision()
        state.apply_index(rng.randrange(len(d.codes)), d.seat)
    return state


def assert_replays(game: Game, state) -> None:
    """The state's record, through JSON, replays to the same decisions and the same public view."""
    record = parse_record(json.dumps(state.record()))
    again = replay(game, record)
    assert again.decision_log() == state.decision_log()
    assert json.dumps(again.view(None), sort_keys=True, default=str) == json.dumps(state.view(None), sort_keys=True, default=str)


@pytest.mark.parametrize("name", GAMES)
@PROPERTIES
@given(data=st.data())
def test_new_game_starts_what_was_asked_or_names_the_problem(name, data):
    game = get_game(name)
    # Each part valid three times in four, so that whole setups are accepted often enough to replay.
    seed = data.draw(st.one_of(st.integers(0, SEED_LIMIT - 1), seeds) if data.draw(often) else seeds, "seed")
    seats = data.draw(st.sampled_from(list(game.seat_range())) if data.draw(often) else seat_counts, "seats")
    valid_options = st.one_of(st.none(), st.sampled_from([opts for _, opts in game.sample_setups()]))
    options = data.draw(valid_options if data.draw(often) else options_for(game), "options")
    try:
        state = game.new_game(seed, seats, options)
    except VolsteadError as e:
        assert_names_the_problem(e, "seed", "seats", "option", ".toml")
        return
    event("accepted")
    assert type(seed) is int and 0 <= seed < SEED_LIMIT
    assert type(seats) is int and seats in game.seat_range(state.options)
    assert state.seed == seed and state.seats == seats
    assert type(state.options) is game.Options
    assert_replays(game, play_some(state, 12, seed))


@pytest.mark.parametrize("name", GAMES)
@PROPERTIES
@given(data=st.data())
def test_options_as_json_are_taken_exactly_or_refused(name, data):
    """A JSON object of options is validated strictly: accepted options say what the JSON said (a
    boolean is a JSON boolean, a number a number), and they round-trip through their JSON."""
    game = get_game(name)
    raw = data.draw(st.one_of(options_for(game), st.sampled_from([o for _, o in game.sample_setups()])))
    try:
        options = game.options_from_json(raw)
    except VolsteadError as e:
        assert_names_the_problem(e, "option")
        return
    event("accepted")
    assert isinstance(raw, dict)
    dumped = options.to_json()
    for key, value in raw.items():
        assert json.loads(json.dumps(value)) == dumped[key], key
        if isinstance(value, bool) or isinstance(dumped[key], bool):
            assert type(value) is type(dumped[key]), key  # "yes", 1 or 0.0 are no booleans
    assert game.options_from_json(dumped) == options


@cache
def real_record(name: str) -> str:
    """The JSON of a game of `name` after 30 random decisions (mutated by the record properties)."""
    game = get_game(name)
    seats, opts = game.sample_setups()[0]
    return json.dumps(play_some(game.new_game(11, seats, opts), 30, 11).record())


RECORD_KEYS = ["format", "game", "version", "options", "seed", "seats", "decisions"]


@st.composite
def mutated_records(draw, name: str):
    record = json.loads(real_record(name))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["set", "drop", "add", "cut", "decision", "seat"]))
        if kind == "set":
            record[draw(st.sampled_from(RECORD_KEYS))] = draw(st.one_of(json_values, st.sampled_from(GAMES)))
        elif kind == "drop" and record:
            record.pop(draw(st.sampled_from(sorted(record))))
        elif kind == "add":
            record[draw(st.text(max_size=8))] = draw(json_values)
        elif kind == "cut" and isinstance(record.get("decisions"), list):
            record["decisions"] = record["decisions"][: draw(st.integers(0, len(record["decisions"])))]
        elif kind in ("decision", "seat") and isinstance(record.get("decisions"), list) and record["decisions"]:
            i = draw(st.integers(0, len(record["decisions"]) - 1))
            if kind == "decision":
                record["decisions"][i] = draw(json_values)
            elif isinstance(record["decisions"][i], list) and record["decisions"][i]:
                record["decisions"][i][0] = draw(st.one_of(st.integers(-2, 6), json_leaves))
    if draw(st.integers(0, 9)) == 0:  # now and then, the record inside something else
        return draw(st.sampled_from([[record], {"record": record}, json.dumps(record)]))
    return record


@pytest.mark.parametrize("name", GAMES)
@PROPERTIES
@given(data=st.data())
def test_any_record_shape_replays_or_is_a_record_error(name, data):
    record = data.draw(mutated_records(name), "record")
    try:
        state = replay_record(parse_record(json.dumps(record)))
    except RecordError as e:
        assert_names_the_problem(e, "record", "decision", "game")
        return
    event("accepted")
    assert_replays(get_game(record["game"]), state)


@PROPERTIES
@given(data=st.binary(max_size=300))
def test_any_bytes_are_a_record_or_a_record_error(data):
    try:
        parse_record(data, "the upload")
    except RecordError as e:
        assert_names_the_problem(e, "the upload", "record")


# ------------------------------------------------------------------- the cases the issue names
def test_deep_nesting_and_bad_encoding_are_record_errors(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        parse_record(deep.read_text(), str(deep))
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"game": "scarface1920", "note": "caf\xe9"}'.encode("latin-1"))
    from volstead.engine import load_record

    with pytest.raises(RecordError, match=r"latin.json is not UTF-8 text \(byte 37\)"):
        load_record(latin)


@pytest.mark.parametrize("name", GAMES)
def test_seeds_are_ints_in_one_range_in_every_game(name):
    game = get_game(name)
    seats = game.sample_setups()[0][0]
    for bad, message in [
        (True, "seed must be a whole number from 0 to 2147483647, not True"),
        ("7", "seed must be a whole number from 0 to 2147483647, not '7'"),
        (7.0, "seed must be a whole number from 0 to 2147483647, not 7.0"),
        (-1, "seed must be from 0 to 2147483647, not -1"),
        (SEED_LIMIT, "seed must be from 0 to 2147483647, not 2147483648"),
    ]:
        with pytest.raises(SetupError) as e:
            game.new_game(bad, seats)
        assert str(e.value) == message
    assert game.new_game(SEED_LIMIT - 1, seats).seed == SEED_LIMIT - 1


def test_a_tampered_boolean_option_is_refused_not_read_as_true():
    """A rulebook-wip record whose job_draft says "yes" (no JSON boolean) does not replay as the
    published game with the draft (issue 33)."""
    game = get_game("scarface1920")
    record = game.new_game(5, 3, {"variant": "rulebook-wip"}).record()
    for value in ("yes", 1, "true", 0):
        with pytest.raises(RecordError, match="option 'job_draft': Input should be a valid boolean"):
            replay(game, dict(record, options={"variant": "rulebook-wip", "job_draft": value}))
    assert replay(game, dict(record, options={"variant": "rulebook-wip", "job_draft": True})).options.job_draft


def test_a_record_of_a_newer_volstead_or_no_version_is_refused():
    game = get_game("scarface1920")
    record = game.new_game(5, 2).record()
    with pytest.raises(RecordError, match=r"written by Volstead 9\.0\.0, newer than this one \(0\.1\.0\)"):
        replay(game, dict(record, version="9.0.0"))
    with pytest.raises(RecordError, match="'version' is not a Volstead version: 'latest'"):
        replay(game, dict(record, version="latest"))
    assert replay(game, dict(record, version="0.0.9")).seed == 5  # an older one's still replays


def test_a_seat_is_an_int_and_undo_takes_a_positive_count():
    from volstead.engine import WrongSeatError, undo

    game = get_game("scarface1920")
    state = game.new_game(5, 2)
    seat = state.decision().seat
    for bad in (float(seat), True if seat == 1 else False, str(seat)):
        with pytest.raises(WrongSeatError, match="a seat is a whole number"):
            state.apply_index(0, seat=bad)
    assert state.decisions_made == 0  # nothing changed
    state.apply_index(0, seat=seat)
    for bad in (-5, 0, "1", 1.0, True):
        with pytest.raises(VolsteadError, match="undo takes a positive whole number of decisions"):
            undo(game, state, bad)
    assert undo(game, state, 1).decisions_made == 0


def test_replay_is_given_its_game_and_the_registry_looks_it_up():
    game = get_game("prohibition")
    record = game.new_game(3, 2).record()
    with pytest.raises(RecordError, match="the record is a game of 'prohibition', not of scarface1920"):
        replay(get_game("scarface1920"), record)
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay_record(dict(record, game="chess"))
    assert replay_record(record).seed == 3


def test_the_interpreted_build_too():
    """The properties above, in the interpreted build of this install (where this process runs the
    compiled one)."""
    if not compiled_in_use():
        pytest.skip("this process runs the interpreted build: the properties above ran in it")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__, "-k", "not interpreted_build_too"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent.parent,
        env={**os.environ, "VOLSTEAD_PURE_PYTHON": "1", "VOLSTEAD_PROPERTY_EXAMPLES": "20"},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_an_illegal_option_names_the_legal_ones_within_the_message_limit():
    """Found by the record property above: a Mafia Chronicles boss draft offers 25 options whose ids
    are long ("boss:ike_the_weasel_stern"); twelve of them made a 371-character message. The list
    is cut by length too, and says how many there are in all."""
    from volstead.engine import IllegalOptionError
    from volstead.engine.record import make_record

    game = get_game("mafia_chronicles")
    state = replay(game, make_record(game="mafia_chronicles", options={}, seed=3, seats=4))
    d = state.decision()
    ids = d.option_ids
    assert len(ids) > 12 and sum(len(i) + 2 for i in ids[:12]) > 150  # the case: a long list of long ids
    with pytest.raises(IllegalOptionError) as e:
        d.index_of("boss:nobody")
    message = str(e.value)
    assert len(message) <= MAX_MESSAGE, message
    assert message.startswith("option 'boss:nobody' is not legal now; seat ")
    assert message.endswith(f", … ({len(ids)} in all)")
    shown = message.split("must choose one of: ")[1].removesuffix(f", … ({len(ids)} in all)").split(", ")
    assert shown == list(ids[: len(shown)]) and 1 <= len(shown) < 12
