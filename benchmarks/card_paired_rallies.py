"""Paired rallies: what a card bot gains over `medium`, rally by rally.

A whole game is a noisy yes or no; a rally valued by the chance of winning the
game afterwards (`card_win_chance`) is far less noisy, and two bots played on
the *same* rallies differ only where their choices differ. Sample *i* is:

- a start (serving team's score, receiving team's score) drawn from the rally
  starts of 300 `medium` self-play games;
- a deck in a fixed order: each deal or draw gives the unseen card whose next
  copy comes first in a shuffled deck, so the same cards come whatever the
  seats did before;
- the bot serving (North) for even *i*, receiving (South) for odd *i*, against
  `medium`, for one rally; its value is the bot's team's chance of winning the
  game from the new score and serve (1 or 0 if the game ended).

`run` saves each sample's value and the bot's decision times; `compare` gives
the mean paired difference of two saved runs with its standard error, and that
times the rallies of a `medium` game (about 14) as a rough change in the game
win rate. To compare two versions of the code, run each under its own
``PYTHONPATH`` and compare the files.

    PYTHONPATH=src python benchmarks/card_paired_rallies.py run medium --samples 2000 -o m.json
    PYTHONPATH=src python benchmarks/card_paired_rallies.py run hard --samples 2000 -o h.json
    python benchmarks/card_paired_rallies.py compare m.json h.json

Bot names are `bot_from_name`'s, plus ``hard-rules`` (the `hard` bot's own rules
without its search).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from multiprocessing import Pool
from typing import Any

from pickletable.bots import bot_from_name
from pickletable.bots.heuristic import HeuristicBot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.events import Event
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.card.bots.win_chance import win_chance
from pickletable.games.card.state import CardState

NORTH, SOUTH = 0, 2


class _Rules:
    """The `hard` card bot's rules of thumb alone."""

    name = "hard-rules"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        from pickletable.games.card.bots.hard import hard_rules

        legal = view.legal_actions
        return legal[0] if len(legal) == 1 else hard_rules(view, rng)


def make(name: str) -> Agent:
    """A fresh bot by name (one per rally: the `hard` bot's belief starts afresh anyway)."""
    return _Rules() if name == "hard-rules" else bot_from_name(name, "card")


def rally_starts(games: int = 300, seed: int = 7) -> tuple[list[tuple[int, int]], float]:
    """(serving team's score, receiving team's score) at every rally start; rallies a game."""
    rng = random.Random(seed)
    starts: list[tuple[int, int]] = []

    def note(state: GameState, player: int, action: Action, events: list[Event]) -> None:
        del player, action
        assert isinstance(state, CardState)
        for event in events:
            if event.kind == "rally_start":
                team = state.serving_team
                assert team is not None
                starts.append((state.scores[team], state.scores[1 - team]))

    for _ in range(games):
        state = get_game("card").new_game(2)
        run_match(state, {seat: HeuristicBot() for seat in state.seats}, rng, on_step=note)
    return starts, len(starts) / games


class _DeckOrder:
    """Chance that deals and draws in one fixed order of the deck, whatever went before."""

    def __init__(self, order: list[str], counts: dict[str, int]) -> None:
        self.places: dict[str, list[int]] = {}
        for place, card in enumerate(order):
            self.places.setdefault(card, []).append(place)
        self.counts = counts

    def outcome(self, state: CardState, rng: random.Random) -> Action:
        pile = state.pile
        if not pile.unseen_count:
            return state.sample_chance(rng)
        best, best_place = "", len(self.counts) * 100
        for card, copies in pile.unseen.items():
            places = self.places[card]
            place = places[min(self.counts[card] - copies, len(places) - 1)]
            if place < best_place:
                best, best_place = card, place
        for action, _ in state.chance_outcomes():
            if action.args[0] == best:
                return action
        return state.sample_chance(rng)


