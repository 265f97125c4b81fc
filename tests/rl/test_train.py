"""`volstead train` (cli/train.py, cli/training.py): without PyTorch the command says which extra it
needs; with it (skipped, saying why, where it is not installed) a tiny run on the test game moves its
loss, writes its logs, checkpoints and policy, resumes at the saved step with the saved weights, and
its exported policy plays as the learned bot."""

from __future__ import annotations

import builtins
import csv

import pytest
from typer.testing import CliRunner

from policy_files import write_random_policy
from volstead.cli import app

TINY = ["--steps", "1024", "--envs", "4", "--rollout", "64", "--hidden", "16", "--eval-games", "2"]
TINY += ["--checkpoint-every", "512", "--eval-every", "512", "--seats", "2", "--device", "cpu", "-o", "cards=3"]


def test_without_pytorch_the_command_names_the_train_extra(monkeypatch, prize_bids, tmp_path):
    real = builtins.__import__

    def no_torch(name, *args, **kwargs):
        if name == "torch" or name.startswith("torch."):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(tmp_path / "run")])
    assert r.exit_code == 2
    assert r.output.strip() == "error: volstead train needs PyTorch: install the train extra (pip install 'volstead[train]')"
    assert not (tmp_path / "run").exists()


def rows(path):
    with path.open() as f:
        return list(csv.DictReader(f))


def test_a_tiny_run_learns_checkpoints_resumes_and_plays(prize_bids, tmp_path):
    torch = pytest.importorskip("torch", reason="training needs PyTorch (the train extra: pip install 'volstead[train]')")
    from volstead.bots import get_bot
    from volstead.bots.learned import load_policy
    from volstead.cli.training import TrainConfig, Trainer
    from volstead.sim.loop import play_to_end

    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(out), *TINY])
    assert r.exit_code == 0, r.output
    train = rows(out / "train.csv")
    assert [int(x["step"]) for x in train] == [256 * k for k in range(1, 5)]  # 4 games x 64 steps an update
    losses = {round(float(x["value_loss"]), 6) for x in train} | {round(float(x["policy_loss"]), 6) for x in train}
    assert len(losses) > 2 and all(float(x["entropy"]) > 0 for x in train)
    evals = rows(out / "eval.csv")
    assert [(x["step"], x["opponent"]) for x in evals] == [(s, o) for s in ("0", "512", "1024") for o in ("random", "greedy")]
    assert all(0 <= float(x["win_rate"]) <= 1 and x["games"] == "2" for x in evals)
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["step-000000512.pt", "step-000001024.pt"]
    assert sorted(p.name for p in (out / "policies").iterdir()) == ["step-000000512.npz", "step-000001024.npz"]
    assert (out / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert any((out / "tb").iterdir())
    policy = load_policy(out / "policy.npz")
    assert policy.meta["steps"] == 1024 and policy.meta["seats"] == 2 and policy.meta["options"] == {"cards": 3}
    assert policy.meta["command"].startswith("volstead train prize_bids --steps 1024 --seed 1 --envs 4")
    first = load_policy(out / "policies" / "step-000000512.npz")
    assert any((a != b).any() for a, b in zip(first.weights, policy.weights, strict=True))  # it learned on

    # the exported policy plays as the learned bot
    state = prize_bids.new_game(seed=3, seats=2, options={"cards": 3})
    play_to_end(prize_bids, state, [get_bot(f"learned:{out / 'policy.npz'}", 1), get_bot("greedy", 2)])
    assert state.is_over()

    # a run there already is not overwritten; --resume continues it at the saved step, with its weights
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(out), *TINY])
    assert r.exit_code == 2 and "already holds a run (step 1024): --resume continues it" in r.output
    saved = torch.load(out / "checkpoints" / "step-000001024.pt", weights_only=False)
    config = TrainConfig(
        game="prize_bids",
        steps=1536,
        out=out,
        seats=2,
        options={"cards": 3},
        envs=4,
        rollout=64,
        hidden=(16,),
        device="cpu",
        eval_games=2,
        checkpoint_every=512,
        eval_every=512,
        resume=True,
    )
    trainer = Trainer(config)
    assert (trainer.step, trainer.updates) == (1024, 4)
    assert all(torch.equal(v, saved["model"][k]) for k, v in trainer.model.state_dict().items())
    assert trainer.pool.past == [out / "policies" / "step-000000512.npz", out / "policies" / "step-000001024.npz"]
    trainer.run()
    assert [int(x["step"]) for x in rows(out / "train.csv")] == [256 * k for k in range(1, 7)]
    assert load_policy(out / "policy.npz").meta["steps"] == 1536
    with pytest.raises(Exception, match=r"trained with seats 2, not 3"):
        Trainer(TrainConfig(**{**config.__dict__, "seats": 3}))


