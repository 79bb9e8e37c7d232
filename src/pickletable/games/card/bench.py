"""The card game's own benchmark probes: its hand solver, hands judged per second.

`pickletable bench` times them beside every game's random play and search,
from scratch (``verdict_uncached``) and from the solver's memo (``verdict_sorted``).
"""

from __future__ import annotations

import random
from functools import partial

from pickletable.analysis.bench_probes import CLOCK, Clock, Probe, Rates
from pickletable.games.card import GAME
from pickletable.games.card.content import CardDeck
from pickletable.games.card.solver import solver_for


def probes(seconds: float) -> list[Probe]:
    """The solver's probes, each measuring for at least `seconds` of CPU time."""
    return [
        Probe(
            "card hand solver, " + ("cached" if cached else "uncached"),
            "hand solver",
            partial(solver_checks, seconds, cached),
        )
        for cached in (False, True)
    ]


def solver_checks(seconds: float, cached: bool, clock: Clock = CLOCK) -> Rates:
    """Card hands judged per second: from the solver's memo, or each from scratch."""
    solver = solver_for(1, 10)
    deck = CardDeck.from_data(GAME.default_content().data).cards()
    rng = random.Random(7)
    hands = [solver.sort(rng.sample(deck, 7)) for _ in range(2_000 if cached else 200)]
    if cached:
        for hand in hands:
            solver.verdict_sorted(hand)
    count = 0
    started = clock()
    end = started + seconds
    while count == 0 or clock() < end:
        for hand in hands:
            if cached:
                solver.verdict_sorted(hand)
            else:
                solver.verdict_uncached(hand)
        count += len(hands)
    return {"checks/s": count / max(clock() - started, 1e-9)}
