"""A readable text rendering of any game's view (a JSON-ready dict), for the terminal.

Nested objects become indented sections, lists of scalars one line, lists of
objects one line each; keys are shown as words ("crime_rate" -> "crime rate").
Games with a better picture override `Game.render_text`.
"""

from __future__ import annotations

from typing import Any

SCALARS = (str, int, float, bool, type(None))


def words(key: Any) -> str:
    return str(key).replace("_", " ")


def scalar(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _inline(v: Any) -> str | None:
    """A one-line form of small values, or None when the value needs lines of its own."""
    if isinstance(v, SCALARS):
        return scalar(v)
    if isinstance(v, list | tuple) and all(isinstance(x, SCALARS) for x in v):
        return ", ".join(scalar(x) for x in v) if v else "none"
    if isinstance(v, dict) and len(v) <= 6 and all(isinstance(x, SCALARS) for x in v.values()):
        return " · ".join(f"{words(k)} {scalar(x)}" for k, x in v.items()) if v else "none"
    return None


def render_view(view: Any, indent: int = 0) -> str:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(view, dict):
        for key, v in view.items():
            one = _inline(v)
            if one is not None:
                lines.append(f"{pad}{words(key)}: {one}")
            else:
                lines.append(f"{pad}{words(key)}:")
                lines.append(render_view(v, indent + 1))
    elif isinstance(view, list | tuple):
        for i, v in enumerate(view):
            one = _inline(v)
            if one is not None:
                lines.append(f"{pad}- {one}")
            else:
                lines.append(f"{pad}- #{i + 1}")
                lines.append(render_view(v, indent + 1))
    else:
        lines.append(pad + scalar(view))
    return "\n".join(x for x in lines if x)
