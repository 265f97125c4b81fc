"""Load and validate the Prohibition data files into one indexed `Content`.

Everything here runs once per data folder; the rules then use the plain tuples built below,
never the TOML or the pydantic models on the hot path. A bad file is a `ContentError` that
names the file and the entry (by id where it has one) and what is wrong.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel

from volstead.engine.content import content_folder, load_file, unique
from volstead.engine.errors import ContentError

from .models import (
    BUILDING_KINDS,
    LOSSES,
    REQUIREMENTS,
    TACTICS,
    Board,
    Buildings,
    Fed,
    Feds,
    InfamyDeck,
    Mat,
    Mats,
    Requirement,
    Schemes,
)
from .tables import Content, FedRow, Position  # noqa: F401 (the rules import them from here)

DATA_DIR: Final = Path(__file__).resolve().parent.parent / "data"
YEARS: Final[tuple[int, ...]] = (1921, 1922, 1923, 1924, 1925, 1926)
BIG: Final = 1 << 30  # the open-ended last row of a fee table

# file name -> (model, the list it holds and how many entries a complete set has, or None)
FILES: dict[str, tuple[type[BaseModel], tuple[str, int] | None]] = {
    "board.toml": (Board, None),
    "buildings.toml": (Buildings, None),
    "schemes.toml": (Schemes, ("schemes", 24)),
    "feds.toml": (Feds, ("feds", 8)),
    "infamy.toml": (InfamyDeck, ("infamy", 12)),
    "mats.toml": (Mats, None),
}
ENTRY_NAMES: Final = {"setups": "gangs"}  # an entry without an id, named in messages by this field


def _connected(cells: list[tuple[int, int]]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    pool = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(pool)


def _requirements(reqs: list[Requirement]) -> tuple[tuple[int, int, int], ...]:
    return tuple((REQUIREMENTS.index(r.what), r.n, BUILDING_KINDS.index(r.of) if r.of else -1) for r in reqs)


def _board(board: Board, start_goons: int) -> tuple:
    fname = "board.toml"
    nbhds = board.neighborhoods
    unique(fname, "neighborhood", [n.id for n in nbhds])
    block_ids = tuple(f"{n.id}{k + 1}" for n in nbhds for k in range(8))
    index = {b: i for i, b in enumerate(block_ids)}
    if len(index) != len(block_ids):
        raise ContentError(f"{fname}: two Blocks share an id; make the Neighborhood ids distinct prefixes")
    seen: dict[tuple[int, int], str] = {}
    for n in nbhds:
        for k, cell in enumerate(n.cells):
            if cell in seen:
                raise ContentError(f"{fname}: neighborhood {n.id!r}: Block {k + 1} shares cell {list(cell)} with {seen[cell]}")
            seen[cell] = f"{n.id}{k + 1}"
        if not _connected(list(n.cells)):
            raise ContentError(f"{fname}: neighborhood {n.id!r}: its cells are not one connected area")
    if sum(n.four_gangs_only for n in nbhds) != 2:
        raise ContentError(f"{fname}: exactly 2 Neighborhoods must be four_gangs_only (2 or 3 gangs use 5)")
    in_play = {g: tuple(i for i in range(len(block_ids)) if g == 4 or not nbhds[i >> 3].four_gangs_only) for g in (2, 3, 4)}
    setups: dict[int, tuple[Position, ...]] = {}
    limit = board.limits.units_per_block
    for setup in board.setups:
        g = setup.gangs
        where = f"{fname}: setups for {g} gangs"
        if g in setups:
            raise ContentError(f"{where}: listed twice")
        taken: set[int] = set()
        positions = []
        for p, pos in enumerate(setup.positions):
            here = f"{where}, position {p + 1}"
            for b in [*pos.turf, pos.hq, pos.guard, *pos.goons]:
                if b not in index:
                    raise ContentError(f"{here}: Block {b!r} does not exist")
                if index[b] not in in_play[g]:
                    raise ContentError(f"{here}: Block {b!r} is not in play with {g} gangs")
            turf = tuple(index[b] for b in pos.turf)
            if len(set(turf)) != len(turf):
                raise ContentError(f"{here}: a Turf Block is listed twice")
            if len(turf) != board.start.turf:
                raise ContentError(f"{here}: {len(turf)} Turf Blocks, the rulebook gives {board.start.turf}")
            if taken & set(turf):
                raise ContentError(f"{here}: Turf Block {block_ids[min(taken & set(turf))]!r} belongs to an earlier position")
            taken |= set(turf)
            for b in [pos.hq, pos.guard, *pos.goons]:
                if index[b] not in turf:
                    raise ContentError(f"{here}: Block {b!r} is not in its Turf")
            if sum(pos.goons.values()) != start_goons or min(pos.goons.values(), default=1) < 1:
                raise ContentError(f"{here}: Goons must be {start_goons} in all, at least 1 on each Block listed")
            for name, goons in pos.goons.items():
                units = goons + (board.start.guards if name == pos.guard else 0)
                if units > limit:
                    raise ContentError(f"{here}: Block {name!r} holds {units} Units, more than {limit}")
            positions.append(
                Position(turf, index[pos.hq], index[pos.guard], tuple(sorted((index[b], n) for b, n in pos.goons.items())))
            )
        setups[g] = tuple(positions)
    if sorted(setups) != [2, 3, 4]:
        raise ContentError(f"{fname}: setups needs positions for 2, 3 and 4 gangs")
    years = sorted(board.gangsters)
    if years != [str(y) for y in YEARS]:
        raise ContentError(f"{fname}: gangsters must list the years {YEARS[0]}-{YEARS[-1]}")
    gangsters = {int(y): n for y, n in board.gangsters.items()}
    if any(not 1 <= n <= 5 for n in gangsters.values()) or [gangsters[y] for y in YEARS] != sorted(gangsters.values()):
        raise ContentError(f"{fname}: gangsters: 1-5 a year, never fewer than the year before")
    unique(fname, "extortion", [e.id for e in board.extortion])
    return block_ids, index, in_play, setups, gangsters


def _check_fed(fed: Fed) -> tuple[FedRow, ...]:
    rows = []
    for lv in fed.levels:
        lose: list[tuple[int, int]] = []
        for part in lv.lose:
            ((what, n),) = part.items()
            if what == "buildings" and any(w == LOSSES.index("stock") for w, _ in lose):
                raise ContentError(
                    f"feds.toml: fed {fed.id!r}: lose buildings before Stock (Stock is lost from buildings the card leaves)"
                )
            lose.append((LOSSES.index(what), n))
        rows.append(FedRow(lv.bribe, lv.months, tuple(lose), lv.text))
    return tuple(rows)


def build_content(data_dir: Path = DATA_DIR, require_complete: bool = True) -> Content:
    data_dir = Path(data_dir)
    loaded: dict[str, Any] = {
        name: load_file(data_dir / name, model, entry_names=ENTRY_NAMES) for name, (model, _) in FILES.items()
    }
    if require_complete:
        for name, (_, expected) in FILES.items():
            if expected is None:
                continue
            key, count = expected
            got = len(getattr(loaded[name], key))
            if got != count:
                raise ContentError(f"{name}: the complete set has {count} {key}, this file has {got}")
    board: Board = loaded["board.toml"]
    buildings: Buildings = loaded["buildings.toml"]
    schemes = loaded["schemes.toml"].schemes
    feds = loaded["feds.toml"].feds
    infamy = loaded["infamy.toml"].infamy
    mats: list[Mat] = loaded["mats.toml"].mats

    block_ids, index, in_play, setups, gangsters = _board(board, board.start.goons_on_map)
    kinds = [b.id for b in buildings.buildings]
    if kinds != list(BUILDING_KINDS):
        raise ContentError(f"buildings.toml: the 6 buildings must be listed in the order {', '.join(BUILDING_KINDS)}")
    clash = set(e.id for e in board.extortion) & set(kinds)
    if clash:
        raise ContentError(f"board.toml: extortion id {sorted(clash)[0]!r} is also a building id")
    unique("schemes.toml", "scheme", [s.id for s in schemes])
    unique("infamy.toml", "infamy", [c.id for c in infamy])
    unique("feds.toml", "fed", [f.id for f in feds])
    numbers = sorted(f.number for f in feds)
    if numbers != list(range(1, len(feds) + 1)):
        raise ContentError(f"feds.toml: card numbers must be 1-{len(feds)}, each once")
    unique("mats.toml", "mat", [m.id for m in mats])
    bs = buildings.buildings
    return Content(
        board=board,
        buildings=buildings,
        schemes=tuple(schemes),
        feds=tuple(feds),
        infamy=tuple(infamy),
        mats=tuple(mats),
        nbhd_ids=tuple(n.id for n in board.neighborhoods),
        nbhd_names=tuple(n.name for n in board.neighborhoods),
        four_only=tuple(n.four_gangs_only for n in board.neighborhoods),
        block_ids=block_ids,
        block_index=index,
        cells=tuple(cell for n in board.neighborhoods for cell in n.cells),
        setups=setups,
        in_play=in_play,
        gangsters=gangsters,
        thresholds=tuple(board.heat.thresholds),
        badges=tuple(board.heat.badges),
        extortion=tuple(board.extortion),
        b_heat=tuple(b.heat for b in bs),
        b_stock_gs=tuple(b.stock.gs for b in bs),
        b_stock_booze=tuple(b.stock.booze for b in bs),
        b_gs=tuple(b.produce.gs for b in bs),
        b_booze=tuple(b.produce.booze for b in bs),
        b_cool=tuple(-b.produce.heat for b in bs),
        b_payoff=tuple(b.produce.payoff for b in bs),
        b_limit=tuple(b.per_neighborhood for b in bs),
        b_raid_heat=tuple(b.raid_heat for b in bs),
        tile_cost=tuple(c for b in bs for c in b.costs),
        scheme_index={s.id: i for i, s in enumerate(schemes)},
        scheme_reqs=tuple(_requirements(s.requires) for s in schemes),
        scheme_pp=tuple(s.prestige for s in schemes),
        tactic=tuple((TACTICS.index(s.tactic.effect), s.tactic.n) for s in schemes),
        fed_index={f.id: i for i, f in enumerate(feds)},
        fed_rows=tuple(_check_fed(f) for f in feds),
        fed_right=tuple(f.picker == "right" for f in feds),
        infamy_index={c.id: i for i, c in enumerate(infamy)},
        infamy_reqs=tuple(_requirements(c.requires) for c in infamy),
        infamy_pp=tuple(c.prestige for c in infamy),
        mat_index={m.id: i for i, m in enumerate(mats)},
        mat_fees=tuple(tuple((f.upto if f.upto is not None else BIG, f.gs) for f in m.fees) for m in mats),
        mat_bonus=tuple({str(k): v for k, v in m.bonuses.items()} for m in mats),
        mat_expand_dice=tuple(m.bonuses.get("expansion_dice", 0) + m.bonuses.get("expand_dice", 0) for m in mats),
        mat_seize_dice=tuple(m.bonuses.get("expansion_dice", 0) + m.bonuses.get("seize_dice", 0) for m in mats),
        mat_extra_need=tuple(m.bonuses.get("extra_dice_need", 4) for m in mats),
        mat_heat=tuple(
            tuple(max(0, b.heat - (m.bonuses.get("booze_heat_cut", 0) if b.produce.booze > 0 else 0)) for b in bs) for m in mats
        ),
        units_per_block=board.limits.units_per_block,
        turf_markers=board.limits.turf_markers,
    )


@lru_cache(maxsize=4)
def default_content(data_dir: str = "") -> Content:
    """The embedded set (or the complete set in `data_dir`), built once per folder."""
    return build_content(content_folder(data_dir, DATA_DIR))


__all__ = ["BIG", "Content", "DATA_DIR", "FedRow", "Position", "YEARS", "build_content", "default_content"]