def play(name: str, sample: int, start: tuple[int, int]) -> tuple[float, list[float]]:
    """One rally of sample `sample`: the bot's team's game-winning chance after it, and times."""
    rng = random.Random(10_000 + sample)
    state = get_game("card").new_game(2)
    assert isinstance(state, CardState)
    state.apply_text("show kitchen")  # North serves
    seat = NORTH if sample % 2 == 0 else SOUTH
    state.scores = list(start)  # North's team (0) serves: its score first
    counts = dict(state.rules.deck_counts)
    order = [card for card, copies in counts.items() for _ in range(copies)]
    rng.shuffle(order)
    deck = _DeckOrder(order, counts)
    bots = {seat: make(name), NORTH + SOUTH - seat: HeuristicBot()}
    bot_rng = random.Random(77_000 + sample)
    times: list[float] = []
    rally = state.rally
    while state.rally == rally and state.outcome is None:
        player = state.current_player
        if player == CHANCE:
            state.apply(deck.outcome(state, bot_rng))
            continue
        assert player is not None
        view = AgentView(state, player)
        started = time.perf_counter()
        action = bots[player].choose(view, bot_rng)
        if player == seat and len(view.legal_actions) > 1:
            times.append(time.perf_counter() - started)
        state.push(action)
    team = state.rules.team_of[seat]
    if state.outcome is not None:
        return (1.0 if seat in state.outcome.winners else 0.0), times
    chance = win_chance(2, state.rules.target, state.rules.win_by)
    serving = state.serving_team == team
    return chance(state.scores[team], state.scores[1 - team], serving), times


def _job(task: tuple[str, int, tuple[int, int]]) -> tuple[int, float, list[float]]:
    name, sample, start = task
    value, times = play(name, sample, start)
    return sample, value, times


def run(name: str, first: int, samples: int, workers: int, out: str) -> None:
    """Play samples first..first+samples-1 and save their values."""
    starts, per_game = rally_starts()
    rng = random.Random(5)
    picks = [starts[rng.randrange(len(starts))] for _ in range(first + samples)]
    tasks = [(name, i, picks[i]) for i in range(first, first + samples)]
    with Pool(workers) as pool:
        done = pool.map(_job, tasks, chunksize=2)
    times = sorted(t for _, _, ts in done for t in ts)
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    mean = sum(times) / len(times) if times else 0.0
    data = {
        "bot": name,
        "rallies_a_game": per_game,
        "values": {str(i): value for i, value, _ in done},
        "decisions": len(times),
        "mean_ms": 1000 * mean,
        "p95_ms": 1000 * p95,
    }
    with open(out, "w") as file:
        json.dump(data, file)
    print(
        f"{name}: samples {first}..{first + samples - 1}, {len(times)} decisions, "
        f"mean {1000 * mean:.0f} ms, p95 {1000 * p95:.0f} ms -> {out}"
    )


def compare(first_file: str, second_file: str) -> None:
    """Mean paired difference (second minus first) on the samples both files hold."""
    runs: list[dict[str, Any]] = []
    for path in (first_file, second_file):
        with open(path) as file:
            runs.append(json.load(file))
    a, b = runs[0]["values"], runs[1]["values"]
    common = sorted(set(a) & set(b), key=int)
    if len(common) < 2:
        raise SystemExit("the two files share fewer than two samples")
    differences = [b[i] - a[i] for i in common]
    n = len(differences)
    mean = sum(differences) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
    rallies = runs[0]["rallies_a_game"]
    print(
        f"{runs[1]['bot']} - {runs[0]['bot']}: {n} paired rallies, mean {mean:+.5f} "
        f"(standard error {error:.5f}); about {100 * rallies * mean:+.2f} "
        f"(±{100 * rallies * error:.2f}) points of game win rate at {rallies:.1f} rallies a game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run", help="play the samples with one bot")
    running.add_argument("bot")
    running.add_argument("--first", type=int, default=0)
    running.add_argument("--samples", type=int, default=2000)
    running.add_argument("--workers", type=int, default=2)
    running.add_argument("-o", "--output", required=True)
    comparing = commands.add_parser("compare", help="paired difference of two runs")
    comparing.add_argument("first")
    comparing.add_argument("second")
    args = parser.parse_args()
    if args.command == "run":
        run(args.bot, args.first, args.samples, args.workers, args.output)
    else:
        compare(args.first, args.second)


if __name__ == "__main__":
    main()
