"""`volstead train`'s trainer: masked PPO by self-play against an opponent pool (PyTorch).

One learning seat (a different one each episode) plays `VolsteadEnv` games whose other seats
are drawn, per episode, from the opponent pool: the registered bots (random, greedy) and the
trainer's own past checkpoints as learned bots (`LearnedBot`, numpy, seeing only their seat).
The policy is an MLP over the game's observation (`Game.encode_observation`) with logits over
its fixed actions (`Game.action_count`), the illegal ones masked out (`action_mask`); a
separate MLP estimates the value. PPO with clipped ratios, GAE, entropy bonus.

A fine-tune of a policy made elsewhere (`start_policy`: the actor from a policy file, e.g. one
distilled by imitation) keeps near where it started: `value_warmup` steps in which only the value
learns (a fresh value's advantages would push the policy at random), and `anchor`, a penalty of
KL(start || policy) over the legal actions, against the drift that undid an imitated policy at the
default learning rate (docs/learning.md).

Everything a run writes lives in its folder (`--out`):

- `checkpoints/step-NNNNNNNNN.pt`: model, optimizer, step, generators, pool (every
  `checkpoint_every` steps and at the end); `--resume` continues from the last one;
- `policies/step-NNNNNNNNN.npz` (the learned bot's format, bots/learned.py) at each checkpoint,
  and `policy.npz`, the latest: `volstead sim GAME --seats learned:OUT/policy.npz,...`;
- `train.csv` (a row an update: losses, entropy, episode reward, speed), `eval.csv` (win rates
  against random and greedy, seats rotated), `tb/` (TensorBoard), `learning_curve.png`.

docs/learning.md ("Training") says why a PPO of our own rather than sb3-contrib's MaskablePPO.
Imported only by `volstead train`, after it checked that PyTorch is installed.
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from volstead import __version__
from volstead.bots import get_bot
from volstead.bots.learned import ACTIVATIONS, LearnedBot, Policy, load_policy, save_policy
from volstead.games import get_game
from volstead.rl import VolsteadEnv
from volstead.sim.loop import play_to_end

CHECKPOINTS = "checkpoints"
POLICIES = "policies"
EVAL_OPPONENTS = ("random", "greedy")
MASKED = -1e9  # the logit of an illegal action: probability 0, and 0 · logit stays finite


class TrainError(Exception):
    """A run that cannot start or resume as asked (the command prints it as one line)."""


@dataclass
class TrainConfig:
    game: str
    steps: int = 1_000_000  # learner decisions in all (a resumed run goes on to this many)
    out: Path = Path("runs")
    seed: int = 1
    seats: int | None = None  # None: the most the game takes
    options: dict[str, Any] = field(default_factory=dict)
    envs: int = 8  # games stepped side by side
    device: str = "auto"  # auto: CUDA when present, else CPU
    threads: int = 1  # PyTorch's CPU threads: a small network's passes gain nothing from more (and lose on a busy machine)
    hidden: tuple[int, ...] = (256, 256)
    activation: str = "tanh"
    rollout: int = 128  # steps a game per update (an update learns from envs × rollout steps)
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 0.995  # rewards come at a game's end only: look far ahead
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    checkpoint_every: int = 50_000
    eval_every: int = 25_000
    eval_games: int = 20  # a match against each of random and greedy, seats rotated
    pool: dict[str, float] = field(default_factory=lambda: {"random": 1.0, "greedy": 1.0, "past": 2.0})
    pool_size: int = 5  # the last checkpoints kept as opponents
    imitate: str | None = None  # an expert bot the policy learns to imitate before self-play (imitation.py)
    imitate_decisions: int = 50_000  # the expert's decisions learnt from (whole games)
    imitate_epochs: int = 8
    imitate_rounds: int = 1  # more: DAgger rounds, the policy playing a seat and the expert labelling its positions
    imitate_lr: float = 1e-3
    start_policy: Path | None = None  # the actor's first weights, from a policy file (a fine-tune)
    anchor: float = 0.0  # weight of KL(the policy self-play started from || the policy): 0 = none
    value_warmup: int = 0  # the first steps of self-play train the value alone (the policy held still)
    # Self-play samples from softmax(logits / temperature); the learned bot plays the argmax, the
    # limit as it goes to 0, so below 1 the games learnt from are nearer those the bot will play.
    temperature: float = 1.0
    command: str = ""
    resume: bool = False  # continue the run in `out` (else `out` must hold none)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["out"] = str(self.out)
        d["start_policy"] = None if self.start_policy is None else str(self.start_policy)
        d["hidden"] = list(self.hidden)
        return d


# ------------------------------------------------------------------------------ the network
def mlp(sizes: list[int], activation: str, last_gain: float) -> nn.Sequential:
    act = {"tanh": nn.Tanh, "relu": nn.ReLU}[activation]
    layers: list[nn.Module] = []
    for k in range(len(sizes) - 1):
        linear = nn.Linear(sizes[k], sizes[k + 1])
        last = k == len(sizes) - 2
        nn.init.orthogonal_(linear.weight, last_gain if last else 2**0.5)
        nn.init.zeros_(linear.bias)
        layers.append(linear)
        if not last:
            layers.append(act())
    return nn.Sequential(*layers)


class ActorCritic(nn.Module):
    """Two MLPs over the observation: the policy's logits (exported for the learned bot) and the value."""

    def __init__(self, observation_size: int, action_count: int, hidden: tuple[int, ...], activation: str):
        super().__init__()
        sizes = [observation_size, *hidden]
        self.actor = mlp([*sizes, action_count], activation, 0.01)  # a near-uniform policy to start
        self.critic = mlp([*sizes, 1], activation, 1.0)

    def masked_logits(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.actor(obs).masked_fill(~mask, MASKED)

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        return self.critic(obs).squeeze(-1)

    def layers(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """The actor's layers as the policy file stores them: (weight (in, out), bias)."""
        return [
            (m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy().copy())
            for m in self.actor
            if isinstance(m, nn.Linear)
        ]


# ------------------------------------------------------------------------------ the opponents
class PoolSeat:
    """An opponent seat of a training game: plays as the bot drawn for the current episode."""

    instant = False
    reads_view = False  # every bot of the pool decides from its sampler (or from nothing)

    def __init__(self) -> None:
        self.bot: Any = None

    def choose(self, view: dict[str, Any], decision: Any, sampler: Any = None) -> int:
        bot = self.bot
        if bot.instant:
            return int(bot.pick(len(decision)))
        return int(bot.choose(view, decision, sampler))


class OpponentPool:
    """The bots a training game's other seats are drawn from, per episode and seat: the registered
    bots named in the weights, and ("past") one of the last `size` checkpoints' policies."""

    def __init__(self, weights: dict[str, float], size: int, rng: random.Random):
        self.weights = {k: float(v) for k, v in weights.items() if v > 0}
        self.size = size
        self.rng = rng
        self.past: list[Path] = []  # policy files, oldest first
        self._policies: dict[Path, Policy] = {}
        self.drawn: dict[str, int] = {}

    def add(self, path: Path) -> None:
        self.past.append(path)
        self._policies[path] = load_policy(path)
        for old in self.past[: -self.size]:
            self._policies.pop(old, None)
        self.past = self.past[-self.size :]

    def draw(self) -> Any:
        kinds = [k for k in self.weights if k != "past" or self.past]
        kind = self.rng.choices(kinds, [self.weights[k] for k in kinds])[0]
        self.drawn[kind] = self.drawn.get(kind, 0) + 1
        seed = self.rng.randrange(1 << 30)
        if kind == "past":
            path = self.rng.choice(self.past)
            return LearnedBot(seed, policy=self._policies[path])
        return get_bot(kind, seed)


# ------------------------------------------------------------------------------ the trainer
def stable_seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def pick_device(name: str) -> torch.device:
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise TrainError("--device cuda: PyTorch sees no CUDA device here (use auto or cpu)")
    if name not in ("cpu", "cuda"):
        raise TrainError(f"unknown device {name!r}; use auto, cpu or cuda")
    return torch.device(name)


def checkpoints(out: Path) -> list[Path]:
    return sorted((out / CHECKPOINTS).glob("step-*.pt"))


class Trainer:
    """A training run in `config.out`: `run(on_update)` trains to `config.steps`."""

    def __init__(self, config: TrainConfig):
        self.config = c = config
        if c.activation not in ACTIVATIONS:
            raise TrainError(f"unknown activation {c.activation!r}; use {' or '.join(ACTIVATIONS)}")
        try:
            self.game = get_game(c.game)
        except KeyError as e:
            raise TrainError(str(e.args[0])) from None
        try:
            self.options = self.game.resolve_options(c.options)
            self.seats = c.seats or self.game.seat_range(self.options)[-1]
            self.game.check_seats(self.seats, self.options)
        except Exception as e:  # an OptionsError or SetupError, named
            raise TrainError(str(e)) from None
        fields = self.game.observation_fields(self.seats, self.options)
        if not fields:
            raise TrainError(f"{self.game.title} has no observation encoder: it cannot be trained on")
        self.observation_size = sum(f.size for f in fields)
        self.action_count = self.game.action_count(self.seats, self.options)
        self.device = pick_device(c.device)
        torch.set_num_threads(c.threads)
        self.step = 0
        self.updates = 0
        self.episodes = 0
        self.rng = random.Random(c.seed)
        torch.manual_seed(c.seed)
        self.model = ActorCritic(self.observation_size, self.action_count, c.hidden, c.activation).to(self.device)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=c.lr, eps=1e-5)
        self.pool = OpponentPool(c.pool, c.pool_size, self.rng)
        if c.imitate is not None:
            try:
                get_bot(c.imitate, 0)
            except Exception as e:  # a BotError naming the spec
                raise TrainError(f"--imitate: {e}") from None
        self.last_eval: dict[str, float] = {}
        self.anchor_actor: nn.Sequential | None = None  # the policy self-play started from (anchor > 0)
        self.start_meta: dict[str, Any] | None = None  # how the --from-policy file was made (its metadata)
        self._resume_or_start()
        self.seat_bots = [[PoolSeat() for _ in range(self.seats - 1)] for _ in range(c.envs)]
        self.envs = [
            VolsteadEnv(c.game, seats=self.seats, options=c.options or None, learner=None, opponents=self.seat_bots[i])
            for i in range(c.envs)
        ]

    # ----------------------------------------------------------- start, resume, save
    def _resume_or_start(self) -> None:
        c = self.config
        found = checkpoints(c.out)
        if found and not c.resume:
            raise TrainError(f"{c.out} already holds a run (step {found[-1].stem[5:].lstrip('0') or 0}): --resume continues it")
        if not found:
            if c.resume:
                raise TrainError(f"no checkpoint in {c.out / CHECKPOINTS} to resume")
            if c.start_policy is not None:  # checked before anything is written
                self._load_start_policy(c.start_policy)
            c.out.mkdir(parents=True, exist_ok=True)
            return
        saved = torch.load(found[-1], map_location=self.device, weights_only=False)
        then, now = saved["config"], {**c.to_json(), "resolved_seats": self.seats}
        for key in ("game", "resolved_seats", "options", "hidden", "activation"):
            if then[key] != now[key]:
                shown = "seats" if key == "resolved_seats" else key
                raise TrainError(f"--resume: the run in {c.out} was trained with {shown} {then[key]!r}, not {now[key]!r}")
        self.model.load_state_dict(saved["model"])
        self.optimizer.load_state_dict(saved["optimizer"])
        self.start_meta = saved.get("start_meta")
        if saved.get("anchor") is not None:
            self.anchor_actor = self._frozen_actor()
            self.anchor_actor.load_state_dict(saved["anchor"])
        self.step, self.updates, self.episodes = saved["step"], saved["updates"], saved["episodes"]
        self.rng.setstate(saved["rng"]["python"])
        torch.set_rng_state(saved["rng"]["torch"].cpu())
        if self.device.type == "cuda" and saved["rng"].get("cuda") is not None:
            torch.cuda.set_rng_state_all([s.cpu() for s in saved["rng"]["cuda"]])
        for p in saved["pool"]:
            if Path(p).exists():
                self.pool.add(Path(p))
        self.last_eval = saved.get("last_eval", {})

    def _load_start_policy(self, path: Path) -> None:
        """The actor's weights from the policy file `path`, which must fit this run's game, seats,
        options and network."""
        from volstead.bots.errors import BotError

        c = self.config
        try:
            policy = load_policy(path)
            policy.check_fits(self.game, self.seats, self.options)
        except BotError as e:
            raise TrainError(f"--from-policy: {e}") from None
        hidden = tuple(w.shape[1] for w in policy.weights[:-1])
        if hidden != c.hidden or policy.meta["activation"] != c.activation:
            raise TrainError(
                f"--from-policy: {path} has layers {','.join(map(str, hidden))} ({policy.meta['activation']}), "
                f"not --hidden {','.join(map(str, c.hidden))} ({c.activation})"
            )
        self.start_meta = {k: policy.meta.get(k) for k in ("command", "seed", "steps", "date", "from_policy")}
        linears = [m for m in self.model.actor if isinstance(m, nn.Linear)]
        with torch.no_grad():
            for m, w, b in zip(linears, policy.weights, policy.biases, strict=True):
                m.weight.copy_(torch.as_tensor(w.T))
                m.bias.copy_(torch.as_tensor(b))

    def _frozen_actor(self) -> nn.Sequential:
        c = self.config
        actor = mlp([self.observation_size, *c.hidden, self.action_count], c.activation, 0.01).to(self.device)
        actor.requires_grad_(False)
        return actor

    def _hold_anchor(self) -> None:
        """At the first step of self-play: the policy as it stands becomes the anchor."""
        if self.config.anchor > 0 and self.anchor_actor is None:
            self.anchor_actor = self._frozen_actor()
            self.anchor_actor.load_state_dict(self.model.actor.state_dict())

    def policy_meta(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.game,
            "seats": self.seats,
            "options": c.options,
            "observation_size": self.observation_size,
            "action_count": self.action_count,
            "activation": c.activation,
            "command": c.command,
            "seed": c.seed,
            "steps": self.step,
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "volstead_version": __version__,
            **({"from_policy": self.start_meta} if self.start_meta else {}),
        }

    def current_policy(self) -> Policy:
        """The policy as it stands, in the learned bot's form (for evaluation)."""
        layers = self.model.layers()
        meta = {**self.policy_meta(), "format": "", "layers": []}
        return Policy([w for w, _ in layers], [b for _, b in layers], meta, f"step {self.step}")

    def save(self) -> Path:
        """A checkpoint and its exported policy (and policy.npz, the latest); the policy joins the pool."""
        c = self.config
        name = f"step-{self.step:09d}"
        (c.out / CHECKPOINTS).mkdir(parents=True, exist_ok=True)
        (c.out / POLICIES).mkdir(parents=True, exist_ok=True)
        policy = save_policy(c.out / POLICIES / f"{name}.npz", self.model.layers(), self.policy_meta())
        save_policy(c.out / "policy.npz", self.model.layers(), self.policy_meta())
        if not self.pool.past or self.pool.past[-1] != policy:
            self.pool.add(policy)
        state = {
            "model": self.model.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "step": self.step,
            "updates": self.updates,
            "episodes": self.episodes,
            "rng": {
                "python": self.rng.getstate(),
                "torch": torch.get_rng_state(),
                "cuda": torch.cuda.get_rng_state_all() if self.device.type == "cuda" else None,
            },
            "pool": [str(p) for p in self.pool.past],
            "config": {**c.to_json(), "resolved_seats": self.seats},
            "last_eval": self.last_eval,
            "anchor": None if self.anchor_actor is None else self.anchor_actor.state_dict(),
            "start_meta": self.start_meta,
            "volstead_version": __version__,
        }
        path = c.out / CHECKPOINTS / f"{name}.pt"
        tmp = path.with_suffix(".part")
        torch.save(state, tmp)
        tmp.replace(path)
        return path

    # ----------------------------------------------------------- imitation
    def imitate(self, on_progress: Callable[[str, int, int], None] | None = None) -> list[dict[str, float]]:
        """Before self-play (step 0 of a run with `imitate`): the expert's games played, the policy and
        value trained on them (imitation.py), a row an epoch in imitation.csv. `on_progress(what, done,
        total)`: "games" (decisions gathered) and "epochs"."""
        from .imitation import expert_samples, imitate, joined

        c = self.config
        if self.step or c.imitate is None:
            raise TrainError("imitation comes before self-play: a run at step 0 with --imitate")
        parts, rows = [], []
        generator = torch.Generator().manual_seed(c.seed)
        total = c.imitate_decisions * c.imitate_rounds
        for r in range(c.imitate_rounds):
            # round 0: the expert's own games; later rounds (DAgger): the policy so far plays a seat
            student = LearnedBot(stable_seed("student", c.seed, r), policy=self.current_policy()) if r else None
            done = sum(len(p) for p in parts)
            parts.append(
                expert_samples(
                    self.game,
                    self.seats,
                    self.options,
                    c.imitate,
                    c.imitate_decisions,
                    lambda g: stable_seed("imitate", c.seed, g),
                    on_game=lambda n, done=done: on_progress and on_progress("games", min(done + n, total), total),
                    student=student,
                    first_game=int(parts[-1].game.max()) + 1 if parts else 0,
                )
            )
            samples = joined(parts)
            for row in imitate(
                self.model,
                samples,
                epochs=c.imitate_epochs,
                minibatch=c.minibatch,
                lr=c.imitate_lr,
                device=self.device,
                generator=generator,
            ):
                rows.append({"round": r + 1, "samples": len(samples), **row})
                if on_progress:
                    on_progress("epochs", len(rows), c.imitate_epochs * c.imitate_rounds)
        with (c.out / "imitation.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, ["round", "epoch", "samples", *IMITATION_COLUMNS])
            writer.writeheader()
            for row in rows:
                writer.writerow({**{k: _short(v) for k, v in row.items()}, "epoch": int(row["epoch"])})
        return rows

    # ----------------------------------------------------------- playing
    def _reset(self, i: int) -> dict[str, np.ndarray]:
        for seat in self.seat_bots[i]:
            seat.bot = self.pool.draw()
        while True:
            self.episodes += 1
            obs, _ = self.envs[i].reset(seed=stable_seed("train", self.config.seed, self.episodes, i))
            if obs["action_mask"].any():  # else the game ended before the learner was asked: another
                return obs

    def evaluate(self) -> dict[str, float]:
        """The current policy's share of wins against each evaluation bot: `eval_games` games each,
        the learned seat rotated through the seats, the others that bot (par: 1 / seats)."""
        c = self.config
        policy = self.current_policy()
        rates = {}
        for opponent in EVAL_OPPONENTS:
            won = 0.0
            for g in range(c.eval_games):
                seed = stable_seed("eval", c.seed, opponent, g)
                learner = g % self.seats
                state = self.game.new_game(seed=seed, seats=self.seats, options=self.options)
                bots: list[Any] = [get_bot(opponent, f"{seed}/{k}") for k in range(self.seats)]
                bots[learner] = LearnedBot(seed, policy=policy)
                play_to_end(self.game, state, bots)
                winners = state.result().winners
                if learner in winners:
                    won += 1 / len(winners)
            rates[opponent] = won / max(c.eval_games, 1)
        return rates

    # ----------------------------------------------------------- learning
    def run(self, on_update: Callable[[Trainer, dict[str, float]], None] | None = None) -> None:
        c = self.config
        E, T, D, N = c.envs, c.rollout, self.observation_size, self.action_count
        dev = self.device
        obs_buf = torch.zeros((T, E, D), device=dev)
        mask_buf = torch.zeros((T, E, N), dtype=torch.bool, device=dev)
        act_buf = torch.zeros((T, E), dtype=torch.long, device=dev)
        logp_buf = torch.zeros((T, E), device=dev)
        val_buf = torch.zeros((T, E), device=dev)
        rew_buf = torch.zeros((T, E), device=dev)
        done_buf = torch.zeros((T, E), device=dev)
        current = [self._reset(i) for i in range(E)]
        returns = [0.0] * E
        logs = Logs(c.out, resume=self.step > 0, step=self.step, game=c.game)
        next_checkpoint = (self.step // c.checkpoint_every + 1) * c.checkpoint_every
        next_eval = (self.step // c.eval_every + 1) * c.eval_every
        self._hold_anchor()
        try:
            if self.step == 0:  # the curve starts where the untrained policy stands
                self.last_eval = self.evaluate()
                logs.evaluation(0, self.last_eval, c.eval_games, self.seats)
            while self.step < c.steps:
                started = time.perf_counter()
                finished: list[float] = []
                for t in range(T):
                    obs = torch.as_tensor(np.stack([o["observation"] for o in current]), device=dev)
                    mask = torch.as_tensor(np.stack([o["action_mask"] for o in current]), device=dev).bool()
                    with torch.no_grad():
                        logits = self.model.masked_logits(obs, mask) / c.temperature
                        dist = torch.distributions.Categorical(logits=logits)
                        action = dist.sample()
                        obs_buf[t], mask_buf[t], act_buf[t] = obs, mask, action
                        logp_buf[t] = dist.log_prob(action)
                        val_buf[t] = self.model.value(obs)
                    for i, a in enumerate(action.tolist()):
                        o, reward, terminated, truncated, _ = self.envs[i].step(a)
                        returns[i] += float(reward)
                        rew_buf[t, i] = float(reward)
                        if terminated or truncated:
                            done_buf[t, i] = 1.0
                            finished.append(returns[i])
                            returns[i] = 0.0
                            o = self._reset(i)
                        else:
                            done_buf[t, i] = 0.0
                        current[i] = o
                self.step += T * E
                with torch.no_grad():
                    obs = torch.as_tensor(np.stack([o["observation"] for o in current]), device=dev)
                    last_value = self.model.value(obs)
                played = time.perf_counter()
                stats = self._update(obs_buf, mask_buf, act_buf, logp_buf, val_buf, rew_buf, done_buf, last_value)
                self.updates += 1
                elapsed = time.perf_counter() - started
                stats.update(
                    rollout_seconds=played - started,
                    update_seconds=elapsed - (played - started),
                    step=self.step,
                    episodes=len(finished),
                    episode_reward=float(np.mean(finished)) if finished else float("nan"),
                    win_rate=float(np.mean([r > 0 for r in finished])) if finished else float("nan"),
                    steps_per_second=T * E / elapsed,
                )
                logs.train(stats)
                if self.step >= next_eval or self.step >= c.steps:
                    self.last_eval = self.evaluate()
                    logs.evaluation(self.step, self.last_eval, c.eval_games, self.seats)
                    next_eval = (self.step // c.eval_every + 1) * c.eval_every
                if self.step >= next_checkpoint or self.step >= c.steps:
                    self.save()
                    next_checkpoint = (self.step // c.checkpoint_every + 1) * c.checkpoint_every
                if on_update:
                    on_update(self, stats)
            if not checkpoints(c.out):  # --steps 0: the imitation's policy alone, saved as step 0
                self.save()
        finally:
            logs.close()
            for env in self.envs:
                env.close()

    def _update(self, obs, mask, act, logp, val, rew, done, last_value) -> dict[str, float]:
        c = self.config
        T, E = rew.shape
        adv = torch.zeros_like(rew)
        gae = torch.zeros(E, device=rew.device)
        for t in reversed(range(T)):
            next_value = last_value if t == T - 1 else val[t + 1]
            live = 1.0 - done[t]
            delta = rew[t] + c.gamma * next_value * live - val[t]
            gae = delta + c.gamma * c.gae_lambda * live * gae
            adv[t] = gae
        ret = adv + val
        b_obs, b_mask = obs.reshape(T * E, -1), mask.reshape(T * E, -1)
        b_act, b_logp, b_adv, b_ret = act.reshape(-1), logp.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        totals = {
            "policy_loss": 0.0,
            "value_loss": 0.0,
            "entropy": 0.0,
            "approx_kl": 0.0,
            "clip_fraction": 0.0,
            "anchor_kl": 0.0,
        }
        batches = 0
        warming = self.step <= c.value_warmup  # the value alone learns: the policy held still
        anchor = self.anchor_actor
        for _ in range(c.epochs):
            order = torch.randperm(T * E, device=rew.device)
            for start in range(0, T * E, c.minibatch):
                idx = order[start : start + c.minibatch]
                logits = self.model.masked_logits(b_obs[idx], b_mask[idx]) / c.temperature
                dist = torch.distributions.Categorical(logits=logits)
                new_logp = dist.log_prob(b_act[idx])
                ratio = (new_logp - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8) if len(idx) > 1 else a
                policy_loss = -torch.min(ratio * a, ratio.clamp(1 - c.clip, 1 + c.clip) * a).mean()
                value_loss = 0.5 * (self.model.value(b_obs[idx]) - b_ret[idx]).pow(2).mean()
                entropy = dist.entropy().mean()
                anchor_kl = torch.zeros((), device=rew.device)
                if anchor is not None:
                    start = torch.log_softmax(anchor(b_obs[idx]).masked_fill(~b_mask[idx], MASKED) / c.temperature, -1)
                    now = torch.log_softmax(logits, -1)
                    anchor_kl = (start.exp() * (start - now)).sum(-1).mean()
                if warming:
                    loss = c.value_coef * value_loss
                else:
                    loss = policy_loss + c.value_coef * value_loss - c.entropy * entropy + c.anchor * anchor_kl
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.model.parameters(), c.max_grad_norm)
                self.optimizer.step()
                with torch.no_grad():
                    totals["policy_loss"] += float(policy_loss)
                    totals["value_loss"] += float(value_loss)
                    totals["entropy"] += float(entropy)
                    totals["approx_kl"] += float(((ratio - 1) - ratio.log()).mean())
                    totals["clip_fraction"] += float(((ratio - 1).abs() > c.clip).float().mean())
                    totals["anchor_kl"] += float(anchor_kl)
                batches += 1
        return {k: v / max(batches, 1) for k, v in totals.items()}


# ------------------------------------------------------------------------------ the logs
TRAIN_COLUMNS = [
    "step",
    "episodes",
    "episode_reward",
    "win_rate",
    "policy_loss",
    "value_loss",
    "entropy",
    "approx_kl",
    "clip_fraction",
    "anchor_kl",
    "steps_per_second",
    "rollout_seconds",  # playing the games (the environments and the opponents)
    "update_seconds",  # learning from them (PPO's epochs)
]
EVAL_COLUMNS = ["step", "opponent", "games", "win_rate"]
# imitation.csv (a row an epoch of each round): its mean losses, its agreement with the expert on what
# it learnt from, and on the games it did not learn from (one in ten), and a blind pick's agreement on those
IMITATION_COLUMNS = ["policy_loss", "value_loss", "accuracy", "held_out_accuracy", "held_out_blind"]


class Logs:
    """train.csv, eval.csv, TensorBoard (tb/) and learning_curve.png in a run's folder; a resumed
    run appends to them (TensorBoard drops what a crashed run logged past the checkpoint)."""

    def __init__(self, out: Path, resume: bool, step: int, game: str):
        from torch.utils.tensorboard import SummaryWriter

        self.out = out
        self.game = game
        self.tb = SummaryWriter(str(out / "tb"), purge_step=step if resume else None)
        self.files = {}
        self.writers = {}
        for name, columns in (("train", TRAIN_COLUMNS), ("eval", EVAL_COLUMNS)):
            path = out / f"{name}.csv"
            fresh = not path.exists() or not resume
            f = path.open("w" if fresh else "a", newline="")
            writer = csv.DictWriter(f, columns, extrasaction="ignore")
            if fresh:
                writer.writeheader()
            self.files[name], self.writers[name] = f, writer

    def train(self, stats: dict[str, float]) -> None:
        self.writers["train"].writerow({k: _short(v) for k, v in stats.items()})
        self.files["train"].flush()
        step = int(stats["step"])
        for k in TRAIN_COLUMNS[1:]:
            v = stats[k]
            if v == v:  # not NaN (an update in which no game ended)
                self.tb.add_scalar(f"train/{k}", v, step)

    def evaluation(self, step: int, rates: dict[str, float], games: int, seats: int) -> None:
        for opponent, rate in rates.items():
            self.writers["eval"].writerow({"step": step, "opponent": opponent, "games": games, "win_rate": _short(rate)})
            self.tb.add_scalar(f"eval/win_rate_vs_{opponent}", rate, step)
        self.files["eval"].flush()
        self.tb.flush()
        plot_learning_curve(self.out, self.game, seats)

    def close(self) -> None:
        self.tb.close()
        for f in self.files.values():
            f.close()


def _short(v: Any) -> Any:
    return round(v, 6) if isinstance(v, float) else v


def plot_learning_curve(out: Path, game: str, seats: int) -> Path | None:
    """learning_curve.png: the win rate against each evaluation bot over the steps, from eval.csv
    (par, 1 / seats, dashed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with (out / "eval.csv").open() as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in EVAL_OPPONENTS:
        points = [(int(r["step"]), float(r["win_rate"])) for r in rows if r["opponent"] == opponent]
        if points:
            steps, rates = zip(*points, strict=True)
            ax.plot(steps, rates, marker="o", label=f"against {opponent} ({rows[-1]['games']} games)")
    ax.axhline(1 / seats, color="grey", linestyle="--", label=f"par (1/{seats})")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("share of wins")
    ax.set_ylim(0, 1)
    ax.set_title(f"{game}, {seats} seats: the learned seat against the others, all random or all greedy")
    ax.legend()
    ax.grid(alpha=0.3)
    path = out / "learning_curve.png"
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
