"""Load and validate the Scarface 1920 data files into one indexed `Content`.

Everything here runs once per (data folder, variant); the rules then use the
plain tuples and dicts built below, never the TOML or the pydantic models on
the hot path.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel

from volstead.engine.content import content_folder, load_file, unique, unique_across
from volstead.engine.errors import ContentError

from ..rules.modifiers import modifier_row
from .models import (
    CRIME_TYPES,
    STAT_NAMES,
    Associates,
    Board,
    Dealers,
    Effect,
    GangMembers,
    Gangs,
    Jobs,
    NewsDeck,
    PlayCard,
    Raids,
)
from .tables import (  # noqa: F401 (the rules import them from here)
    COUNTED_CODE,
    PLAN_CODE,
    CompiledAlternative,
    Content,
    DealerTerms,
    Side,
    Upgrade,
)

DATA_DIR: Final = Path(__file__).resolve().parent.parent / "data"

# file name -> (model, what a complete set holds: card copies, or None)
FILES: Final[dict[str, tuple[type[BaseModel], int | None]]] = {
    "board.toml": (Board, None),
    "gangs.toml": (Gangs, None),
    "gang_members.toml": (GangMembers, 40),
    "associates.toml": (Associates, 60),
    "dealers.toml": (Dealers, 31),
    "jobs.toml": (Jobs, 39),
    "raids.toml": (Raids, 28),
    "news.toml": (NewsDeck, 16),
}
VARIANTS: Final[tuple[str, ...]] = ("published", "rulebook-wip")


def _check_effect(effect: Effect, where: str, registry: Mapping[str, Callable] | None) -> None:
    if registry is None:
        return
    fn = registry.get(effect.effect)
    if fn is None:
        raise ContentError(f"{where}: unknown effect {effect.effect!r}")
    _check_call(effect.effect, effect.args, fn, where)
    if effect.effect == "combo":  # the steps of a combo are effects too
        steps = effect.args.get("steps")
        if not isinstance(steps, list) or not steps:
            raise ContentError(f"{where}: combo needs a non-empty list of steps")
        for i, step in enumerate(steps):
            name = step.get("effect") if isinstance(step, dict) else None
            if not isinstance(name, str) or name not in registry:
                raise ContentError(f"{where} steps[{i}]: unknown effect {name!r}")
            _check_call(name, step.get("args", {}), registry[name], f"{where} steps[{i}]")


@cache
def effect_signature(fn: Callable) -> inspect.Signature:
    """An effect function's signature, read once: `inspect.signature` parses a compiled function's
    text signature (a few hundred thousand instructions), and every effect of the card set is checked
    against its function at load, then bound to it at its first run (effects/__init__.py)."""
    return inspect.signature(fn)


def _check_call(name: str, args: dict, fn: Callable, where: str) -> None:
    try:
        effect_signature(fn).bind(None, None, **args)
    except TypeError as e:
        raise ContentError(f"{where}: effect {name!r} does not take these args {args}: {e}") from None


def build_content(
    data_dir: Path = DATA_DIR,
    variant: str = "published",
    effects: Mapping[str, Callable] | None = None,
    modifiers: frozenset[str] | None = None,
    require_complete: bool = False,
) -> Content:
    if variant not in VARIANTS:
        raise ContentError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    data_dir = Path(data_dir)
    loaded: dict[str, Any] = {name: load_file(data_dir / name, model) for name, (model, _) in FILES.items()}
    board: Board = loaded["board.toml"]
    gangs = loaded["gangs.toml"].gangs
    members = loaded["gang_members.toml"].cards
    associates = loaded["associates.toml"].cards
    dealers = loaded["dealers.toml"].cards
    jobs = loaded["jobs.toml"].cards
    raids = loaded["raids.toml"].cards
    news = loaded["news.toml"].cards

    if require_complete:
        for name, (_, expected) in FILES.items():
            if expected is None:
                continue
            listed = loaded[name].cards
            got = sum(getattr(c, "count", 1) for c in listed)
            if got != expected:
                raise ContentError(f"{name}: the complete set has {expected} cards, this file has {got}")

    # -- board
    district_ids = tuple(d.id for d in board.districts)
    dix = {d: i for i, d in enumerate(district_ids)}
    if len(dix) != 7:
        raise ContentError("board.toml: district ids must be unique")
    adjacency = []
    for d in board.districts:
        for a in d.adjacent:
            if a not in dix:
                raise ContentError(f"board.toml: district {d.id!r}: adjacent district {a!r} does not exist")
            if d.id not in board.districts[dix[a]].adjacent:
                raise ContentError(f"board.toml: district {d.id!r} is adjacent to {a!r} but not the other way round")
        adjacency.append(frozenset(dix[a] for a in d.adjacent))
    for players in ("2", "3", "4"):
        total = sum(d.tiles.get(players, 0) for d in board.districts)
        if total > len(board.neighborhoods):
            raise ContentError(f"board.toml: {players} players need {total} tiles, only {len(board.neighborhoods)} exist")
    unique("board.toml", "neighborhood", [t.id for t in board.neighborhoods])

    # -- gangs and cards
    gang_ids = [g.id for g in gangs]
    unique("gangs.toml", "gang", gang_ids)
    for g in gangs:
        for i, s in enumerate(g.boss_skills):
            _check_effect(s, f"gangs.toml: gang {g.id!r}: boss_skills[{i}]", effects)
    cards: list[PlayCard] = []
    card_gang: list[int] = []
    boss: dict[str, int] = {}
    start: dict[str, list[int]] = {g: [] for g in gang_ids}
    rh: dict[str, list[int]] = {g: [] for g in gang_ids}
    for m in members:
        if m.gang not in gang_ids:
            raise ContentError(f"gang_members.toml: card {m.id!r}: gang {m.gang!r} does not exist")
        if variant == "rulebook-wip" and not m.in_wip:
            continue
        idx = len(cards)
        cards.append(m)
        card_gang.append(gang_ids.index(m.gang))
        if m.role == "boss":
            if m.gang in boss:
                raise ContentError(f"gang_members.toml: card {m.id!r}: gang {m.gang!r} has two Bosses")
            boss[m.gang] = idx
            start[m.gang].append(idx)
        elif m.role == "starting":
            start[m.gang].extend([idx] * m.count)
        else:
            rh[m.gang].extend([idx] * m.count)
    for g in gang_ids:
        if g not in boss:
            raise ContentError(f"gang_members.toml: gang {g!r} has no Boss")
        if len(start[g]) != 6:
            raise ContentError(f"gang_members.toml: gang {g!r} has {len(start[g])} starting cards, needs 6")
    members_in_play = len(cards)
    low: list[int] = []
    high: list[int] = []
    for a in associates:
        idx = len(cards)
        cards.append(a)
        card_gang.append(-1)
        (low if a.stars <= 3 else high).append(idx)
    card_ids = [c.id for c in cards]
    unique_across("card", [("gang_members.toml", card_ids[:members_in_play]), ("associates.toml", card_ids[members_in_play:])])
    for c in cards:
        fname = "associates.toml" if hasattr(c, "stars") else "gang_members.toml"
        for part in ("skill", "matching", "end_bonus"):
            eff = getattr(c, part)
            if eff is not None:
                _check_effect(eff, f"{fname}: card {c.id!r}: {part}", effects)
        if c.crime is None and getattr(c, "role", None) != "boss":
            raise ContentError(f"{fname}: card {c.id!r}: only the Boss may have no crime type")

    # -- decks
    unique("dealers.toml", "dealer", [d.id for d in dealers])
    basics: dict[str, list[int]] = {"alcohol": [], "guns": []}
    dealer_deck: list[int] = []
    for i, d in enumerate(dealers):
        if d.basic:
            basics[d.basic].append(i)
        else:
            dealer_deck.extend([i] * d.count)
    if len(basics["alcohol"]) != 1 or len(basics["guns"]) != 1:
        raise ContentError("dealers.toml: needs exactly one basic alcohol and one basic guns Supplier entry")

    unique("jobs.toml", "job", [j.id for j in jobs])
    for j in jobs:
        if j.effect is not None:
            _check_effect(j.effect, f"jobs.toml: job {j.id!r}: effect", effects)
        if j.activate is not None:
            _check_effect(j.activate, f"jobs.toml: job {j.id!r}: activate", effects)
        _check_modifiers(j.modifiers, f"jobs.toml: job {j.id!r}", modifiers)
    unique("raids.toml", "raid", [r.id for r in raids])
    for r in raids:
        _check_effect(r.overall, f"raids.toml: raid {r.id!r}: overall", effects)
        for i, b in enumerate(r.bands):
            _check_effect(b, f"raids.toml: raid {r.id!r}: bands[{i}]", effects)
    unique("news.toml", "news", [n.id for n in news])
    first = [i for i, n in enumerate(news) if n.role == "first"]
    last = [i for i, n in enumerate(news) if n.role == "last"]
    if len(first) != 1 or len(last) != 1:
        raise ContentError("news.toml: needs exactly one 'first' and one 'last' News card")
    for n in news:
        _check_modifiers(n.modifiers, f"news.toml: news {n.id!r}", modifiers)
    middle = tuple(i for i, n in enumerate(news) if n.role == "middle")
    if len(middle) < 2:
        raise ContentError("news.toml: needs at least 2 'middle' News cards")

    crime_ix = {c: i for i, c in enumerate(CRIME_TYPES)}
    content = Content(
        variant=variant,
        board=board,
        district_ids=district_ids,
        district_names=tuple(d.name for d in board.districts),
        adjacency=tuple(adjacency),
        police_start=tuple(i for i, d in enumerate(board.districts) if d.police_at_start),
        tiles=tuple(board.neighborhoods),
        gangs=tuple(gangs),
        cards=tuple(cards),
        card_index={c: i for i, c in enumerate(card_ids)},
        card_muscle=tuple(c.muscle for c in cards),
        card_influence=tuple(c.influence for c in cards),
        card_crime=tuple(crime_ix[c.crime] if c.crime else -1 for c in cards),
        card_stars=tuple(getattr(c, "stars", 0) for c in cards),
        card_gang=tuple(card_gang),
        boss_card=tuple(boss[g] for g in gang_ids),
        start_cards=tuple(tuple(start[g]) for g in gang_ids),
        right_hands=tuple(tuple(rh[g]) for g in gang_ids),
        associates_low=tuple(low),
        associates_high=tuple(high),
        jobs=tuple(jobs),
        job_index={j.id: i for i, j in enumerate(jobs)},
        job_deck=tuple(i for i, j in enumerate(jobs) for _ in range(j.count)),
        dealers=tuple(dealers),
        dealer_index={d.id: i for i, d in enumerate(dealers)},
        dealer_deck=tuple(dealer_deck),
        basic_alcohol=basics["alcohol"][0],
        basic_guns=basics["guns"][0],
        raids=tuple(raids),
        raid_index={r.id: i for i, r in enumerate(raids)},
        raid_deck=tuple(i for i, r in enumerate(raids) for _ in range(r.count)),
        news=tuple(news),
        news_index={n.id: i for i, n in enumerate(news)},
        news_first=first[0],
        news_last=last[0],
        news_middle=middle,
        card_crime_bit=tuple((1 << crime_ix[c.crime]) if c.crime else 0 for c in cards),
        card_has_skill=tuple(c.skill is not None for c in cards),
        card_match_mask=tuple(sum(1 << crime_ix[r] for r in set(c.matching.requires)) if c.matching else 0 for c in cards),
        card_skill=tuple(c.skill for c in cards),
        card_matching=tuple(c.matching for c in cards),
        boss_skills=tuple(tuple(g.boss_skills) for g in gangs),
        job_effect=tuple(j.effect for j in jobs),
        job_activate=tuple(j.activate for j in jobs),
        job_permanent=tuple(j.type == "permanent" for j in jobs),
        job_modifiers=tuple(modifier_row(j.modifiers) for j in jobs),
        news_modifiers=tuple(modifier_row(n.modifiers) for n in news),
        card_play_power=tuple(float(c.muscle + c.influence + 1) if getattr(c, "stars", 0) else 0.0 for c in cards),
        job_alts=tuple(tuple(compile_alternative(alt) for alt in j.requires) for j in jobs),
        tile_sides=tuple((_side(t.day), _side(t.night)) for t in board.neighborhoods),
        upgrade_table=tuple(
            tuple(tuple(Upgrade(u.cost, u.muscle, u.influence, u.crime) for u in g.stats[name].upgrades) for name in STAT_NAMES)
            for g in gangs
        ),
        stat_values=tuple(tuple(tuple(g.stats[name].values) for name in STAT_NAMES) for g in gangs),
        boss_muscle=tuple(tuple(g.boss_rows[g.boss_track[box - 1].row if box else 0].muscle for box in range(13)) for g in gangs),
        boss_influence=tuple(
            tuple(g.boss_rows[g.boss_track[box - 1].row if box else 0].influence for box in range(13)) for g in gangs
        ),
        business_supply={kind: n for kind, n in board.business_supply.items()},
        time_spaces={int(seats): n for seats, n in board.time_track_spaces.items() if seats.isdigit()},
        dealer_terms=tuple(
            DealerTerms(d.muscle, d.influence, d.either, d.thug_limit, d.storage, d.alcohol, d.guns) for d in dealers
        ),
    )
    return content


def _side(x) -> Side:
    return Side(x.defense, x.alcohol, x.guns, x.price)


def compile_alternative(alt) -> CompiledAlternative:
    spend = {"money": 0, "alcohol": 0, "guns": 0, "goods": 0, "thug": 0}
    for r in alt:
        if r.kind == "spend":
            spend[r.what] += r.n
    return CompiledAlternative(
        plan=tuple((PLAN_CODE[r.what], r.n, r.min_stars, r.max_stars) for r in alt if r.kind == "plan"),
        have=tuple((COUNTED_CODE[r.what], r.n) for r in alt if r.kind == "have"),
        money=spend["money"],
        alcohol=spend["alcohol"],
        guns=spend["guns"],
        goods=spend["goods"],
        thugs=spend["thug"],
    )


def _check_modifiers(mods: dict, where: str, known: frozenset[str] | None) -> None:
    if known is None:
        return
    for k in mods:
        if k not in known:
            raise ContentError(f"{where}: modifiers: unknown modifier {k!r}; known: {', '.join(sorted(known))}")


@lru_cache(maxsize=16)
def default_content(variant: str = "published", data_dir: str = "") -> Content:
    """The embedded card set (or the complete set in `data_dir`), validated
    against the real effect registry. Built once per (variant, folder)."""
    from ..effects import EFFECTS
    from ..rules.modifiers import MODIFIERS

    return build_content(
        content_folder(data_dir, DATA_DIR), variant, effects=EFFECTS, modifiers=frozenset(MODIFIERS), require_complete=True
    )


__all__ = ["Content", "build_content", "default_content", "DATA_DIR", "STAT_NAMES"]
