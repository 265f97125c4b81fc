"""`python -m volstead.sim.fingerprint`: the platform's fingerprint command names no game."""

from __future__ import annotations

import pytest

from volstead.sim.fingerprint import main


def test_the_game_is_required_and_must_be_registered(capsys):
    with pytest.raises(SystemExit):
        main(["--games", "1"])
    assert "the following arguments are required: --game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--game", "chess", "--games", "1"])
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_it_prints_the_games_fingerprint(capsys):
    main(["--game", "mafia_chronicles", "--games", "2"])
    assert capsys.readouterr().out.startswith("mafia_chronicles: 2 games, ")
