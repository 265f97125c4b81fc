"""Distil a game's policy from its searching bot with the search's root prior set (issue 34, twenty-ninth
session: Prohibition's shipped policy steered the search that it was then distilled from; distilled
again from the search without it, the searching Rum Row stopped over-building, docs/bots.md).

    .venv/bin/python benchmarks/distil_policy.py prohibition --prior 0 --decisions 100000 --out runs/pr-distil

It is `volstead train GAME --steps 0 --seed 1 --hidden 256,256 --imitate ismcts --imitate-decisions N
--imitate-epochs 6 --device cpu --out OUT` (imitation alone, docs/learning.md) with the expert built as
`ISMCTSBot(seed, prior=PRIOR)` instead of the game's default search: the trainer's CLI names an expert by
its bot name only. Needs the `train` extra (PyTorch). Copy OUT/policy.npz into the game's data folder to
ship it (its metadata's command is the trainer's; say the prior where it is shipped).
"""

from __future__ import annotations

import argparse
from typing import Any

import volstead.cli.imitation as imitation
from volstead.bots import ISMCTSBot
from volstead.cli import app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--prior", type=float, default=0.0, help="the expert search's root prior (0: none)")
    parser.add_argument("--decisions", type=int, default=100_000, help="the expert's decisions to learn from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    default_bot = imitation.get_bot

    def expert(name: str, seed: Any = None, *rest: Any, **kw: Any) -> Any:
        if name == "ismcts":
            return ISMCTSBot(seed, prior=args.prior)
        return default_bot(name, seed, *rest, **kw)

    imitation.get_bot = expert  # type: ignore[assignment]
    app(
        [
            "train", args.game, "--steps", "0", "--seed", str(args.seed), "--hidden", "256,256",
            "--imitate", "ismcts", "--imitate-decisions", str(args.decisions), "--imitate-epochs", "6",
            "--device", "cpu", "--out", args.out,
        ]
    )  # fmt: skip


if __name__ == "__main__":
    main()