def test_resume_needs_a_run_and_the_pool_needs_a_weight(prize_bids, tmp_path):
    pytest.importorskip("torch", reason="training needs PyTorch (the train extra: pip install 'volstead[train]')")
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(tmp_path / "none"), "--resume", *TINY])
    assert r.exit_code == 2 and "no checkpoint in" in r.output and "to resume" in r.output
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(tmp_path / "x"), "--pool", "ismcts=1"])
    assert r.exit_code == 2 and "--pool 'ismcts=1': weights of random, greedy and past" in r.output


def test_imitation_learns_the_experts_choices_before_self_play(prize_bids, tmp_path):
    """`--imitate BOT` (cli/imitation.py): the expert's games are learnt from before self-play. The
    expert here is a learned bot with random weights, whose choice is a function of what its seat
    sees (greedy's is not: it samples what it cannot see, and two greedy bots agree on 47 % of Prize
    Bids' choices): on the games kept apart the student's choice is the teacher's far more often than
    a blind pick's, and so it is when the exported step-0 policy plays games of new seeds."""
    pytest.importorskip("torch", reason="training needs PyTorch (the train extra: pip install 'volstead[train]')")
    from volstead.bots import ask_bot, get_bot

    teacher = tmp_path / "teacher.npz"
    write_random_policy(teacher, prize_bids, 2, {"cards": 3})
    out = tmp_path / "run"
    args = ["--steps", "0", "--imitate", f"learned:{teacher}", "--imitate-decisions", "1500", "--imitate-epochs", "15"]
    args += ["--imitate-rounds", "2"]  # the second a DAgger round: the student plays a seat
    args += ["--hidden", "64", "--seats", "2", "-o", "cards=3", "--eval-games", "2", "--device", "cpu"]
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(out), *args])
    assert r.exit_code == 0, r.output
    epochs = rows(out / "imitation.csv")
    assert [(int(x["round"]), int(x["epoch"])) for x in epochs] == [(r, e) for r in (1, 2) for e in range(1, 16)]
    first, both = int(epochs[0]["samples"]), int(epochs[-1]["samples"])
    assert 1500 <= first and first + 1500 <= both  # the second round's positions join the first's
    assert float(epochs[-1]["policy_loss"]) < float(epochs[0]["policy_loss"])
    last = epochs[-1]
    assert float(last["held_out_accuracy"]) >= 0.85 > float(last["held_out_blind"]) + 0.3
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["step-000000000.pt"]
    assert [(x["step"], x["opponent"]) for x in rows(out / "eval.csv")] == [("0", "random"), ("0", "greedy")]
    student = get_bot(f"learned:{out / 'policy.npz'}", 1)
    made_by = f"--imitate learned:{teacher} --imitate-decisions 1500 --imitate-epochs 15 --imitate-rounds 2"
    assert made_by in student.policy.meta["command"]

    expert = get_bot(f"learned:{teacher}", 2)
    same = asked = 0
    for seed in range(20):  # seeds the trainer did not draw
        state = prize_bids.new_game(seed=10_000 + seed, seats=2, options={"cards": 3})
        while not state.is_over():
            seat = state.pending_seats()[0]
            pick = ask_bot(expert, state, seat=seat)
            if len(state.decision(seat)) > 1:
                asked += 1
                same += ask_bot(student, state, seat=seat) == pick
            state.apply_index(pick, seat=seat)
    assert asked > 100 and same / asked >= 0.85


