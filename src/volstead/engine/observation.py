"""`float32_bytes`: an observation's numbers as the bytes of a float32 array, for numpy.

A game's encoder gives a seat's observation as a list of a few thousand floats.
`numpy.array(values, dtype=float32)` reads such a list at ~16 ns a number — for a 3,000-number
observation, about half of an ~85 µs environment step (docs/learning.md has the figures of each
game); compiled, this loop packs it in ~10 µs, and `numpy.frombuffer` takes the bytes as they
are. Interpreted, each write is a call and numpy's own reading is faster: `volstead.rl.encoding`
uses this only where it is compiled (its `PACKED`).
Compiled with the engine (setup.py).
"""

from __future__ import annotations

from librt.strings import BytesWriter, write_f32_le


def float32_bytes(values: list[float]) -> bytes:
    """`values` as little-endian float32s, 4 bytes a number (numpy's float32 on every platform
    Volstead builds for)."""
    out = BytesWriter()
    for v in values:
        write_f32_le(out, v)
    return out.getvalue()
