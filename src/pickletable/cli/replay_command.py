"""``pickletable replay``: check a record replays, say in a line where it does not.

A step that plays out differently is named with the first thing that differs,
in a few words rather than the events themselves:

>>> first_difference(
...     [{"kind": "rolled", "dice": [3, 4]}], [{"kind": "rolled", "dice": [3, 5]}]
... )
'rolled: dice is 3 5, the record says 3 4'
>>> first_difference([{"kind": "shown"}], [{"kind": "shown"}, {"kind": "scored"}])
'an extra scored event'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from pickletable.cli.common import JsonOpt, app, friendly
from pickletable.core.errors import RecordError, ReplayMismatchError, ReplayStopError
from pickletable.core.records import load_record, provenance, replay, rules_of
from pickletable.core.registry import get_game


@app.command(name="replay")
@friendly
def replay_command(
    file: Annotated[Path, typer.Argument(help="a record written by play, record or the server")],
    show: Annotated[bool, typer.Option("--show", help="print the game's log")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Check that a record replays exactly, action by action.

    Exit 0 when it does; 1 when it was made by another pickletable or under other
    rules and stops replaying (one line says which step and why); 2 for a file
    that is not a record, or one this version and these rules made that does not
    replay (a damaged record).
    """
    data = load_record(file)
    _check_rules(data, file)
    try:
        state = replay(data)
    except ReplayStopError as error:
        reason = _reason(error)
        made = provenance(data)
        if made is None or not made.changed:
            raise RecordError(
                f"{file} does not replay: its step {error.index + 1} ({error.action}) "
                f"{'is refused' if error.refused else 'plays out differently'}: {reason}"
                + _hidden_hint(data, error.index)
            ) from None
        line = made.stops_at(error.index + 1, error.action, refused=error.refused)
        typer.echo(f'{file}: {line}: "{reason}"', err=True)  # one line, never wrapped
        raise typer.Exit(1) from None
    presenter = get_game(data["game"]).presenter
    ending = presenter.outcome_text(state) if state.outcome else "the game was not finished"
    if as_json:
        summary = {
            "file": str(file),
            "game": data["game"],
            "replays": True,
            "actions": len(data["steps"]),
            "finished": state.outcome is not None,
            "outcome": state.outcome.to_json() if state.outcome else None,
            "ending": ending,
        }
        typer.echo(json.dumps(summary, indent=2, default=str))
        return
    console = Console(highlight=False)
    if show:
        from pickletable.core.actions import Action
        from pickletable.core.records import initial_state

        again = initial_state(data)
        for step in data["steps"]:
            for event in again.apply(Action.from_text(step["action"])):
                line = presenter.describe(again, event)
                if line.strip():  # events with nothing to say print no blank line
                    console.print(line)
    console.print(f"[green]ok[/]: {file} replays ({len(data['steps'])} actions); {ending}")


def _check_rules(data: dict[str, Any], file: Path) -> None:
    """Refuse a record that names rules this pickletable does not have."""
    made = provenance(data)
    if made is None:
        return
    rules = rules_of(data)
    newest = made.game.rules_version
    if not 1 <= rules <= newest:
        known = "only rules 1" if newest == 1 else f"rules 1 to {newest}"
        raise RecordError(
            f"{file} says it was played under {made.game.title.removeprefix('The ')} "
            f"rules {rules}; this pickletable has {known} of it"
        )


def _hidden_hint(data: dict[str, Any], index: int) -> str:
    """A face-down deal is checked only when its card shows: say so when one came before."""
    hidden = [
        number
        for number, step in enumerate(data["steps"][:index], 1)
        if step["by"] == "chance" and step.get("events") == []
    ]
    if not hidden:
        return ""
    return (
        f" (or a card dealt face down before it, steps {hidden[0]} to {hidden[-1]}, "
        "was changed: a record shows such a card only when it is played)"
    )


def _reason(error: ReplayStopError) -> str:
    if isinstance(error, ReplayMismatchError):
        return first_difference(error.expected, error.got)
    return error.reason


def first_difference(expected: object, got: object) -> str:
    """The first thing replaying gives (`got`) that the record (`expected`) does not say."""
    if isinstance(expected, str) or isinstance(got, str):
        return f"{got}, the record says {expected}"  # who acts
    recorded = expected if isinstance(expected, list) else []
    replayed = got if isinstance(got, list) else []
    for was, now in zip(recorded, replayed, strict=False):
        if was != now:
            kind = now.get("kind", "event") if isinstance(now, dict) else "event"
            return f"{kind}: {_field_difference(was, now)}"
    if len(replayed) > len(recorded):
        return f"an extra {_kind(replayed[len(recorded)])} event"
    if len(recorded) > len(replayed):
        return f"no {_kind(recorded[len(replayed)])} event, which the record has"
    return "the events differ"


def _kind(event: object) -> str:
    return str(event.get("kind", "")) if isinstance(event, dict) else ""


def _field_difference(was: object, now: object, path: str = "") -> str:
    if isinstance(was, dict) and isinstance(now, dict):
        for key in [*was, *(k for k in now if k not in was)]:
            if key != "kind" and was.get(key) != now.get(key):
                return _field_difference(was.get(key), now.get(key), _join(path, str(key)))
    if (
        isinstance(was, list)
        and isinstance(now, list)
        and len(was) == len(now)
        and any(isinstance(item, dict | list) for item in was)
    ):
        for index, (old, new) in enumerate(zip(was, now, strict=True)):
            if old != new:
                return _field_difference(old, new, f"{path}[{index}]")
    return f"{path or 'it'} is {_plain(now)}, the record says {_plain(was)}"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _plain(value: object) -> str:
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return " ".join(str(v) for v in value) or "nothing"
    if value is None:
        return "nothing"
    if isinstance(value, str | int | float):
        return str(value)
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
