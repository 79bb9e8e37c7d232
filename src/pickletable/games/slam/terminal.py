"""Pickleball Slam in a terminal: the table, the centre pile, your hand.

It draws a seat's view (`GAME.presenter.view`) and knows no rule: what may
follow the last number and who is still in come from the engine, and what a
card is (its kind, number, twist) from the view's card fields, never its code.

>>> import io
>>> from rich.console import Console
>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render(GAME.presenter.view(state, 0)))
>>> "Stack: 48 cards" in console.export_text()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

CENTRE_SHOWN = 6
"""How many cards of the centre pile are shown, top last."""

KIND_STYLES = {"draw": "bold red", "play": "bold green", "number": "bold"}
"""How a card's kind stands out; any other kind is a twist, in magenta."""

PHASE_TITLES = {"setup": "dealing", "draw": "DRAW phase", "play": "PLAY phase", "over": "game over"}


def render(observation: dict[str, Any]) -> RenderableType:
    """The players, the centre and the stack, your hand, and the prompt, as one Rich group."""
    parts: list[RenderableType] = [_players(observation), _centre(observation)]
    if observation["seat"] is not None:
        parts.append(_hand(observation))
    parts.append(Text(observation["prompt"], style="bold"))
    return Group(*parts)


def status(observation: dict[str, Any]) -> RenderableType:
    """A few lines for a small window: tokens, hands, the centre, your cards and the prompt."""
    names = observation["names"]
    phase = PHASE_TITLES.get(observation["phase"], observation["phase"])
    target = observation["tokens_to_win"]
    title = Text(f"Round {observation['round']}, {phase}", style="bold")
    title.append_text(_lap(observation))
    title.append(f" (first to {target} token{'' if target == 1 else 's'})")
    title.append(f"   Stack: {observation['stack_count']} cards")
    tokens = Text("Tokens: ", style="dim")
    tokens.append(
        ", ".join(
            f"{_team_name(observation, seat)} {observation['tokens'][seat]}"
            for seat in _token_holders(observation)
        )
    )
    hands = Text("Cards:  ", style="dim")
    inside = set(observation["in"])
    duel = observation["duel"] or []
    parts = []
    for seat, name in enumerate(names):
        part = Text(f"{name} {observation['hand_counts'][seat]}")
        if observation["current_player"] == seat:
            part.append(" ◀", style="bold yellow")
        words = _status(observation, seat, inside, duel, short=True)
        if words:
            part += Text(" (") + words + Text(")")
        parts.append(part)
    hands.append_text(Text(", ").join(parts))
    centre = _centre_lines(observation)[:-1]  # the stack is on the first line
    lines: list[RenderableType] = [title, tokens, hands, *centre]
    if observation["seat"] is not None:
        lines += _hand_lines(observation, mine="Your hand: ", empty_discards=False)
    lines.append(Text(observation["prompt"], style="bold"))
    return Group(*lines)


# --- pieces ----------------------------------------------------------------------
def card_text(observation: dict[str, Any], code: str) -> Text:
    """One card as it reads: ``4``, ``4 (SWITCH)``, ``DRAW``; twists and phase cards stand out."""
    card = observation["cards"].get(code)
    if card is None:
        return Text(f"[{code}]", style="bold")
    style = KIND_STYLES.get(card["kind"], "bold magenta")
    return Text(f"[{card['label']}]", style=style)


def cards_text(observation: dict[str, Any], codes: list[str]) -> Text:
    """Cards separated by spaces, or a dash for none."""
    if not codes:
        return Text("—", style="dim")
    return Text(" ").join(card_text(observation, code) for code in codes)


def tokens_shown(observation: dict[str, Any], seat: int) -> str:
    """A seat's tokens; in doubles a team's tokens, shown once on its first member's row."""
    if observation["doubles"]:
        for team in observation["teams"]:
            if seat in team and seat != team[0]:
                return ""
    return str(observation["tokens"][seat])


