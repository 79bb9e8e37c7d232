"""The board game in a terminal: the court with each player's skill track, cards and dice.

It draws a seat's view (`BoardPresenter.view`) and knows no rule. The whole
board of a doubles game at the advanced level, with a menu of five moves,
fits an 80x24 window (a test checks).

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
    """Court (with the skill tracks), cards and the last roll, as one Rich group."""
    parts: list[RenderableType] = [_court(observation)]
    if observation["level"] == "advanced":
        parts.append(_cards(observation))
    parts.append(_dice_and_card(observation))
    parts.append(Text(observation["prompt"], style="bold"))
    return Group(*parts)


def status(observation: dict[str, Any]) -> RenderableType:
    """A few lines for a small window: skill, the serve, the shot to answer, the cards in play."""
    seats = {seat["seat"]: seat for seat in observation["seats"]}
    lines: list[RenderableType] = [_skill_line(observation, seats)]
    rally = observation["rally"]
    answer = rally["to_answer"]
    if rally["hitter"] is not None and answer is not None and answer["face"]:
        shot = Text("Shot to answer: ")
        shot.append(f" {answer['face'].capitalize()} ", style="reverse")
        shot.append(" (from a Skill Card)" if answer["via"] == "skill" else " (rolled)")
        lines.append(shot)
    elif rally["hitter"] is not None and rally["hit"] > 1:
        lines.append(_dice(observation))  # at a serve the dice show the last rally
    acting = seats.get(observation["to_act"])
    if observation["level"] == "advanced" and acting is not None:
        character = acting["character"]
        if character:  # what the cards below are worth to this player (on screen at 80x24)
            shots = Text(f"{acting['name']}'s shots: ", style=_style(acting))
            shots.append(f"Nice {character['nice'].capitalize()} · ")
            shots.append(f"Bad {character['bad'].capitalize()}")
            lines.append(shots)
        for kind, key in (("Skill", "skill_cards"), ("Strategy", "strategy_cards")):
            cards = Text(f"{acting['name']}'s {kind} Cards: ", style=_style(acting))
            cards.append(" ".join(f"[{c['label']}]" for c in acting[key]) or "none")
            lines.append(cards)
    lines.append(Text(observation["prompt"], style="bold"))
    return Group(*lines)


def _skill_line(observation: dict[str, Any], seats: dict[int, dict[str, Any]]) -> Text:
    """Each player's skill, teams side by side in doubles, and who serves."""
    teams: dict[int, list[dict[str, Any]]] = {}
    for seat in observation["seats"]:
        teams.setdefault(seat["team"], []).append(seat)
    doubles = any(len(members) > 1 for members in teams.values())
    line = Text("Skill: ", style="bold")
    line.append_text(
        Text(" v " if doubles else ", ").join(
            Text(" & ").join(
                Text(seat["name"], style=_style(seat)) + Text(f" {seat['skill']:.1f}")
                for seat in members
            )
            for members in teams.values()
        )
    )
    target = f"{observation['target']:.1f}"
    line.append(f" (both to {target})" if doubles else f" (to {target})")
    server = seats.get(observation["server"])
    if server is not None:
        line.append("; ").append(server["name"], style=_style(server)).append(" serves")
        if observation["stanchion_rule"] and not observation["stanchion_placed"]:
            line.append(" (no stanchion yet)")
    return line


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
        title=f"Court — {mode}, {level} — skill to {observation['target']:.1f}",
        border_style="green",
        width=COURT_WIDTH,
    )


def _spot(observation: dict[str, Any], seat: dict[str, Any] | None) -> RenderableType:
    if seat is None:
        return Text("")
    text = Text(seat["name"], style=_style(seat))
    character = seat["character"]
    if character:
        text.append(f" · {character['name']}")
        if observation["level"] == "advanced":
            text.append(
                f"\nNice {character['nice'].capitalize()} · Bad {character['bad'].capitalize()}",
                style="dim",
            )
    text.append("\n").append_text(_track(observation, seat))
    marks = []
    if observation["server"] == seat["seat"]:
        marks.append("serving")
        if observation["stanchion_rule"]:
            marks.append(
                "stanchion placed" if observation["stanchion_placed"] else "no stanchion yet"
            )
    if not seat["serves"]:
        marks.append("done: no longer serves")
    if observation["rally"]["hitter"] == seat["seat"]:
        marks.append("● to hit")
    if marks:  # on the track's line while they fit; the cell wraps them otherwise
        text.append(" · " + " · ".join(marks), style="bold green")
    return text


def _track(observation: dict[str, Any], seat: dict[str, Any]) -> Text:
    """A seat's skill on the track (the court's title says the target): ``███······· 1.5``."""
    target = observation["target"]
    space = observation["space"]
    spaces = round(target / space)
    filled = round(seat["skill"] / space)
    bar = Text("█" * filled, style=_style(seat)).append("·" * (spaces - filled), style="dim")
    return bar.append(f" {seat['skill']:.1f}")


def _cards(observation: dict[str, Any]) -> RenderableType:
    """The cards in front of each player (all face up), one line a player."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("Cards")
    table.add_column("Skill Cards", no_wrap=True)
    table.add_column("Strategy Cards", no_wrap=True)
    for seat in observation["seats"]:
        table.add_row(
            Text(seat["name"], style=_style(seat)),
            " ".join(f"[{c['label']}]" for c in seat["skill_cards"]) or "-",
            " ".join(f"[{c['label']}]" for c in seat["strategy_cards"]) or "-",
        )
    return table


def _dice(observation: dict[str, Any]) -> Text:
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
    return line


def _dice_and_card(observation: dict[str, Any]) -> RenderableType:
    line = _dice(observation)
    card = observation["play_card"]
    if card:
        line.append(f"\nLast Play Card: {card['text']}", style="italic")
    return line
