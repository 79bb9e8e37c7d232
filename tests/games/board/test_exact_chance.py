"""The board game's live win chance below the advanced level: the exact analysis's figure.

At beginner the figure is exact everywhere (at a serve, the chain's value;
between serves, the chance of each next serve times its value); at
intermediate singles it is the mean over sampled Play pile orders of each
order's exact figure, the same orders as the exact analysis's.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pickletable.bots import coaching
from pickletable.bots.win_odds import Evaluator, known_chance
from pickletable.core.piles import Pile
from pickletable.core.registry import find_kit
from pickletable.core.state import CHANCE
from pickletable.games.board.bots import exact_chance
from pickletable.games.board.bots.exact_chance import ORDERS, covers, sampled_orders
from pickletable.games.board.codes import Step
from pickletable.games.board.exact.analysis import analyse, make_variant
from pickletable.games.board.exact.solver import build_graph, solve_beginner, solve_order
from pickletable.games.board.exact.walk import next_moves
from pickletable.games.board.state import BoardState

EXACT = 1e-9


def _evaluator() -> Evaluator:
    kit = find_kit("board")
    assert kit is not None and kit.evaluator is not None
    return kit.evaluator()


def _played(level: str, seed: int, players: int = 2) -> list[BoardState]:
    """Every position of a seeded game (chance as dealt, the first legal move played)."""
    state = make_variant("as given", players, [], level).new_game()
    rng = random.Random(seed)
    positions = [state.clone()]
    while state.outcome is None:
        if state.current_player == CHANCE:
            state.push(state.sample_chance(rng))
        else:
            state.push(state.legal_actions()[0])
        positions.append(state.clone())
    return positions


def test_the_first_serve_of_the_default_intermediate_singles_game_is_the_analysis_figure() -> None:
    """The mean over the first `ORDERS` orders of seed 0, each order's chain exact: what
    ``pickletable analyze --level intermediate --orders 32 --seed 0`` gives."""
    variant = make_variant("as given", 2, [], "intermediate")
    start = variant.starts((0,))[0]
    server, receiver = start.seats
    expected = float(analyse(variant, orders=ORDERS, seed=0).solutions[0].win)
    evaluate = _evaluator()
    for seat in start.seats:
        chances = evaluate(start, seat)
        assert chances[server] == pytest.approx(expected, abs=EXACT)
        assert chances[receiver] == pytest.approx(1 - expected, abs=EXACT)
    assert coaching.odds(start, None) == evaluate(start, server)  # the live bar's figure


@pytest.mark.parametrize("players", [2, 4], ids=["singles", "doubles"])
def test_the_first_serve_of_a_beginner_game_is_the_exact_analysis_figure(players: int) -> None:
    variant = make_variant("as given", players, [], "beginner")
    start = variant.starts((0,))[0]
    expected = float(analyse(variant).solutions[0].win)
    chances = _evaluator()(start, start.seats[-1])
    blue_side = [seat for seat in start.seats if seat in (0, 1)]
    for seat in start.seats:
        wanted = expected if seat in blue_side else 1 - expected
        assert chances[seat] == pytest.approx(wanted, abs=EXACT)


def test_at_every_serve_of_a_seeded_beginner_game_the_figure_is_the_exact_analysis_s() -> None:
    """The chain solved in exact rationals from each serve the game reached."""
    evaluate = _evaluator()
    serves = [p for p in _played("beginner", seed=4) if p.step == Step.SERVE]
    assert len(serves) > 10
    for position in serves[::3]:
        server = position.server
        assert server is not None
        (solution,) = solve_beginner(build_graph([position]), (server,), exact=True)
        assert isinstance(solution.win, Fraction)
        figure = evaluate(position, position.seats[0])
        assert figure[server] == pytest.approx(float(solution.win), abs=EXACT)


def test_between_serves_the_figure_is_what_the_next_move_leads_to_on_average() -> None:
    """Inside a rally (and before the first serve) the figure is exact too: it equals the
    mean of the figures after each chance outcome, weighed by its chance, to 1e-9."""
    evaluate = _evaluator()
    positions = _played("beginner", seed=5)
    between = [p for p in positions if p.step != Step.SERVE and p.outcome is None]
    steps = {p.step for p in between}
    assert {Step.DEAL, Step.COLOUR, Step.SERVE_ROLL, Step.ROLL_OUTCOME, Step.ROLL_HIT} <= steps
    seat = positions[0].seats[0]
    figures = []
    for position in between[::4]:
        figure = evaluate(position, seat)[seat]
        following = 0.0
        for probability, action in next_moves(position):
            after = position.clone()
            after.push(action)
            following += float(probability) * evaluate(after, seat)[seat]
        assert figure == pytest.approx(following, abs=EXACT)
        figures.append(figure)
    assert len({round(figure, 6) for figure in figures}) > 10  # the game's ups and downs


def test_at_an_intermediate_serve_after_points_the_figure_is_the_mean_of_each_order_s() -> None:
    """After Play Cards were drawn (known, under the pile) the orders keep them where they
    lie and shuffle the unseen ones; each order's chain is the analysis's own solve."""
    positions = _played("intermediate", seed=6)
    drawn = [
        p for p in positions if p.step == Step.SERVE and p.outcome is None and p.piles["play"].known
    ]
    assert drawn
    position = drawn[0]
    server = position.server
    assert server is not None
    totals = []
    for order in sampled_orders(position.piles["play"]):
        laid = position.clone()
        laid.piles["play"] = Pile({}, list(order))
        (solution,) = solve_order(build_graph([laid]), (server,))
        totals.append(float(solution.win))
    expected = sum(totals) / len(totals)
    figure = _evaluator()(position, position.seats[0])
    assert figure[server] == pytest.approx(expected, abs=EXACT)


def test_the_figure_states_its_error_over_orders() -> None:
    variant = make_variant("as given", 2, [], "intermediate")
    found = exact_chance.estimate(variant.starts((0,))[0], 0)
    assert found is not None
    assert found.orders == ORDERS
    assert 0.0 < found.spread < 0.01  # the standard error of the mean over orders
    beginner = exact_chance.estimate(make_variant("as given", 2, [], "beginner").new_game(), 0)
    assert beginner is not None and beginner.spread == 0.0


def test_the_public_view_and_each_seat_s_view_get_one_figure() -> None:
    """Nothing is hidden below the advanced level: the spectator's bar is the seats'."""
    position = _played("beginner", seed=7)[30]
    figures = [known_chance(position, seat) for seat in (*position.seats, None)]
    assert figures[0] is not None
    assert all(figure == figures[0] for figure in figures)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"level": "advanced"}),
        (4, {"level": "intermediate"}),
        (2, {"level": "beginner", "stanchion_rule": True}),
    ],
    ids=["advanced", "intermediate doubles", "stanchion rule"],
)
def test_where_players_decide_or_the_chain_is_too_large_the_rollouts_answer(
    players: int, options: dict[str, object]
) -> None:
    state = make_variant_state(players, options)
    assert not covers(state)
    assert known_chance(state, state.seats[0]) is None


def make_variant_state(players: int, options: dict[str, object]) -> BoardState:
    from pickletable.games.board import GAME

    state = GAME.new_game(players, options)
    assert isinstance(state, BoardState)
    return state


def test_a_live_table_does_not_wait_for_a_chain_it_builds_in_the_background() -> None:
    """``wait=False``: no figure while the chain is built (the table rolls out meanwhile),
    the exact one once it is there."""
    from pickletable.games.board import GAME

    state = GAME.new_game(2, {"level": "beginner", "target": 3.5})  # a variant not built yet
    assert exact_chance.chance(state, 0, wait=False) is None
    assert exact_chance._background.idle(timeout=120)
    ready = exact_chance.chance(state, 0, wait=False)
    assert ready is not None
    assert ready == exact_chance.chance(state, 0)


def test_inside_an_intermediate_rally_the_figure_is_what_the_next_roll_leads_to() -> None:
    """Within one Play pile view (no card drawn) the same orders value every position, so
    the figure inside a rally is the mean of the figures after each roll, to 1e-9."""
    evaluate = _evaluator()
    positions = _played("intermediate", seed=8)
    rolls = [p for p in positions if p.step in (Step.ROLL_OUTCOME, Step.ROLL_HIT)]
    assert len(rolls) > 10
    seat = positions[0].seats[0]
    checked = 0
    for position in rolls[:: len(rolls) // 8]:
        following = 0.0
        for probability, action in next_moves(position):
            after = position.clone()
            after.push(action)
            if after.step == Step.PLAY_DRAW:
                break  # a point: the next figure draws a Play Card (another view's orders)
            following += float(probability) * evaluate(after, seat)[seat]
        else:
            assert evaluate(position, seat)[seat] == pytest.approx(following, abs=EXACT)
            checked += 1
    assert checked >= 3


def test_a_chain_that_fails_to_build_leaves_the_background_building_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A build that raises is logged; the thread builds what is asked after it."""
    from pickletable.games.board import GAME

    failing = GAME.new_game(2, {"level": "beginner", "target": 4.5})
    assert isinstance(failing, BoardState)
    built = exact_chance._exact

    def fails_once(view: BoardState) -> exact_chance.Estimate | None:
        if view.rules.options["target"] == 4.5:
            raise RuntimeError("a chain that cannot be built")
        return built(view)

    monkeypatch.setattr(exact_chance, "_exact", fails_once)
    assert exact_chance.chance(failing, 0, wait=False) is None
    assert exact_chance._background.idle(timeout=120)
    state = GAME.new_game(2, {"level": "beginner", "target": 5.5})  # a variant not built yet
    assert exact_chance.chance(state, 0, wait=False) is None
    assert exact_chance._background.idle(timeout=120)
    assert exact_chance.chance(state, 0, wait=False) is not None
