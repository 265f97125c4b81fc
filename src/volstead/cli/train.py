"""`volstead train`: self-play training of a game's learned bot (the trainer: `training`).

Needs the `train` extra (PyTorch, TensorBoard); without it the command says so in one line.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from .common import console, fail, load_game
from .game_options import CONTEXT, OPTION_HELP, options_from_args

NEEDS_EXTRA = "volstead train needs PyTorch: install the train extra (pip install 'volstead[train]')"


def train(
    ctx: typer.Context,
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game to train on (see `volstead games`).")],
    steps: Annotated[
        int,
        typer.Option("--steps", min=0, help="Learner decisions in all (a resumed run goes on to this many; 0: imitation alone)."),
    ] = 1_000_000,
    out: Annotated[Path | None, typer.Option("--out", help="The run's folder (default: runs/GAME).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the run in --out from its last checkpoint.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the network, the games and the opponent draws.")] = 1,
    seats: Annotated[int | None, typer.Option("--seats", min=1, help="Seats a game (default: the most it takes).")] = None,
    envs: Annotated[int, typer.Option("--envs", min=1, help="Games played side by side.")] = 8,
    device: Annotated[str, typer.Option("--device", help="auto (CUDA when present), cpu or cuda.")] = "auto",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    checkpoint_every: Annotated[
        int, typer.Option("--checkpoint-every", min=1, help="Steps between checkpoints (and exported policies).")
    ] = 50_000,
    eval_every: Annotated[
        int, typer.Option("--eval-every", min=1, help="Steps between evaluations against random and greedy.")
    ] = 25_000,
    eval_games: Annotated[
        int, typer.Option("--eval-games", min=1, help="Games an evaluation plays against each bot, seats rotated.")
    ] = 20,
    hidden: Annotated[str, typer.Option("--hidden", help="Hidden layer sizes, comma-separated.")] = "256,256",
    rollout: Annotated[int, typer.Option("--rollout", min=1, help="Steps a game between updates.")] = 128,
    pool: Annotated[
        str,
        typer.Option("--pool", help="Opponent pool weights: random, greedy and past (the last checkpoints)."),
    ] = "random=1,greedy=1,past=2",
    imitate: Annotated[
        str | None,
        typer.Option("--imitate", help="A bot whose choices the policy learns first, before self-play (e.g. greedy)."),
    ] = None,
    imitate_decisions: Annotated[
        int, typer.Option("--imitate-decisions", min=1, help="The expert's decisions to learn from.")
    ] = 50_000,
    imitate_epochs: Annotated[int, typer.Option("--imitate-epochs", min=1, help="Passes over them (a round).")] = 8,
    imitate_rounds: Annotated[
        int, typer.Option("--imitate-rounds", min=1, help="Rounds; from the second on (DAgger), the policy plays a seat.")
    ] = 1,
    from_policy: Annotated[
        Path | None,
        typer.Option("--from-policy", help="Start the policy from this policy file (a fine-tune, e.g. of a shipped policy)."),
    ] = None,
    lr: Annotated[float, typer.Option("--lr", min=0.0, help="PPO's learning rate.")] = 3e-4,
    entropy: Annotated[float, typer.Option("--entropy", min=0.0, help="Weight of the entropy bonus.")] = 0.01,
    anchor: Annotated[
        float,
        typer.Option("--anchor", min=0.0, help="Weight of a penalty for leaving the policy self-play started from (KL)."),
    ] = 0.0,
    temperature: Annotated[
        float,
        typer.Option("--temperature", min=0.05, help="Self-play samples from softmax(logits / this); the bot plays the argmax."),
    ] = 1.0,
    value_warmup: Annotated[
        int, typer.Option("--value-warmup", min=0, help="First self-play steps in which only the value learns.")
    ] = 0,
) -> None:
    """Train a learned bot by self-play (masked PPO) against an opponent pool of bots and past checkpoints.

    Writes checkpoints, policies (the learned bot's .npz), train.csv, eval.csv, TensorBoard logs (tb/)
    and learning_curve.png to --out. Game options: -o key=value or the flags `volstead games` lists."""
    try:
        import torch  # noqa: F401
        import torch.utils.tensorboard  # noqa: F401
    except ImportError:
        raise fail(NEEDS_EXTRA) from None
    from .training import TrainConfig, Trainer, TrainError

    game = load_game(game_name)
    chosen = options_from_args(game, option, list(ctx.args))
    options = {k: v for k, v in chosen.to_json().items() if k in chosen.model_fields_set}
    try:
        sizes = tuple(int(x) for x in hidden.split(","))
        if not sizes or min(sizes) < 1:
            raise ValueError
    except ValueError:
        raise fail(f"--hidden {hidden[:40]!r}: give layer sizes such as 256,256") from None
    weights = {}
    for part in pool.split(","):
        kind, _, weight = part.partition("=")
        try:
            weights[kind.strip()] = float(weight)
        except ValueError:
            raise fail(f"--pool {part[:40]!r}: give kind=weight, e.g. random=1,greedy=1,past=2") from None
    unknown = set(weights) - {"random", "greedy", "past"}
    if unknown or not any(v > 0 for v in weights.values()):
        raise fail(f"--pool {pool[:60]!r}: weights of random, greedy and past, one above 0")
    folder = out or Path("runs") / game.name
    command = ["volstead", "train", game.name, "--steps", str(steps), "--seed", str(seed), "--envs", str(envs)]
    command += ["--hidden", hidden, "--rollout", str(rollout), "--pool", pool]
    command += ["--seats", str(seats)] if seats else []
    if imitate:
        command += ["--imitate", imitate, "--imitate-decisions", str(imitate_decisions), "--imitate-epochs", str(imitate_epochs)]
        command += ["--imitate-rounds", str(imitate_rounds)] if imitate_rounds > 1 else []
    if from_policy is not None:
        command += ["--from-policy", str(from_policy)]
    command += ["--lr", f"{lr:g}", "--entropy", f"{entropy:g}"]
    command += ["--anchor", f"{anchor:g}"] if anchor else []
    command += ["--value-warmup", str(value_warmup)] if value_warmup else []
    command += ["--temperature", f"{temperature:g}"] if temperature != 1.0 else []
    command += [f"-o{k}={v}" for k, v in sorted(options.items())]
    if from_policy is not None and imitate:
        raise fail("--from-policy and --imitate both choose where the policy starts: give one")
    config = TrainConfig(
        game=game.name,
        steps=steps,
        out=folder,
        seed=seed,
        seats=seats,
        options=options,
        envs=envs,
        device=device,
        hidden=sizes,
        rollout=rollout,
        checkpoint_every=checkpoint_every,
        eval_every=eval_every,
        eval_games=eval_games,
        pool=weights,
        imitate=imitate,
        imitate_decisions=imitate_decisions,
        imitate_epochs=imitate_epochs,
        imitate_rounds=imitate_rounds,
        start_policy=from_policy,
        lr=lr,
        entropy=entropy,
        anchor=anchor,
        value_warmup=value_warmup,
        temperature=temperature,
        resume=resume,
        command=shlex.join(command),
    )
    try:
        trainer = Trainer(config)
    except TrainError as e:
        raise fail(str(e)) from None
    console.print(
        Text(
            f"{game.title}, {trainer.seats} seats: observations of {trainer.observation_size}, "
            f"{trainer.action_count} actions; {trainer.device}; {folder}"
            + (f"; resuming at step {trainer.step:,}" if trainer.step else ""),
            style="dim",
        )
    )
    columns = [
        TextColumn("[bold]train"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("{task.fields[score]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ]
    if imitate and not trainer.step:
        imitating = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
        with Progress(*imitating, console=console) as progress:
            tasks: dict[str, int] = {}

            def on_progress(what: str, done: int, total: int) -> None:
                if what not in tasks:
                    label = f"{imitate}'s decisions" if what == "games" else "imitation epochs"
                    tasks[what] = progress.add_task(label, total=total)
                progress.update(tasks[what], completed=done)

            rows = trainer.imitate(on_progress)
        last = rows[-1]
        console.print(
            Text(
                f"imitating {imitate}: its choice {last['held_out_accuracy']:.0%} of the time on games not learnt from "
                f"({folder / 'imitation.csv'})",
                style="dim",
            )
        )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("train", total=steps, completed=trainer.step, rate="", score="")

        def on_update(t, stats) -> None:
            ev = t.last_eval
            score = " ".join(f"vs {k} {v:.0%}" for k, v in ev.items())
            progress.update(task, completed=t.step, rate=f"{stats['steps_per_second']:,.0f} steps/s", score=score)

        try:
            trainer.run(on_update)
        except TrainError as e:
            raise fail(str(e)) from None
    console.print(Text(f"policy: {folder / 'policy.npz'}   curve: {folder / 'learning_curve.png'}", style="bold"))


def register(app: typer.Typer) -> None:
    app.command("train", context_settings=CONTEXT)(train)
