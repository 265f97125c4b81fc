"""Engine tests on a tiny fake game, so they do not depend on any real game's rules.

"Count to N": two or three seats take turns adding 1 or 2 to a shared counter;
whoever brings it to the target wins. Each seat is dealt a private secret at
setup from the game's generator (hidden information for views), and when the
counter is one short of the target the only option is to add 1 (a forced
decision). test_cli.py and test_bots.py import the fake game from here.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from pydantic import Field

import volstead.games
from volstead.engine import (
    DictState,
    GameOverError,
    IllegalOptionError,
    RecordError,
    Step,
    WrongSeatError,
    load_record,
    replay,
    save_record,
    undo,
)
from volstead.engine import rng as vrng
from volstead.engine.contract import Game, GameOptions, Result
from volstead.engine.decision import Decision

FAKE_NAME = "count-to-n"


# ------------------------------------------------------------------ fake game
class CountOptions(GameOptions):
    variant: Literal["published", "short"] = Field("published", description="short: the target is at most 5.")
    target: int = Field(10, ge=2, description="The number to reach.")


class Add(Step):
    """The seat to move adds 1 or 2 (never past the target)."""

    __slots__ = ()
    kind = "add"

    def seat(self, state):
        return state.turn

    def options(self, state):
        room = state.target - state.counter
        return (1, 2) if room >= 2 else (1,)

    def choose(self, state, code):
        state.counter += code
        state.adds = tuple(a + (code if i == state.turn else 0) for i, a in enumerate(state.adds))
        if state.counter < state.target:
            state.stack.append(NextTurn())

    def option_id(self, state, code):
        return f"add{code}"

    def option_label(self, state, code):
        return f"Add {code} (to {state.counter + code})"

    def prompt(self, state):
        return f"the counter is at {state.counter}; add how much?"


class NextTurn(Step):
    __slots__ = ()
    auto = True
    kind = "next-turn"

    def run(self, state):
        state.turn = (state.turn + 1) % state.seats
        state.stack.append(Add())


class CountState(DictState):
    game_name = FAKE_NAME

    def __init__(self, seed: int, seats: int, options: CountOptions):
        self.seed = seed
        self.seats = seats
        self.options = options
        self.rng = vrng.seed_state(seed)
        self.target = options.target if options.variant == "published" else min(options.target, 5)
        self.counter = 0
        self.adds = (0,) * seats
        secrets = []
        r = self.rng
        for _ in range(seats):
            v, r = vrng.below(r, 1000)
            secrets.append(v)
        self.rng = r
        self.secrets = tuple(secrets)
        self.turn = 0
        self.stack = [Add()]
        self._start()

    def result(self):
        winner = self.turn if self.counter >= self.target else None
        return Result(
            scores=tuple(float(i == winner) for i in range(self.seats)),
            winners=() if winner is None else (winner,),
            details=tuple({"added": a} for a in self.adds),
        )

    def view(self, seat):
        v = {
            "counter": self.counter,
            "target": self.target,
            "turn": self.turn,
            "players": [{"seat": i, "added": a} for i, a in enumerate(self.adds)],
        }
        if seat is not None:
            v["secret"] = self.secrets[seat]
        return v

    def options_json(self):
        return self.options.to_json()


class CountGame(Game):
    name = FAKE_NAME
    title = "Count to N"
    min_seats = 2
    max_seats = 3
    Options = CountOptions

    def setup(self, seed, seats, options):
        return CountState(seed, seats, options)


GAME = CountGame()


def register_fake_game(monkeypatch) -> None:
    """Make `get_game(FAKE_NAME)` (and so replay) find the fake game."""
    monkeypatch.setitem(volstead.games._GAMES, FAKE_NAME, __name__)


@pytest.fixture(autouse=True)
def _fake_game(monkeypatch):
    register_fake_game(monkeypatch)


def play_out(state, picks):
    """Apply option indexes cyclically from `picks` until the game ends."""
    i = 0
    while not state.is_over():
        d = state.decision()
        state.apply_index(picks[i % len(picks)] % len(d))
        i += 1
    return state


def snapshot(state):
    return (
        json.dumps(state.view(None), sort_keys=True),
        json.dumps(state.record(), sort_keys=True),
        [json.dumps(state.view(s), sort_keys=True) for s in range(state.seats)],
    )


# ---------------------------------------------------------------------- tests
def test_fake_game_registered():
    assert volstead.games.get_game(FAKE_NAME) is GAME


def test_decision_shape():
    s = GAME.new_game(1, 2)
    d = s.decision()
    assert d.seat == 0 and d.kind == "add" and len(d) == 2
    assert d.option_ids == ("add1", "add2")
    assert [o.index for o in d.options] == [0, 1]
    assert d.options[1].label == "Add 2 (to 2)"
    assert "counter is at 0" in d.prompt
    assert d.to_json()["options"][0] == {"index": 0, "id": "add1", "label": "Add 1 (to 1)"}


@pytest.mark.parametrize("name", volstead.games.game_names())
def test_one_options_id_and_label_are_those_of_the_whole_list(name):
    """`id_at` and `label_at` make one option's id and label (a server applying a bot's pick) and
    must say what `option_ids` and `options` say of that option, whether the ids were made or not."""
    state = volstead.games.get_game(name).new_game(3, 4)
    for _ in range(120):
        if state.is_over():
            break
        seat = state.pending_seats()[0]
        listed = state.decision(seat)  # the state's own (it keeps it): a fresh one makes its ids anew
        fresh = Decision(state, listed.step, seat, listed.codes, listed.lane)
        ids, labels = listed.option_ids, [o.label for o in listed.options]
        assert [fresh.id_at(i) for i in range(len(fresh))] == list(ids)  # before its ids are made
        assert [listed.id_at(i) for i in range(len(listed))] == list(ids)  # after
        assert [fresh.label_at(i) for i in range(len(fresh))] == labels
        state.apply_index(len(ids) // 2, seat=seat)


def test_forced_decision_near_target():
    s = GAME.new_game(1, 2)
    while s.counter < s.target - 1:
        s.apply_index(0)
    assert len(s.decision()) == 1
    s.apply("add1")
    assert s.is_over()
    r = s.result()
    assert r.winners == (s.turn,) and r.scores[s.turn] == 1


def test_release_drops_the_decision_and_asking_again_rebuilds_it():
    """A `Decision` points back at its state; `release` lets a dropped state be freed by reference
    counting (the searching bots call it), and the state stays playable."""
    import gc

    s = GAME.new_game(3, 2)
    s.apply("add2")
    d = s.decision()
    ids, kind = d.option_ids, d.kind
    s.release()
    assert s._decision is None and s._pending == ()
    assert s.decision().option_ids == ids and s.decision().kind == kind
    s.release()
    gc.collect()
    gc.disable()
    try:
        before = len(gc.get_objects())
        for _ in range(50):
            c = s.clone()
            c.apply_index(0)
            c.decision()
            c.release()
        del c
        assert len(gc.get_objects()) - before < 20  # nothing left waiting for the collector
    finally:
        gc.enable()


def test_clone_is_independent():
    s = GAME.new_game(3, 3)
    s.apply("add2")
    before = snapshot(s)
    c = s.clone()
    assert snapshot(c) == before
    play_out(c, [1, 0])
    assert c.is_over()
    assert snapshot(s) == before
    assert not s.is_over()
    # and the other way round
    c2 = s.clone()
    s.apply("add1")
    assert c2.counter == 2 and s.counter == 3
    assert c2.decisions_made == 1 and s.decisions_made == 2


def test_same_seed_same_decisions_same_state():
    a = play_out(GAME.new_game(42, 3), [0, 1, 1])
    b = play_out(GAME.new_game(42, 3), [0, 1, 1])
    assert snapshot(a) == snapshot(b)
    assert a.result() == b.result()
    assert a.secrets == b.secrets
    c = GAME.new_game(43, 3)
    assert c.secrets != a.secrets


def test_views_hide_other_seats_secrets():
    s = GAME.new_game(5, 2)
    assert "secret" not in s.view(None)
    assert s.view(0)["secret"] == s.secrets[0]
    assert s.view(1)["secret"] == s.secrets[1]
    json.dumps(s.view(0))  # JSON-ready


def test_wrong_seat_raises_and_leaves_state_unchanged():
    s = GAME.new_game(1, 2)
    s.apply("add1")
    before = snapshot(s)
    with pytest.raises(WrongSeatError, match="seat 0 cannot decide now: it is seat 1's decision"):
        s.apply("add1", seat=0)
    with pytest.raises(WrongSeatError):
        s.apply_index(0, seat=0)
    assert snapshot(s) == before
    s.apply("add1", seat=1)
    assert s.counter == 2


def test_unknown_option_id_raises_and_leaves_state_unchanged():
    s = GAME.new_game(1, 2)
    before = snapshot(s)
    expected = r"option 'add3' is not legal now; seat 0 must choose one of: add1, add2"
    with pytest.raises(IllegalOptionError, match=expected):
        s.apply("add3")
    with pytest.raises(IllegalOptionError, match="must be a string"):
        s.apply(1)
    assert snapshot(s) == before


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (2, "out of range"),
        (-1, "out of range"),
        (99, "out of range"),
        (True, r"must be an integer, got True \(bool\)"),
        ("1", "must be an integer"),
        (1.0, "must be an integer"),
    ],
)
def test_bad_index_raises_and_leaves_state_unchanged(index, message):
    s = GAME.new_game(1, 2)
    before = snapshot(s)
    with pytest.raises(IllegalOptionError, match=message):
        s.apply_index(index)
    assert snapshot(s) == before


def test_game_over_raises():
    s = play_out(GAME.new_game(1, 2), [1])
    with pytest.raises(GameOverError):
        s.decision()
    with pytest.raises(GameOverError):
        s.apply("add1")
    with pytest.raises(GameOverError):
        s.apply_index(0)


def test_record_replay_round_trip(tmp_path):
    s = play_out(GAME.new_game(9, 3, CountOptions(target=12)), [1, 0, 0, 1])
    rec = s.record()
    assert rec["game"] == FAKE_NAME and rec["seed"] == 9 and rec["seats"] == 3
    assert rec["options"] == {"variant": "published", "target": 12}
    assert len(rec["decisions"]) == s.decisions_made
    json.dumps(rec)
    r = replay(GAME, rec)
    assert snapshot(r) == snapshot(s)
    assert r.result() == s.result()
    path = tmp_path / "game.json"
    save_record(rec, path)
    assert load_record(path) == rec
    assert snapshot(replay(GAME, load_record(path))) == snapshot(s)


def test_replay_partial_and_unfinished():
    s = GAME.new_game(2, 2)
    for _ in range(3):
        s.apply_index(1)
    r = replay(GAME, s.record())
    assert not r.is_over() and snapshot(r) == snapshot(s)
    r2 = replay(GAME, s.record(), upto=1)
    assert r2.decisions_made == 1 and r2.counter == 2


def _valid_record():
    return play_out(GAME.new_game(4, 2), [0, 1]).record()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.pop("seed"), "no 'seed' field"),
        (lambda r: r.pop("decisions"), "no 'decisions' field"),
        (lambda r: r.update(seed="seven"), "'seed' is invalid: Input should be a valid integer"),
        (lambda r: r.update(seats=True), "'seats' is invalid: Input should be a valid integer"),
        (lambda r: r.update(seed=-1), "'seed' is invalid: Input should be greater than or equal to 0"),
        (lambda r: r.update(decisions="add1"), "'decisions' is invalid: Input should be a valid list"),
        (lambda r: r.update(game="chess"), "the record is a game of 'chess', not of count-to-n"),
        (lambda r: r.update(format=99), "format 99 is not supported"),
        (lambda r: r["decisions"].__setitem__(2, [0, "add7"]), "decision #2 does not match the game: option 'add7'"),
        (lambda r: r["decisions"].__setitem__(2, [1, r["decisions"][2][1]]), "decision #2 does not match the game: seat 1"),
        (lambda r: r["decisions"].__setitem__(0, "add1"), "decision #0 of the record must be a [seat, option id] pair"),
        (lambda r: r["decisions"].__setitem__(0, [0, "x" * 5000]), "'decisions.0' is invalid"),
        (lambda r: r["decisions"].append([0, "add1"]), "comes after the game ended"),
        (lambda r: r.update(options={"colour": "red"}), "the record's setup is invalid"),
        (lambda r: r.update(seats=7), "the record's setup is invalid"),
    ],
)
def test_malformed_records_raise_record_error(mutate, message):
    rec = _valid_record()
    mutate(rec)
    with pytest.raises(RecordError) as info:
        replay(GAME, rec)
    assert message in str(info.value)


def test_record_not_an_object():
    with pytest.raises(RecordError, match="must be a JSON object, got list"):
        replay(GAME, [1, 2])


def test_load_record_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="is not valid JSON"):
        load_record(bad)
    with pytest.raises(RecordError, match="cannot read the record"):
        load_record(tmp_path / "missing.json")
    missing = tmp_path / "missing-field.json"
    rec = _valid_record()
    del rec["game"]
    missing.write_text(json.dumps(rec))
    with pytest.raises(RecordError, match="no 'game' field"):
        load_record(missing)


def test_undo():
    s = GAME.new_game(6, 2)
    states = [snapshot(s)]
    for pick in (1, 0, 1, 1):
        s.apply_index(pick)
        states.append(snapshot(s))
    u1 = undo(GAME, s)
    assert snapshot(u1) == states[3]
    u3 = undo(GAME, s, 3)
    assert snapshot(u3) == states[1]
    assert snapshot(undo(GAME, s, 4)) == states[0]
    assert snapshot(s) == states[4]  # the original is untouched
    with pytest.raises(RecordError, match="cannot undo 5 decisions: only 4 were taken"):
        undo(GAME, s, 5)
    # after undo the game goes on as if the undone decisions never happened
    u1.apply("add1")
    assert u1.counter == 6 and u1.decisions_made == 4 and s.counter == 7


def test_format_1_records_still_replay():
    """Records written before decisions carried their seat (format 1: bare option ids) load and replay."""
    s = play_out(GAME.new_game(4, 2), [0, 1])
    rec = s.record()
    old = {**rec, "format": 1, "decisions": [oid for _, oid in rec["decisions"]]}
    assert snapshot(replay(GAME, old)) == snapshot(s)
    assert rec["format"] == 2 and all(isinstance(seat, int) for seat, _ in rec["decisions"])


def test_an_illegal_option_error_never_echoes_a_long_id():
    s = GAME.new_game(1, 2)
    with pytest.raises(IllegalOptionError) as e:
        s.apply("z" * 100_000)
    assert len(str(e.value)) < 200 and "zzz..." in str(e.value)
