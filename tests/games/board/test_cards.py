"""Skill and Strategy Cards, Nice Shots (advanced level)."""

from __future__ import annotations

import pytest

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.state import BoardState

from .helpers import BO, DANA, LOU, PETE, THEO, kinds, levels, new_game, play, set_up

SKILLS = ["in-drop", "ace", "in-lob"]


def skill_choices(state: BoardState) -> list[str]:
    """The hitter's choices other than Strategy Cards."""
    return [str(a) for a in state.legal_actions() if a.verb != "strategy"]


def rally_to_hit_three(state: BoardState, return_shot: str = "dink") -> None:
    """Blue serves IN, Yellow returns IN with `return_shot`; Blue is to hit the third shot."""
    play(state, "serve", "roll in", "roll", "roll in", f"roll {return_shot}")


def test_skill_cards_are_offered_from_the_third_hit() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS})
    rally_to_hit_three(state)
    assert skill_choices(state) == ["roll", "skill in-drop", "skill ace", "skill in-lob"]


def test_skill_card_replaces_both_dice_and_goes_to_the_bottom_of_its_pile() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS})
    rally_to_hit_three(state)
    events = play(state, "skill in-drop")
    assert EventKind.DIE not in kinds(events)
    assert state.skill_hand[0] == ["ace", "in-lob"]
    assert state.piles["skill"].known[-1] == "in-drop"
    assert state.current_player == 2 and state.hit_number == 4


def test_skill_card_ace_by_the_server_earns_a_point() -> None:
    state = new_game(2, starting_cards=3)
    set_up(state, [THEO, LOU], skills={0: SKILLS})
    rally_to_hit_three(state)
    play(state, "skill ace")
    assert levels(state)["blue"] == 0.5


def test_no_skill_card_after_the_previous_hitters_in_nice_shot() -> None:
    # Lou's Nice Shot is Lob; Theo's is Drop, so Theo may not answer a Lob with a Skill Card.
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS})
    rally_to_hit_three(state, return_shot="lob")
    assert [str(a) for a in state.legal_actions()] == ["roll"]
    with pytest.raises(IllegalActionError, match="Nice Shot"):
        state.apply(Action("skill", ("ace",)))


def test_a_hitter_with_the_same_nice_shot_may_still_use_a_skill_card() -> None:
    # Dana and Pete both have the Nice Shot Dink.
    state = new_game(2)
    set_up(state, [PETE, DANA], skills={0: SKILLS})
    rally_to_hit_three(state, return_shot="dink")
    assert "skill ace" in [str(a) for a in state.legal_actions()]


def test_a_nice_shot_that_is_not_in_blocks_nothing() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS, 2: ["in-lob", "ace", "ace"]})
    rally_to_hit_three(state)
    play(state, "roll", "roll in", "roll drop")  # Theo's Nice Shot, IN
    assert skill_choices(state) == ["roll"]  # Lou is blocked


def test_a_nice_shot_face_on_an_out_shot_is_no_nice_shot() -> None:
    # Theo's Nice Shot is Drop; rolled with OUT it is just an OUT shot.
    state = new_game(2)
    set_up(state, [THEO, LOU])
    rally_to_hit_three(state)
    events = play(state, "roll", "roll out", "roll drop")
    shot = [e for e in events if e.kind == EventKind.SHOT][-1]
    assert shot["result"] == "out" and shot["face"] == "drop"
    assert shot["nice_shot"] is False


def test_skill_card_nice_shot_counts_as_a_roll_by_default() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS, 2: ["ace", "ace", "ace"]})
    rally_to_hit_three(state)
    events = play(state, "skill in-drop")  # Drop is Theo's Nice Shot
    assert [e for e in events if e.kind == EventKind.SHOT][-1]["nice_shot"] is True
    assert skill_choices(state) == ["roll"]


