"""Run simulator games on a Ray cluster (`pip install 'volstead[ray]'`).

Each game is one Ray task calling the same `play_lines` as local workers, so
results are identical to a local run with the same seed. Each task returns its game's
lines of results.jsonl and records.jsonl to the driver, which writes them (the workers
need no access to the output folder).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .runner import Played, SimConfig


def run_ray(config: SimConfig, todo: list[int], address: str | None = None, workers: int = 0) -> Iterator[Played]:
    """Play games `todo` of `config`'s run as Ray tasks, at most twice the cluster's CPUs in flight;
    yield each game's lines as it finishes (in any order: the runner writes them in index order)."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs Ray: pip install 'volstead[ray]'") from None
    from .runner import play_lines

    started = False
    if not ray.is_initialized():
        kwargs = {"address": address} if address else ({"num_cpus": workers} if workers else {})
        ray.init(ignore_reinit_error=True, log_to_driver=False, **kwargs)
        started = True
    try:
        remote = ray.remote(play_lines)
        limit = max(1, int(ray.available_resources().get("CPU", 1))) * 2
        queue = iter(todo)
        running: list[Any] = []  # Ray ObjectRefs
        while True:
            running += [remote.remote(config, index) for index in islice(queue, limit - len(running))]
            if not running:
                break
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
