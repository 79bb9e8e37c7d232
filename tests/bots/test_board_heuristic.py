"""The board game's `medium` bot reads what a Skill Card stands for, never its id.

A box of one's own may name its Skill Cards anything: here "ace-of-spades"
is an OUT, "in-lob" an IN Smash, and the real ACE is "golden-paddle". Blue
(Third-Shot Theo: Nice Shot Drop, Bad Shot Smash) serves and is to hit
shot 3 after Yellow's IN Dink.
"""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

from pickletable.bots import HeuristicBot
from pickletable.core.agents import AgentView
from pickletable.games.board.bots.heuristic import choose
from pickletable.games.board.state import BoardState
from tests.games.board.helpers import LOU, THEO, new_game, play, set_up

OWN_SKILL_CARDS = """
[[skill_cards]]
id = "ace-of-spades"
result = "out"
shot = "lob"
count = 2

[[skill_cards]]
id = "golden-paddle"
result = "ace"
count = 2

[[skill_cards]]
id = "feather-touch"
result = "in"
shot = "drop"
count = 2

[[skill_cards]]
id = "in-lob"
result = "in"
shot = "smash"
count = 2
"""


def own_box(tmp_path: Path) -> Path:
    """The default content with its Skill Cards replaced by `OWN_SKILL_CARDS`."""
    text = resources.files("pickletable.games.board").joinpath("content/default.toml").read_text()
    blocks = text.split("\n\n")
    kept = [block for block in blocks if "[[skill_cards]]" not in block.splitlines()]
    path = tmp_path / "own-box.toml"
    path.write_text("\n\n".join(kept) + "\n" + OWN_SKILL_CARDS)
    return path


def blue_to_hit_shot_three(tmp_path: Path, blue_skill_cards: list[str]) -> BoardState:
    state = new_game(2, "advanced", content=str(own_box(tmp_path)))
    set_up(
        state,
        [THEO, LOU],
        skills={0: blue_skill_cards},
        strategies={0: ["volley"] * 3, 2: ["lob"] * 3},
    )
    play(state, "serve", "roll in", "roll", "roll in", "roll dink")
    assert state.current_player == 0 and state.hit_number == 3
    return state


def choice(state: BoardState) -> str:
    picked = str(choose(AgentView(state, 0), random.Random(0)))
    assert str(HeuristicBot().choose(AgentView(state, 0), random.Random(0))) == picked
    return picked


def test_the_own_box_names_its_skill_cards_against_the_result_shot_pattern(
    tmp_path: Path,
) -> None:
    cards = new_game(2, content=str(own_box(tmp_path))).rules.content.skill_cards
    assert {card.id: (card.result, card.shot) for card in cards.values()} == {
        "ace-of-spades": ("out", "lob"),
        "golden-paddle": ("ace", None),
        "feather-touch": ("in", "drop"),
        "in-lob": ("in", "smash"),
    }


def test_the_server_plays_the_card_that_is_an_ace_whatever_its_id(tmp_path: Path) -> None:
    state = blue_to_hit_shot_three(tmp_path, ["ace-of-spades", "in-lob", "golden-paddle"])
    assert choice(state) == "skill golden-paddle"


def test_an_in_card_on_the_hitters_nice_shot_is_played_though_its_id_names_no_result(
    tmp_path: Path,
) -> None:
    state = blue_to_hit_shot_three(tmp_path, ["ace-of-spades", "in-lob", "feather-touch"])
    assert choice(state) == "skill feather-touch"


def test_a_card_whose_id_reads_ace_or_a_safe_shot_is_not_trusted(tmp_path: Path) -> None:
    # "ace-of-spades" is an OUT and "in-lob" is a Smash, Blue's Bad Shot: rolling is better.
    state = blue_to_hit_shot_three(tmp_path, ["ace-of-spades", "in-lob", "in-lob"])
    assert choice(state) == "roll"
