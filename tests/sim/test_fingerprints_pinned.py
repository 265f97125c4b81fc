"""The benchmark games stay the same games (issue 33: a restructuring changes no decision).

`volstead.sim.fingerprint` hashes every decision id and final score of seeded random games; these are
its values for 40 games of each game since the fifteenth session (docs/performance.md keeps the
300-game ones: d62c51b7…, a609004c…, 6b9b79fc…). A change of the rules or of a card set changes them
on purpose: update the value here and say why in the commit."""

from __future__ import annotations

import pytest

from volstead.sim.fingerprint import fingerprint

PINNED = {
    # issue 36: the solo Enforcer's Vehicles upgrade bribes the police after taking the box money
    "scarface1920": (20025, "3f5b1a78997b1e26572f96140cd3203596037780cdc7cc01c50626c38888efea"),
    "prohibition": (21535, "bbe5a9fe5f7fb7c1f5a461fa453c75c975cd9663c9f085671bac79e08bcdd561"),
    "mafia_chronicles": (10694, "42979a986a61c521cbbdae0e5b89be3ddacdf5f8c57a875a947541c643dc26b2"),
}


@pytest.mark.parametrize("game", sorted(PINNED))
def test_forty_random_games_are_the_same_games(game):
    assert fingerprint(game, 40, "random") == PINNED[game]


# Greedy games pin the bots' evaluation too (issue 34: a speed change of Mafia's evaluation changed no
# decision: 40 greedy games 6bfc606a… before and after). A change of the greedy bot or of a game's
# evaluation that changes play updates the value here and says why in the commit.
PINNED_GREEDY = {
    "mafia_chronicles": (737, "68488f6e071ca82348803a818e8934b36a148b342effec17e818e24263508a94"),
    "scarface1920": (1676, "b5fe23d46b027fa8bc6788207775dc065a497dbb5b42dfe1ab5a7567e6eff1a0"),
    # issue 34: Prohibition's greedy values Attacks by the dice's exact odds (odds.py, policy.py)
    "prohibition": (1550, "84e3e9083bd22894775b9780f2200a988d789a9466a05d6f0942c7b17cff2345"),
}


@pytest.mark.parametrize("game", sorted(PINNED_GREEDY))
def test_three_greedy_games_are_the_same_games(game):
    assert fingerprint(game, 3, "greedy") == PINNED_GREEDY[game]


# One all-ISMCTS game of each game (10 iterations a decision: seconds) pins the search (issue 34: its
# games stay reproducible from their seeds). A change of the search, of its defaults or of a game's
# evaluation that changes play updates the value here and says why in the commit.
PINNED_ISMCTS = {
    "mafia_chronicles": (305, "e0eeb9f260c669913c1db90251054b0c9dd200700554c50e14fbd7ecf2c5bd66"),
    "prohibition": (787, "6910c1403d0858a82703163a3c6d0e747ef5e3126f0e30e683bb6c398a03704b"),
    "scarface1920": (596, "f471227cce1a72b4e9c4a3da69b7960246089fd87be28595edbeadaf486f94be"),
}


@pytest.mark.parametrize("game", sorted(PINNED_ISMCTS))
def test_an_ismcts_game_is_the_same_game(game):
    assert fingerprint(game, 1, "ismcts:10") == PINNED_ISMCTS[game]
