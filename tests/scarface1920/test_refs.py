"""What the board draws for each option (Step.option_refs, issue 36 §1: "play on the board").

Every option that names something drawn — a district, a Neighborhood, a piece, a card, a Job, a
Deal, a stat, a thug area, a rival — carries its references, and every reference is one the
browser module draws for the deciding seat (web/map.js, web/panels.js, spelled in refs.py)."""

from __future__ import annotations

import random
import re

import pytest

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options

# Options that name nothing on the board: ends, stops, passes, orders, amounts of goods.
NAMES_NOTHING = re.compile(
    r"^(end|stop|pass|plan:done|order:.*|to:.*|extra:.*|sell6?:(alcohol|gun)|goods:.*|skip:.*|store:return|recruit:stop)$"
)


def drawn_refs(state, seat: int, options) -> set[str]:
    """The data-ref of everything the browser module draws for `seat` (board.js render)."""
    cat = GAME.catalog()
    v = state.view(seat)
    me = v["players"][seat]
    out = {"district:" + d["id"] for d in cat["districts"]}
    out |= {"hood:" + h["id"] for h in v["neighborhoods"]}
    out |= {"police:" + d for d in v["police"]}
    for p in v["players"]:
        for d in p["thugs"]["districts"]:
            out.add(f"thug:{p['seat']}:{d}")
        for kind in ("car", "truck"):
            out |= {f"{kind}:{p['seat']}:{d}" for d in p[kind + "s"]}
        if p["seat"] != seat:
            out.add(f"gang:{p['seat']}")
    m = v["market"]
    out |= {"card:" + c for c in me["hand"] + me["plan"] + m["low"] + m["high"] + me["right_hands_left"]}
    jobs = me["jobs"] + me["fulfilled_jobs"] + v.get("draft_packet", [])
    jobs += [j for pair in v.get("enforcer", {}).get("job_draft", []) for j in pair]
    out |= {"job:" + j for j in jobs}
    out |= {f"deal:{i + 1}" for i in range(len(me["deals"]))}
    out |= {"stat:" + k for k in me["stats"]}
    out |= {"thugs:" + a for a in ("recruits", "safehouses", "headquarters", "on_jobs")}
    out |= {"box:" + a for a in ("underworld", "authorities", "prison")}
    # the "On offer" panel draws the Jobs, Dealers and cards an option names that are drawn nowhere else
    known = {"job": cat["jobs"], "dealer": cat["dealers"], "card": cat["cards"]}
    for o in options:
        for r in o.refs:
            kind, _, ident = r.partition(":")
            if kind in known and ident in known[kind]:
                out.add(r)
    return out


def positions(seeds: range):
    for seed in seeds:
        for s in (
            GAME.new_game(seed, 4),
            GAME.new_game(seed, 1, Options(solo=True)),
            GAME.new_game(seed, 3, Options(job_draft=True)),
        ):
            rng = random.Random(seed)
            while not s.is_over():
                yield s
                d = s.decision()
                s.apply_index(rng.randrange(len(d.codes)))


def test_every_option_that_names_a_drawn_thing_has_refs_and_the_board_draws_them():
    kinds: set[str] = set()
    checked = 0
    for s in positions(range(4)):
        d = s.decision()
        options = d.options
        drawn = drawn_refs(s, d.seat, options) if s.decisions_made % 3 == 0 else None
        for o in options:
            nothing = bool(NAMES_NOTHING.match(o.id))
            assert bool(o.refs) != nothing, f"{d.kind} {o.id!r}: refs {o.refs}"
            if drawn is not None:
                assert set(o.refs) <= drawn, f"{d.kind} {o.id!r}: {set(o.refs) - drawn} not drawn"
                checked += 1
        kinds.add(d.kind)
    assert checked > 1000
    # the kinds that name things on the board all occurred
    assert {"move", "move_police", "seize", "hire", "plan", "action", "draft_job", "sell", "store_goods"} <= kinds


@pytest.mark.parametrize("solo", [False, True])
def test_a_move_names_the_piece_then_the_district(solo):
    """A from→to move is two clicks: the piece where it stands, then the district it goes to."""
    for s in positions(range(6) if not solo else range(6, 12)):
        d = s.decision()
        if d.kind == "move":
            o = next(o for o in d.options if o.id != "stop")
            kind, to = o.id.split(":")[1:3]
            src = d.step.src
            assert o.refs == (f"{kind}:{d.seat}:{s.content.district_ids[src]}", f"district:{to}")
            return
    pytest.fail("no move in these games")
