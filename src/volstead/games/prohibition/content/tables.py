"""Prohibition's card set as the rules read it: one indexed `Content`, built once by `loader.py`
from the data files, with the starting positions and the Fed cards' rows.

Compiled with the rules (compile.toml): the rules read these tables on every decision, and a
compiled class's fields are read without a dictionary lookup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .models import Board, Buildings


class Position(NamedTuple):
    """One gang's starting pieces, as Block indexes."""

    turf: tuple[int, ...]
    hq: int
    guard: int
    goons: tuple[tuple[int, int], ...]  # (Block, Goons)


class FedRow(NamedTuple):
    """One Outrage Threshold of a Fed card."""

    bribe: int
    months: int
    lose: tuple[tuple[int, int], ...]  # (index in LOSSES, how many), in order
    text: str


@dataclass(frozen=True, eq=False)
class Content:
    """All authored facts, indexed for the rules. Built once, shared by every state."""

    board: Board
    buildings: Buildings
    schemes: tuple  # Scheme models, index = card number
    feds: tuple  # Fed models
    infamy: tuple  # Infamy models
    mats: tuple  # Mat models
    # the map
    nbhd_ids: tuple[str, ...]
    nbhd_names: tuple[str, ...]
    four_only: tuple[bool, ...]
    block_ids: tuple[str, ...]  # index = nbhd * 8 + k
    block_index: dict[str, int]
    cells: tuple[tuple[int, int], ...]
    setups: dict[int, tuple[Position, ...]]  # gangs -> positions
    in_play: dict[int, tuple[int, ...]]  # gangs -> Blocks in play
    gangsters: dict[int, int]  # year -> Gangsters
    thresholds: tuple[int, ...]
    badges: tuple[int, ...]
    extortion: tuple  # Extortion models (space order)
    # buildings by kind (index in BUILDING_KINDS); a tile is kind * 7 + k
    b_heat: tuple[int, ...]
    b_stock_gs: tuple[int, ...]
    b_stock_booze: tuple[int, ...]
    b_gs: tuple[int, ...]
    b_booze: tuple[int, ...]
    b_cool: tuple[int, ...]  # Heat off in Production (a positive number)
    b_payoff: tuple[int, ...]
    b_limit: tuple[int, ...]  # per Neighborhood, 0 = none
    b_raid_heat: tuple[int, ...]
    tile_cost: tuple[int, ...]
    # cards
    scheme_index: dict[str, int]
    scheme_reqs: tuple[tuple[tuple[int, int, int], ...], ...]  # (REQUIREMENTS index, n, building kind or -1)
    scheme_pp: tuple[int, ...]
    tactic: tuple[tuple[int, int], ...]  # (TACTICS index, n)
    fed_index: dict[str, int]
    fed_rows: tuple[tuple[FedRow, ...], ...]
    fed_right: tuple[bool, ...]  # the player on the right picks
    infamy_index: dict[str, int]
    infamy_reqs: tuple[tuple[tuple[int, int, int], ...], ...]
    infamy_pp: tuple[int, ...]
    mat_index: dict[str, int]
    mat_fees: tuple[tuple[tuple[int, int], ...], ...]  # (most Booze, fee)
    mat_bonus: tuple[dict[str, int], ...]
    # per mat, the extra dice of a roll to Expand (undefended Turf, or an HQ to rob) and of a roll to
    # Seize after a won Conflict: `expansion_dice` counts in both, `expand_dice` / `seize_dice` in one
    mat_expand_dice: tuple[int, ...]
    mat_seize_dice: tuple[int, ...]
    mat_extra_need: tuple[int, ...]  # the least face on which those extra dice succeed (4, as a Goon's, unless set)
    mat_heat: tuple[tuple[int, ...], ...]  # per mat, per building kind: the Heat it generates (booze_heat_cut)
    # board.limits' two numbers the rules read most, typed (`board` is not compiled: each read through it was generic)
    units_per_block: int
    turf_markers: int

    def block_nbhd(self, block: int) -> int:
        return block >> 3
