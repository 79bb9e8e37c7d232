"""The card game in a terminal: your hand in melds, the piles, the table and the score.

It draws a seat's view (`CardPresenter.view`) and knows no rule: the verdict
on your hand ("complete", "2 cards loose") and its melds come from the
engine's solver, each card's special role and the words for a rally's end
from the presenter.

>>> import io
>>> from rich.console import Console
>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> _ = state.apply_text("show kitchen")
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render(GAME.presenter.view(state, 0)))
>>> "North serves" in console.export_text()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROLE_STYLES = {
    "smash": "bold magenta",
    "pickler": "bold green",
    "kitchen": "bold yellow",
    "dink_shot": "bold cyan",
}
"""Styles of the special cards, by the role the view gives each card."""


def render(observation: dict[str, Any]) -> RenderableType:
    """The table (score, seats, piles, the last rally in a line), your hand and the prompt.

    Four players with a full menu fit an 80x24 window (a test checks); the last
    rally's hands are in the log."""
    parts: list[RenderableType] = [_table(observation)]
    if observation["hand"]:
        parts.append(_hand(observation))
    parts.append(Text(observation["prompt"], style="bold"))
    return Group(*parts)


def status(observation: dict[str, Any]) -> RenderableType:
    """A few lines for a small window: the score, the piles, your hand and the prompt."""
    names = _names(observation)
    score = Text(f"Rally {observation['rally']}: ", style="bold")
    score.append_text(
        Text(", ").join(Text(f"{team['name']} {team['score']}") for team in observation["teams"])
    )
    score.append(f" (first to {observation['target']} by {observation['win_by']})")
    if observation["server"] is not None:
        score.append(f"; {names[observation['server']]} serves")
    lines: list[RenderableType] = [score]
    if observation["step"] == "first_server":
        lines.append(_first_server_cards(observation))
    else:
        table = Text("Cards: ", style="dim")
        table.append(", ".join(f"{seat['name']} {seat['cards']}" for seat in observation["seats"]))
        lines += [table, _piles(observation)]
    for seat in observation["seats"]:
        shown = _on_table(observation, seat)
        if shown:
            lines.append(Text(f"{seat['name']} ", style="bold") + shown)
    if observation["final_lap"] and observation["final_turns_left"]:
        lines.append(
            Text(f"Final turns: {observation['final_turns_left']} left", style="bold yellow")
        )
    if observation["hand"]:
        hand = Text("Your hand: ", style="bold")
        if observation["verdict"]["melds"]:
            hand.append_text(_melds(observation))
        else:
            hand.append_text(cards_text(observation, observation["hand"]))
        lines.append(hand)
        lines.append(Text("  ") + _verdict(observation))
    lines.append(Text(observation["prompt"], style="bold"))
    return Group(*lines)


# --- pieces --------------------------------------------------------------------
def card_text(observation: dict[str, Any], card: str, stands_for: int | None = None) -> Text:
    """One card by its title; a wild shows the number it stands for."""
    info = observation["deck"].get(card, {})
    title = info.get("title", card)
    if stands_for is not None and info.get("wild"):
        title = f"{title}={stands_for}"
    return Text(title, style=ROLE_STYLES.get(info.get("special") or "", "bold"))


def cards_text(observation: dict[str, Any], cards: list[str]) -> Text:
    """Cards separated by spaces."""
    return Text(" ").join(card_text(observation, card) for card in cards)


def _names(observation: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["name"] for seat in observation["seats"]}


def _title(observation: dict[str, Any]) -> str:
    """``Rally 2 — to 11 by 2 — North 0, South 1``."""
    scores = ", ".join(f"{team['name']} {team['score']}" for team in observation["teams"])
    return (
        f"Rally {observation['rally']} — to {observation['target']} by "
        f"{observation['win_by']} — {scores}"
    )


def _table(observation: dict[str, Any]) -> RenderableType:
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("Seat")
    table.add_column("Cards", justify="right")
    table.add_column("On the table")
    for seat in observation["seats"]:
        label = Text(seat["name"], style="bold")
        if observation["turn"] == seat["seat"]:
            label.append(" ◀", style="bold yellow")
        table.add_row(label, str(seat["cards"]), _on_table(observation, seat))
    title = _title(observation)
    if observation["step"] == "first_server":
        return Panel(
            Group(table, _first_server_cards(observation)), title=title, border_style="blue"
        )
    piles = _piles(observation)
    names = _names(observation)
    if observation["server"] is not None:
        piles.append(f"   {names[observation['server']]} serves")
    parts: list[RenderableType] = [table, piles]
    if observation["final_lap"]:
        parts.append(
            Text(f"Final turns: {observation['final_turns_left']} left", style="bold yellow")
        )
    if observation["last_rally"] is not None:
        parts.append(_last_rally(observation))
    return Panel(Group(*parts), title=title, border_style="blue")


