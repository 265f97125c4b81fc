"""The learning environments of every game with an encoder (volstead.rl), checked as the ecosystem
checks them: PettingZoo's API and seed tests, Gymnasium's env checker, and the platform's own: no
observation tells what its seat may not know (re-dealt by `determinize`, or a rival's pending secret
choice), action numbers are distinct, in range and stable, an illegal action changes nothing, and
the same seed and actions play the same episode. The test game, Prize Bids, is checked beside the
registered games (tests/rl/conftest.py); a game without an encoder is skipped, saying so."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from rl_games import first_setup, random_game

import volstead.rl as rl
from volstead.engine.errors import VolsteadError
from volstead.games import game_names, get_game
from volstead.rl.encoding import (
    IllegalActionError,
    float32_array,
    layout_of,
    observe,
    option_index,
    pending_decision,
    state_layout,
)

CHECK_POINTS = 20  # mid-game states checked per leak-test game, spread over the whole game
LANE_CHECKS = 12  # states in a secret phase checked against rivals' pending private steps
DETERMINIZATIONS = 3
RIVAL_OPTIONS = 6  # a rival's pending options tried at each of those states, at most (spread over its list)


def same(a: dict, b: dict) -> bool:
    return np.array_equal(a["observation"], b["observation"]) and np.array_equal(a["action_mask"], b["action_mask"])


def legal_action(obs: dict, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


# ------------------------------------------------------------------ the ecosystem's checks
def test_pettingzoo_api_test(game):
    seats, options = first_setup(game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (a Dict observation is the classic games' own)
        api_test(rl.aec_env(game, seats, options), num_cycles=15)


def test_pettingzoo_seed_test(game):
    seats, options = first_setup(game)
    seed_test(lambda: rl.aec_env(game, seats, options), num_cycles=15)


def test_gymnasium_env_checker(game):
    # The checker steps unmasked random actions: with illegal_reward set, an illegal one changes nothing
    seats, options = first_setup(game)
    env = rl.VolsteadEnv(game, seats, options, illegal_reward=-1.0, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env)
    assert isinstance(env.render(), str) and env.render()


# ------------------------------------------------------------------ what a seat may know
def check_state(game, state, layout, numbering: dict) -> None:
    """Every seat's observation at `state`: its length and bounds, the same for every
    determinization of its seat; each pending decision's numbers distinct, in range and stable."""
    for seat in range(state.seats):
        seen = observe(game, state, seat)
        obs = seen["observation"]
        assert obs.shape == (layout.size,) and obs.dtype == np.float32
        assert np.all(obs >= layout.low) and np.all(obs <= layout.high), (seat, np.flatnonzero(obs > layout.high))
        for k in range(DETERMINIZATIONS):
            det = state.determinize(seat, random.Random(1000 * k + seat))
            assert same(observe(game, det, seat), seen), f"seat {seat}'s observation changed with a determinization"
    for d in state.decisions():
        numbers = game.action_numbers(state, d)
        assert len(numbers) == len(d.codes) == len(set(numbers)), f"{d.kind}: numbers not distinct {numbers}"
        assert all(0 <= n < layout.action_count for n in numbers), numbers
        for oid, n in zip(d.option_ids, numbers, strict=True):
            key = (d.seat, d.kind, d.prompt, oid)  # an id may be relative to what is asked ("slot:1" of the card placed)
            assert numbering.setdefault(key, n) == n, f"{d.kind} {oid} ({d.prompt}) numbered {numbering[key]} and {n}"


