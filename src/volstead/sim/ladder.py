"""The Elo ladder of a pool of games between bots (`volstead ladder`, the sim report's ladder, the
ratings file the lobby shows: engine/ratings.py).

Each game gives a result for every pair of seats with different bots, by where they finished: a
winner beats each loser, two winners draw, and of two losers the higher final score wins (equal
scores draw). A 4-seat game is six results. Counting two losers as a draw, as the first ladders did,
left random a third of its pairings in one game — 156 Elo below the best bot — while it
won none of its 96 games. The ladder is the Bradley–Terry maximum-likelihood fit of those
results, on the Elo scale (400·log10), anchored so the weakest bot is at 1000. With `resamples`,
each bot's 95 % interval comes from the games resampled with replacement and fitted again, every
refit anchored on the same bot (the whole pool's weakest), so the interval is of the distance to
it: a ladder of a few dozen games a table is wide, and says so.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

EPS = 0.5  # a prior half-draw against every opponent keeps an unbeaten bot's strength finite
TOLERANCE = 1e-10  # the fit stops when no strength moves by more than this share


def pair_results(rows: Iterable[dict]) -> tuple[dict[tuple[str, str], float], Counter]:
    """(points a scored against b, by (a, b); results per bot) over the games `rows`."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    games: Counter = Counter()
    for row in rows:
        names = row["bots"]
        winners = set(row.get("winners") or ())
        scores = row.get("scores") or ()
        for a in range(len(names)):
            for b in range(a + 1, len(names)):
                if names[a] == names[b]:
                    continue
                wa, wb = a in winners, b in winners
                if wa != wb:
                    pa = 1.0 if wa else 0.0
                elif wa or len(scores) <= max(a, b) or scores[a] == scores[b]:
                    pa = 0.5  # two winners, or two losers level (or a row without scores)
                else:
                    pa = 1.0 if scores[a] > scores[b] else 0.0
                wins[names[a], names[b]] += pa
                wins[names[b], names[a]] += 1 - pa
                games[names[a]] += 1
                games[names[b]] += 1
    return wins, games


def fit(names: Sequence[str], wins: dict[tuple[str, str], float], iterations: int = 500) -> dict[str, float]:
    """Each bot's Bradley–Terry strength (their geometric mean 1), by the minorize–maximize updates."""
    strength = {b: 1.0 for b in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            w = sum(wins.get((a, b), 0.0) for b in names if b != a) + EPS * (len(names) - 1) / 2
            denom = 0.0
            for b in names:
                if b != a:
                    denom += (wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + EPS) / (strength[a] + strength[b])
            new[a] = w / denom if denom else strength[a]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / g for a, v in new.items()}
        moved = max(abs(new[a] / strength[a] - 1.0) for a in names)
        strength = new
        if moved < TOLERANCE:
            break
    return strength


def elo(strength: dict[str, float], anchor: str) -> dict[str, float]:
    """Strengths on the Elo scale, `anchor` at 1000."""
    return {a: 1000 + 400 * math.log10(s / strength[anchor]) for a, s in strength.items()}


def elo_ladder(rows: Iterable[dict], iterations: int = 500, resamples: int = 0, seed: int = 0) -> list[dict]:
    """[{"bot", "elo", "games" (pairings), "score"}, and with `resamples` "low" and "high": the 95 %
    bootstrap interval], strongest first."""
    rows = list(rows)
    wins, games = pair_results(rows)
    names = sorted(games) if games else sorted({b for r in rows for b in r["bots"]})
    if len(names) < 2:
        return [{"bot": b, "elo": 1000.0, "games": games[b], "score": None} for b in names]
    strength = fit(names, wins, iterations)
    anchor = min(names, key=lambda a: strength[a])
    ratings = elo(strength, anchor)
    ladder = []
    for a in names:
        played = sum(wins.get((a, b), 0.0) + wins.get((b, a), 0.0) for b in names if b != a)
        scored = sum(wins.get((a, b), 0.0) for b in names if b != a)
        ladder.append({"bot": a, "elo": ratings[a], "games": games[a], "score": scored / played if played else None})
    if resamples:
        spans = intervals(rows, anchor, resamples, iterations, seed)
        for e in ladder:
            e["low"], e["high"] = spans.get(e["bot"], (None, None))
    ladder.sort(key=lambda x: -x["elo"])
    return ladder


def intervals(rows: list[dict], anchor: str, resamples: int, iterations: int, seed: int) -> dict[str, tuple[float, float]]:
    """Each bot's 2.5th and 97.5th percentile Elo over `resamples` bootstrap pools of the games, each
    refit anchored on `anchor` (a pool without it, or with a single bot, is drawn again)."""
    rng = random.Random(seed)
    samples: dict[str, list[float]] = defaultdict(list)
    drawn = tries = 0
    while drawn < resamples and tries < 10 * resamples:
        tries += 1
        pool = [rows[rng.randrange(len(rows))] for _ in rows]
        wins, games = pair_results(pool)
        if anchor not in games or len(games) < 2:
            continue
        drawn += 1
        for a, r in elo(fit(sorted(games), wins, iterations), anchor).items():
            samples[a].append(r)
    spans = {}
    for a, values in samples.items():
        values.sort()
        spans[a] = (values[int(0.025 * (len(values) - 1))], values[math.ceil(0.975 * (len(values) - 1))])
    return spans


def ladder_text(ladder: list[dict]) -> str:
    """The ladder as a Markdown table (with a 95 % interval column where it has them)."""
    spans = any("low" in e for e in ladder)
    head = "| rank | bot | Elo | " + ("95 % interval | " if spans else "") + "pairings | score |"
    lines = [head, "| ---: | --- | ---: | " + ("---: | " if spans else "") + "---: | ---: |"]
    for i, e in enumerate(ladder, 1):
        span = ""
        if spans:
            low, high = e.get("low"), e.get("high")
            span = f"{low:.0f}–{high:.0f} | " if low is not None and high is not None else "— | "
        score = "—" if e["score"] is None else f"{100 * e['score']:.1f}%"
        lines.append(f"| {i} | {e['bot']} | {e['elo']:.0f} | {span}{e['games']} | {score} |")
    return "\n".join(lines)