def test_skill_card_shot_opens_a_strategy_card_by_default() -> None:
    # Theo's "IN, Drop" Skill Card counts as a rolled Drop, so Lou may answer with Drop.
    state = new_game(2)
    assert state.rules.skill_counts_as_roll
    set_up(state, [THEO, LOU], skills={0: SKILLS}, strategies={2: ["drop", "dink", "dink"]})
    rally_to_hit_three(state)
    play(state, "skill in-drop")
    assert state.current_player == 2
    assert [str(a) for a in state.legal_actions() if a.verb == "strategy"] == ["strategy drop"]
    events = play(state, "strategy drop")
    assert (EventKind.STRATEGY_CARD, 2) in [(e.kind, e.data.get("seat")) for e in events]
    assert state.strategy_hand[2] == ["dink", "dink"]


def test_skill_counts_as_roll_off_a_skill_shot_never_blocks_skill_cards() -> None:
    state = new_game(2, skill_counts_as_roll=False)
    set_up(state, [THEO, LOU], skills={0: SKILLS, 2: ["ace", "ace", "ace"]})
    rally_to_hit_three(state)
    play(state, "skill in-drop")
    assert "skill ace" in [str(a) for a in state.legal_actions()]


def test_skill_counts_as_roll_off_a_skill_shot_opens_no_strategy_card() -> None:
    state = new_game(2, skill_counts_as_roll=False)
    set_up(state, [THEO, LOU], skills={0: SKILLS}, strategies={2: ["drop", "dink", "dink"]})
    rally_to_hit_three(state)
    play(state, "skill in-drop")
    assert not any(a.verb == "strategy" for a in state.legal_actions())


def test_skill_card_shot_on_your_bad_shot_is_out() -> None:
    # Lou's Bad Shot is Volley; the shot of a Skill Card is treated as if rolled.
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={2: ["in-volley", "ace", "ace"]})
    rally_to_hit_three(state)
    play(state, "roll", "roll in", "roll dink")
    events = play(state, "skill in-volley")
    assert [e for e in events if e.kind == EventKind.SHOT][-1]["result"] == "out"
    assert levels(state)["blue"] == 0.5


def test_strategy_card_needs_an_in_shot_whose_hit_face_it_matches() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], strategies={0: ["dink", "lob", "lob"]})
    rally_to_hit_three(state, return_shot="dink")
    assert "strategy dink" in [str(a) for a in state.legal_actions()]
    assert "strategy lob" not in [str(a) for a in state.legal_actions()]


def test_strategy_card_is_refused_on_the_hitters_own_bad_shot() -> None:
    # Dana's Bad Shot is Lob: she may not answer a Lob with her Lob Strategy Card.
    state = new_game(2)
    set_up(state, [DANA, BO], strategies={0: ["lob", "lob", "dink"]})
    play(state, "serve", "roll in", "roll", "roll in", "roll lob")
    assert not any(a.verb == "strategy" for a in state.legal_actions())


def test_strategy_card_is_not_allowed_on_the_return_of_serve() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], strategies={2: ["dink", "drop", "drive"]})
    play(state, "serve", "roll in")
    assert [str(a) for a in state.legal_actions()] == ["roll"]


def test_strategy_card_ends_the_rally_with_no_point_and_its_player_picks_the_server() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], strategies={0: ["dink", "lob", "lob"]})
    rally_to_hit_three(state, return_shot="dink")
    events = play(state, "strategy dink")
    assert EventKind.POINT not in kinds(events)
    assert state.step == Step.CHOOSE_SERVER and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["server blue", "server yellow"]
    assert state.piles["strategy"].known[-1] == "dink"
    assert state.strategy_hand[0] == ["lob", "lob"]
    play(state, "server yellow")
    assert state.server == 2 and levels(state) == {"blue": 0.0, "yellow": 0.0}


def test_cards_are_not_refilled_by_using_them() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU], skills={0: SKILLS})
    rally_to_hit_three(state)
    play(state, "skill in-lob")
    assert len(state.skill_hand[0]) == 2
