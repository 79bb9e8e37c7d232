"""``pickletable hand "3 3 3 5 6 7 smash"``: is a hand complete, how it splits, what it is worth.

>>> import io
>>> from rich.console import Console
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(hand_report("3 3 3 5 6 7 smash"))
>>> print(console.export_text().strip())
Hand: 3 3 3 5 6 7 Smash
Complete.
Split: [3 3 3]  [5 6 7 Smash=8]
Value laid down by the serving team: 1 (complete 1).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from pickletable.games.card import GAME
from pickletable.games.card.cards import parse_hand
from pickletable.games.card.content import CardDeck
from pickletable.games.card.solver import solver_for


def hand_json(text: str, deck: CardDeck | None = None) -> dict[str, Any]:
    """The verdict on a typed hand as data (``hand --json``).

    >>> hand_json("3 3 3 5 6 7 smash")["melds"]
    [{'kind': 'set', 'cards': [['3', 3], ['3', 3], ['3', 3]]}, \
{'kind': 'straight', 'cards': [['5', 5], ['6', 6], ['7', 7], ['smash', 8]]}]
    """
    deck = deck or CardDeck.from_data(GAME.default_content().data)
    verdict = solver_for(deck.lowest, deck.highest).verdict(parse_hand(text, deck))
    return {
        "cards": list(verdict.cards),
        "complete": verdict.complete,
        "summary": verdict.summary,
        "melds": [
            {"kind": meld.kind, "cards": [[card, number] for card, number in meld.cards]}
            for meld in verdict.melds
        ],
        "free": verdict.free,
        "loose": list(verdict.loose_cards),
        "dinks": verdict.dinks,
        "picklers": verdict.picklers,
        "can_lay_down": verdict.can_lay_down,
        "value_serving": verdict.value(serving=True) if verdict.can_lay_down else 0,
    }


def hand_report(text: str, deck: CardDeck | None = None) -> RenderableType:
    """The verdict on a typed hand (default deck unless one is given).

    Raises `CardNameError` or `HandError` (both `PickletableError`) for a
    hand that cannot be read, naming the allowed cards.
    """
    deck = deck or CardDeck.from_data(GAME.default_content().data)
    cards = parse_hand(text, deck)
    verdict = solver_for(deck.lowest, deck.highest).verdict(cards)

    def title(card: str, stands_for: int | None = None) -> str:
        name = deck.title(card)
        return (
            f"{name}={stands_for}"
            if stands_for is not None and card in ("smash", "pickler")
            else name
        )

    lines = [Text("Hand: " + " ".join(title(c) for c in verdict.cards), style="bold")]
    if verdict.complete:
        lines.append(Text("Complete.", style="bold green"))
    else:
        lines.append(Text(f"Not complete: {verdict.summary}.", style="bold red"))
    split = "  ".join(
        "[" + " ".join(title(c, n) for c, n in meld.cards) + "]" for meld in verdict.melds
    )
    label = "Split" if verdict.complete else "Best split"
    line = f"{label}: {split or 'no meld'}"
    if verdict.free:
        line += f"  free: {title(verdict.free)}"
    if verdict.loose_cards:
        line += "  loose: " + " ".join(title(c) for c in verdict.loose_cards)
    lines.append(Text(line))
    if verdict.can_lay_down:
        value = verdict.value(serving=True)
        whys = []
        if verdict.complete:
            whys.append("complete 1")
            if verdict.picklers:
                whys.append(f"Pickler{'s' * (verdict.picklers > 1)} {verdict.picklers}")
        if verdict.dinks:
            whys.append(f"Dink Shot{'s' * (verdict.dinks > 1)} {verdict.dinks}")
        lines.append(Text(f"Value laid down by the serving team: {value} ({', '.join(whys)})."))
    else:
        lines.append(Text("It may not be laid down (incomplete, no Dink Shot); it scores 0."))
    return Group(*lines)
