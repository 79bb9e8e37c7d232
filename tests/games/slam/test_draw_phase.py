"""The DRAW phase: draw, keep or discard face down, and the two ways the PLAY phase starts."""

from __future__ import annotations

from pickletable.core.state import CHANCE
from pickletable.games.slam.codes import EventKind
from tests.games.slam.helpers import (
    arrange,
    deal,
    describe,
    kinds,
    label_of,
    legal,
    new_game,
    play,
    prompt_of,
    view_of,
)

HANDS = [["1", "2", "3", "4", "5"], ["1", "2", "3", "4", "play"], ["1", "2", "3", "5", "5"]]


def test_draw_phase_starts_left_of_the_dealer() -> None:
    state = deal(new_game(3), HANDS)
    assert state.phase == "draw"
    assert prompt_of(state) == "Player 1 to draw from the stack"


def test_keep_the_drawn_card_and_discard_another_face_down() -> None:
    state = deal(new_game(3), HANDS)
    play(state, "card 4")
    assert state.current_player == 0
    assert legal(state) == ["discard 1", "discard 2", "discard 3", "discard 4", "discard 5"]
    events = play(state, "discard 1")
    assert kinds(events) == [EventKind.DISCARD]
    assert state.hand(0) == {"2": 1, "3": 1, "4": 2, "5": 1}
    assert state.discards[0] == {"1": 1}
    assert prompt_of(state) == "Player 2 to draw from the stack"


def test_discard_the_drawn_card() -> None:
    state = deal(new_game(3), HANDS)
    play(state, "card switch-4", "discard switch-4")
    assert state.hand(0) == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1}
    assert state.discards[0] == {"switch-4": 1}


def test_discard_piles_are_face_down_known_to_their_owner_only() -> None:
    state = deal(new_game(3), HANDS)
    events = play(state, "card switch-4", "discard switch-4")
    assert view_of(state, 0)["discards"] == ["switch-4"]
    assert view_of(state, 1)["discards"] == []
    assert view_of(state, 1)["discard_counts"] == [1, 0, 0]
    assert "switch" not in describe(state, events[-1])
    assert "SWITCH" in describe(state, events[-1].for_seat(0))


def test_the_drawn_card_is_seen_by_its_drawer_only() -> None:
    state = deal(new_game(3), HANDS)
    play(state, "card target-5")
    assert view_of(state, 0)["drawn"] == "target-5"
    assert view_of(state, 1)["drawn"] is None
    assert view_of(state, None)["drawn"] is None


def test_drawing_a_play_card_starts_the_play_phase_at_once() -> None:
    state = deal(new_game(3), HANDS)
    events = play(state, "card play")
    assert kinds(events) == [EventKind.DREW_PLAY, EventKind.PLAY_PHASE]
    assert state.centre == ["draw", "play"]
    assert state.phase == "play"
    assert state.current_player == 1
    assert state.starter == 0


def test_discarding_a_play_card_from_the_hand_starts_the_play_phase() -> None:
    state = deal(new_game(3), HANDS)
    play(state, "card 1", "discard 1", "card 5")
    assert "discard play" in legal(state)
    assert label_of(state, state.legal_actions()[-1]) == "Lay PLAY face up (starts the PLAY phase)"
    events = play(state, "discard play")
    assert kinds(events) == [EventKind.DISCARD_PLAY, EventKind.PLAY_PHASE]
    assert state.centre[-1] == "play"
    assert state.hand(1) == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1}
    assert state.current_player == 2


def test_a_player_holding_no_cards_draws_and_must_discard_it() -> None:
    state = arrange(new_game(3), hands=[[], ["1"], ["2"]], phase="draw", leader=0)
    play(state, "card 4")
    assert legal(state) == ["discard 4"]


def test_refill_short_hands_a_short_hand_keeps_the_drawn_card_and_discards_nothing() -> None:
    state = arrange(
        new_game(3, refill_short_hands=True), hands=[["1"], ["1"], ["2"]], phase="draw", leader=0
    )
    play(state, "card 4")
    assert legal(state) == ["keep"]
    assert prompt_of(state) == "Player 1: keep the drawn card (a short hand discards nothing)"
    assert kinds(play(state, "keep")) == [EventKind.KEPT]
    assert state.hand(0) == {"1": 1, "4": 1}
    assert state.discard_sizes[0] == 0
    assert prompt_of(state) == "Player 2 to draw from the stack"


