"""The training a profile-guided build runs (`VOLSTEAD_PGO=1`; setup.py, docs/performance.md): every
registered game, played by each kind of bot, only on a compiled build."""

from __future__ import annotations

from volstead import build_training
from volstead.games import game_names


def test_the_training_plays_every_registered_game_with_each_kind_of_bot(monkeypatch):
    monkeypatch.setattr(build_training, "RANDOM_GAMES", 1)
    monkeypatch.setattr(build_training, "GREEDY_GAMES", 1)
    monkeypatch.setattr(build_training, "ISMCTS_SEATS", ("ismcts:3", "greedy", "random", "random"))
    played: list[tuple[str, tuple[str, ...]]] = []
    real_play = build_training.play

    def play(game, seed, seats):
        decisions = real_play(game, seed, seats)
        played.append((game.name, seats))
        return decisions

    monkeypatch.setattr(build_training, "play", play)
    assert build_training.train() > 0
    assert played == [
        (name, seats)
        for name in game_names()
        for seats in (("random",) * 4, ("greedy",) * 4, ("ismcts:3", "greedy", "random", "random"))
    ]


def test_the_training_refuses_to_profile_interpreted_code(monkeypatch, capsys):
    def train():
        raise AssertionError("an interpreted build was trained")

    monkeypatch.setattr("volstead.build_info.compiled_in_use", lambda: False)
    monkeypatch.setattr(build_training, "train", train)
    assert build_training.main() == 1
    assert "volstead.build_training: the compiled modules are not running" in capsys.readouterr().err
