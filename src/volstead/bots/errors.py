"""BotError: a bot that cannot be built or seated as asked (a policy file that is not one, a game
that ships no learned policy, a policy trained for another game or number of seats)."""

from __future__ import annotations

from volstead.engine.errors import VolsteadError


class BotError(VolsteadError, KeyError):
    """A VolsteadError, and a KeyError as `get_bot`'s other refusals are (its callers catch those):
    its text is the message itself, not KeyError's quoted repr."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
