"""The game kits: every factory gives what it declares, and no game is named outside games/.

A kit is the one place the rest of pickletable learns about a game
(`pickletable.core.kit`); these tests hold every kit to its types, and hold
the rest of the package to naming no game: no Python string constant (bar
docstrings) and no JavaScript string literal equal to a game id, outside
``games/`` and the web client's ``js/games/``.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from pickletable.analysis.bench_probes import Probe
from pickletable.analysis.collectors import Collector, GameSummary
from pickletable.analysis.recap_figures import Figures
from pickletable.analysis.study import Breakdown
from pickletable.bots.settings import parse_settings
from pickletable.core.agents import Agent
from pickletable.core.game import GameDefinition
from pickletable.core.kit import GameKit, Lab, Medium, TerminalRenderer
from pickletable.core.match import random_policy, run_match
from pickletable.core.registry import KITS, available_games, find_kit, kit_for
from pickletable.envs.encoding import Encoding
from tests.contract.code_shape import PACKAGE

GAME_IDS = frozenset(available_games())
ALLOWED = {
    ("cli/terminal.py", "board"): "the prompt's command that shows the table again",
    ("envs/single.py", "card"): "the Gymnasium environment's documented default game",
}
"""Where a game id may be written outside games/: the word means something else, or the
public default of an API names one game (each with its reason)."""
DOM_ID = re.compile(r"""(?:getElementById|\bel)\(\s*$""")
"""A JavaScript literal passed to ``el(...)``/``getElementById(...)`` is a page element's id."""
JS_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")


@pytest.mark.parametrize("kit", KITS, ids=[kit.id for kit in KITS])
def test_every_factory_of_a_kit_returns_its_declared_type(kit: GameKit) -> None:
    definition = kit.definition()
    assert isinstance(definition, GameDefinition) and definition.id == kit.id
    assert kit_for(kit.id) is kit and find_kit(kit.id) is kit
    state = definition.new_game()
    assert isinstance(kit.encoding(state), Encoding)
    renderer = kit.renderer()
    assert isinstance(renderer, TerminalRenderer)
    view = definition.presenter.view(state, state.seats[0])
    Console(file=None, width=100, record=True, quiet=True).print(renderer.render(view))
    Console(file=None, width=100, record=True, quiet=True).print(renderer.status(view))
    medium = kit.medium()
    assert isinstance(medium, Medium) and callable(medium.choose)
    assert callable(medium.rollout_choose)
    for name, own in kit.bots.items():
        bot: Agent = own.build(parse_settings(name, [], own.words))
        assert isinstance(bot.name, str) and callable(bot.choose), name
    assert kit.bot_settings.hard in {*kit.bots, "ismcts"}
    lab = kit.lab()
    assert isinstance(lab, Lab)
    assert isinstance(lab.collector(state), Collector)
    assert isinstance(lab.figures(state), Figures)
    assert all(isinstance(table, Breakdown) for table in lab.breakdowns([]))
    assert all(isinstance(probe, Probe) for probe in kit.benchmarks.probes(0.0))
    assert kit.web_module.endswith(".js")
    assert (PACKAGE / "web" / "js" / "games" / kit.web_module).is_file()
    assert kit.exact is None or callable(kit.exact())


@pytest.mark.parametrize("kit", KITS, ids=[kit.id for kit in KITS])
def test_a_kit_collects_and_recaps_a_whole_game(kit: GameKit) -> None:
    state = kit.definition().new_game()
    start = state.clone()
    collector = kit.lab().collector(state)
    played = run_match(state, random_policy, random.Random(1), watcher=collector)
    summary = collector.finish(state, 0, 1, tuple("random" for _ in state.seats))
    assert isinstance(summary, GameSummary) and summary.winners
    assert all(isinstance(table, Breakdown) for table in kit.lab().breakdowns([summary]))
    recap = kit.recap(start, list(played.history))
    assert recap["over"] is True


def _outside_games(suffix: str) -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob(f"*{suffix}"))
        if "games" not in path.relative_to(PACKAGE).parts
    ]


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        if isinstance(node, ast.Module | ast.ClassDef):
            # An attribute's docstring: a string standing alone after an assignment.
            for before, after in zip(node.body, node.body[1:], strict=False):
                standing = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                if standing and isinstance(before, ast.Assign | ast.AnnAssign):
                    found.add(id(after.value))  # type: ignore[attr-defined]
    return found


def python_game_names(path: Path) -> list[str]:
    """Where a module's string constants (docstrings aside) are a game id."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = _docstrings(tree)
    return [
        f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and node.value in GAME_IDS
        and id(node) not in docstrings
        and (path.relative_to(PACKAGE).as_posix(), node.value) not in ALLOWED
    ]


def javascript_game_names(path: Path) -> list[str]:
    """Where a script's string literals (comments aside, page element ids aside) are a game id."""
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("*") else ""
        for match in JS_STRING.finditer(code):
            if match.group(2) in GAME_IDS and not DOM_ID.search(code[: match.start()]):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {match.group(0)}")
    return found


def test_no_python_module_outside_games_names_a_game() -> None:
    named = [hit for path in _outside_games(".py") for hit in python_game_names(path)]
    assert named == []


def test_no_script_outside_the_game_clients_names_a_game() -> None:
    named = [hit for path in _outside_games(".js") for hit in javascript_game_names(path)]
    assert named == []


def test_the_checks_find_a_game_name_and_pass_over_docstrings_and_element_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tests.contract.test_kits.PACKAGE", tmp_path)
    module = tmp_path / "module.py"
    module.write_text('"""Plays "slam"."""\nGAME = "slam"\n"""card"""\nX = {"card": 1}\n')
    assert python_game_names(module) == ["module.py:2: 'slam'", "module.py:4: 'card'"]
    script = tmp_path / "page.js"
    script.write_text('el("board").hidden = game !== "board"; // "card"\n')
    assert javascript_game_names(script) == ['page.js:1: "board"']
