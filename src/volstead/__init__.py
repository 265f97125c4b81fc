"""Volstead: Prohibition-era gang board games with their rules enforced exactly."""

from volstead.build_info import choose_build

choose_build()  # compiled modules, or their sources (before any of them is imported)

from volstead.engine.version import __version__  # noqa: E402
from volstead.games import get_game  # noqa: E402
from volstead.games import replay_record as replay  # noqa: E402

__all__ = ["__version__", "get_game", "replay"]
