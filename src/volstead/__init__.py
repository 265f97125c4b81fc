"""Volstead: Prohibition-era gang board games with their rules enforced exactly."""

__version__ = "0.1.0"

from volstead.build_info import choose_build  # noqa: E402

choose_build()  # compiled modules, or their sources (before any of them is imported)

from volstead.engine import replay  # noqa: E402
from volstead.games import get_game  # noqa: E402

__all__ = ["__version__", "get_game", "replay"]