def _first_server_cards(observation: dict[str, Any]) -> Text:
    names = _names(observation)
    shown = Text("Dealt face up for the first server: ")
    shown.append(
        Text(", ").join(
            Text(f"{names[item['seat']]} ") + card_text(observation, item["card"])
            for item in observation["first_server_cards"]
        )
        or Text("nothing yet")
    )
    return shown


def _piles(observation: dict[str, Any]) -> Text:
    drawn = observation["draw_count"]
    piles = Text(f"Draw pile: {drawn} card{'' if drawn == 1 else 's'}")
    if observation["reshuffles"]:
        piles.append(f" (made again {observation['reshuffles']}×)")
    piles.append("   Discard pile: ")
    if observation["discard_top"] is None:
        piles.append("empty")
    else:
        piles.append_text(card_text(observation, observation["discard_top"]))
        count = observation["discard_count"]
        piles.append(" (the only card)" if count == 1 else f" on top ({count} cards)")
    return piles


def _on_table(observation: dict[str, Any], seat: dict[str, Any]) -> Text:
    if seat["laid_down"]:
        line = Text("laid down: ")
        line.append_text(cards_text(observation, seat["hand"]))
        verdict = seat["verdict"]
        line.append(f" ({verdict['summary']}{', Dink Shot' if verdict['dinks'] else ''})")
        return line
    if seat["known"]:
        line = Text("took from the discard pile: ", style="dim")
        line.append_text(cards_text(observation, seat["known"]))
        return line
    return Text("")


def _hand(observation: dict[str, Any]) -> RenderableType:
    """Your hand as the solver splits it (every card is in a meld, free or loose)."""
    me = _names(observation)[observation["seat"]]
    hand = Text(f"Your hand — {me}: ", style="bold magenta")
    hand.append_text(_melds(observation))
    return Group(hand, Text("  ") + _verdict(observation))


def _melds(observation: dict[str, Any]) -> Text:
    """The hand as the solver splits it: melds, the free card, the loose cards."""
    verdict = observation["verdict"]
    grouped = Text()
    melds = [
        Text("[")
        + Text(" ").join(card_text(observation, c["card"], c["as"]) for c in meld["cards"])
        + Text("]")
        for meld in verdict["melds"]
    ]
    grouped.append_text(Text("  ").join(melds) if melds else Text("none"))
    if verdict["free"] is not None:
        grouped.append("  free: ")
        grouped.append_text(card_text(observation, verdict["free"]))
    if verdict["loose_cards"]:
        grouped.append("  loose: ")
        grouped.append_text(cards_text(observation, verdict["loose_cards"]))
    return grouped


def _verdict(observation: dict[str, Any]) -> Text:
    """The hand's verdict and which discards would lay it down."""
    verdict = observation["verdict"]
    status = Text(verdict["summary"], style="bold green" if verdict["complete"] else "bold red")
    if verdict["can_lay_down"] and len(observation["hand"]) == observation["hand_size"]:
        status.append("  — may be laid down", style="green")
    lay = observation["lay_down_after"]
    if lay:
        others = [c for c in dict.fromkeys(observation["hand"]) if c not in lay]
        if len(lay) > 3 and not others:
            status.append("  — discard any card to lay down", style="green")
        elif len(lay) > 3:
            status.append("  — discard any card but ", style="green")
            status.append_text(Text(" or ").join(card_text(observation, c) for c in others))
            status.append(" to lay down", style="green")
        else:
            status.append("  — discard ", style="green")
            status.append_text(Text(" or ").join(card_text(observation, c) for c in lay))
            status.append(" to lay down", style="green")
    return status


def _last_rally(observation: dict[str, Any]) -> Text:
    """The last rally in a line or two: each team's points and why, and the serve."""
    summary = observation["last_rally"]
    names = _names(observation)
    team_names = {team["team"]: team["name"] for team in observation["teams"]}
    hands = {hand["seat"]: hand for hand in summary["hands"]}
    line = Text(f"Rally {summary['rally']} scored ({summary['ended_text']}): ", style="yellow")
    teams = []
    for team in summary["teams"]:
        best = hands[team["best"]]
        why = ", ".join(f"{reason['points']} for {reason['label']}" for reason in best["reasons"])
        points = f"{team_names[team['team']]} {team['points']}"
        teams.append(f"{points} ({names[best['seat']]}: {why})" if team["points"] else points)
    line.append("; ".join(teams) + ". " + summary["serve_text"])
    return line
