"""The board game in a terminal: the court, the skill track, cards and dice.

It draws a seat's view (`BoardPresenter.view`) and knows no rule.

>>> import io
>>> from rich.console import Console
>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou", "roll yellow"]:
...     _ = state.apply_text(text)
>>> console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
>>> console.print(render(GAME.presenter.view(state, None)))
>>> "Yellow to serve" in console.export_text()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

STYLES = {"blue": "bold blue", "red": "bold red", "yellow": "bold yellow", "black": "bold white"}
# Court corners, seen from above: seats go clockwise from the near right.
NEAR_SIDE = (1, 0)
FAR_SIDE = (2, 3)
COURT_WIDTH = 78
"""The court is drawn this wide at most (a narrower screen gets a narrower court), so
the players stand over the halves of the net rather than at the far edges of a wide screen."""


def render(observation: dict[str, Any]) -> RenderableType:
    """Court, skill track, cards and the last roll, as one Rich group."""
    parts: list[RenderableType] = [_court(observation), _track(observation)]
    if observation["level"] == "advanced":
        parts.append(_cards(observation))
    parts.append(_dice_and_card(observation))
    parts.append(Text(observation["prompt"], style="bold"))
    return Group(*parts)


def _style(seat: dict[str, Any]) -> str:
    return STYLES.get(seat["colour"], "bold")


def _court(observation: dict[str, Any]) -> RenderableType:
    seats = {s["seat"]: s for s in observation["seats"]}

    def side(corners: tuple[int, int]) -> Table:
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(ratio=1, justify="center")
        grid.add_column(ratio=1, justify="center")
        grid.add_row(*[_spot(observation, seats.get(s)) for s in corners])
        return grid

    net = Rule(" NET ", characters="━", style="bold dim")
    level = observation["level"].capitalize()
    mode = "Doubles" if len(seats) == 4 else "Singles"
    return Panel(
        Group(side(FAR_SIDE), net, side(NEAR_SIDE)),
        title=f"Court — {mode}, {level}",
        border_style="green",
        width=COURT_WIDTH,
    )


def _spot(observation: dict[str, Any], seat: dict[str, Any] | None) -> RenderableType:
    if seat is None:
        return Text("")
    text = Text(seat["name"], style=_style(seat))
    character = seat["character"]
    if character:
        text.append(f"\n{character['name']}")
        if observation["level"] == "advanced":
            text.append(
                f"\nNice {character['nice'].capitalize()} · Bad {character['bad'].capitalize()}",
                style="dim",
            )
    text.append(f"\nskill {seat['skill']:.1f}")
    marks = []
    if observation["server"] == seat["seat"]:
        marks.append("serving")
        if observation["stanchion_rule"]:
            marks.append(
                "stanchion placed" if observation["stanchion_placed"] else "no stanchion yet"
            )
    if not seat["serves"]:
        marks.append("done: no longer serves")
    if marks:
        text.append("\n" + " · ".join(marks), style="bold green")
    if observation["rally"]["hitter"] == seat["seat"]:
        text.append("\n● ball: to hit", style="bold green")
    return text


def _track(observation: dict[str, Any]) -> RenderableType:
    target = observation["target"]
    space = observation["space"]
    spaces = round(target / space)
    table = Table.grid(padding=(0, 1))
    table.add_column(min_width=7)
    table.add_column()
    table.add_column(justify="right")
    for seat in observation["seats"]:
        filled = round(seat["skill"] / space)
        bar = Text("█" * filled, style=_style(seat)).append("·" * (spaces - filled), style="dim")
        table.add_row(
            Text(seat["name"], style=_style(seat)), bar, f"{seat['skill']:.1f} / {target:.1f}"
        )
    return Panel(table, title="Skill track", border_style="cyan", width=COURT_WIDTH)


def _cards(observation: dict[str, Any]) -> RenderableType:
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("")
    table.add_column("Skill Cards")
    table.add_column("Strategy Cards")
    for seat in observation["seats"]:
        table.add_row(
            Text(seat["name"], style=_style(seat)),
            "  ".join(f"[{c['label']}]" for c in seat["skill_cards"]) or "-",
            "  ".join(f"[{c['label']}]" for c in seat["strategy_cards"]) or "-",
        )
    return Panel(table, title="Cards (face up)", border_style="magenta", width=COURT_WIDTH)


def _dice_and_card(observation: dict[str, Any]) -> RenderableType:
    dice = observation["dice"]
    line = Text("Last roll: ")
    if dice["outcome"] is None:
        line.append("not rolled yet", style="dim")
    else:
        line.append(f" {dice['outcome'].upper()} ", style="reverse bold")
        if dice["hit"]:
            line.append("  ").append(f" {dice['hit'].capitalize()} ", style="reverse")
    rally = observation["rally"]
    if rally["hitter"] is not None:
        line.append(f"    rally: hit {rally['hit']}")
    card = observation["play_card"]
    if card:
        line.append(f"\nLast Play Card: {card['text']}", style="italic")
    return line
