"""Action notation round-trips; events read back from their record form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pickletable.core.actions import Action, act
from pickletable.core.errors import InvalidActionError
from pickletable.core.events import Event

word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-:", min_size=1, max_size=12)


@given(word, st.lists(word, max_size=4))
def test_notation_round_trips(verb: str, args: list[str]) -> None:
    action = Action(verb, tuple(args))
    assert Action.from_text(str(action)) == action
    assert eval(repr(action)) == action


def test_notation_ignores_case_and_extra_spaces() -> None:
    assert Action.from_text("  Skill   IN-drop ") == act("skill", "in-drop")


def test_empty_text_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError, match="empty action"):
        Action.from_text("")


def test_actions_are_frozen_and_hashable() -> None:
    action = act("roll")
    with pytest.raises(AttributeError):
        action.verb = "serve"  # type: ignore[misc]
    assert {action, act("roll")} == {action}


@given(st.dictionaries(word, st.one_of(st.integers(), st.booleans(), word), max_size=4))
def test_events_read_back_from_json(data: dict[str, object]) -> None:
    for reserved in ("kind", "secret", "visible_to"):  # the record form's own keys
        data.pop(reserved, None)
    event = Event("point", data)
    assert Event.from_json(event.to_json()) == event