def check_rivals_private_steps(game, state) -> None:
    """In a secret phase, no seat's observation changes when a rival takes a pending private step
    (while the phase stays open)."""
    for d in state.decisions():
        count = len(d.codes)
        for index in sorted(
            {k * count // RIVAL_OPTIONS for k in range(RIVAL_OPTIONS)} if count > RIVAL_OPTIONS else range(count)
        ):
            after = state.clone()
            after.apply_index(index, d.seat)
            below = state.stack[:-1]  # under the open phase: the same step objects while it stays open
            if (
                not after.in_lanes()
                or len(after.stack) != len(state.stack)
                or any(a is not b for a, b in zip(after.stack, below))
            ):
                continue  # the phase closed (perhaps another opened): the choices are revealed
            for seat in range(state.seats):
                if seat != d.seat:
                    assert same(observe(game, after, seat), observe(game, state, seat)), (
                        f"seat {seat}'s observation changed with seat {d.seat}'s private {d.kind} ({d.option_ids[index]})"
                    )


def test_no_observation_tells_what_its_seat_may_not_know(game):
    for i, (seats, options) in enumerate(game.sample_setups()):
        numbering: dict = {}  # numbers are fixed for given seats and options (a variant may shift them)
        layout = layout_of(game, seats, options)
        seed = 7 + i
        length = sum(1 for _ in random_game(game, seed, seats, options))
        points = {length * j // CHECK_POINTS for j in range(CHECK_POINTS)}
        lanes_seen = 0
        for n, state in enumerate(random_game(game, seed, seats, options)):
            if n in points:
                check_state(game, state, layout, numbering)
            if state.in_lanes() and lanes_seen < LANE_CHECKS:
                lanes_seen += 1
                check_state(game, state, layout, numbering)
                check_rivals_private_steps(game, state)


def test_the_same_option_has_the_same_number_in_two_games(game):
    seats, options = first_setup(game)
    numbering: dict = {}
    for seed in (1, 2):
        for n, state in enumerate(random_game(game, seed, seats, options, limit=600)):
            if n % 3:
                continue
            for d in state.decisions():
                for oid, number in zip(d.option_ids, game.action_numbers(state, d), strict=True):
                    key = (d.seat, d.kind, d.prompt, oid)  # the same seat, question and option (numbers may be seat-relative)
                    assert numbering.setdefault(key, number) == number, key
    assert len(set(numbering.values())) > 1


# ------------------------------------------------------------------ the single-agent environment
def test_an_illegal_action_is_refused_naming_it_and_changes_nothing(game):
    seats, options = first_setup(game)
    env = rl.VolsteadEnv(game, seats, options)
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.record_pairs()
    with pytest.raises(IllegalActionError, match=rf"action {illegal} \(.*\) is not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(env.layout.action_count)
    with pytest.raises(IllegalActionError, match="whole number"):
        env.step(1.0)
    assert env.state.record_pairs() == before
    assert same(env._observation(), obs) and env.action_masks().tolist() == obs["action_mask"].astype(bool).tolist()
    env.step(legal_action(obs, np.random.default_rng(0)))  # and the episode goes on


def play_episode(env, seed: int, actions_seed: int) -> list:
    rng = np.random.default_rng(actions_seed)
    obs, info = env.reset(seed=seed)
    out = [(obs["observation"].tolist(), obs["action_mask"].tolist(), info)]
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(legal_action(obs, rng))
        assert truncated is False
        out.append((obs["observation"].tolist(), obs["action_mask"].tolist(), reward, done, info))
    return out


def test_the_same_seed_and_actions_play_the_same_episode(game):
    seats, options = first_setup(game)
    make = lambda: rl.VolsteadEnv(game, seats, options, learner=None, opponents=("random",))  # noqa: E731
    first = play_episode(make(), 11, 0)
    assert play_episode(make(), 11, 0) == first
    assert play_episode(make(), 12, 0) != first
    final = first[-1]
    assert final[3] is True and set(final[4]) == {"seat", "scores", "winners"}
    learners = {make().reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(learners) > 1  # learner=None: the seat is drawn from the reset's seed


def test_the_reward_at_the_end_is_the_learners_share(game):
    seats, options = first_setup(game)
    env = rl.VolsteadEnv(game, seats, options, learner=1 % seats)
    episode = play_episode(env, 5, 1)
    *_, reward, done, info = episode[-1]
    assert done and reward == rl.final_rewards(info["winners"], seats)[env.learner]
    assert all(step[2] == 0.0 for step in episode[1:-1])


def test_gymnasium_make_by_id(game):
    ids = rl.register_envs()
    assert rl.env_id(game.name) in ids
    seats, options = first_setup(game)
    env = gymnasium.make(rl.env_id(game.name), seats=seats, options=options, opponents=("random",))
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and env.unwrapped.game is game
    env.close()


def test_the_vector_form_steps_a_batch(game):
    seats, options = first_setup(game)
    vec = rl.make_vector(game, 3, seats=seats, options=options)
    obs, _ = vec.reset(seed=4)
    layout = layout_of(game, seats, options)
    assert obs["observation"].shape == (3, layout.size) and obs["action_mask"].shape == (3, layout.action_count)
    rng = np.random.default_rng(0)
    for _ in range(5):
        actions = np.array([legal_action({"action_mask": m}, rng) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        assert rewards.shape == (3,)
    vec.close()


# ------------------------------------------------------------------ the AEC environment
def test_the_aec_env_asks_the_seat_whose_decision_it_is_and_masks_the_others(game):
    seats, options = first_setup(game)
    env = rl.raw_env(game, seats, options)
    env.reset(seed=2)
    assert str(env) == f"volstead/{game.name}_v0" and env.possible_agents == [f"seat_{s}" for s in range(seats)]
    rng = np.random.default_rng(0)
    for _ in range(40):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        seat = int(env.agent_selection.removeprefix("seat_"))
        assert seat == min(env.state.pending_seats())  # in a secret phase: the pending seats in seat order
        for other in env.agents:
            if other != env.agent_selection:
                assert not env.observe(other)["action_mask"].any()
        obs = env.observe(env.agent_selection)
        assert same(obs, {**observe(game, env.state, seat)})
        env.step(legal_action(obs, rng))


def test_an_illegal_aec_action_changes_nothing(game):
    seats, options = first_setup(game)
    env = rl.aec_env(game, seats, options)
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)
    before = env.unwrapped.state.record_pairs()
    with pytest.raises(IllegalActionError, match="is not legal now"):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.unwrapped.state.record_pairs() == before and same(env.observe(env.agent_selection), obs)


# ------------------------------------------------------------------ the shared helpers
def test_option_index_is_the_inverse_of_the_numbers(game):
    seats, options = first_setup(game)
    for state in random_game(game, 9, seats, options, limit=200):
        d = state.decision()
        for i, number in enumerate(game.action_numbers(state, d)):
            assert option_index(game, state, d, np.int64(number)) == i
        assert pending_decision(state, d.seat) is not None


def test_observations_are_new_arrays_each_call(game):
    seats, options = first_setup(game)
    state = game.new_game(1, seats, options)
    a, b = observe(game, state, 0), observe(game, state, 0)
    assert a["observation"] is not b["observation"] and a["action_mask"] is not b["action_mask"] and same(a, b)
    assert state_layout(game, state) is state_layout(game, state.clone())


def test_an_observation_holds_exactly_the_encoders_numbers_as_float32(game):
    """The packed reading of an encoder's list (engine/observation.py, compiled) gives numpy's own
    float32 reading of it, number for number, over whole random games of every seat."""
    seats, options = first_setup(game)
    for k, state in enumerate(random_game(game, 11, seats, options, limit=600)):
        if k % 7:
            continue
        for seat in range(seats):
            values = game.encode_observation(state, seat)
            got = float32_array(values)
            assert got.dtype == np.float32 and got.flags.writeable
            assert np.array_equal(got, np.array(values, dtype=np.float32))
    # ints and bools among the floats read as numpy reads them; values beyond float32 round as numpy rounds them
    mixed = [0.0, 1, True, -2.5, 1e-50, 3.0000001, 2**40]
    assert np.array_equal(float32_array(mixed), np.array(mixed, dtype=np.float32))


def test_final_rewards():
    assert rl.final_rewards([1], 4) == [-1 / 3, 1.0, -1 / 3, -1 / 3]
    assert rl.final_rewards([0, 2], 4) == [0.5, -0.5, 0.5, -0.5]
    assert rl.final_rewards((0,), 1) == [1.0]
    assert rl.final_rewards((), 1) == [-1.0]


def test_importing_volstead_rl_registers_exactly_the_games_with_an_encoder():
    for name in game_names():
        assert (rl.env_id(name) in gymnasium.registry) == rl.has_encoder(get_game(name)), name


def test_a_game_without_an_encoder_is_refused_with_a_clear_error():
    without = [n for n in game_names() if not rl.has_encoder(get_game(n))]
    if not without:
        pytest.skip("every registered game has an encoder")
    with pytest.raises(VolsteadError, match="has no observation encoder"):
        rl.VolsteadEnv(without[0])


def test_bad_arguments_are_refused_naming_them(prize_bids):
    with pytest.raises(VolsteadError, match="unknown game"):
        rl.VolsteadEnv("no_such_game")
    with pytest.raises(VolsteadError, match="seats: .* takes 2–4 seats"):
        rl.VolsteadEnv(prize_bids, seats=7)
    with pytest.raises(VolsteadError, match="learner: a seat of 3"):
        rl.VolsteadEnv(prize_bids, seats=3, learner=3)
    with pytest.raises(VolsteadError, match="unknown bot 'nobody'"):
        rl.VolsteadEnv(prize_bids, opponents=("nobody",))
    with pytest.raises(VolsteadError, match="bots' interface"):
        rl.VolsteadEnv(prize_bids, opponents=(object(),))
    with pytest.raises(VolsteadError, match="option 'cards'"):
        rl.VolsteadEnv(prize_bids, options={"cards": 99})


def test_the_encoding_needs_no_gymnasium():
    # a plain install (no rl extra) encodes a seat: the learned bot does
    script = (
        "import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
        "import volstead.rl as rl; from volstead.games import game_names, get_game\n"
        "assert 'gymnasium' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "try:\n    rl.VolsteadEnv\nexcept ImportError as e:\n    print('refused:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.startswith("refused: volstead.rl.VolsteadEnv needs the rl extra (pip install 'volstead[rl]')")


def test_bots_are_seeded_from_the_reset_seed(prize_bids):
    make = lambda: rl.VolsteadEnv(prize_bids, seats=3, learner=None, opponents=("greedy", "random"))  # noqa: E731
    assert play_episode(make(), 21, 0) == play_episode(make(), 21, 0)


def test_a_bot_object_takes_the_other_seats(prize_bids):
    class FirstOption:
        instant = True
        reads_view = False
        asked = 0

        def choose(self, view, decision, sampler=None):
            return 0

        def pick(self, count):
            FirstOption.asked += 1
            return 0

    env = rl.VolsteadEnv(prize_bids, seats=2, opponents=(FirstOption(),))
    play_episode(env, 2, 0)
    assert FirstOption.asked >= 5  # its bids, at least, one a round