def _players(observation: dict[str, Any]) -> RenderableType:
    names = observation["names"]
    doubles = observation["doubles"]
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("Player")
    if doubles:
        table.add_column("Team")
    table.add_column("Hand", justify="right")
    table.add_column("Discards", justify="right")
    table.add_column("Tokens", justify="right")
    table.add_column("")
    inside = set(observation["in"])
    duel = observation["duel"] or []
    for seat, name in enumerate(names):
        label = Text(name, style="bold")
        if observation["current_player"] == seat:
            label.append(" ◀", style="bold yellow")
        row: list[RenderableType] = [label]
        if doubles:
            row.append("A" if seat in observation["teams"][0] else "B")
        row += [
            str(observation["hand_counts"][seat]),
            str(observation["discard_counts"][seat]),
            tokens_shown(observation, seat),
            _status(observation, seat, inside, duel),
        ]
        table.add_row(*row)
    phase = PHASE_TITLES.get(observation["phase"], observation["phase"])
    target = observation["tokens_to_win"]
    title = (
        f"Pickleball Slam — round {observation['round']}, {phase} — "
        f"first to {target} token{'' if target == 1 else 's'}"
    )
    return Panel(table, title=title, border_style="green")


def _status(
    observation: dict[str, Any],
    seat: int,
    inside: set[int],
    duel: list[int],
    *,
    short: bool = False,
) -> Text:
    """A seat's words: in the duel, in or out, dealer, you (`short`: only what stands out)."""
    words = []
    if observation["phase"] == "play":
        if seat in duel:
            words.append(("in the duel", "bold magenta"))
        elif seat not in inside:
            words.append(("out", "dim"))
        elif not short:
            words.append(("in", "green"))
    if observation["dealer"] == seat:
        words.append(("dealer", "dim"))
    if not short and observation["seat"] == seat:
        words.append(("you", "bold cyan"))
    return Text(", ").join(Text(word, style=style) for word, style in words)


def _centre(observation: dict[str, Any]) -> RenderableType:
    return Panel(Group(*_centre_lines(observation)), title="Table", border_style="blue")


def _centre_lines(observation: dict[str, Any]) -> list[Text]:
    centre = observation["centre"]
    shown = centre[-CENTRE_SHOWN:]
    line = Text("Centre: ")
    if len(centre) > len(shown):
        line.append(f"({len(centre) - len(shown)} below) ", style="dim")
    line.append_text(cards_text(observation, shown))
    lines = [line]
    if observation["phase"] == "play":
        follow = " or ".join(str(number) for number in observation["may_follow"])
        last = observation["last_number"]
        if observation["duel"] and last is not None and len(observation["may_follow"]) == 5:
            what = "the duel's answer may be any number"
        elif last is None:
            what = "no number yet: any number may lead"
        else:
            what = f"last number {last}: next may be {follow}"
        lines.append(Text(f"{what} (a DRAW card may always be played)", style="yellow"))
    stack = Text(f"Stack: {observation['stack_count']} cards")
    lap = _lap(observation)
    if lap:
        stack.append("   DRAW phase", style="dim").append_text(lap)
    lines.append(stack)
    return lines


def _lap(observation: dict[str, Any]) -> Text:
    """The DRAW phase's lap (" lap 2 of 5"), or nothing outside it."""
    if observation["phase"] != "draw" or observation["draw_turns"] is None:
        return Text("")
    laps = observation["draw_turns"] // len(observation["names"])
    return Text(f" lap {laps + 1} of {observation['lap_limit']}", style="dim")


def _hand(observation: dict[str, Any]) -> RenderableType:
    you = observation["names"][observation["seat"]]
    return Panel(Group(*_hand_lines(observation)), title=f"{you}'s cards", border_style="cyan")


def _hand_lines(
    observation: dict[str, Any], mine: str = "Hand: ", *, empty_discards: bool = True
) -> list[Text]:
    names = observation["names"]
    lines = [Text(mine) + cards_text(observation, observation["hand"])]
    if observation["drawn"] is not None:
        lines.append(Text("Drawn: ") + card_text(observation, observation["drawn"]))
    if observation["discards"] or empty_discards:
        lines.append(
            Text("Your discards (face down): ", style="dim")
            + cards_text(observation, observation["discards"])
        )
    for holder, cards in observation["known_hands"].items():
        lines.append(
            Text(f"You know {names[int(holder)]} holds: ", style="dim")
            + cards_text(observation, cards)
        )
    return lines


def _token_holders(observation: dict[str, Any]) -> list[int]:
    """The seats whose tokens count: every player, or a team's first member in doubles."""
    if observation["doubles"]:
        return [team[0] for team in observation["teams"]]
    return list(range(len(observation["names"])))


def _team_name(observation: dict[str, Any], seat: int) -> str:
    """A player's name, or in doubles the team's letter and its members."""
    names = observation["names"]
    if not observation["doubles"]:
        return str(names[seat])
    for letter, team in zip("AB", observation["teams"], strict=False):
        if seat in team:
            return f"team {letter} ({' & '.join(names[member] for member in team)})"
    return str(names[seat])
