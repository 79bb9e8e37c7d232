"""Game records: a JSON document from which a game replays exactly.

A record holds the game id, the options, the content (embedded with its
fingerprint), the seats, every action in notation with the events it caused,
and the outcome (who won, the scores, and how the game ended as a
`Termination` code); its ``meta`` names the pickletable version that made it
and the edition of the game's rules it was played under (``rules``; a record
without it was made under rules 1). `replay` re-applies the actions and stops
at the first one whose events differ from the recorded ones, naming that
version and those rules when they are not this one's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from pickletable import __version__
from pickletable.core.actions import Action
from pickletable.core.content import Content
from pickletable.core.errors import (
    IllegalActionError,
    InvalidActionError,
    PickletableError,
    RecordError,
    ReplayMismatchError,
    ReplayRefusedError,
)
from pickletable.core.events import Event
from pickletable.core.match import StepWatcher, run_match
from pickletable.core.rules_change import FIRST_RULES, Provenance
from pickletable.core.state import CHANCE, GameState

FORMAT = "pickletable-record"
VERSION = 2
"""The record format written now. 2: the outcome's ``termination`` names how the game
ended (`Termination`: one code per way each game ends); version 1 records said
``target`` for every game, and still read and replay."""


def record_schema() -> dict[str, Any]:
    """The JSON Schema of game records (``core/schema/record.schema.json``)."""
    text = resources.files("pickletable.core").joinpath("schema/record.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def _jsonable(value: Any) -> Any:
    """Value as it reads back from JSON (tuples become lists, int keys become text)."""
    return json.loads(json.dumps(value))


def _jsonable_dict(value: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = _jsonable(value)
    return result


@dataclass
class Recorder:
    """Collects the steps of a game as it is played."""

    game: str
    players: int
    options: dict[str, Any]
    content: Content
    seats: list[dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)

    def add(self, player: int, action: Action, events: list[Event]) -> None:
        """Record one applied action and what it caused."""
        self.steps.append(step_json(player, str(action), [event.to_json() for event in events]))

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """Record the step just played (a `pickletable.core.match.StepWatcher`)."""
        self.add(player, state.history[-1], events)

    def to_json(self, state: GameState) -> dict[str, Any]:
        """The full record of the game so far, with its outcome if it is over."""
        outcome = state.outcome
        return _jsonable_dict(
            {
                "format": FORMAT,
                "version": VERSION,
                **record_header(self.game, self.players, self.options, self.content),
                "seats": self.seats,
                "steps": self.steps,
                "outcome": outcome.to_json() if outcome else None,
                "meta": {
                    "pickletable": __version__,
                    "rules": _rules_version(self.game),
                    "saved": datetime.now(UTC).isoformat(timespec="seconds"),
                    **self.meta,
                },
            }
        )

    def save(self, state: GameState, path: str | Path) -> Path:
        """Write the record as JSON; returns the path written."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_json(state), indent=1) + "\n")
        return target


def record_header(
    game: str, players: int, options: dict[str, Any], content: Content
) -> dict[str, Any]:
    """What a game is, as a record and a stored table both begin: game, players, options, content.

    >>> from pickletable.core.registry import get_game
    >>> header = record_header("card", 2, {}, get_game("card").default_content())
    >>> list(header), list(header["content"])
    (['game', 'players', 'options', 'content'], ['source', 'fingerprint', 'data'])
    """
    return {
        "game": game,
        "players": players,
        "options": options,
        "content": {
            "source": content.source,
            "fingerprint": content.fingerprint,
            "data": content.data,
        },
    }


