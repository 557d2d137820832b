"""Leader characters (pagetext.layout.leaders)."""

from __future__ import annotations

from pagetext.layout.leaders import LEADER_CHARS, has_leader_char


def test_has_leader_char_finds_every_leader_character_and_nothing_else() -> None:
    # The substring searches must name exactly the characters of LEADER_CHARS.
    for code in range(0x3000):
        char = chr(code)
        assert has_leader_char(f"ab{char}c") == (char in LEADER_CHARS), repr(char)
    assert not has_leader_char("")
    assert has_leader_char("Contents ........ 3")
