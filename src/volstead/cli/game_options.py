"""A game's options on the command line, from its Options model's JSON Schema.

Two spellings, both validated by the game's pydantic model (an error names the option):

- `--option key=value` / `-o key=value` (repeatable); the value is read as JSON when it parses
  (`-o solo=true`, `-o factions='["red","random"]'`), else as a string (`-o variant=short`);
- flags generated from the schema, for every option: `--variant short`, `--negotiation`,
  `--no-negotiation`, `--factions red,random` (a list option takes commas).

Typer does not know the generated flags: the commands take them as extra arguments
(`allow_extra_args`) and hand them to `options_from_args`.
"""

from __future__ import annotations

import json
from typing import Any

from volstead.engine.contract import Game, GameOptions, OptionsError

from .common import fail

OPTION_HELP = "A game option as key=value (repeatable; see `volstead games`), e.g. -o variant=NAME."
CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _properties(game: Game) -> dict[str, dict[str, Any]]:
    return game.options_schema().get("properties", {})


def _is_bool(prop: dict[str, Any]) -> bool:
    return prop.get("type") == "boolean"


def _is_list(prop: dict[str, Any]) -> bool:
    return prop.get("type") == "array"


def flag_options(game: Game, args: list[str]) -> dict[str, Any]:
    """Options given as generated flags (`--variant X`, `--some-flag`, `--no-some-flag`)."""
    props = _properties(game)
    known = ", ".join(f"--{k.replace('_', '-')}" for k in props) or "none"
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if not token.startswith("--"):
            raise fail(f"unexpected argument {token[:60]!r}")
        name, eq, given = token[2:].partition("=")
        key = name.replace("-", "_")
        if key not in props and key.startswith("no_") and _is_bool(props.get(key[3:], {})):
            out[key[3:]] = False
            continue
        if key not in props:
            raise fail(f"no such option --{name[:60]}; {game.title}'s options: {known}")
        prop = props[key]
        if _is_bool(prop) and not eq:
            out[key] = True
            continue
        if not eq:
            if i >= len(args):
                raise fail(f"--{name} needs a value")
            given = args[i]
            i += 1
        out[key] = [x.strip() for x in given.split(",")] if _is_list(prop) and not given.startswith("[") else _value(given)
    return out


def pair_options(pairs: list[str] | None) -> dict[str, Any]:
    """Options given as `key=value` pairs."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, text = pair.partition("=")
        if not eq or not key.strip():
            raise fail(f"--option takes key=value, not {pair[:60]!r}")
        out[key.strip()] = _value(text)
    return out


def validated(game: Game, data: dict[str, Any]) -> GameOptions:
    try:
        return game.options_from_json(data)
    except OptionsError as e:
        raise fail(f"{game.title}: {e}") from None


def options_from_args(game: Game, pairs: list[str] | None, extra: list[str]) -> GameOptions:
    """The game's validated options from `-o key=value` pairs and generated flags; the card-set
    option may name a saved variant (card_set_names.py)."""
    data = {**flag_options(game, extra), **pair_options(pairs)}
    key = game.card_set_option
    if key and isinstance(data.get(key), str):
        from .card_set_names import resolve_card_set

        data[key] = resolve_card_set(game, data[key])
    return validated(game, data)