def step_json(by: int, action: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    """One step as a record holds it: who acted (a seat or ``"chance"``), the action, its events.

    >>> step_json(-1, "roll 4", [])
    {'by': 'chance', 'action': 'roll 4', 'events': []}
    """
    return {"by": "chance" if by == CHANCE else by, "action": action, "events": events}


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and schema-check a record file."""
    source = Path(path)
    try:
        data = json.loads(source.read_text())
    except FileNotFoundError:
        raise RecordError(f"{source}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{source}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{source}: not JSON ({error.msg} at line {error.lineno})") from None
    check_record(data, str(source))
    return data  # type: ignore[no-any-return]


def check_record(data: object, source: str = "record") -> None:
    """Raise `RecordError` unless `data` matches the record schema."""
    try:
        jsonschema.validate(data, record_schema())
    except jsonschema.ValidationError as error:
        where = "/".join(str(p) for p in error.absolute_path) or "top level"
        raise RecordError(
            f"{source}: not a pickletable record ({where}: {error.message})"
        ) from None


def made_with(record: dict[str, Any]) -> str | None:
    """The pickletable version that made a record (``meta.pickletable``), if it says."""
    meta = record.get("meta")
    version = meta.get("pickletable") if isinstance(meta, dict) else None
    return version if isinstance(version, str) else None


def rules_of(record: dict[str, Any]) -> int:
    """The edition of its game's rules a record was made under (``meta.rules``; else 1)."""
    meta = record.get("meta")
    rules = meta.get("rules") if isinstance(meta, dict) else None
    return rules if isinstance(rules, int) and not isinstance(rules, bool) else FIRST_RULES


def provenance(record: dict[str, Any]) -> Provenance | None:
    """Who made a record and under which rules (None for a game not installed here)."""
    from pickletable.core.registry import get_game

    try:
        return Provenance.of_record(get_game(record["game"]), record)
    except PickletableError:
        return None


def version_note(version: str | None) -> str:
    """Words for a replay error when `version` made the record and this is another one.

    >>> version_note("0.0.9").replace(__version__, "X")
    ' (made with pickletable 0.0.9; this is pickletable X)'
    >>> version_note(__version__), version_note(None)
    ('', '')
    """
    if not version or version == __version__:
        return ""
    return f" (made with pickletable {version}; this is pickletable {__version__})"


def initial_state(record: dict[str, Any]) -> GameState:
    """The state a record starts from, built from its game, players, options and content."""
    from pickletable.core.registry import get_game

    try:
        game = get_game(record["game"])
        content = game.content_from_record(
            record["content"]["data"], record["content"]["fingerprint"]
        )
        return game.new_game(record["players"], record["options"], content)
    except RecordError:
        raise
    except PickletableError as error:
        note = _note(record)
        raise RecordError(f"record cannot start its game{note}: {error}") from None


def replay(record: dict[str, Any]) -> GameState:
    """Re-apply every action of a record and check each produces the recorded events.

    Returns the final state. Raises `ReplayMismatchError` naming the first
    action whose events (or player) differ, or `ReplayRefusedError` for an
    action that the game refuses (both are `ReplayStopError`s); either names
    the version and the rules that made the record when they are not this
    one's (`provenance` says more).
    """
    check_record(record)
    note = _note(record)
    state = initial_state(record)
    steps = [
        Step(CHANCE if step["by"] == "chance" else step["by"], step["action"], step["events"])
        for step in record["steps"]
    ]
    replay_steps(state, steps, note=note)
    expected_outcome = _decided(record.get("outcome"))
    outcome = state.outcome
    got_outcome = _decided(_jsonable(outcome.to_json()) if outcome else None)
    if got_outcome != expected_outcome:
        raise RecordError(
            f"record does not replay{note}: it ends with {got_outcome!r} "
            f"but the record says {expected_outcome!r}"
        )
    return state


@dataclass(frozen=True)
class Step:
    """One step to replay: who acts (a seat or `CHANCE`), the action, the events it caused.

    `events` in record form (`Event.to_json`); `None` when they need no checking.
    """

    by: int
    action: str
    events: list[dict[str, Any]] | None = None


def replay_steps(
    state: GameState,
    steps: Iterable[Step],
    *,
    note: str = "",
    watcher: StepWatcher | None = None,
    before: Callable[[int], None] | None = None,
) -> GameState:
    """Re-apply `steps` to `state` on the one game loop, checking each: the one replay of
    records, stored tables (the server's restart) and the server's rollback.

    Each step's seat must be the one to act, its action must be legal (the game
    checks it, `GameState.apply`), and it must cause the recorded events (when
    given). `watcher` is told about each step played (the server logs it);
    `before(index)` runs before each step. Raises `ReplayMismatchError` or
    `ReplayRefusedError` (both `ReplayStopError`s) at the first step that
    fails; `note` ends their message.
    """
    script = _Script(list(steps), note, watcher, before)
    try:
        run_match(
            state,
            script.choose,
            _NO_RNG,
            chance=script,
            watcher=script,
            until=script.done,
            checked=True,
            must_end=False,
        )
        if not script.done(state):  # the game ended with steps left
            script.next_action(state, state.current_player)
    except (IllegalActionError, InvalidActionError) as error:
        step = script.steps[script.index]
        raise ReplayRefusedError(script.index, step.action, str(error), note) from None
    return state


_NO_RNG = random.Random(0)
"""What a replay's loop is given to draw from: nothing draws from it (every step is scripted)."""


class _Script:
    """The steps of a replay as the game loop's seats, chance and watcher, checking each."""

    def __init__(
        self,
        steps: list[Step],
        note: str,
        watcher: StepWatcher | None,
        before: Callable[[int], None] | None,
    ) -> None:
        self.steps = steps
        self.note = note
        self.watcher = watcher
        self.before = before
        self.index = 0

    def done(self, state: GameState) -> bool:
        """Whether every step has been played."""
        return self.index >= len(self.steps)

    def choose(self, state: GameState, player: int, rng: random.Random) -> Action:
        """The next step's action, for the seat the game asks."""
        return self.next_action(state, player)

    def resolve(self, state: GameState) -> Action:
        """The next step's action, for chance."""
        return self.next_action(state, CHANCE)

    def next_action(self, state: GameState, player: int | None) -> Action:
        step = self.steps[self.index]
        if self.before is not None:
            self.before(self.index)
        if player != step.by:
            raise ReplayMismatchError(
                self.index,
                step.action,
                f"{_who(step.by)} to act",
                f"{_who(player)} to act",
                self.note,
            )
        return Action.from_text(step.action)

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """Check the step just played caused the recorded events, then pass it on."""
        step = self.steps[self.index]
        if self.watcher is not None:
            self.watcher.step(state, player, legal, events)
        if step.events is not None:
            got = _jsonable([event.to_json() for event in events])
            if got != _jsonable(step.events):
                raise ReplayMismatchError(self.index, step.action, step.events, got, self.note)
        self.index += 1


def _decided(outcome: Any) -> Any:
    """What an outcome decides (winners and scores): the words or code for why may differ."""
    if not isinstance(outcome, dict):
        return outcome
    return {key: outcome.get(key) for key in ("winners", "scores")}


def _note(record: dict[str, Any]) -> str:
    made = provenance(record)
    return made.note() if made is not None else version_note(made_with(record))


def _rules_version(game_id: str) -> int:
    from pickletable.core.registry import get_game

    return get_game(game_id).rules_version


def _who(player: int | None) -> str:
    if player is None:
        return "nobody (game over)"
    return "chance" if player == CHANCE else str(player)
