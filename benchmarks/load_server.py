"""Load on a Volstead server over loopback: many tables of one person and three random bots.

Starts `volstead serve` in a subprocess (a fresh SQLite file, bot delay 0), creates TABLES tables
(timing each creation), connects one WebSocket client per table as its person, and for
SECONDS lets each person answer its decisions after a human pause (exponential, mean PAUSE
seconds; --pause 0: at once, for the throughput ceiling). It prints the tables held, decisions
served, decide -> next state latency p50/p99 (after a warm-up in which every client connects,
reported apart), creation p50/p99, the server's RSS and memory per live table, and the errors.
With --search-tables N, N tables of four ISMCTS bots (default budget) play at the same time,
made first by the same client (the server's per-client bot limits lifted for it): their bots
think in the server's worker processes, and their decisions a second are reported too.
--plain-asyncio serves on asyncio's own loop instead of uvloop, to pair the two. The clients run on
uvloop when it is installed and report their own CPU (they share the machine's cores with the server).
Bounded in tables (2,000) and time (600 s); stops by itself.

    .venv/bin/python benchmarks/load_server.py --tables 200 --seconds 60 [--pause 2] [--search-tables 100] [--json]

Not a test: figures depend on the machine (the clients share it with the server).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import orjson
import websockets

try:  # the clients' own loop: the lighter they are, the more of the shared cores the server gets
    from uvloop import new_event_loop as client_loop
except ImportError:
    client_loop = asyncio.new_event_loop


# `volstead serve` with uvloop hidden, so uvicorn runs the standard asyncio loop (--plain-asyncio:
# the figures before the server took uvloop, paired in one session)
WITHOUT_UVLOOP = "import sys; sys.modules['uvloop'] = None; sys.argv[0] = 'volstead'; from volstead.cli import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process `pid` has used so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def person(url: str, token: str, game: str, pause: float, until: float, stats: dict, rng: random.Random):
    try:
        async with websockets.connect(f"{url}/ws/games/{game}?token={token}", max_size=2**22) as ws:
            sent_at = None
            answered = -1  # the number of the last decision answered (a state may repeat it)
            while time.monotonic() < until:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
                except TimeoutError:
                    break
                m = orjson.loads(raw)
                stats["bytes"] += len(raw)
                if m["type"] == "error":
                    stats["errors"] += 1
                    stats["last_error"] = m["message"][:200]
                    continue
                if m["type"] != "state":
                    continue
                stats["messages"] += 1
                if sent_at is not None:
                    stats["timeline"].append((sent_at, time.monotonic() - sent_at))
                    sent_at = None
                d = m.get("decision")
                if m["view"].get("over"):
                    break
                if d and d.get("options") and d["number"] > answered:
                    answered = d["number"]
                    if pause:
                        await asyncio.sleep(min(rng.expovariate(1 / pause), 10 * pause))
                    sent_at = time.monotonic()
                    await ws.send(
                        json.dumps({"type": "decide", "option": rng.choice(d["options"])["id"], "decision": d["number"]})
                    )
                    stats["decisions"] += 1
    except Exception as e:  # a dropped connection is an error of the run
        stats["errors"] += 1
        stats["last_error"] = f"{type(e).__name__}: {e}"[:200]


async def run(
    tables: int,
    seconds: float,
    pause: float,
    seed: int,
    latencies: str | None = None,
    warmup: float = 5.0,
    search_tables: int = 0,
    bot_workers: int | None = None,
    plain_asyncio: bool = False,
) -> dict:
    port = free_port()
    # one client makes every table: its limits on bot tables and think time are lifted (0: none)
    limits = ["--max-bot-tables", "0", "--think-per-minute", "0"] if search_tables else []
    if bot_workers is not None:
        limits += ["--bot-workers", str(bot_workers)]
    folder = tempfile.mkdtemp(prefix="volstead-load-")
    server = subprocess.Popen(
        [
            sys.executable,
            *(["-c", WITHOUT_UVLOOP] if plain_asyncio else ["-m", "volstead.cli"]),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{folder}/load.db",
            "--bot-delay",
            "0",
            "--think",
            "2",
            *limits,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # every table's person connects from this one host: lift the server's per-client cap
        env={**os.environ, "VOLSTEAD_CONNS_PER_CLIENT": str(tables + 100)},
    )
    url = f"http://127.0.0.1:{port}"
    stats = {"timeline": [], "decisions": 0, "messages": 0, "bytes": 0, "errors": 0}
    try:
        async with httpx2.AsyncClient(base_url=url, timeout=30) as http:
            for _ in range(200):
                try:
                    await http.get("/api/info")
                    break
                except httpx2.HTTPError:
                    await asyncio.sleep(0.05)
            idle_rss = rss_mib(server.pid)
            searching = []
            for _ in range(search_tables):
                r = await http.post("/api/games", json={"seats": ["ismcts"] * 4})
                if r.status_code != 201:
                    stats["errors"] += 1
                    stats["last_error"] = f"search table: {r.status_code} {r.text[:150]}"
                    continue
                searching.append(r.json()["id"])
            created, games = [], []
            for _ in range(tables):
                t = time.monotonic()
                r = await http.post("/api/games", json={"seats": ["human", "random", "random", "random"]})
                created.append(time.monotonic() - t)
                if r.status_code != 201:
                    stats["errors"] += 1
                    continue
                g = r.json()
                games.append((g["id"], g["seats"][0]["token"]))
        rng = random.Random(seed)
        # the load generator's own garbage collections would count as the server's latency: its
        # parsed messages are freed by reference counting, nothing here needs the cycle collector
        gc.collect()
        gc.disable()
        async with httpx2.AsyncClient(base_url=url, timeout=30) as http:
            searched_before = await decisions_of(http, searching)
            cpu_before, client_cpu_before = cpu_seconds(server.pid), time.process_time()
            until = time.monotonic() + seconds
            ws_url = url.replace("http", "ws")
            await asyncio.gather(
                *(person(ws_url, tok, gid, pause, until, stats, random.Random(rng.random())) for gid, tok in games)
            )
            server_cpu = cpu_seconds(server.pid) - cpu_before
            client_cpu = time.process_time() - client_cpu_before
            searched = await decisions_of(http, searching) - searched_before
        rss = rss_mib(server.pid)
    finally:
        gc.enable()
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    # the first WARMUP seconds (every client connecting and fetching its first state at once, a
    # burst no real server sees) are reported apart from the steady state
    start = until - seconds
    lat = [d for t, d in stats["timeline"] if t - start >= warmup]
    warm = [d for t, d in stats["timeline"] if t - start < warmup]
    if latencies:  # when each decide was sent (seconds into the run) and its latency, for plotting
        Path(latencies).write_text(
            "sent_s,latency_ms\n" + "".join(f"{t - start:.3f},{1000 * d:.1f}\n" for t, d in sorted(stats["timeline"]))
        )
    return {
        "tables": len(games),
        "seconds": seconds,
        "pause_s": pause,
        "decisions": stats["decisions"],
        "decisions_per_s": round(stats["decisions"] / seconds, 1),
        "latency_ms": {
            "p50": round(1000 * pct(lat, 0.5), 1),
            "p99": round(1000 * pct(lat, 0.99), 1),
            "mean": round(1000 * statistics.fmean(lat), 1) if lat else None,
        },
        "warmup_s": warmup,
        "warmup_latency_ms": {"p50": round(1000 * pct(warm, 0.5), 1), "p99": round(1000 * pct(warm, 0.99), 1)},
        "create_ms": {"p50": round(1000 * pct(created, 0.5), 1), "p99": round(1000 * pct(created, 0.99), 1)},
        "state_message_kb": round(stats["bytes"] / max(1, stats["messages"]) / 1024, 1),
        "server_rss_mib": round(rss, 1),
        # the server process's own CPU (its bot workers apart) a person's decision: what a decision
        # costs the event loop with its bots' replies, a figure that holds on a loaded machine
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_decision": round(1000 * server_cpu / max(1, stats["decisions"]), 3),
        # the load generator's CPU (its clients share the machine's cores with the server)
        "client_cpu_s": round(client_cpu, 2),
        "kib_per_table": round(1024 * (rss - idle_rss) / max(1, len(games)), 1),
        "search_tables": len(searching),
        "search_decisions_per_s": round(searched / seconds, 1),
        "errors": stats["errors"],
        "last_error": stats.get("last_error"),
    }


async def decisions_of(http, games: list[str]) -> int:
    """The decisions taken so far in `games` (their public count: bot tables have no secret steps
    hidden from a spectator once a phase closes; a phase still open counts as it stands)."""
    total = 0
    for gid in games:
        r = await http.get(f"/api/games/{gid}")
        if r.status_code == 200:
            total += r.json()["decisions"]
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--pause", type=float, default=2.0, help="mean seconds a person takes to answer (0: at once)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds at the start (every client connecting) whose latencies are reported apart",
    )
    ap.add_argument("--latencies", metavar="CSV", help="write each decide's send time and latency to CSV")
    ap.add_argument(
        "--search-tables", type=int, default=0, help="tables of four ISMCTS bots playing at the same time (at most 200)"
    )
    ap.add_argument("--bot-workers", type=int, help="the server's bot worker processes (default: its own, one a core)")
    ap.add_argument("--plain-asyncio", action="store_true", help="serve on the standard asyncio loop, not uvloop (to pair them)")
    a = ap.parse_args()
    if not 1 <= a.tables <= 2000 or not 1 <= a.seconds <= 600 or not 0 <= a.search_tables <= 200:
        ap.error("--tables must be 1-2000, --seconds 1-600 and --search-tables 0-200")
    with asyncio.Runner(loop_factory=client_loop) as runner:
        out = runner.run(
            run(a.tables, a.seconds, a.pause, a.seed, a.latencies, a.warmup, a.search_tables, a.bot_workers, a.plain_asyncio)
        )
    if a.json:
        print(json.dumps(out, indent=1))
        return
    lat, cr = out["latency_ms"], out["create_ms"]
    print(
        f"tables {out['tables']}, {out['seconds']:g} s, pause {out['pause_s']:g} s: {out['decisions']} decisions "
        f"({out['decisions_per_s']}/s); decide -> next state p50 {lat['p50']} ms, p99 {lat['p99']} ms "
        f"(first {out['warmup_s']:g} s: p99 {out['warmup_latency_ms']['p99']} ms); "
        f"create p50 {cr['p50']} ms, p99 {cr['p99']} ms; state message {out['state_message_kb']} kB; "
        f"server RSS {out['server_rss_mib']} MiB ({out['kib_per_table']} KiB a live table); "
        f"server CPU {out['server_cpu_s']} s, {out['server_cpu_ms_per_decision']} ms a decision; "
        f"clients' CPU {out['client_cpu_s']} s; errors {out['errors']}"
        + (
            f"; {out['search_tables']} ISMCTS tables: {out['search_decisions_per_s']} bot decisions/s"
            if out["search_tables"]
            else ""
        )
    )


if __name__ == "__main__":
    main()
