"""The learned bot (bots/learned.py), with numpy only (CI has no PyTorch): a policy file made here with
random weights of the right shapes loads, plays whole games from `get_bot("learned:PATH")` in every
game with an encoder, and takes exactly the legal action its network rates highest; bad files and a
game without a shipped policy are refused with a short BotError naming the problem, by the command
line and the server too."""

from __future__ import annotations

import json

import numpy as np
import pytest

from volstead.bots import BotError, BotLimits, ask_bot, check_bot_table, get_bot
from volstead.bots.learned import FORMAT, LearnedBot, load_policy, save_policy
from volstead.games import game_names, get_game
from volstead.rl import has_encoder, observe, option_index
from volstead.sim.loop import play_to_end

REAL_GAMES = [n for n in game_names() if has_encoder(get_game(n))]  # those whose encoders are merged


def write_policy(path, game, seats, options=None, hidden=(16,), seed=0, **meta_over):
    """A policy file for `game` (seats, options) with random weights; metadata overridable."""
    options = game.resolve_options(options)
    size = sum(f.size for f in game.observation_fields(seats, options))
    count = game.action_count(seats, options)
    rng = np.random.default_rng(seed)
    sizes = [size, *hidden, count]
    layers = [(rng.normal(0, 0.5, (a, b)), rng.normal(0, 0.1, b)) for a, b in zip(sizes, sizes[1:], strict=False)]
    meta = {
        "game": meta_over.pop("game_name", game.name),
        "seats": seats,
        "options": options.to_json(),
        "observation_size": size,
        "action_count": count,
        "activation": "tanh",
        "command": "test",
        "seed": seed,
        "steps": 0,
        "date": "2026-11-28T00:00:00+00:00",
        "volstead_version": "test",
        **meta_over,
    }
    return save_policy(path, layers, meta)


@pytest.fixture(params=["prize_bids", *REAL_GAMES])
def any_game(request):
    if request.param == "prize_bids":
        return request.getfixturevalue("prize_bids")
    return get_game(request.param)


def test_a_policy_file_round_trips(tmp_path, prize_bids):
    path = write_policy(tmp_path / "p.npz", prize_bids, 3, hidden=(8, 4))
    policy = load_policy(path)
    assert policy.meta["format"] == FORMAT and policy.meta["layers"][1:] == [8, 4, policy.action_count]
    assert [w.shape for w in policy.weights] == [(policy.observation_size, 8), (8, 4), (4, policy.action_count)]
    assert all(w.dtype == np.float32 for w in policy.weights + policy.biases)
    x = np.ones(policy.observation_size, dtype=np.float32)
    h = np.tanh(np.tanh(x @ policy.weights[0] + policy.biases[0]) @ policy.weights[1] + policy.biases[1])
    assert np.allclose(policy.logits(x), h @ policy.weights[2] + policy.biases[2])
    check_bot_table(get_bot(f"learned:{path}"), prize_bids, 3, prize_bids.resolve_options(None))


def test_it_plays_whole_games_seeing_only_its_seat(tmp_path, any_game):
    game = any_game
    seats = game.seat_range()[-1]
    path = write_policy(tmp_path / "p.npz", game, seats)
    logs = []
    for _ in range(2):  # the same game again: the same decisions (argmax; the draw changes nothing)
        state = game.new_game(seed=11, seats=seats)
        bots = [get_bot(f"learned:{path}", "a"), *(get_bot("random", k) for k in range(1, seats))]
        play_to_end(game, state, bots)
        assert state.is_over()
        logs.append(state.decision_log())
    assert logs[0] == logs[1]
    assert sum(1 for seat, _ in logs[0] if seat == 0) > 0


def test_it_takes_the_legal_action_its_network_rates_highest(tmp_path, any_game):
    """At each of the learned seat's decisions of a game, the bot's option is the masked argmax of
    the network over the real state's observation (so the determinization it encodes changed nothing);
    at a decision the game's own policy answers (`Game.policy_kinds`: Prohibition's Conflicts), that
    answer, as greedy and ISMCTS play it — unless the bot is made with `follow_policy=False`."""
    game = any_game
    seats = game.seat_range()[-1]
    path = write_policy(tmp_path / "p.npz", game, seats, seed=3)
    policy = load_policy(path)
    kinds = getattr(game, "policy_kinds", frozenset())
    for follow in (True, False):
        bot = LearnedBot(5, path=str(path), follow_policy=follow)
        rival = get_bot("random", 9)
        state = game.new_game(seed=4, seats=seats)
        checked = answered = 0
        while not state.is_over() and checked < 300:
            seat = state.decision().seat
            if seat != 0:
                state.apply_index(ask_bot(rival, state, seat=seat), seat)
                continue
            d = state.decision(0)
            index = ask_bot(bot, state, seat=0)
            answer = game.policy_choice(state) if follow and d.kind in kinds and not d.lane else None
            if answer is not None:
                assert index == answer, d.kind
                answered += 1
            else:
                arrays = observe(game, state, 0)
                logits = policy.logits(arrays["observation"])
                best = int(np.argmax(np.where(arrays["action_mask"] == 1, logits, -np.inf)))
                assert index == option_index(game, state, d, best)
            state.apply_index(index, 0)
            checked += 1
        assert checked > 0
        assert (answered > 0) == (follow and bool(kinds))  # Prohibition's seat met a Conflict of its own


