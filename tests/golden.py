"""Golden playthroughs: a seeded game written out step by step and compared as text.

Set PICKLETABLE_REGEN_GOLDEN=1 to rewrite the files after a deliberate rules change,
then read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from pickletable.bots import RandomBot
from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.game import GameDefinition
from pickletable.core.match import run_match
from pickletable.core.state import CHANCE, GameState


def playthrough(game: GameDefinition, players: int, options: dict[str, object], seed: int) -> str:
    """Every step of a random game: who acted, the action, and the log lines it caused."""
    state = game.new_game(players, options)
    lines = [
        f"# {game.id} players={players} options={json.dumps(options, sort_keys=True)} seed={seed}"
    ]

    steps = 0

    def on_step(after: GameState, player: int, action: Action, events: list[Event]) -> None:
        nonlocal steps
        steps += 1
        who = "chance" if player == CHANCE else after.seat_name(player)
        lines.append(f"{steps:4d} {who}: {action}")
        describe = game.presenter.describe
        lines.extend(f"       {text}" for text in (describe(after, e) for e in events) if text)

    run_match(state, {s: RandomBot() for s in state.seats}, random.Random(seed), on_step=on_step)
    final = game.presenter.view(state, None)
    lines.append("# final: " + json.dumps(final.get("outcome"), sort_keys=True))
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str) -> None:
    """Compare with the stored file (or rewrite it when asked)."""
    if os.environ.get("PICKLETABLE_REGEN_GOLDEN") == "1" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        if os.environ.get("PICKLETABLE_REGEN_GOLDEN") != "1":
            raise AssertionError(f"{path} did not exist; written now, check it and commit it")
        return
    expected = path.read_text()
    if expected != text:
        for number, (old, new) in enumerate(
            zip(expected.splitlines(), text.splitlines(), strict=False), 1
        ):
            if old != new:
                raise AssertionError(
                    f"{path.name} differs at line {number}:\n  golden: {old}\n  now:    {new}"
                )
        raise AssertionError(f"{path.name} differs in length")
