"""A table in play: its settings, seats, game state, record and per-seat logs.

Nothing here does I/O or knows about asyncio: the table manager persists
the steps this returns and broadcasts the views it builds. Every view for a
seat is built from that seat's observation and from events as that seat may
see them (`Event.for_seat`), never from the raw events.

A stored table whose steps stop replaying (the rules changed since it was
made, or the database is damaged) is rebuilt as far as they replay and is
read-only (`read_only`): see `pickletable.server.read_only`.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pickletable import __version__
from pickletable.core.actions import Action
from pickletable.core.agents import Agent
from pickletable.core.chance import sample_outcome
from pickletable.core.content import Content
from pickletable.core.errors import ReplayStopError
from pickletable.core.events import Event
from pickletable.core.game import GameDefinition
from pickletable.core.move_help import explain_action
from pickletable.core.records import Recorder, Step, record_header, replay_steps, step_json
from pickletable.core.registry import get_game, kit_for
from pickletable.core.rules_change import FIRST_RULES, Provenance
from pickletable.core.state import CHANCE, GameState
from pickletable.server.chance_source import PooledSystemRandom
from pickletable.server.read_only import ReadOnly
from pickletable.server.seats import Seat
from pickletable.server.storage import StoredStep

WAITING = "waiting"
PLAYING = "playing"
OVER = "over"


class ReplayError(RuntimeError):
    """A stored table whose steps cannot be read back at all (a damaged database)."""


@dataclass
class LiveTable:
    """One table, rebuilt from (and kept in step with) its stored record."""

    id: str
    game: GameDefinition
    players: int
    options: dict[str, Any]
    content: Content
    seats: list[Seat]
    seed: int
    """Kept for rows stored before chance came from `chance`; 0 for tables made since."""
    status: str = WAITING
    turn_seconds: int = 0
    rematch_of: str | None = None
    rematch_id: str | None = None
    created: str = ""
    active: float = 0.0
    """When anything last happened here (created, joined, started, a move), epoch seconds."""
    made_with: str = __version__
    """The pickletable version that created the table ("" for a row older than this field)."""
    rules: int = 0
    """The edition of the game's rules the table was made under (0: this version's)."""
    turn_deadline: float | None = None
    """When the running long turn clock runs out (epoch seconds), as stored (`server.turns`)."""
    undone: list[dict[str, Any]] = field(default_factory=list)
    """Every undo granted here, as a record's ``meta.undone`` keeps it (`core.undo`)."""
    state: GameState = field(init=False)
    steps: list[StoredStep] = field(default_factory=list)
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    notes: list[list[Any]] = field(default_factory=list)
    bots: dict[tuple[int, str], Agent] = field(default_factory=dict)
    last_result: Event | None = None
    """The latest of the game's `GameDefinition.result_events`, if any yet."""
    read_only: ReadOnly | None = None
    """Set when the stored steps stop replaying: the table is shown as far as they do."""
    stored_steps: list[StoredStep] | None = None
    """Every stored step of a read-only table (`steps` holds those that replay)."""
    chance: random.Random = field(default_factory=PooledSystemRandom, repr=False)
    """Where dice, deals and bots' coin flips come from: the operating system's CSPRNG
    (read a few kilobytes at a time: `chance_source`) unless a test injects a seeded
    `random.Random`. Nothing about it is stored or sent: a rebuilt table replays its
    recorded outcomes and needs no seed."""

    def __post_init__(self) -> None:
        self.rules = self.rules or self.game.rules_version
        self.state = self.game.new_game(self.players, self.options, self.content)
        self.logs = {audience: [] for audience in self.audiences}

    # --- building ---------------------------------------------------------
    @staticmethod
    def from_row(row: dict[str, Any], steps: list[StoredStep] | None = None) -> LiveTable:
        """Rebuild a table from its stored row by re-applying its steps, checking each.

        At the first step that is refused or plays out differently, the table
        stops there and is read-only.
        """
        game = get_game(row["game"])
        content = game.content_from_record(row["content"]["data"], row["content"]["fingerprint"])
        table = LiveTable(
            id=row["id"],
            game=game,
            players=int(row["players"]),
            options=dict(row["options"]),
            content=Content(
                content.data, row["content"].get("source", "built-in"), content.fingerprint
            ),
            seats=[Seat.from_json(seat) for seat in row["seats"]],
            seed=int(row["seed"]),
            status=str(row["status"]),
            turn_seconds=int(row.get("turn_seconds") or 0),
            rematch_of=row.get("rematch_of"),
            rematch_id=row.get("rematch_id"),
            created=str(row.get("created", "")),
            active=float(row.get("active") or epoch_seconds(str(row.get("created", "")))),
            made_with=str(row.get("made_with") or ""),
            rules=int(row.get("rules") or FIRST_RULES),
            turn_deadline=row.get("turn_deadline"),
            undone=list(row.get("undone") or []),
        )
        notes = [(int(index), str(text)) for index, text in row.get("notes") or []]
        try:
            table.replay(steps or [], notes, check=True)
        except ReplayStopError as stop:
            table._stop(stop, steps or [])
        return table

    def _stop(self, stop: ReplayStopError, stored: list[StoredStep]) -> None:
        """Keep the steps before `stop` and become read-only, keeping every stored step."""
        status = self.status  # as stored: whether the game was finished
        if len(self.steps) > stop.index:  # it played out differently: take it back
            self.rollback(stop.index)
        self.status = status
        self.stored_steps = list(stored)
        made = Provenance(self.game, self.made_with or None, self.rules)
        self.read_only = ReadOnly.of(made, stop, len(stored))

    def _replay_notes(self, notes: list[tuple[int, str]], index: int) -> None:
        for at, text in notes:
            if at == index:
                self.note(text)

    def row(self) -> dict[str, Any]:
        """The stored form of the table's settings and seats."""
        return {
            "id": self.id,
            **record_header(self.game.id, self.players, self.options, self.content),
            "seats": self.seats_json(),
            "notes": self.notes_json(),
            "seed": self.seed,
            "status": self.status,
            "turn_seconds": self.turn_seconds,
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "active": self.active,
            "made_with": self.made_with,
            "rules": self.rules,
            "to_move": self.to_move(),
            "turn_deadline": self.turn_deadline,
            "undone": self.undone,
        }

    def to_move(self) -> int | None:
        """The seat whose decision the game waits for, if the game is in play (not chance)."""
        player = self.state.current_player if self.status == PLAYING else None
        return player if player is not None and player >= 0 else None

    def notes_json(self) -> list[list[Any]]:
        """A copy of the notes as stored: [step, text] pairs."""
        return [list(note) for note in self.notes]

    def seats_json(self) -> list[dict[str, Any]]:
        """The seats in their stored form."""
        return [seat.to_json() for seat in self.seats]

    # --- who is who ---------------------------------------------------------
    @property
    def audiences(self) -> list[int | None]:
        """Every seat number, and `None` for spectators."""
        return [*self.state.seats, None]

    def seat(self, number: int) -> Seat:
        """The seat with this number."""
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)

    def seat_for_token(self, token: str | None) -> Seat | None:
        """The seat a token belongs to, if any."""
        if not token:
            return None
        for seat in self.seats:
            if seat.holds(token):
                return seat
        return None

    def free_seats(self) -> list[Seat]:
        """Human seats nobody has taken yet."""
        return [seat for seat in self.seats if seat.is_free]

    # --- playing ------------------------------------------------------------
    def chance_step(self) -> StoredStep:
        """Resolve the chance step the game waits for, drawing from `chance`.

        Outcomes cannot be computed from anything a player sees: with the
        default source there is no seed to find, and the record keeps every
        outcome, so a rebuilt table needs none.
        """
        return self.apply(CHANCE, sample_outcome(self.state, self.chance))

    def chance_steps(self) -> list[StoredStep]:
        """Resolve every chance step the game now waits for (none if a player is to act).

        The table manager does this right after a move, in the same commit and
        the same broadcast: one message per move, not one for the move and one
        for the dice or card that follows it.
        """
        steps = []
        while self.state.current_player == CHANCE:
            steps.append(self.chance_step())
        return steps

    def bot_rng(self) -> random.Random:
        """A fast RNG for one bot decision, seeded with 128 bits drawn from `chance`."""
        return random.Random(self.chance.getrandbits(128))

    def apply(self, by: int, action: Action) -> StoredStep:
        """Apply an action (raises `IllegalActionError`, changing nothing, when refused)."""
        return self._keep(by, action, self.state.apply(action))

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """Keep a step the game loop just played here (a `core.match.StepWatcher`: a replay)."""
        self._keep(player, state.history[-1], events)

    def _keep(self, by: int, action: Action, events: list[Event]) -> StoredStep:
        """Store, log and take note of a step just applied to the state."""
        step = StoredStep(len(self.steps), by, str(action), [e.to_json() for e in events])
        self.steps.append(step)
        self._log(events)
        for event in events:
            if event.kind in self.game.result_events:
                self.last_result = event
        if self.state.is_over:
            self.status = OVER
        return step

    def replay(self, steps: list[StoredStep], notes: list[tuple[int, str]], *, check: bool) -> None:
        """Re-apply stored steps through `core.records.replay_steps`, the notes in their places.

        With `check`, each must cause its stored events: `ReplayStopError` at the
        first that is refused (nothing changed) or plays out differently (it has
        been applied: `rollback` takes it back).
        """
        for position, step in enumerate(steps, start=len(self.steps)):
            if step.index != position:
                raise ReplayError(f"table {self.id}: step {step.index} stored out of order")
        first = len(self.steps)
        replay_steps(
            self.state,
            [Step(step.by, step.action, step.events if check else None) for step in steps],
            note=f" (table {self.id})",
            watcher=self,
            before=lambda index: self._replay_notes(notes, first + index),
        )
        self._replay_notes(notes, len(self.steps))

    def rollback(self, keep: int) -> None:
        """Rebuild the state from the first `keep` steps (after a failed commit)."""
        steps = self.steps[:keep]
        notes = [(int(at), str(text)) for at, text in self.notes if at <= keep]
        self.state = self.game.new_game(self.players, self.options, self.content)
        self.steps = []
        self.notes = []
        self.logs = {audience: [] for audience in self.audiences}
        self.last_result = None
        self.replay(steps, notes, check=False)
        if not self.state.is_over and self.status == OVER:
            self.status = PLAYING

    def take_back(self, start: int, undone: dict[str, Any], text: str) -> None:
        """Take back every step from `start` on (an undo granted: `server.undo`).

        The notes made since stay, moved to `start` (a hint used is not forgotten),
        then `text` says what went; `undone` joins the record's ``meta.undone``.
        """
        self.notes = [[min(int(at), start), text_] for at, text_ in self.notes]
        self.undone.append(undone)
        self.rollback(start)
        self.note(text)

    def note(self, text: str) -> None:
        """A line for every log that is not a game event (a seat handed to a bot, say)."""
        self.notes.append([len(self.steps), text])
        for lines in self.logs.values():
            lines.append(text)

    def _log(self, events: list[Event]) -> None:
        """Each audience's log line for each event, as it may read it: an event with no
        secret reads the same to everyone, so it is worded once."""
        describe = self.game.presenter.describe
        for event in events:
            shared = describe(self.state, event) if event.secret is None else None
            for audience, lines in self.logs.items():
                line = describe(self.state, event.for_seat(audience)) if shared is None else shared
                if line:
                    lines.append(line)

    # --- views --------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        """What the lobby and every visitor may know about the table."""
        outcome = self.state.outcome
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "seats": [seat.public() for seat in self.seats],
            "free_seats": [seat.seat for seat in self.free_seats()],
            "turn_seconds": self.turn_seconds,
            "steps": len(self.steps),
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "created": self.created,
            "active": self.active,
            "outcome": (
                {**outcome.to_json(), "text": self.game.presenter.outcome_text(self.state)}
                if outcome
                else None
            ),
            "read_only": self.read_only.to_json() if self.read_only else None,
        }

    @property
    def closed(self) -> bool:
        """Whether the game can go on no more: it is over, or read-only (secrets may open)."""
        return self.status == OVER or self.read_only is not None

    def view(self, audience: int | None, log_from: int = 0) -> dict[str, Any]:
        """The message for one seat (or a spectator): its observation, its log, its choices.

        `log_from` is how many log lines the receiver already has. `formality` says
        whether the seat's one choice is a formality (`GameState.is_formality`), which
        the browser answers by itself; `routine` whether it is a routine move
        (`GameState.is_routine`), which the browser makes when its person asked for
        that. Both are only ever set for the seat asked.
        """
        state = self.state
        observation = self.game.presenter.view(state, audience)
        player = state.current_player
        legal: list[dict[str, str]] = []
        formality = routine = False
        playable = self.status == PLAYING and self.read_only is None
        asked = audience is not None and player == audience and not self._bot_plays(audience)
        if playable and asked:
            game_id, presenter = self.game.id, self.game.presenter
            legal = [
                {"action": text, "label": presenter.label(state, action), **_help(game_id, text)}
                for action in state.legal_actions()
                for text in (str(action),)
            ]
            formality = len(legal) == 1 and state.is_formality()
            routine = len(legal) == 1 and state.is_routine()
        lines = self.logs[audience]
        return {
            "type": "view",
            "you": audience,
            "step": len(self.steps),
            "status": self.status,
            "to_act": player,
            "prompt": str(observation.get("prompt") or self.game.presenter.prompt(state)),
            "observation": observation,
            "legal": legal,
            "formality": formality,
            "routine": routine,
            "log_start": log_from,
            "log": lines[log_from:],
            "last_result": self._last_result_line(audience),
            "read_only": self.read_only.message if self.read_only else None,
        }

    def _bot_plays(self, audience: int) -> bool:
        """Whether a bot plays this seat now (its player left): the seat is offered nothing."""
        try:
            return self.seat(audience).is_bot
        except KeyError:
            return False

    def _last_result_line(self, audience: int | None) -> str | None:
        """The last point or round won, as `audience` may see it."""
        if self.last_result is None:
            return None
        return self.game.presenter.describe(self.state, self.last_result.for_seat(audience)) or None

    def record(self) -> dict[str, Any]:
        """The game record in the project's JSON format (secrets included: for closed games).

        A read-only table's record holds every stored step, and names the
        pickletable and the rules that made them.
        """
        meta: dict[str, Any] = {"table": self.id}
        meta["server"] = f"pickletable {__version__}"
        if self.read_only is not None:
            if self.made_with:
                meta["pickletable"] = self.made_with
            meta["rules"] = self.rules
            meta["read_only"] = self.read_only.message
        if self.undone:
            meta["undone"] = [dict(entry) for entry in self.undone]
        recorder = Recorder(
            game=self.game.id,
            players=self.players,
            options=dict(self.options),
            content=self.content,
            seats=[
                {"seat": seat.seat, "name": seat.name, "player": str(seat.spec())}
                for seat in self.seats
            ],
            meta=meta,
        )
        recorder.steps = [
            step_json(step.by, step.action, step.events)
            for step in (self.steps if self.stored_steps is None else self.stored_steps)
        ]
        return recorder.to_json(self.state)


def _help(game_id: str, action: str) -> dict[str, str]:
    """``help``: what the card a move plays does, in one line, when the game says."""
    line = _help_line(game_id, action)
    return {"help": line} if line else {}


@functools.lru_cache(maxsize=4096)
def _help_line(game_id: str, action: str) -> str | None:
    """The game's line for a move (its kit's `move_help`, fixed per game), worked out once:
    every view lists it for each legal move, and finding it takes a dozen text searches."""
    return explain_action(kit_for(game_id).move_help, action)


def epoch_seconds(created: str) -> float:
    """A stored creation time as seconds since the epoch (0 if it cannot be read).

    The manager stores ``time.time()`` as text; rows made by `Storage` alone
    carry an ISO date.
    """
    try:
        return float(created)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(created).timestamp()
    except ValueError:
        return 0.0


def _normal(events: list[dict[str, Any]]) -> Any:
    """Events as they read back from JSON, so stored and fresh ones compare."""
    return json.loads(json.dumps(events))