def test_refill_short_hands_a_short_hand_cannot_lay_a_held_play_card_that_turn() -> None:
    state = arrange(
        new_game(3, refill_short_hands=True),
        hands=[["1", "play"], ["1"], ["2"]],
        phase="draw",
        leader=0,
    )
    play(state, "card 4")
    assert legal(state) == ["keep"]


def test_refill_short_hands_a_drawn_play_card_still_starts_the_play_phase() -> None:
    state = arrange(
        new_game(3, refill_short_hands=True), hands=[["1"], ["1"], ["2"]], phase="draw", leader=0
    )
    assert kinds(play(state, "card play")) == [EventKind.DREW_PLAY, EventKind.PLAY_PHASE]
    assert state.phase == "play"
    assert state.hand(0) == {"1": 1}


def test_a_full_hand_never_keeps_without_discarding() -> None:
    state = deal(new_game(3, refill_short_hands=True), HANDS)
    play(state, "card 4")
    assert "keep" not in legal(state)


def test_an_empty_stack_is_made_again_from_the_discard_piles() -> None:
    state = arrange(
        new_game(3),
        hands=[["1"], ["1"], ["2"]],
        phase="draw",
        leader=0,
        stack=["4"],
        discards=[["5", "5"], ["3"], []],
    )
    play(state, "card 4")
    events = play(state, "discard 4")
    assert kinds(events) == [EventKind.DISCARD, EventKind.RESHUFFLE]
    assert events[-1].data == {"source": "discards", "count": 4}
    assert state.discard_sizes == [0, 0, 0]
    assert sorted(state.stack.cards()) == ["3", "4", "5", "5"]


def test_nothing_left_to_draw_the_turn_passes() -> None:
    # Every card but the DRAW card about to be played is in a hand.
    state = arrange(
        new_game(3), hands=[["draw"], ["1"], []], leader=0, stack=[], centre=[], rest_to=2
    )
    events = play(state, "play draw")
    assert kinds(events) == [EventKind.PLAY, EventKind.DRAW_PHASE, EventKind.NOTHING_TO_DRAW]
    assert state.step == "no-draw"
    assert state.current_player == 1
    assert legal(state) == ["pass"]
    assert kinds(play(state, "pass")) == [EventKind.NO_DRAW_PASS, EventKind.NOTHING_TO_DRAW]
    assert state.current_player == 2


def test_nothing_left_to_draw_a_held_play_card_may_still_start_the_play_phase() -> None:
    state = arrange(
        new_game(3), hands=[["draw"], ["1"], []], leader=0, stack=[], centre=[], rest_to=2
    )
    play(state, "play draw", "pass")
    assert state.current_player == 2
    assert legal(state) == ["discard play", "pass"]
    assert (
        prompt_of(state) == "Player 3: nothing to draw; lay a PLAY card face up, or pass the turn"
    )
    events = play(state, "discard play")
    # Player 1, holding nothing, passes at once; Player 2 is to play.
    assert kinds(events) == [EventKind.DISCARD_PLAY, EventKind.PLAY_PHASE, EventKind.PASS]
    assert state.phase == "play"
    assert state.current_player == 1


def test_nothing_left_to_draw_passing_every_turn_reaches_the_lap_limit() -> None:
    state = arrange(
        new_game(3), hands=[["draw"], ["1"], []], leader=0, stack=[], centre=[], rest_to=2
    )
    events = play(state, "play draw")
    while state.phase == "draw":
        events += play(state, "pass")
    assert kinds(events).count(EventKind.NO_DRAW_PASS) == 15
    after = kinds(events).index(EventKind.LAP_LIMIT)
    assert kinds(events)[after + 1] == EventKind.PLAY_PHASE


def test_draw_phase_lap_limit_starts_the_play_phase_led_left_of_the_dealer() -> None:
    state = deal(new_game(3), HANDS)
    events = []
    for _ in range(15):
        card = next(action for action in legal(state) if action != "card play")
        events += play(state, card, f"discard {card.split()[1]}")
    assert kinds(events)[-2:] == [EventKind.LAP_LIMIT, EventKind.PLAY_PHASE]
    assert state.phase == "play"
    assert state.starter == state.dealer == 2
    assert state.current_player == 0


def test_draw_phase_lap_limit_option() -> None:
    state = deal(new_game(3, draw_phase_lap_limit=1), HANDS)
    for _ in range(3):
        card = next(action for action in legal(state) if action != "card play")
        play(state, card, f"discard {card.split()[1]}")
    assert state.phase == "play"


def test_the_stack_gives_cards_by_chance_only() -> None:
    state = deal(new_game(3), HANDS)
    assert state.current_player == CHANCE
    assert all(action.verb == "card" for action in state.legal_actions())
