"""How Slam reads to people: log lines, menu labels, prompts, observations."""

from __future__ import annotations

import json
import random

from pickletable.core.actions import Action
from pickletable.core.move_help import explain_action
from pickletable.core.registry import kit_for
from pickletable.core.state import CHANCE
from pickletable.games.slam.codes import EventKind
from pickletable.games.slam.state import SlamState
from tests.games.slam.helpers import (
    arrange,
    deal,
    describe,
    label_of,
    new_game,
    play,
    prompt_of,
    random_game,
    view_of,
)

SECRET_KINDS = {EventKind.DREW, EventKind.DISCARD, EventKind.RETURNED}


def test_every_event_of_random_games_has_a_log_sentence() -> None:
    seen: set[str] = set()

    def check(state: SlamState, player: int, action: Action) -> None:
        events = state.clone().apply(action)
        for event in events:
            seen.add(event.kind)
            text = describe(state, event)
            assert text and not text.startswith(f"{event.kind}:"), (event, text)
            assert "{" not in text
            if event.kind in SECRET_KINDS:
                assert "card" not in event.data
                assert event.secret is not None and event.visible_to == (event.data["seat"],)

    for players, options in [(3, {}), (6, {}), (4, {"doubles": True})]:
        for seed in range(6):
            random_game(players, seed, options, check)
    assert {
        EventKind.DEALT,
        EventKind.DRAW_PHASE,
        EventKind.DREW,
        EventKind.DISCARD,
        EventKind.PLAY_PHASE,
        EventKind.PLAY,
        EventKind.PASS,
        EventKind.ROUND_WON,
        EventKind.GAME_WON,
        EventKind.SWITCH,
        EventKind.SHAKE,
        EventKind.SHAKE_ANSWER,
        EventKind.TARGET,
        EventKind.DECLINE,
    } <= seen


def test_a_drawn_card_is_named_only_in_its_drawers_log_line() -> None:
    state = deal(new_game(3), [["1", "2", "3", "4", "5"]] * 3)
    event = play(state, "card switch-4")[0]
    assert describe(state, event) == "Player 1 draws a card from the stack."
    assert describe(state, event.for_seat(0)) == "Player 1 draws 4 (SWITCH) from the stack."
    assert describe(state, event.for_seat(1)) == "Player 1 draws a card from the stack."


def test_twist_card_labels_name_the_twist() -> None:
    state = arrange(
        new_game(3), hands=[["target-5", "4", "draw"], ["1"], ["1"]], leader=0, last_number=4
    )
    labels = [label_of(state, action) for action in state.legal_actions()]
    assert labels == ["Play 4", "Play 5 (TARGET & RESET)", "Play DRAW (ends the PLAY phase)"]


def test_draw_phase_labels_say_what_is_kept() -> None:
    state = deal(new_game(3), [["1", "2", "3", "4", "5"]] * 3)
    play(state, "card switch-4")
    labels = [label_of(state, action) for action in state.legal_actions()]
    assert labels[0] == "Keep the drawn 4 (SWITCH), discard 1"
    assert "Discard the drawn 4 (SWITCH)" in labels


def test_the_discard_prompt_does_not_name_the_drawn_card() -> None:
    state = deal(new_game(3), [["1", "2", "3", "4", "5"]] * 3)
    play(state, "card switch-4")
    assert "SWITCH" not in prompt_of(state)
    view = view_of(state, 1)
    assert view["drawn"] is None
    # The deck's card tables (labels and card fields, by code) are public; nothing else names it.
    assert "switch-4" not in json.dumps(
        {key: value for key, value in view.items() if key not in ("labels", "cards")}
    )


def test_every_legal_action_round_trips_through_its_notation() -> None:
    def check(state: SlamState, player: int, action: Action) -> None:
        for legal in state.legal_actions():
            assert Action.from_text(str(legal)) == legal
            assert label_of(state, legal)

    random_game(4, 3, {"doubles": True}, check)
    random_game(5, 3, {}, check)


def test_a_spectator_sees_no_hand_and_no_discards() -> None:
    state = random_game(4, 1)
    rng = random.Random(2)
    state = new_game(4)
    while state.phase != "play":
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    view = view_of(state, None)
    assert view["hand"] == [] and view["discards"] == [] and view["known_hands"] == {}
    assert view["seat"] is None
    json.dumps(view)


def test_prompts_name_who_is_asked() -> None:
    state = new_game(3)
    assert state.current_player == CHANCE
    assert prompt_of(state) == "Chance: deal a card to Player 1"
    state = arrange(new_game(3), hands=[["3"], ["3"], ["3"]], leader=1, last_number=2)
    assert prompt_of(state) == "Player 2 to play on 2 (2 or 3)"


def test_the_view_gives_each_cards_number_kind_and_twist_so_no_client_reads_codes() -> None:
    cards = view_of(new_game(3), 0)["cards"]
    assert cards["switch-4"] == {
        "label": "4 (SWITCH)",
        "kind": "switch",
        "number": 4,
        "title": "SWITCH",
        "twist": "SWITCH",
        "special": True,
    }
    assert cards["4"]["number"] == 4 and cards["4"]["twist"] is None
    assert not cards["4"]["special"]
    assert cards["draw"]["number"] is None and cards["draw"]["title"] == "DRAW"
    assert not cards["play"]["special"]


def test_a_seats_view_is_its_observation_with_words_added() -> None:
    state = deal(new_game(3), [["1", "2", "3", "4", "5"]] * 3)
    play(state, "card switch-4")
    for seat in (None, 0, 1):
        observed = state.observe(seat).to_json()
        view = view_of(state, seat)
        assert {key: view[key] for key in observed} == observed
        assert "prompt" not in observed and "labels" not in observed
        json.dumps(observed)


def test_the_observation_names_teams_and_the_pending_twist() -> None:
    state = arrange(
        new_game(4, doubles=True), hands=[["switch-2", "1"], ["3"], ["2"], ["4"]], leader=0
    )
    play(state, "play switch-2")
    seen = state.observe(0)
    assert seen.teams == ((0, 1), (2, 3))
    assert seen.team_of(3) == (2, 3)
    assert seen.pending == "switch-2"
    assert seen.card("switch-2").kind == "switch"
    assert new_game(3).observe(1).team_of(1) == (1,)


def test_the_game_won_line_counts_tokens_in_words() -> None:
    lines: list[str] = []

    def check(state: SlamState, player: int, action: Action) -> None:
        for event in state.clone().apply(action):
            if event.kind == EventKind.GAME_WON:
                lines.append(describe(state, event))

    random_game(3, 1, {"tokens_to_win": 1}, check)
    random_game(3, 1, {"tokens_to_win": 2}, check)
    assert lines[0].endswith(" the game with 1 token!"), lines[0]
    assert lines[1].endswith(" the game with 2 tokens!"), lines[1]


def test_each_offered_move_is_explained_by_the_card_it_plays() -> None:
    lines = kit_for("slam").move_help
    assert explain_action(lines, "play drawtwo-2") == lines["draw-two"]
    assert explain_action(lines, "discard drawtwo-1") == lines["draw-two"]
    assert explain_action(lines, "play play") == lines["play"]
    assert explain_action(lines, "play target-5") == lines["target"]
    # A number card is not the PLAY card, and picking a player is not TARGET & RESET.
    assert explain_action(lines, "play 3") is None
    assert explain_action(lines, "target p4") is None
