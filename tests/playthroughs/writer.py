"""Writing a playthrough as text, and comparing it with the stored one."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickletable.core.chance import sample_outcome
from pickletable.core.game import GameDefinition
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState

GOLDEN = Path(__file__).parent / "golden"
FULL_EVERY = 50
"""Views are written in full at the first step, every this many steps, and at the end."""
MAX_STEPS = 400
"""A playthrough longer than this is cut (the variants below end well before)."""


@dataclass(frozen=True)
class Playthrough:
    """One recorded game: a name (its file), a game, a table and options, a seed."""

    name: str
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1

    @property
    def path(self) -> Path:
        """The stored file."""
        return GOLDEN / f"{self.name}.txt"


PLAYTHROUGHS = (
    Playthrough("board-beginner-singles", "board", 2, {"level": "beginner", "target": 2.0}),
    Playthrough("board-advanced-doubles", "board", 4, {"level": "advanced", "target": 2.0}),
    Playthrough("card-2-players", "card", 2, {"target_score": 3}),
    Playthrough("card-4-players", "card", 4, {"target_score": 3}, seed=2),
    Playthrough("slam-3-players", "slam", 3, {"tokens_to_win": 1}),
    Playthrough("slam-doubles", "slam", 4, {"doubles": True, "tokens_to_win": 1}),
)

HEADER = f"""\
# Regenerate every playthrough: python -m tests.playthroughs --regen (then read the diff).
# Each step: who is asked (a seat, or chance), its legal actions in notation, the view
# each seat's client is sent (GAME.presenter.view(state, seat)) and a spectator's, then
# the action taken (a random legal one; chance by its probabilities, same seeded RNG).
# Views are compact sorted JSON, in full ("full") at step 0, every {FULL_EVERY} steps and at
# the end; otherwise only what changed since that seat's previous view ("changed"): each
# changed leaf by its path (keys and list indices joined by "/") with its new value, and
# the paths gone under "-"; "same" when nothing changed; "as <seat>" when the same
# changes as that seat's, just above.
"""


def write(playthrough: Playthrough) -> str:
    """The playthrough's text: a seeded random game, step by step."""
    game = get_game(playthrough.game)
    state = game.new_game(playthrough.players, playthrough.options)
    rng = random.Random(playthrough.seed)
    options = json.dumps(playthrough.options, sort_keys=True)
    lines = [
        f"# {playthrough.game}, {playthrough.players} players, options {options}, "
        f"seed {playthrough.seed}",
        HEADER.rstrip("\n"),
    ]
    seen: dict[int | None, dict[str, Any]] = {}
    step = 0
    while not state.is_over and step < MAX_STEPS:
        player = state.current_player
        legal = state.legal_actions()
        lines.append("")
        lines.append(f"step {step}: {_who(state, player)}")
        lines.append("  legal: " + " | ".join(str(action) for action in legal))
        lines.extend(_views(game, state, seen, full=step % FULL_EVERY == 0))
        action = sample_outcome(state, rng) if player == CHANCE else rng.choice(legal)
        lines.append(f"  action: {action}")
        state.apply(action)
        step += 1
    lines.append("")
    if state.is_over:
        outcome = state.outcome
        assert outcome is not None
        lines.append(f"end after {step} steps: " + _compact(outcome.to_json()))
    else:
        lines.append(f"cut after {step} steps")
    lines.extend(_views(game, state, seen, full=True))
    return "\n".join(lines) + "\n"


def first_difference(expected: str, got: str) -> str | None:
    """Where two texts first differ, as a message naming the line; None if they are equal."""
    if expected == got:
        return None
    old_lines, new_lines = expected.splitlines(), got.splitlines()
    for number, (old, new) in enumerate(zip(old_lines, new_lines, strict=False), 1):
        if old != new:
            return f"line {number}:\n  stored: {old}\n  now:    {new}"
    shorter = min(len(old_lines), len(new_lines))
    return f"line {shorter + 1}: stored has {len(old_lines)} lines, now {len(new_lines)}"


def _who(state: GameState, player: int | None) -> str:
    if player == CHANCE:
        return "chance"
    assert player is not None
    return f"seat {player} ({state.seat_name(player)})"


def _views(
    game: GameDefinition, state: GameState, seen: dict[int | None, dict[str, Any]], *, full: bool
) -> list[str]:
    lines = []
    written: dict[str, str] = {}
    for seat in [*state.seats, None]:
        name = "spectator" if seat is None else state.seat_name(seat)
        view = _leaves(json.loads(json.dumps(game.presenter.view(state, seat))))
        before = seen.get(seat)
        seen[seat] = view
        if full or before is None:
            lines.append(f"  {name} full: {_compact(game.presenter.view(state, seat))}")
            continue
        changed = {path: value for path, value in view.items() if before.get(path, _GONE) != value}
        gone = sorted(path for path in before if path not in view)
        if not changed and not gone:
            lines.append(f"  {name} same")
            continue
        if gone:
            changed["-"] = gone
        text = _compact(changed)
        lines.append(f"  {name} changed: " + (f"as {written[text]}" if text in written else text))
        written.setdefault(text, name)
    return lines


def _leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a JSON value by its path; an empty dict or list is a leaf."""
    if isinstance(value, dict) and value:
        items: list[tuple[str, Any]] = list(value.items())
    elif isinstance(value, list) and value:
        items = [(str(index), item) for index, item in enumerate(value)]
    else:
        return {path: value}
    found: dict[str, Any] = {}
    for key, item in items:
        found.update(_leaves(item, f"{path}/{key}" if path else key))
    return found


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_GONE = object()
