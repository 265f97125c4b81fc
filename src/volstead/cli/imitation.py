"""Imitation before self-play (`volstead train --imitate BOT`): the policy first learns to choose as
an expert bot chooses, and the value what the expert's games came to; PPO then goes on from there.

Self-play from a near-uniform policy needs millions of games before it plays a real game as well
as the greedy bot (docs/learning.md, "Training"); a policy that starts where an expert stands
spends its self-play on going further. The expert plays every seat of its own games, seeing only
its seat like any bot (`ask_bot`); each of its decisions with more than one option is a sample:
the deciding seat's observation and mask (`rl.encoding.observe`), the expert's action number, and
the seat's final reward (`final_rewards`). Imported only by the trainer (PyTorch).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from volstead.bots import ask_bot, get_bot
from volstead.rl.encoding import final_rewards, observe

HELD_OUT = 10  # one game in HELD_OUT (its number's last) is kept apart to measure the imitation on


@dataclass
class Samples:
    """The expert's decisions: observation (M, D), mask (M, N), the action it took (M,), the final
    reward of the seat that took it (M,), and the game each came from (M,)."""

    observation: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    reward: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:
        return len(self.action)


def expert_samples(
    game: Any,
    seats: int,
    options: Any,
    expert: str,
    decisions: int,
    seed: Callable[[int], int],
    on_game: Callable[[int], None] | None = None,
    student: Any = None,
    first_game: int = 0,
) -> Samples:
    """At least `decisions` samples (whole games: the last one is played out) of `expert` in games of
    `seats` seats, game g seeded `seed(g)`, numbered from `first_game`; `on_game(samples so far)`
    after each game. With a `student` (a bot), it plays one seat of each game (game g: seat g mod
    seats) and the expert is asked what it would choose there: a DAgger round, whose samples are the
    positions the student's own choices lead to, labelled with the expert's choice."""
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    rewards: list[float] = []
    games: list[int] = []
    g = first_game
    while len(actions) < decisions:
        s = seed(g)
        state = game.new_game(seed=s, seats=seats, options=options)
        bots = [get_bot(expert, f"{s}/{k}") for k in range(seats)]
        student_seat = g % seats if student is not None else -1
        taken_by: list[int] = []
        while not state.is_over():
            seat = state.pending_seats()[0]
            d = state.decision(seat)
            if len(d) == 1:
                state.apply_index(0, seat=seat)
                continue
            index = ask_bot(bots[seat], state, seat=seat)
            seen = observe(game, state, seat)
            obs.append(seen["observation"])
            masks.append(seen["action_mask"].astype(bool))
            actions.append(game.action_numbers(state, d)[index])
            taken_by.append(seat)
            if seat == student_seat:
                index = ask_bot(student, state, seat=seat)
            state.apply_index(index, seat=seat)
        final = final_rewards(state.result().winners, seats)
        rewards.extend(final[seat] for seat in taken_by)
        games.extend([g] * len(taken_by))
        g += 1
        if on_game:
            on_game(len(actions))
    return Samples(
        np.stack(obs),
        np.stack(masks),
        np.asarray(actions, dtype=np.int64),
        np.asarray(rewards, dtype=np.float32),
        np.asarray(games, dtype=np.int64),
    )


def joined(parts: list[Samples]) -> Samples:
    """The samples of several rounds as one set (games keep their numbers: no two rounds share one)."""
    if len(parts) == 1:
        return parts[0]
    return Samples(*(np.concatenate([getattr(p, f) for p in parts]) for f in Samples.__dataclass_fields__))


def imitate(
    model: Any,
    samples: Samples,
    *,
    epochs: int,
    minibatch: int,
    lr: float,
    device: torch.device,
    generator: torch.Generator,
    on_epoch: Callable[[dict[str, float]], None] | None = None,
) -> list[dict[str, float]]:
    """Train `model` (the trainer's ActorCritic) on `samples`: the actor by cross-entropy with the
    expert's action over the legal ones, the critic by squared error to the final reward. One game in
    HELD_OUT is not trained on: each epoch's row says how often the policy's choice
    (its highest logit) is the expert's on them, and how often a blind pick's would be. Returns a row
    an epoch."""
    held = samples.game % HELD_OUT == HELD_OUT - 1
    train_idx, held_idx = np.flatnonzero(~held), np.flatnonzero(held)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    rows = []
    for epoch in range(1, epochs + 1):
        order = train_idx[torch.randperm(len(train_idx), generator=generator).numpy()]
        totals = {"policy_loss": 0.0, "value_loss": 0.0, "accuracy": 0.0}
        batches = 0
        model.train()
        for start in range(0, len(order), minibatch):
            idx = order[start : start + minibatch]
            obs, mask, act, ret = _batch(samples, idx, device)
            logits = model.masked_logits(obs, mask)
            policy_loss = F.cross_entropy(logits, act)
            value_loss = 0.5 * (model.value(obs) - ret).pow(2).mean()
            optimizer.zero_grad()
            (policy_loss + value_loss).backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            with torch.no_grad():
                totals["policy_loss"] += float(policy_loss)
                totals["value_loss"] += float(value_loss)
                totals["accuracy"] += float((logits.argmax(-1) == act).float().mean())
            batches += 1
        row = {"epoch": float(epoch), **{k: v / max(batches, 1) for k, v in totals.items()}}
        row["held_out_accuracy"] = agreement(model, samples, held_idx, device)
        row["held_out_blind"] = blind_agreement(samples, held_idx)
        rows.append(row)
        if on_epoch:
            on_epoch(row)
    return rows


def agreement(model: Any, samples: Samples, idx: np.ndarray, device: torch.device) -> float:
    """How often the policy's highest legal logit is the expert's action, over samples `idx`."""
    if not len(idx):
        return float("nan")
    same = 0
    with torch.no_grad():
        for start in range(0, len(idx), 1024):
            obs, mask, act, _ = _batch(samples, idx[start : start + 1024], device)
            same += int((model.masked_logits(obs, mask).argmax(-1) == act).sum())
    return same / len(idx)


def blind_agreement(samples: Samples, idx: np.ndarray) -> float:
    """How often a pick at random among the legal actions would be the expert's (the mean of 1 / the
    number of legal actions), over samples `idx`: what the policy's agreement is to be read against."""
    if not len(idx):
        return float("nan")
    return float(np.mean(1.0 / samples.mask[idx].sum(axis=1)))


def _batch(samples: Samples, idx: np.ndarray, device: torch.device):
    return (
        torch.as_tensor(samples.observation[idx], device=device),
        torch.as_tensor(samples.mask[idx], device=device),
        torch.as_tensor(samples.action[idx], device=device),
        torch.as_tensor(samples.reward[idx], device=device),
    )
