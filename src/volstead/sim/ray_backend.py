"""Run simulator games on a Ray cluster (`pip install 'volstead[ray]'`).

Each game is one Ray task calling the same `play_lines` as local workers, so
results are identical to a local run with the same seed. Each task returns its game's
lines of results.jsonl and records.jsonl to the driver, which writes them (the workers
need no access to the output folder).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runner import Played


def run_ray(config, todo: list[int], address: str | None = None, workers: int = 0) -> Iterator[Played]:
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
        queue = list(todo)
        running = []
        while queue or running:
            while queue and len(running) < limit:
                running.append(remote.remote(config, queue.pop(0)))
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
