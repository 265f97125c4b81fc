"""The authored Scarface 1920 data files: complete sets, must-have cards, vocabulary.

Every effect name, its args and every modifier key are checked against the
tables of docs/effects.md (parsed here), so a card cannot use an effect the
rules do not know.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from volstead.games.scarface1920.content.loader import DATA_DIR, build_content
from volstead.games.scarface1920.content.models import CRIME_TYPES

ROOT = Path(__file__).resolve().parents[2]
EFFECTS_MD = ROOT / "docs" / "effects.md"
FILES = ("board", "gangs", "gang_members", "associates", "dealers", "jobs", "raids", "news")


# ----------------------------------------------------------------- effects.md
def _sections(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("#"):
            current = line.lstrip("#").strip().lower()
            out[current] = []
        else:
            out.setdefault(current, []).append(line)
    return out


def _table_rows(lines: list[str]) -> list[list[str]]:
    rows = []
    for line in lines:
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("effect", "key") or set(cells[0]) <= set("- "):
            continue
        rows.append(cells)
    return rows


def _vocabulary():
    sections = _sections(EFFECTS_MD.read_text())
    effects: dict[str, set[str]] = {}
    enums: dict[str, set[str]] = {}
    for lines in sections.values():
        for cells in _table_rows(lines):
            if len(cells) != 3:
                continue
            m = re.fullmatch(r"`(\w+)`", cells[0])
            if not m:
                continue
            args_cell = cells[1]
            # enumerated values in parentheses: `where` (`present` = ..., `any`)
            for arg, paren in re.findall(r"`(\w+)`\s*\(([^)]*)\)", args_cell):
                values = set(re.findall(r"`(\w+)`", paren))
                if values and arg != "steps":
                    enums.setdefault(arg, set()).update(values)
            args = set(re.findall(r"`(\w+)`", re.sub(r"\([^)]*\)", "", args_cell)))
            effects[m.group(1)] = args
    counted = set()
    for name, lines in sections.items():
        if name.startswith("counted things"):
            counted |= set(re.findall(r"`(\w+)`", "\n".join(lines)))
    modifiers = set()
    for name, lines in sections.items():
        if name.startswith("modifiers"):
            for cells in _table_rows(lines):
                m = re.fullmatch(r"`(\w+)`", cells[0])
                if m:
                    modifiers.add(m.group(1))
    return effects, enums, counted, modifiers


EFFECTS, ENUMS, COUNTED, MODIFIERS = _vocabulary()


def test_vocabulary_parsed():
    assert {"gain_money", "combo", "move_police", "ness_up", "pay_per", "nothing"} <= set(EFFECTS)
    assert EFFECTS["gain_per"] == {"what", "amount", "cap"}
    assert EFFECTS["take_family_ring"] == set()
    assert EFFECTS["combo"] == {"steps"}
    assert ENUMS["where"] == {"present", "any"}
    assert {"districts", "deals"} <= ENUMS["sources"]
    assert {"thugs_prison", "control", "casino"} <= COUNTED
    assert {"sale_bonus", "hire_alcohol", "defense"} <= MODIFIERS


# ---------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def raw() -> dict[str, dict]:
    return {f: tomllib.loads((DATA_DIR / f"{f}.toml").read_text()) for f in FILES}


@pytest.fixture(scope="module")
def content():
    return build_content(DATA_DIR, "published", require_complete=True)


@pytest.fixture(scope="module")
def wip():
    return build_content(DATA_DIR, "rulebook-wip")


def _by_id(raw_file: dict) -> dict[str, dict]:
    return {c["id"]: c for c in raw_file["cards"]}


def _copies(raw_file: dict) -> int:
    return sum(c.get("count", 1) for c in raw_file["cards"])


# ---------------------------------------------------------------- loading
def test_both_variants_load(content, wip):
    assert content.variant == "published" and wip.variant == "rulebook-wip"
    assert len(content.cards) == 100
    # rulebook-wip: 8 gang cards per gang (2 Right-hands)
    assert len(wip.cards) == 92
    assert all(len(r) == 4 for r in content.right_hands)
    assert all(len(r) == 2 for r in wip.right_hands)
    assert all(len(s) == 6 for s in content.start_cards + wip.start_cards)


def test_notes(raw):
    for f in FILES:
        note = raw[f]["note"]
        assert "Volstead" in note and "not the publisher's printed text" in note, f


def test_ids_snake_case(raw):
    for f in FILES:
        items = raw[f].get("cards") or raw[f].get("gangs") or []
        items = items + raw[f].get("districts", []) + raw[f].get("neighborhoods", [])
        for it in items:
            assert re.fullmatch(r"[a-z][a-z0-9_]*", it["id"]), (f, it["id"])


# ---------------------------------------------------------------- counts
def test_counts(raw, content):
    assert _copies(raw["gang_members"]) == 40
    assert _copies(raw["associates"]) == 60
    assert Counter(c["crime"] for c in raw["associates"]["cards"]) == {t: 10 for t in CRIME_TYPES}
    assert _copies(raw["dealers"]) == 31
    assert sum(c.get("count", 1) for c in raw["dealers"]["cards"] if c.get("basic")) == 8
    assert len(content.dealer_deck) == 23
    assert _copies(raw["jobs"]) == 39
    assert _copies(raw["raids"]) == 28
    assert len(raw["news"]["cards"]) == 16


# ---------------------------------------------------------------- board
def test_board(raw, content):
    board = raw["board"]
    ds = {d["id"]: d for d in board["districts"]}
    assert [d["name"] for d in board["districts"]] == [
        "Far North Side",
        "North Side",
        "West Side",
        "Central",
        "Southwest Side",
        "South Side",
        "Far South Side",
    ]
    for d in ds.values():
        for a in d["adjacent"]:
            assert d["id"] in ds[a]["adjacent"], (d["id"], a)
            assert a != d["id"]
    # connected
    seen, todo = set(), ["central"]
    while todo:
        x = todo.pop()
        if x not in seen:
            seen.add(x)
            todo.extend(ds[x]["adjacent"])
    assert seen == set(ds)
    assert {d for d in ds if ds[d]["police_at_start"]} == {"far_north_side", "central", "far_south_side"}
    tiles = {p: {d: ds[d]["tiles"][p] for d in ds} for p in ("2", "3", "4")}
    assert tiles["2"] == {d: 2 if d == "central" else 1 for d in ds}
    assert tiles["3"] == {d: 3 if d == "central" else 1 for d in ds}
    assert tiles["4"] == {d: 2 if d in ("central", "far_south_side", "far_north_side") else 1 for d in ds}
    assert board["time_track_spaces"] == {"2": 4, "3": 5, "4": 6}
    assert board["family_ring_income"] == {"2": 1, "3": 2, "4": 3}
    assert board["starting_money"] == 10
    assert board["business_supply"] == {"speakeasy": 10, "casino": 10, "brothel": 10, "nightclub": 10}
    assert len(content.tiles) == 18


def test_neighborhood_curve(raw):
    hoods = raw["board"]["neighborhoods"]
    kinds = Counter()
    for t in hoods:
        day, night = t["day"], t["night"]
        dg, ng = day["alcohol"] + day["guns"], night["alcohol"] + night["guns"]
        assert 2 <= day["defense"] <= 4 and 2 <= dg <= 3 and 9 <= day["price"] <= 18, t["id"]
        assert night["defense"] - day["defense"] in (1, 2), t["id"]
        assert 3 <= ng <= 5 and 16 <= night["price"] <= 32 and ng > dg, t["id"]
        assert night["price"] / ng > day["price"] / dg, t["id"]
        assert 4 <= day["price"] / dg <= 7.5, t["id"]
        kinds["alcohol" if not day["guns"] else "guns" if not day["alcohol"] else "mixed"] += 1
    assert min(kinds.values()) >= 3 and len(kinds) == 3
    days = [(t["day"]["defense"], t["day"]["alcohol"], t["day"]["guns"], t["day"]["price"]) for t in hoods]
    nights = [(t["night"]["alcohol"], t["night"]["guns"], t["night"]["price"]) for t in hoods]
    assert (3, 3, 0, 14) in days  # rulebook: 3 alcohol for $14
    assert any(d[1:] == (1, 2, 18) for d in days)  # rulebook: 1 alcohol + 2 guns for $18
    assert (2, 3, 32) in nights  # how-to-play: sale of 32 with a two-truck discount


# ---------------------------------------------------------------- gangs
def test_gangs(raw, content):
    gangs = {g["id"]: g for g in raw["gangs"]["gangs"]}
    assert set(gangs) == {"outfit", "black_wolves", "seven_gems", "north_side"}
    assert gangs["outfit"]["boss"] == "Al Capone"
    assert gangs["black_wolves"]["boss"] == "Stephanie St. Clair"
    assert gangs["seven_gems"]["boss"] == "Arnold Rothstein"
    assert gangs["north_side"]["boss"] == "Dean O'Banion"
    values = {
        "hand_size": [3, 4, 5],
        "lawyers": [1, 2, 3],
        "recruitment": [1, 2, 3],
        "dealers_supply": [0, 1, 2],
        "vehicles": [0, 1, 2],
        "nightclubs": [0, 1, 2],
    }
    for g in content.gangs:
        track = g.boss_track
        assert len(track) == 12
        assert sum(b.money for b in track) == 105, g.id
        rh = [i for i, b in enumerate(track) if b.right_hand]
        assert len(rh) == 4 and rh[0] <= 2 and rh[-1] >= 9, g.id
        assert all(b.money > 0 for b in track if not b.right_hand)
        assert all(b.money == 0 for b in track if b.right_hand)
        rows = [b.row for b in track]
        assert rows == sorted(rows)
        assert (g.boss_rows[0].muscle, g.boss_rows[0].influence) == (1, 1)
        last = g.boss_rows[-1]
        assert 4 <= last.muscle + last.influence <= 5
        for stat, v in values.items():
            s = g.stats[stat]
            assert s.values == v
            l2, l3 = s.upgrades
            assert l3.cost > l2.cost and 0 <= l2.crime <= 3 and 0 <= l3.crime <= 3
        r2 = g.stats["recruitment"].upgrades[0]
        assert (r2.cost, r2.muscle, r2.influence, r2.crime) == (4, 2, 0, 1)
        assert len(g.boss_skills) == 4
    outfit, wolves = gangs["outfit"], gangs["black_wolves"]
    assert outfit["boss_rows"][-1]["influence"] > outfit["boss_rows"][-1]["muscle"]
    assert wolves["boss_rows"][-1]["muscle"] > wolves["boss_rows"][-1]["influence"]


# ---------------------------------------------------------------- gang members
def test_gang_members(raw):
    cards = raw["gang_members"]["cards"]
    for gang in ("outfit", "black_wolves", "seven_gems", "north_side"):
        mine = [c for c in cards if c["gang"] == gang]
        assert len(mine) == 10
        assert all(c["id"].startswith(gang + "_") for c in mine)
        roles = Counter(c["role"] for c in mine)
        assert roles == {"boss": 1, "starting": 5, "right_hand": 4}
        boss = next(c for c in mine if c["role"] == "boss")
        assert set(boss) == {"id", "name", "gang", "role"}
        ids = {c["id"] for c in mine}
        for rh in ("underboss", "counselor", "chauffeur", "bookkeeper"):
            assert f"{gang}_{rh}" in ids
        assert [c["id"] for c in mine if c.get("in_wip") is False] == [f"{gang}_chauffeur", f"{gang}_bookkeeper"]
        body = next(c for c in mine if c["id"] == f"{gang}_bodyguards")
        assert body["skill"]["effect"] == "move_police"
        assert body["skill"]["args"] == {"n": 1, "cost_elsewhere": 1}
        lt = next(c for c in mine if c["id"] == f"{gang}_lieutenants")
        assert lt["skill"]["effect"] == "retrieve_thugs"
        assert set(lt["skill"]["args"]["sources"]) == {"districts", "deals"}
        starting = [c for c in mine if c["role"] == "starting"]
        for c in starting:
            assert 1 <= c["muscle"] + c["influence"] <= 3, c["id"]
        assert sum(c["muscle"] + c["influence"] for c in starting) == 9
        for c in mine:
            if c["role"] == "right_hand":
                assert 3 <= c["muscle"] + c["influence"] <= 5, c["id"]
            if c["role"] != "boss":
                assert c["crime"] in CRIME_TYPES and "skill" in c and "matching" in c, c["id"]
                assert 1 <= len(c["matching"]["requires"]) <= 3
    assert _by_id(raw["gang_members"])["outfit_bodyguards"]["crime"] == "theft"


# ---------------------------------------------------------------- associates
def test_associate_curve(raw):
    cards = raw["associates"]["cards"]
    for t in CRIME_TYPES:
        stars = Counter(c["stars"] for c in cards if c["crime"] == t)
        assert stars == {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}, t
    for c in cards:
        total = c["muscle"] + c["influence"]
        lo, hi = {1: (1, 2), 2: (2, 3), 3: (2, 4), 4: (4, 5), 5: (5, 6)}[c["stars"]]
        assert lo <= total <= hi, c["id"]
        assert "skill" in c and "matching" in c, c["id"]
        if "end_bonus" in c:
            assert c["end_bonus"]["effect"] == "gain_per"
    assert sum("end_bonus" in c for c in cards if c["stars"] >= 4) >= 8


def test_must_have_associates(raw):
    a = _by_id(raw["associates"])
    vet = a["wwi_veteran"]
    assert (vet["name"], vet["crime"], vet["stars"]) == ("WWI Veteran", "violence", 2)
    assert vet["skill"]["effect"] == "gain_money_if_crime"
    assert vet["skill"]["args"] == {"amount": 1, "bonus": 1, "crime_at_least": 3}
    assert set(vet["matching"]["requires"]) == {"violence", "gambling", "corruption"}
    assert vet["matching"]["effect"] == "send_thugs"
    assert vet["matching"]["args"] == {"n": 1, "cost": 1, "anywhere": True}

    mug = a["street_muggers"]
    assert (mug["name"], mug["crime"]) == ("Street Muggers", "theft")
    assert mug["skill"]["effect"] == "steal_per"
    assert mug["skill"]["args"] == {"what": "thugs_near_rival", "amount": 1}
    assert mug["matching"]["requires"] == ["theft"]

    tr = a["city_treasurer"]
    assert (tr["name"], tr["crime"], tr["stars"], tr["influence"], tr["muscle"]) == ("City Treasurer", "corruption", 3, 2, 0)
    assert tr["skill"]["effect"] == "upgrade_discount"
    assert tr["matching"]["effect"] == "each_rival_pays_per"
    assert tr["matching"]["args"] == {"what": "control", "amount": 1}


# ---------------------------------------------------------------- dealers
def test_dealers(raw, content):
    d = _by_id(raw["dealers"])
    al, gu = d["alcohol_supplier"], d["gun_supplier"]
    assert (al["basic"], al["count"], al["muscle"], al["alcohol"], al["storage"], al["thug_limit"]) == ("alcohol", 4, 1, 2, 1, 1)
    assert (gu["basic"], gu["count"], gu["muscle"], gu["guns"], gu["storage"], gu["thug_limit"]) == ("guns", 4, 1, 1, 1, 1)
    do = d["distillery_owner"]
    assert (do.get("muscle", 0), do.get("alcohol", 0)) == (1, 3)
    # rulebook: Gun Supplier + Distillery Owner need 2 Muscle, give 3 alcohol + 1 gun
    assert gu["muscle"] + do["muscle"] == 2 and do["alcohol"] == 3 and gu["guns"] == 1
    ir = d["irish_revolutionary"]
    assert ir["muscle"] == 2 and ir.get("influence", 0) == 0 and ir.get("either", 0) == 0 and ir["guns"] >= 1
    assert d["distillery_owner"]["count"] >= 2 and d["gun_runner"]["count"] >= 2  # solo mode
    deck = [c for c in raw["dealers"]["cards"] if not c.get("basic")]
    most_guns = max(c.get("guns", 0) for c in deck)
    assert {c["id"] for c in deck if c.get("guns", 0) >= most_guns - 1} >= {"police_captain", "army_officer"}
    assert d["police_captain"].get("influence", 0) > 0 and d["army_officer"].get("influence", 0) > 0
    for c in deck:
        req = c.get("muscle", 0) + c.get("influence", 0) + c.get("either", 0)
        goods = c.get("alcohol", 0) + c.get("guns", 0)
        assert 1 <= req <= 4 and 1 <= goods <= 4, c["id"]
        assert 0 <= c["storage"] <= 3 and 1 <= c["thug_limit"] <= 2, c["id"]
        assert goods <= req + 2, c["id"]  # bigger supply needs a bigger requirement


# ---------------------------------------------------------------- jobs
def test_jobs(raw):
    cards = raw["jobs"]["cards"]
    inst = sum(c.get("count", 1) for c in cards if c["type"] == "instant")
    perm = sum(c.get("count", 1) for c in cards if c["type"] == "permanent")
    assert inst + perm == 39 and 27 <= inst <= 32 and 7 <= perm <= 12
    assert sum(c.get("count", 1) for c in cards if c.get("multiplayer_only")) <= 8
    for c in cards:
        assert c["requires_text"]
        if c["type"] == "permanent":
            assert c.get("modifiers"), c["id"]
    j = _by_id(raw["jobs"])
    ex = j["easy_money"]
    assert ex["type"] == "instant"
    assert ex["requires"] == [
        [{"kind": "spend", "what": "thug", "n": 1}],
        [{"kind": "plan", "what": "associate", "n": 1}],
    ]
    assert ex["effect"]["effect"] == "combo"
    assert ex["effect"]["args"]["steps"] == [
        {"effect": "gain_money", "args": {"amount": 4}},
        {"effect": "draw_jobs", "args": {"n": 2}},
        {"effect": "crime", "args": {"amount": -1}},
    ]
    pe = j["prison_escape"]
    assert pe["name"] == "Prison Escape" and pe["type"] == "instant"
    steps = {s["effect"]: s["args"] for s in pe["effect"]["args"]["steps"]}
    assert "retrieve_prison" in steps and "hit" in steps and steps["crime"]["amount"] > 0
    assert pe["requires"] == [[{"kind": "have", "what": "thugs_prison", "n": 2}]]


# ---------------------------------------------------------------- raids
def test_raids(raw):
    cards = raw["raids"]["cards"]
    assert sum(c.get("count", 1) for c in cards if c.get("multiplayer_only")) <= 4
    assert sum(c.get("count", 1) for c in cards if c["reduction"] == "lawyers") >= 20
    ex = _by_id(raw["raids"])["bail_hearings"]
    assert ex["overall"]["effect"] == "ness_up" and ex["overall"]["args"] == {"n": 1}
    assert [(b["effect"], b["args"]) for b in ex["bands"]] == [
        ("pay_per", {"what": "thugs_prison", "amount": a}) for a in (1, 1, 2, 3)
    ]
    assert ex["reduction"] == "lawyers"


# ---------------------------------------------------------------- news
def test_news(raw, content):
    cards = raw["news"]["cards"]
    n = _by_id(raw["news"])
    assert n["us_is_voted_dry"]["role"] == "first" and n["us_is_voted_dry"]["name"] == "U.S. Is Voted Dry"
    assert n["prohibition_ends_at_last"]["role"] == "last"
    middle = [c for c in cards if c["role"] == "middle"]
    assert len(middle) == 14 and len(content.news_middle) == 14
    for c in middle:
        assert 1 <= len(c.get("modifiers", {})) <= 2, c["id"]
    assert 3 <= sum(bool(c.get("multiplayer_only")) for c in middle) <= 4
    assert not any(c.get("multiplayer_only") for c in cards if c["role"] != "middle")


# ---------------------------------------------------------------- vocabulary
def _effects_in(raw) -> list[tuple[str, dict]]:
    """(where, effect dict) for every effect in every file."""
    found = []
    for g in raw["gangs"]["gangs"]:
        found += [(f"gang {g['id']} boss skill", s) for s in g["boss_skills"]]
    for f in ("gang_members", "associates"):
        for c in raw[f]["cards"]:
            found += [(f"{f} {c['id']} {k}", c[k]) for k in ("skill", "matching", "end_bonus") if k in c]
    for c in raw["jobs"]["cards"]:
        if "effect" in c:
            found.append((f"job {c['id']}", c["effect"]))
    for c in raw["raids"]["cards"]:
        found.append((f"raid {c['id']} overall", c["overall"]))
        found += [(f"raid {c['id']} band {i}", b) for i, b in enumerate(c["bands"])]
    return found


def _check_effect(where: str, eff: dict, top: bool) -> None:
    name, args = eff["effect"], eff.get("args", {})
    assert name in EFFECTS, f"{where}: unknown effect {name!r}"
    assert set(args) == EFFECTS[name], f"{where}: {name} args {sorted(args)} != {sorted(EFFECTS[name])}"
    if top:
        assert eff.get("text"), f"{where}: no text"
    else:
        assert set(eff) <= {"effect", "args"}, f"{where}: combo step has extra keys"
    for k, v in args.items():
        if k == "what":
            allowed = COUNTED | ({"thugs_near_rival"} if name == "steal_per" else set())
            assert v in allowed, f"{where}: counted thing {v!r}"
        elif k in ENUMS:
            for x in v if isinstance(v, list) else [v]:
                assert x in ENUMS[k], f"{where}: {k}={x!r} not in {sorted(ENUMS[k])}"
    if name == "combo":
        assert args["steps"], where
        for i, step in enumerate(args["steps"]):
            assert step["effect"] != "combo"
            _check_effect(f"{where} step {i}", step, top=False)


def test_every_effect_in_vocabulary(raw):
    effects = _effects_in(raw)
    assert len(effects) > 250
    for where, eff in effects:
        _check_effect(where, eff, top=True)
    band_only = {"nothing"}
    for where, eff in effects:
        if eff["effect"] in band_only:
            assert where.startswith("raid"), where


def test_every_modifier_in_vocabulary(raw):
    used = 0
    for f in ("jobs", "news"):
        for c in raw[f]["cards"]:
            for k in c.get("modifiers", {}):
                assert k in MODIFIERS, f"{f} {c['id']}: unknown modifier {k!r}"
                used += 1
    assert used >= 25


def test_loader_checks_vocabulary_with_stub_registry():
    """build_content's own check: every effect binds to a function taking exactly the documented args."""

    def stub(args: set[str]):
        params = ", ".join(["state", "seat", *sorted(args)])
        ns: dict = {}
        exec(f"def f({params}): return None", ns)
        return ns["f"]

    registry = {name: stub(args) for name, args in EFFECTS.items()}
    build_content(DATA_DIR, "published", effects=registry, modifiers=frozenset(MODIFIERS), require_complete=True)
    build_content(DATA_DIR, "rulebook-wip", effects=registry, modifiers=frozenset(MODIFIERS))


@pytest.mark.parametrize("variant", ["published", "rulebook-wip"])
def test_a_games_card_set_is_built_for_its_variant(variant):
    # The rules read the variant from the card set (a compiled, native field), not the options model.
    from volstead.games.scarface1920 import GAME
    from volstead.games.scarface1920.options import Options

    s = GAME.new_game(seed=1, seats=3, options=Options(variant=variant))
    assert s.content.variant == s.options.variant == variant
