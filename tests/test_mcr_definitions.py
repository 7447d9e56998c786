"""Every Chinese Official fan has a short definition in English and Chinese for the in-game help."""

from __future__ import annotations

import pytest

from majiang.errors import InvalidOptionError
from majiang.rules.mcr.definitions import DEFINITIONS, definition
from majiang.rules.mcr.fans import FANS


def test_every_fan_has_a_definition_and_nothing_else_does() -> None:
    assert set(DEFINITIONS) == set(FANS)
    assert len(DEFINITIONS) == 82  # the 81 fans and the MIL rulings' 明暗杠


@pytest.mark.parametrize("fan_id", list(FANS))
def test_definitions_are_short_sentences_in_both_languages(fan_id: str) -> None:
    d = definition(fan_id)
    assert (d.en[:1].isupper() or d.en[:1].isdigit()) and d.en.endswith(".") and 10 <= len(d.en) <= 110
    assert d.zh.endswith("。") and 4 <= len(d.zh) <= 50
    assert any("\u4e00" <= c <= "\u9fff" for c in d.zh)
    assert not any("\u4e00" <= c <= "\u9fff" for c in d.en.replace(FANS[fan_id].zh, ""))


def test_an_unknown_fan_is_named_in_the_error() -> None:
    with pytest.raises(InvalidOptionError, match="no definition for the fan 'heavenly_hand'"):
        definition("heavenly_hand")


def test_fan_ids_are_one_enum_and_every_exclusion_names_a_fan() -> None:
    from majiang.mcr import FAN_IDS, FanId

    assert tuple(FANS) == FAN_IDS == tuple(FanId)
    for fan_id, row in FANS.items():
        assert row.id is FanId(fan_id)
        assert all(type(e) is FanId for e in row.excludes), fan_id
        assert fan_id not in row.excludes
    assert set(DEFINITIONS) == set(FanId)
