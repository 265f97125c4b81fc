"""Volstead's version: the package's (pyproject.toml reads it from here) and the one written into
every game record (`record.make_record`; `record.check_version` refuses a record of a newer Volstead)."""

__version__ = "0.1.0"
