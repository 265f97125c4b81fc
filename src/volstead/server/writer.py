"""Group commit: every game's new decisions stored together, off the event loop.

A decision is stored before anyone is shown it (so a `kill -9` loses nothing a client
saw). One transaction per decision caps a server at what the disk can commit a second;
instead, every save asked for while a transaction runs waits for the next one, which
stores them all at once: under load a transaction carries many games' decisions, alone
it carries one, and nobody waits longer than one transaction behind the one running.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from .store import Batch, Store

log = logging.getLogger("volstead.server")


class GroupWriter:
    def __init__(self, store: Store, executor: ThreadPoolExecutor):
        self.store = store
        self.executor = executor  # one thread: the only writer
        self.waiting: list[tuple[Batch, asyncio.Future[None]]] = []
        self.task: asyncio.Task | None = None
        self.transactions = 0  # transactions run (for the load benchmark and tests)

    async def write(self, batch: Batch) -> None:
        """Store `batch`; returns once it is committed (raises what storing it raised)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((batch, future))
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self.waiting:
            group, self.waiting = self.waiting, []
            try:
                await loop.run_in_executor(self.executor, self.store.add_batches, [b for b, _ in group])
                self.transactions += 1
                outcomes: list[tuple[asyncio.Future[None], BaseException | None]] = [(f, None) for _, f in group]
            except Exception:  # one game's rows failed the transaction: store each game on its own
                log.warning("a group of %d saves failed: storing them one by one", len(group))
                outcomes = [(f, await self._alone(b)) for b, f in group]
            for future, error in outcomes:
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    async def _alone(self, batch: Batch) -> BaseException | None:
        try:
            await asyncio.get_running_loop().run_in_executor(self.executor, self.store.add_batches, [batch])
            self.transactions += 1
            return None
        except Exception as e:
            return e
