"""Exceptions raised by the engine. Each message says exactly what was wrong."""


class VolsteadError(Exception):
    """Base class for every error Volstead raises on bad input."""


class IllegalOptionError(VolsteadError):
    """An option id or index that is not among the current decision's options."""


class WrongSeatError(VolsteadError):
    """A seat tried to decide while another seat is the one deciding."""


class GameOverError(VolsteadError):
    """A decision was submitted to a game that has already ended."""


class RecordError(VolsteadError):
    """A game record that is malformed or does not match the game it names."""


class ContentError(VolsteadError):
    """A card or board data file that fails validation."""


class SetupError(VolsteadError):
    """A seed, a number of seats or options that a game cannot start with (names which)."""


class OptionsError(SetupError):
    """Game options that the game's Options model rejects (names the option)."""
