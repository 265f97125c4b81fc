"""Helpers of the server tests (a module of its own: `conftest` is not importable by name)."""

import os
import time


def wait_for(pred, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def human_turn(client, game_id, token):
    """Wait until the seat of `token` has options to choose (or the game is over); its state."""

    def ready():
        s = client.get(f"/api/games/{game_id}/state", params={"token": token}).json()
        if (
            s["view"]["over"]
            or (s["decision"] and "options" in s["decision"])
            or (s["decision"] and s["meta"]["kinds"][s["decision"]["seat"]] == "human" and s["decision"]["seat"] != s["you"])
        ):
            return s
        return None

    return wait_for(ready)


def pick(state, k=0):
    """The decide fields that take option `k` of `state`'s pending decision, naming its number."""
    d = state["decision"]
    return {"option": d["options"][k]["id"], "decision": d["number"]}


def postgres_url():
    return os.environ.get("DATABASE_URL")


def run_async(coro):
    """Run a coroutine to its end on a loop of its own, in a thread of its own: the browser tests'
    Playwright (sync API) keeps an event loop running in the main thread of a test worker, where
    asyncio.run would refuse."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
