"""The game-agnostic kernel: state API, actions, chance, records, options, content, errors."""

from pickletable.core.actions import Action, act
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import ForcedChance, RandomChance, sample_outcome
from pickletable.core.content import Checker, Content
from pickletable.core.errors import (
    ContentError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    PickletableError,
    RecordError,
    ReplayMismatchError,
    ReplayRefusedError,
    ReplayStopError,
    SeatError,
    UnknownGameError,
)
from pickletable.core.events import Event
from pickletable.core.game import GameDefinition
from pickletable.core.match import run_match
from pickletable.core.options import OptionSet, OptionSpec
from pickletable.core.records import Recorder, load_record, replay
from pickletable.core.seats import SeatSpec, parse_seats
from pickletable.core.state import CHANCE, GameState, Outcome

__all__ = [
    "CHANCE",
    "Action",
    "Agent",
    "AgentView",
    "Checker",
    "Content",
    "ContentError",
    "Event",
    "ForcedChance",
    "GameDefinition",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "OptionError",
    "OptionSet",
    "OptionSpec",
    "Outcome",
    "PickletableError",
    "RandomChance",
    "RecordError",
    "Recorder",
    "ReplayMismatchError",
    "ReplayRefusedError",
    "ReplayStopError",
    "SeatError",
    "SeatSpec",
    "UnknownGameError",
    "act",
    "load_record",
    "parse_seats",
    "replay",
    "run_match",
    "sample_outcome",
]