def bad(tmp_path, name, writer) -> str:
    path = tmp_path / name
    writer(path)
    with pytest.raises(BotError) as e:
        get_bot(f"learned:{path}")
    return str(e.value)


def test_bad_files_are_refused_naming_the_problem(tmp_path, prize_bids):
    good = write_policy(tmp_path / "good.npz", prize_bids, 2)
    arrays = dict(np.load(good))
    meta = json.loads(str(arrays["metadata"]))

    def variant(path, **change):
        np.savez(path, **{**arrays, **change})

    assert bad(tmp_path, "text.npz", lambda p: p.write_text("not a policy")) == (
        "text.npz is not a policy file (an .npz written by volstead train)"
    )
    assert bad(tmp_path, "gone.npz", lambda p: None).startswith("no policy file ")
    assert (
        bad(tmp_path, "nometa.npz", lambda p: np.savez(p, w0=arrays["w0"]))
        == "nometa.npz is not a policy file: it has no metadata"
    )
    less = {k: v for k, v in meta.items() if k != "action_count"}
    assert bad(tmp_path, "less.npz", lambda p: variant(p, metadata=np.array(json.dumps(less)))) == (
        "less.npz: its metadata lacks action_count"
    )
    assert bad(tmp_path, "notjson.npz", lambda p: variant(p, metadata=np.array("{"))) == (
        "notjson.npz is not a policy file: its metadata is not JSON"
    )
    assert bad(tmp_path, "shape.npz", lambda p: variant(p, w1=arrays["w1"][:3])) == (
        f"shape.npz: layer 1 is (3, {meta['action_count']}) + ({meta['action_count']},), "
        f"not (16, {meta['action_count']}) + ({meta['action_count']},)"
    )
    assert bad(tmp_path, "nan.npz", lambda p: variant(p, b0=arrays["b0"] * np.nan)) == (
        "nan.npz: layer 0 holds values that are not finite numbers"
    )
    act = {**meta, "activation": "gelu"}
    assert bad(tmp_path, "act.npz", lambda p: variant(p, metadata=np.array(json.dumps(act)))) == (
        "act.npz: unknown activation 'gelu' (use tanh or relu)"
    )
    assert bad(tmp_path, "folder", lambda p: p.mkdir()) == "folder is a folder, not a policy file"


def test_a_policy_of_another_game_or_size_is_refused_before_it_sits(tmp_path, prize_bids):
    options = prize_bids.resolve_options(None)
    other = write_policy(tmp_path / "other.npz", prize_bids, 2, game_name="scarface1920")
    with pytest.raises(BotError, match=r"^the policy other.npz plays scarface1920, not prize_bids$"):
        check_bot_table(get_bot(f"learned:{other}"), prize_bids, 2, options)
    two = write_policy(tmp_path / "two.npz", prize_bids, 2)
    size2 = load_policy(two).observation_size
    size4 = sum(f.size for f in prize_bids.observation_fields(4, options))
    count = prize_bids.action_count(4, options)
    with pytest.raises(BotError) as e:
        check_bot_table(get_bot(f"learned:{two}"), prize_bids, 4, options)
    assert str(e.value) == (
        f"the policy two.npz was trained for 2 seats of prize_bids (observations of {size2}, {count} actions); "
        f"a game of 4 seats with these options has {size4} and {count}"
    )
    state = prize_bids.new_game(seed=1, seats=4)  # seated anyway (a harness that did not ask): refused at once
    with pytest.raises(BotError, match="trained for 2 seats"):
        ask_bot(get_bot(f"learned:{two}"), state, seat=state.decision().seat)


def test_learned_without_a_shipped_policy_is_refused_clearly(prize_bids):
    assert prize_bids.learned_policy is None and prize_bids.describe()["learned_policy"] is False
    bot = get_bot("learned", 1)
    assert isinstance(bot, LearnedBot)
    message = (
        "Prize Bids (test game) ships no learned policy (its data/policy.npz): seat learned:PATH with a "
        "policy from `volstead train prize_bids`, or another bot"
    )
    with pytest.raises(BotError) as e:
        check_bot_table(bot, prize_bids, 2, prize_bids.resolve_options(None))
    assert str(e.value) == message
    from typer.testing import CliRunner

    from volstead.cli import app

    r = CliRunner().invoke(app, ["sim", "prize_bids", "--seats", "learned,random", "--games", "1"])
    assert r.exit_code == 2 and "seat 0: Prize Bids (test game) ships no learned policy" in r.output