def test_an_unknown_expert_is_refused_before_anything_is_written(prize_bids, tmp_path):
    pytest.importorskip("torch", reason="training needs PyTorch (the train extra: pip install 'volstead[train]')")
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(out), "--imitate", "nobody", "--seats", "2"])
    assert r.exit_code == 2
    assert r.output.startswith("error: --imitate: ") and "nobody" in r.output
    assert not out.exists()


def test_a_fine_tune_starts_from_a_policy_file_and_is_held_near_it(prize_bids, tmp_path):
    """`--from-policy FILE` starts the actor from a policy file; `--value-warmup` steps move the value
    alone (the policy exported then is the file's, to the bit); afterwards the policy moves, the
    anchor's KL is logged, and the checkpoint keeps the starting policy for a resume. A file that
    does not fit the run is refused naming what differs."""
    torch = pytest.importorskip("torch", reason="training needs PyTorch (the train extra: pip install 'volstead[train]')")
    import numpy as np

    from volstead.bots.learned import load_policy
    from volstead.cli.training import TrainConfig, Trainer

    start = tmp_path / "start.npz"
    write_random_policy(start, prize_bids, 2, {"cards": 3})
    out = tmp_path / "run"
    args = ["--steps", "1024", "--envs", "4", "--rollout", "64", "--hidden", "16", "--eval-games", "2"]
    args += ["--checkpoint-every", "512", "--eval-every", "512", "--seats", "2", "--device", "cpu", "-o", "cards=3"]
    args += ["--from-policy", str(start), "--value-warmup", "512", "--anchor", "0.5", "--temperature", "0.5"]
    args += ["--lr", "0.001", "--entropy", "0"]
    r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(out), *args])
    assert r.exit_code == 0, r.output
    given = load_policy(start)
    warmed = load_policy(out / "policies" / "step-000000512.npz")
    assert all(np.array_equal(a, b) for a, b in zip(given.weights + given.biases, warmed.weights + warmed.biases, strict=True))
    moved = load_policy(out / "policy.npz")
    assert any(not np.array_equal(a, b) for a, b in zip(given.weights, moved.weights, strict=True))
    train = rows(out / "train.csv")
    assert [float(x["anchor_kl"]) for x in train[:2]] == [0.0, 0.0]  # warming: the policy is the anchor
    assert all(float(x["anchor_kl"]) > 0 for x in train[2:])
    assert f"--from-policy {start}" in moved.meta["command"] and "--anchor 0.5 --value-warmup 512" in moved.meta["command"]
    assert moved.meta["from_policy"] == {"command": "test", "seed": 0, "steps": 0, "date": None, "from_policy": None}
    saved = torch.load(out / "checkpoints" / "step-000001024.pt", weights_only=False)
    assert torch.equal(saved["anchor"]["0.weight"], torch.as_tensor(given.weights[0].T))
    config = TrainConfig(
        game="prize_bids", steps=1024, out=out, seats=2, options={"cards": 3}, hidden=(16,), device="cpu", resume=True
    )
    resumed = Trainer(config)
    assert resumed.anchor_actor is not None
    assert all(torch.equal(v, saved["anchor"][k]) for k, v in resumed.anchor_actor.state_dict().items())

    refused = {
        "--hidden 32": ["--hidden", "32", "--seats", "2", "-o", "cards=3"],
        "another size": ["--hidden", "16", "--seats", "3", "-o", "cards=3"],
        "with --imitate": ["--hidden", "16", "--seats", "2", "-o", "cards=3", "--imitate", "greedy"],
    }
    said = {}
    for why, extra in refused.items():
        r = CliRunner().invoke(app, ["train", "prize_bids", "--out", str(tmp_path / why), "--from-policy", str(start), *extra])
        assert r.exit_code == 2 and not (tmp_path / why).exists(), why
        said[why] = r.output.strip()
    assert said["--hidden 32"] == f"error: --from-policy: {start} has layers 16 (tanh), not --hidden 32 (tanh)"
    assert said["another size"].startswith("error: --from-policy: the policy") and "2 seats" in said["another size"]
    assert said["with --imitate"] == "error: --from-policy and --imitate both choose where the policy starts: give one"
