"""A font program's big-endian fields, for the readers of its tables (cff_tables,
truetype_tables) that leave what they cannot read to fontTools."""

from __future__ import annotations


class Unread(Exception):
    """The program is left to fontTools."""


def u16(data: bytes, at: int) -> int:
    """The unsigned 16-bit field at `at` (a CFF Card16, an OpenType uint16)."""
    if at + 2 > len(data):
        raise Unread
    return (data[at] << 8) | data[at + 1]


def u32(data: bytes, at: int) -> int:
    """The unsigned 32-bit field at `at` (an OpenType uint32 or Offset32)."""
    return (u16(data, at) << 16) | u16(data, at + 2)
