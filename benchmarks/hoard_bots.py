"""Bots nobody can hoard (issue 35 §2): one client makes HOARD tables of four `ismcts:5000ms` bots,
then, for SECONDS, other clients play while the hoarder's bots search:

- a person against a greedy bot (Scarface, two seats) answers at once: the time from each decide to
  the person's next turn (the bot's moves) is the bot-move latency (target p99 <= 2 s);
- TABLES person-vs-three-random tables play with human pauses (mean PAUSE s): their decisions a
  second against a baseline run without the hoarder (target >= 90 %);
- /api/info is fetched every 0.2 s (target p99 <= 50 ms).

Each client has an address of its own on the loopback (127.0.0.2 the hoarder, .3 the greedy
table's person, .4 the random tables' people, .5 /api/info), so the per-client limits apply as
they would to strangers. Runs `volstead serve` (bot delay 0, think 5 s) in a subprocess with a
fresh SQLite file, once per configuration:

    baseline   no hoarder
    limited    the server's default limits (the hoarder is refused after the limit: 429s counted)
    unlimited  no per-client limits (--max-bot-tables 0 --think-per-minute 0): the scheduler alone
    no-lane    unlimited and no cheap lane (--cheap-workers 0): what the cheap lane buys

    .venv/bin/python benchmarks/hoard_bots.py [--seconds 45] [--hoard 100] [--tables 20] [--json]
        [--runs baseline,limited,unlimited,no-lane]

Not a test: figures depend on the machine (the clients share it with the server and its workers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from load_server import free_port, pct, person  # noqa: E402

HOARDER, GREEDY_PERSON, RANDOM_PEOPLE, INFO = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"
RUNS = {
    "baseline": [],
    "limited": [],
    "unlimited": ["--max-bot-tables", "0", "--think-per-minute", "0"],
    "no-lane": ["--max-bot-tables", "0", "--think-per-minute", "0", "--cheap-workers", "0"],
}


def http_from(url: str, host: str) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=url, timeout=30, transport=httpx2.AsyncHTTPTransport(local_address=host))


async def against_greedy(url: str, until: float, out: list[float], errors: list[str]) -> None:
    """A person who answers at once against one greedy bot: decide -> their next turn, each time
    the bot moved in between (a person's own next decision, with no bot move, is not counted)."""
    async with http_from(url, GREEDY_PERSON) as http:
        r = await http.post("/api/games", json={"game": "scarface1920", "seats": ["human", "greedy"]})
        if r.status_code != 201:
            errors.append(f"greedy table: {r.status_code} {r.text[:200]}")
            return
        g = r.json()
    rng = random.Random(7)
    ws_url = url.replace("http", "ws")
    while time.monotonic() < until:  # a new game when one ends
        async with websockets.connect(
            f"{ws_url}/ws/games/{g['id']}?token={g['seats'][0]['token']}", max_size=2**22, local_addr=(GREEDY_PERSON, 0)
        ) as ws:
            sent, answered, count = None, -1, 0
            while time.monotonic() < until:
                try:
                    m = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
                except TimeoutError:
                    break
                if m["type"] != "state":
                    continue
                d = m.get("decision")
                if d and d.get("options") and d["number"] > answered:
                    if sent is not None and m["meta"]["decisions"] > count + 1:
                        out.append(time.monotonic() - sent)
                    answered, count = d["number"], m["meta"]["decisions"]
                    sent = time.monotonic()
                    await ws.send(
                        json.dumps({"type": "decide", "option": rng.choice(d["options"])["id"], "decision": d["number"]})
                    )
                if m["view"].get("over"):
                    sent = None
                    break
            if sent is not None:  # still waiting at the end: counted as waited so far (at least)
                out.append(time.monotonic() - sent)
        if time.monotonic() < until:
            async with http_from(url, GREEDY_PERSON) as http:
                g = (await http.post("/api/games", json={"game": "scarface1920", "seats": ["human", "greedy"]})).json()


async def poll_info(url: str, until: float, out: list[float]) -> None:
    async with http_from(url, INFO) as http:
        while time.monotonic() < until:
            t = time.monotonic()
            await http.get("/api/info")
            out.append(time.monotonic() - t)
            await asyncio.sleep(0.2)


async def run(name: str, seconds: float, hoard: int, tables: int, pause: float) -> dict:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="volstead-hoard-")
    server = subprocess.Popen(
        [sys.executable, "-m", "volstead.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        + ["--db", f"sqlite:///{folder}/hoard.db", "--bot-delay", "0", "--think", "5", *RUNS[name]],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    admitted, refused, refusal, errors = 0, 0, None, []
    try:
        async with http_from(url, HOARDER) as http:
            for _ in range(300):
                try:
                    await http.get("/api/info")
                    break
                except httpx2.HTTPError:
                    await asyncio.sleep(0.05)
            if name != "baseline":
                for _ in range(hoard):
                    r = await http.post("/api/games", json={"game": "scarface1920", "seats": ["ismcts:5000ms"] * 4})
                    if r.status_code == 201:
                        admitted += 1
                    else:
                        refused += 1
                        refusal = f"{r.status_code}: {r.json()['message']}"
            await asyncio.sleep(5)  # the hoarder's searches are under way
        games = []
        async with http_from(url, RANDOM_PEOPLE) as http:
            for _ in range(tables):
                r = await http.post("/api/games", json={"seats": ["human", "random", "random", "random"]})
                if r.status_code == 201:
                    games.append((r.json()["id"], r.json()["seats"][0]["token"]))
                else:
                    errors.append(f"random table: {r.status_code}")
        stats = {"timeline": [], "decisions": 0, "messages": 0, "bytes": 0, "errors": 0}
        greedy: list[float] = []
        info: list[float] = []
        until = time.monotonic() + seconds
        rng = random.Random(1)
        ws_url = url.replace("http", "ws")

        async def people() -> None:
            await asyncio.gather(
                *(person(ws_url, tok, gid, pause, until, stats, random.Random(rng.random())) for gid, tok in games)
            )

        await asyncio.gather(against_greedy(url, until, greedy, errors), poll_info(url, until, info), people())
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()

    def ms(values: list[float]) -> dict:
        return {"n": len(values), "p50": round(1000 * pct(values, 0.5), 1), "p99": round(1000 * pct(values, 0.99), 1)}

    return {
        "run": name,
        "hoard_admitted": admitted,
        "hoard_refused": refused,
        "refusal": refusal,
        "greedy_turn_ms": ms(greedy),
        "random_decisions_per_s": round(stats["decisions"] / seconds, 2),
        "info_ms": ms(info),
        "errors": stats["errors"] + len(errors),
        "last_error": stats.get("last_error") or (errors[-1] if errors else None),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=45.0)
    ap.add_argument("--hoard", type=int, default=100)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--pause", type=float, default=2.0)
    ap.add_argument("--runs", default="baseline,limited,unlimited,no-lane")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = []
    for name in args.runs.split(","):
        r = asyncio.run(run(name, min(args.seconds, 300), min(args.hoard, 1000), min(args.tables, 500), args.pause))
        results.append(r)
        print(json.dumps(r) if args.json else r, flush=True)
    base = next((r for r in results if r["run"] == "baseline"), None)
    if base and base["random_decisions_per_s"] and not args.json:
        for r in results:
            share = 100 * r["random_decisions_per_s"] / base["random_decisions_per_s"]
            print(f"{r['run']}: random tables at {share:.0f} % of baseline")


if __name__ == "__main__":
    main()
