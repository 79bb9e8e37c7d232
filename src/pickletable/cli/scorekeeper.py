"""``pickletable score card``: the scorekeeper for a card game played with real cards.

Each rally the table answers two questions: who laid down (first first), and
the hands worth scoring (every laid-down hand, plus any hand holding a Dink
Shot, plus the serving team's complete hands). Typing ``undo`` at the first
question takes the last rally back, also after the winning rally (the game
ends only when the table says so); ``quit`` (or the end of input) stops.
Each answer is checked as soon as it is typed (a hand of the wrong size, a
card the deck does not have, a laid-down hand that could not go down): it
is refused with the reason and asked again, and nothing is scored until a
rally is typed right.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from pickletable.core.errors import PickletableError
from pickletable.games.card.scorekeeper import Scorekeeper, ScorekeepingError
from pickletable.games.card.scoring import RallyScore, ServeReason

Reader = Callable[[str], str | None]
"""Asks a question and returns the answer, or `None` at the end of input."""
Saver = Callable[[Scorekeeper], None]
"""Keeps the session after each change (``score --save FILE``)."""

WHY = {"dink": "Dink Shot", "complete": "complete hand", "pickler": "Pickler"}


def run_scorekeeper(
    keeper: Scorekeeper, read: Reader, console: Console, save: Saver | None = None
) -> None:
    """Ask for rallies until a team wins (and the table does not take it back) or it stops."""
    console.print(
        f"[bold]Card game scorekeeper[/]: {escape(keeper.team_name(0))} v "
        f"{escape(keeper.team_name(1))}, first to {keeper.target} by {keeper.win_by}."
    )
    console.print(
        "After each rally: name who laid down, first first (or [bold]none[/]), then type "
        "the hands that score; [bold]undo[/] takes a rally back, [bold]quit[/] stops."
    )
    while True:
        if keeper.winner is not None:
            if not _game_over(keeper, read, console):
                return
            if save is not None:
                save(keeper)
            continue
        _show_score(keeper, console)
        answer = read("Laid down, first first: ")
        if answer is None or answer.strip().lower() in ("quit", "exit"):
            console.print("Stopped. " + _score_line(keeper))
            return
        words = _names_in(keeper, answer)
        if [w.lower() for w in words] == ["undo"]:
            try:
                keeper.undo()
                console.print("Took the last rally back.")
            except PickletableError as error:
                console.print(f"[red]{escape(str(error))}[/]")
                continue
            if save is not None:
                save(keeper)
            continue
        try:
            laid = _players(keeper, words)
        except PickletableError as error:
            console.print(f"[red]{escape(str(error))}[/]")
            continue
        hands = _ask_hands(keeper, laid, read, console)
        if hands is None:
            console.print("Stopped. " + _score_line(keeper))
            return
        try:
            result = keeper.rally(laid, hands)
        except PickletableError as error:
            console.print(f"[red]{escape(str(error))}[/] Type the rally again.")
            continue
        _report(keeper, result, console)
        if save is not None:
            save(keeper)


def _game_over(keeper: Scorekeeper, read: Reader, console: Console) -> bool:
    """Say who won; whether the table took the last rally back (a mistyped hand)."""
    winner = keeper.winner
    assert winner is not None
    console.print(
        f"[bold green]{escape(keeper.team_name(winner))} won[/], "
        f"{keeper.scores[winner]} to {keeper.scores[1 - winner]}."
    )
    answer = read("Type undo to take that rally back, or press Enter to finish: ")
    if answer is None or answer.strip().lower() != "undo":
        return False
    keeper.undo()
    console.print("Took the last rally back.")
    return True


def _names_in(keeper: Scorekeeper, answer: str) -> list[str]:
    """The names in an answer: comma-separated, or one name with spaces, or words."""
    if "," in answer:
        return [part.strip() for part in answer.split(",") if part.strip()]
    text = answer.strip()
    known = {name.lower() for name in keeper.seat_names.values()}
    return [text] if text.lower() in known else text.split()


def _players(keeper: Scorekeeper, words: list[str]) -> list[str]:
    """The players named, by their names at this table, each once."""
    if not words:
        raise ScorekeepingError("name who laid down, first first, or say none")
    if [word.lower() for word in words] == ["none"]:
        return []
    names = [keeper.seat_names[keeper.seat_named(word)] for word in words]
    if len(set(names)) != len(names):
        raise ScorekeepingError("a player can lay down only once in a rally")
    return names


def _ask_hands(
    keeper: Scorekeeper, laid: list[str], read: Reader, console: Console
) -> dict[str, str] | None:
    """The hands to score: each laid-down player's, then any other that scores.

    Each line is checked as it is typed and asked again, with the reason,
    until it reads right.
    """
    hands: dict[str, str] = {}
    for name in laid:
        while True:
            text = read(f"{escape(name)}'s hand: ")
            if text is None:
                return None
            if _hand_is_right(keeper, name, text, laid=True, hands=hands, console=console):
                hands[name] = text
                break
    while True:
        text = read("Another hand that scores (NAME: cards), or Enter when done: ")
        if text is None:
            return None
        if not text.strip():
            return hands
        name, colon, cards = text.partition(":")
        if not colon:  # "Bob 1 2 3 ...": a name at the table, then the cards
            named = [
                n for n in keeper.seat_names.values() if text.lower().startswith(f"{n.lower()} ")
            ]
            if named:
                name, colon, cards = named[0], ":", text[len(named[0]) :]
        if not colon:
            example = next((n for n in keeper.seat_names.values() if n not in hands), name)
            console.print(
                f"[red]Write the player, a colon, then the cards: {escape(example)}: 1 2 3 ...[/]"
            )
            continue
        try:
            seat_name = keeper.seat_names[keeper.seat_named(name)]
        except PickletableError as error:
            console.print(f"[red]{escape(str(error))}[/]")
            continue
        if seat_name in hands:
            console.print(f"[red]{escape(seat_name)}'s hand is typed already.[/]")
            continue
        if _hand_is_right(keeper, seat_name, cards, laid=False, hands=hands, console=console):
            hands[seat_name] = cards


def _hand_is_right(
    keeper: Scorekeeper,
    name: str,
    text: str,
    *,
    laid: bool,
    hands: dict[str, str],
    console: Console,
) -> bool:
    """Check one typed hand at once; say what is wrong with it (the caller asks again)."""
    if ":" in text:
        console.print(
            f"[red]Type only the cards of {escape(name)}'s hand here, "
            f"without a name and colon: 1 2 3 ...[/]"
        )
        return False
    try:
        others = {other: keeper.check_hand(other, cards) for other, cards in hands.items()}
        keeper.check_hand(name, text, laid=laid, others=others)
    except PickletableError as error:
        console.print(f"[red]{escape(str(error))}.[/] Type the hand again.")
        return False
    return True


def _report(keeper: Scorekeeper, result: RallyScore, console: Console) -> None:
    for team in result.teams:
        best = team.best
        if best is None or not team.points:
            console.print(f"  {escape(keeper.team_name(team.team))}: no point")
            continue
        reasons = ", ".join(
            f"{WHY[reason.why]} {reason.points}" for reason in result.hand_of(best).reasons
        )
        console.print(
            f"  {escape(keeper.team_name(team.team))}: {team.points} "
            f"({escape(keeper.seat_names[best])}: {reasons})"
        )
    if result.serve_to is None:
        console.print(f"  Nobody laid down: {escape(keeper.server_name)} serves again.")
    else:
        why = (
            "the first Dink Shot laid down"
            if result.serve_reason == ServeReason.DINK
            else ("the first complete hand laid down")
        )
        console.print(f"  Serve to {escape(keeper.server_name)} ({why}).")


def _show_score(keeper: Scorekeeper, console: Console) -> None:
    console.print(f"\n[bold]Rally {len(keeper.history) + 1}[/]. {_score_line(keeper)}")


def _score_line(keeper: Scorekeeper) -> str:
    return (
        f"{escape(keeper.team_name(0))} {keeper.scores[0]}, "
        f"{escape(keeper.team_name(1))} {keeper.scores[1]}; "
        f"{escape(keeper.server_name)} serves."
    )