SHIPPED = [name for name in game_names() if get_game(name).learned_policy is not None]


def test_the_built_in_games_ship_their_policies():
    """issue 37: each built-in game ships the policy its `learned` bot plays (docs/learning.md, "The
    shipped policies"), under 5 MB, saying the command and seed that trained it."""
    assert SHIPPED == ["mafia_chronicles", "prohibition", "scarface1920"]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_built_in_games_policy_plays_a_game_of_four_against_greedy(name):
    game = get_game(name)
    assert game.learned_policy.stat().st_size <= 5 * 2**20
    policy = load_policy(game.learned_policy)
    assert policy.meta["seats"] == 4 and policy.meta["options"] == {} and policy.meta["game"] == name
    assert policy.meta["command"].startswith(f"volstead train {name} ") and "--seed" in policy.meta["command"]
    assert game.describe()["learned_policy"] is True
    state = game.new_game(seed=5, seats=4)
    bots = [get_bot("learned", 1), get_bot("greedy", 2), get_bot("greedy", 3), get_bot("greedy", 4)]
    play_to_end(game, state, bots)
    assert state.is_over() and len(state.result().scores) == 4


def test_a_shipped_policy_plays_as_learned(tmp_path, prize_bids, monkeypatch):
    path = write_policy(tmp_path / "policy.npz", prize_bids, 2)
    monkeypatch.setattr(type(prize_bids), "learned_policy", property(lambda self: path))
    assert prize_bids.describe()["learned_policy"] is True
    state = prize_bids.new_game(seed=2, seats=2)
    play_to_end(prize_bids, state, [get_bot("learned", 1), get_bot("random", 2)])
    assert state.is_over()


def test_the_lobby_says_how_many_seats_a_shipped_policy_plays_and_offers_none_it_cannot_read(tmp_path, prize_bids, monkeypatch):
    from volstead.server.routes.lobby import with_learned_seats

    path = write_policy(tmp_path / "policy.npz", prize_bids, 2)
    monkeypatch.setattr(type(prize_bids), "learned_policy", property(lambda self: path))
    described = with_learned_seats(prize_bids)
    assert described["learned_policy"] is True and described["learned_seats"] == 2
    path.write_bytes(b"not an npz")
    described = with_learned_seats(prize_bids)
    assert described["learned_policy"] is False and "learned_seats" not in described


def test_the_command_line_keeps_a_paths_case_and_names_a_bad_file(tmp_path, prize_bids):
    from typer.testing import CliRunner

    from volstead.cli import app

    folder = tmp_path / "Runs"
    folder.mkdir()
    path = write_policy(folder / "Policy.npz", prize_bids, 2)
    out = tmp_path / "sim"
    r = CliRunner().invoke(
        app, ["sim", "prize_bids", "--seats", f"Learned:{path},random", "--games", "2", "--out", str(out), "--no-report"]
    )
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted(rows[0]["bots"]) == sorted([f"learned:{path}", "random"])
    (folder / "Bad.npz").write_text("x")
    r = CliRunner().invoke(app, ["sim", "prize_bids", "--seats", f"learned:{folder / 'Bad.npz'},random"])
    assert r.exit_code == 2 and "seat 0: Bad.npz is not a policy file" in r.output


def test_the_server_seats_learned_only_where_a_policy_ships(tmp_path, prize_bids, monkeypatch):
    from fastapi.testclient import TestClient

    from volstead.server import create_app
    from volstead.server.routes import lobby

    lobby._info_body.cache_clear()
    with TestClient(create_app(f"sqlite:///{tmp_path}/s.db", bot_start="fork")) as client:
        body = {"game": "prize_bids", "seats": ["human", "learned"]}
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and "seat 1: Prize Bids (test game) ships no learned policy" in r.json()["message"]
        path = write_policy(tmp_path / "policy.npz", prize_bids, 2)
        r = client.post("/api/games", json={**body, "seats": ["human", "learned:policy.npz"]})  # a file of the server's
        assert r.status_code == 422
        assert r.json()["message"] == "seat 1: learned:PATH cannot be seated here: only learned, the policy the game ships"
        monkeypatch.setattr(type(prize_bids), "learned_policy", property(lambda self: path))
        assert client.post("/api/games", json=body).status_code == 201
        r = client.post("/api/games", json={**body, "seats": ["human", "learned", "learned"]})  # a 2-seat policy
        assert r.status_code == 422 and "trained for 2 seats of prize_bids" in r.json()["message"]
    lobby._info_body.cache_clear()


def test_a_server_refuses_policy_files_by_its_limits():
    with pytest.raises(BotError, match="learned:PATH cannot be seated here"):
        get_bot("learned:/etc/passwd", 0, BotLimits(policy_files=False))
