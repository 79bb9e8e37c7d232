"""The exact analysis of the board game against brute force, closed forms and the engine."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from pickletable.analysis.statistics import wilson_interval
from pickletable.core.errors import PickletableError
from pickletable.games.board.exact.analysis import Analysis, analyse, make_variant, run_check
from tests.cli.scripted import run

State = tuple[int, ...]


# --- an independent tiny solver: Gauss-Jordan over Fractions ------------------------
def solve_linear(
    states: list[State],
    step: Callable[[State], list[tuple[Fraction, State | int]]],
) -> dict[State, Fraction]:
    """P(team 0 wins) for every state; `step` gives (probability, next state or winning team)."""
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s in states:
        i = index[s]
        rows[i][i] += 1
        for p, nxt in step(s):
            if isinstance(nxt, int):
                rows[i][n] += p if nxt == 0 else 0
            else:
                rows[i][index[nxt]] -= p
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return {s: rows[index[s]][n] for s in states}


def rally_by_hand(faces: list[str], depth: int = 400) -> float:
    """Sum the rally's shots one by one: odd shots are the serving side's."""
    n = len(faces)
    p_in, p_out, p_ace = (faces.count(f) / n for f in ("in", "out", "ace"))
    point = 0.0
    for k in range(1, depth):
        reach = p_in ** (k - 1)
        point += reach * (p_ace if k % 2 else p_out)
    return point


def tiny_game(
    seats: tuple[int, ...], target: int, a: Fraction, keep: bool
) -> dict[State, Fraction]:
    """The beginner game written from the rules page, states (levels..., server)."""
    count = len(seats)

    def team(i: int) -> int:
        return 0 if seats[i] < 2 else 1

    def winner(levels: State) -> int | None:
        for t in (0, 1):
            if all(levels[i] >= target for i in range(count) if team(i) == t):
                return t
        return None

    def rotate(levels: State, server: int) -> int:
        for k in range(1, count + 1):
            if levels[(server + k) % count] < target:
                return (server + k) % count
        return server

    def step(state: State) -> list[tuple[Fraction, State | int]]:
        *lv, server = state
        levels = tuple(lv)
        out: list[tuple[Fraction, State | int]] = [(1 - a, (*levels, rotate(levels, server)))]
        up = list(levels)
        up[server] += 1
        won = winner(tuple(up))
        if won is not None:
            out.append((a, won))
        else:
            nxt = server if keep and up[server] < target else rotate(tuple(up), server)
            out.append((a, (*up, nxt)))
        return out

    states: list[State] = []
    grid = [range(target + 1)] * count

    def walk(prefix: tuple[int, ...], left: list[range]) -> None:
        if not left:
            if winner(prefix) is None:
                states.extend((*prefix, s) for s in range(count) if prefix[s] < target)
            return
        for v in left[0]:
            walk((*prefix, v), left[1:])

    walk((), list(grid))
    return solve_linear(states, step)


def _solve(
    tmp_path: Path, players: int, options: list[str], faces: list[str] | None = None
) -> Analysis:
    """The exact beginner analysis of a table (optionally with its own IN/OUT/ACE die)."""
    path = _swept_content(tmp_path, faces) if faces else None
    return analyse(make_variant("t", players, options, "beginner", path), exact=True)


# --- the rally -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "faces",
    [["in", "ace"], ["in", "out"], ["in", "in", "in", "out", "out", "ace"], ["in", "ace", "out"]],
)
def test_rally_through_the_engine_matches_summing_the_shots(
    tmp_path: Path, faces: list[str]
) -> None:
    rally = _solve(tmp_path, 2, ["target=0.5"], faces).rally
    assert float(rally.point) == pytest.approx(rally_by_hand(faces), abs=1e-12)
    assert rally.point + rally.side_out == 1


def test_rally_of_a_two_faced_die_in_ace_is_two_thirds_for_the_server(tmp_path: Path) -> None:
    # IN or ACE, each 1/2: the point comes on an odd shot: (1/2) / (1 - 1/4) = 2/3.
    assert _solve(tmp_path, 2, ["target=0.5"], ["in", "ace"]).rally.point == Fraction(2, 3)
    # IN or OUT: the serving side's OUT is a side out; point = (1/2 * 1/2) / (3/4) = 1/3.
    assert _solve(tmp_path, 2, ["target=0.5"], ["in", "out"]).rally.point == Fraction(1, 3)


def test_a_die_of_only_in_faces_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PickletableError, match="never ends"):
        _solve(tmp_path, 2, ["target=0.5"], ["in", "in"])


# --- the game: brute force ------------------------------------------------------------
@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("faces", [["in", "ace"], ["in", "out"], ["in", "out", "ace"]])
def test_singles_on_a_two_point_track_matches_brute_force(
    tmp_path: Path, faces: list[str], keep: bool
) -> None:
    options = ["target=1.0", f"serve_after_point={'keep' if keep else 'rotate'}"]
    exact = _solve(tmp_path, 2, options, faces)
    brute = tiny_game((0, 2), 2, exact.rally.point, keep)
    assert exact.solutions[0].win == brute[(0, 0, 0)]
    path = _swept_content(tmp_path, faces)
    floats = analyse(make_variant("t", 2, options, "beginner", path), exact=False)
    assert float(floats.solutions[0].win) == pytest.approx(float(brute[(0, 0, 0)]), abs=1e-10)


@pytest.mark.parametrize("keep", [False, True])
def test_doubles_on_a_two_position_track_matches_brute_force(tmp_path: Path, keep: bool) -> None:
    # Positions 0 and 1 (one point to the target): a team needs both players to score.
    options = ["target=0.5", f"serve_after_point={'keep' if keep else 'rotate'}"]
    exact = _solve(tmp_path, 4, options, ["in", "out", "ace"])
    brute = tiny_game((0, 1, 2, 3), 1, exact.rally.point, keep)
    blue, red = exact.solutions
    assert blue.win == brute[(0, 0, 0, 0, 0)]
    assert red.win == brute[(0, 0, 0, 0, 1)]


# --- closed forms ---------------------------------------------------------------------
@pytest.mark.parametrize("faces", [["in", "ace"], ["in", "out"], ["in", "in", "out", "ace"]])
def test_a_one_point_track_is_won_by_the_first_server_with_one_over_two_minus_a(
    tmp_path: Path, faces: list[str]
) -> None:
    # One point wins. The server scores with a, else the other serves: P = a + b^2 P.
    result = _solve(tmp_path, 2, ["target=0.5"], faces)
    a = result.rally.point
    (solution,) = result.solutions
    assert solution.win == 1 / (2 - a)
    # One point ends it: the number of rallies is geometric, mean 1/a, P(N = n) = b^(n-1) a.
    assert solution.mean_rallies == 1 / a
    assert len(solution.rallies) > 10
    for n in range(1, len(solution.rallies)):
        assert solution.rallies[n] == pytest.approx(float((1 - a) ** (n - 1) * a), abs=1e-12)


def test_expected_rallies_from_wald_agree_with_the_propagated_distribution(
    tmp_path: Path,
) -> None:
    for players in (2, 4):
        result = _solve(tmp_path, players, ["target=2.0"])
        solution = result.solutions[0]
        mean = sum(n * p for n, p in enumerate(solution.rallies))
        assert float(solution.mean_rallies) == pytest.approx(mean, abs=1e-8)
        assert sum(solution.finals.values()) == 1


def test_default_singles_values() -> None:
    result = analyse(make_variant("d", 2, [], "beginner"))
    assert result.rally.point == Fraction(4, 9)
    assert float(result.win) == pytest.approx(0.5277215977, abs=1e-9)
    assert float(result.mean_rallies) == pytest.approx(38.5763288184, abs=1e-8)
    assert result.seconds < 1.0


# --- the engine ------------------------------------------------------------------------
Z999 = 3.2905


def _covered(games: int, wins: int, value: float) -> bool:
    low, high = wilson_interval(wins, games, Z999)
    return low <= value <= high


def _swept_content(tmp_path: Path, faces: list[str]) -> str:
    text = (
        resources.files("pickletable.games.board")
        .joinpath("content/default.toml")
        .read_text(encoding="utf-8")
    )
    listed = ", ".join(f'"{face}"' for face in faces)
    text = re.sub(r"^outcome = .*$", f"outcome = [{listed}]", text, count=1, flags=re.M)
    path = tmp_path / "die.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("players", "options", "faces", "games"),
    [
        (2, [], None, 1200),
        (4, ["target=2.0"], None, 1200),
        (2, ["target=3.0"], ["in", "in", "ace", "ace", "out"], 1200),
    ],
    ids=["singles", "doubles", "swept-die"],
)
def test_engine_simulation_covers_the_exact_values(
    tmp_path: Path, players: int, options: list[str], faces: list[str] | None, games: int
) -> None:
    path = _swept_content(tmp_path, faces) if faces else None
    variant = make_variant("t", players, options, "beginner", path)
    result = analyse(variant, exact=True)
    check = run_check(result, games, seed=2024)
    assert _covered(games, check.first_server_wins, float(result.win))
    low, high = check.rallies_interval
    half = (high - low) / 2 * Z999 / 1.96
    assert abs(check.mean_rallies - float(result.mean_rallies)) <= half


def test_intermediate_named_order_matches_the_engine_forced_to_that_order() -> None:
    variant = make_variant("t", 2, ["target=2.0"], "intermediate")
    order = ",".join(
        card
        for card, n in [
            ("forgot-water", 1),
            ("sweet-spot", 3),
            ("tight-calf", 2),
            ("clinic-weekend", 1),
            ("trash-talk", 2),
            ("wrong-court", 1),
            ("sun-in-eyes", 2),
            ("rain-delay", 1),
            ("high-five", 2),
            ("good-rally", 3),
            ("shoelace", 2),
        ]
        for _ in range(n)
    )
    result = analyse(variant, play_order=order)
    games = 1500
    check = run_check(result, games, seed=7)
    assert _covered(games, check.first_server_wins, float(result.win))
    low, high = check.rallies_interval
    half = (high - low) / 2 * Z999 / 1.96
    assert abs(check.mean_rallies - float(result.mean_rallies)) <= half


def test_intermediate_averages_sampled_orders_with_an_interval() -> None:
    variant = make_variant("t", 2, ["target=2.0"], "intermediate")
    result = analyse(variant, orders=20, seed=3)
    low, high = result.interval(result.order_wins)
    assert low <= float(result.win) <= high
    assert len(result.order_wins) == 20


# --- the command ---------------------------------------------------------------------------
def test_analyze_prints_json_with_exact_fractions() -> None:
    code, output = run("analyze", "board", "--json")
    assert code == 0, output
    data = json.loads(output)
    assert data["rally"]["point"]["exact"] == "4/9"
    assert data["first_server_win"]["value"] == pytest.approx(0.5277215977, abs=1e-9)
    assert "exact rationals" in data["method"]


def test_analyze_refuses_the_stanchion_rule_and_the_advanced_level() -> None:
    code, output = run("analyze", "board", "-o", "stanchion_rule=on")
    assert code == 2 and "stanchion_rule off" in output
    code, output = run("analyze", "board", "--level", "advanced")
    assert code == 2 and "beginner and intermediate" in output


def test_analyze_sweep_and_self_contained_report(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    code, output = run(
        "analyze", "board", "--sweep", "step=0.5,1.0", "--report", str(report), "--check", "50"
    )
    assert code == 0, output
    assert "step=0.5" in output and "step=1.0" in output and "check" in output
    page = report.read_text()
    assert page.count("data:image/png;base64,") >= 2
    assert "http" not in page


def test_a_check_in_blocks_gives_the_same_figures_on_one_process_or_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pickletable.games.board.exact.check as check_module

    monkeypatch.setattr(check_module, "BLOCK", 150)
    variant = make_variant("t", 2, ["target=2.0"], "beginner", None)
    result = analyse(variant, exact=True)
    alone = run_check(result, 400, seed=7, workers=1)
    shared = run_check(result, 400, seed=7, workers=2)
    assert alone.games == shared.games == 400
    assert len(alone.rallies) == 400
    assert (alone.first_server_wins, alone.rallies) == (shared.first_server_wins, shared.rallies)


def test_the_interval_over_three_orders_is_students_t_not_normal() -> None:
    variant = make_variant("t", 2, ["target=2.0"], "intermediate")
    result = analyse(variant, orders=3, seed=3)
    low, high = result.interval([1.0, 2.0, 3.0])  # mean 2, sd 1, t(2) = 4.303
    assert high - 2.0 == pytest.approx(4.303 / 3**0.5)
    assert low == pytest.approx(2.0 - 4.303 / 3**0.5)
