"""Who sits where: the ``--seats`` convention shared by every command.

>>> from pickletable.core.seats import parse_seats
>>> [str(s) for s in parse_seats("human:Ann,bot:hard", 2)]
['human:Ann', 'bot:hard']
>>> [str(s) for s in parse_seats(None, 3)]
['human', 'bot:medium', 'bot:medium']
"""

from __future__ import annotations

from dataclasses import dataclass

from pickletable.core.errors import SeatError

BOT_LEVELS = ("easy", "medium", "hard")
DEFAULT_BOT_LEVEL = "medium"
LEARNED = "learned:"
"""``bot:learned:PATH``: a policy trained with `pickletable.envs`, loaded from PATH
(terminal and arena only: a server never opens a file a client names)."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a human (with an optional name) or a bot at a level."""

    kind: str
    level: str = ""
    name: str = ""

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.kind == "bot"

    def __str__(self) -> str:
        if self.is_bot:
            return f"bot:{self.level}"
        return f"human:{self.name}" if self.name else "human"


def parse_seat(text: str, *, learned: bool = False) -> SeatSpec:
    """Read one entry: ``human``, ``human:NAME``, ``bot`` or ``bot:easy|medium|hard``
    (and, with `learned`, ``bot:learned:PATH``)."""
    kind, colon, rest = text.strip().partition(":")
    kind = kind.lower()
    if colon and not rest.strip() and kind in ("human", "bot"):
        what = (
            "a name after human:, or just human"
            if kind == "human"
            else (f"a level after bot: ({', '.join(BOT_LEVELS)}), or just bot")
        )
        raise SeatError(f"seat {text!r}: write {what}")
    if kind == "human":
        return SeatSpec("human", name=rest.strip())
    if kind == "bot" and rest.strip().lower().startswith(LEARNED):
        path = rest.strip()[len(LEARNED) :].strip()
        if not learned:
            raise SeatError(f"seat {text!r}: learned bots are for the terminal and the arena")
        if not path:
            raise SeatError(f"seat {text!r}: write bot:learned:PATH (a policy .npz file)")
        return SeatSpec("bot", level=LEARNED + path)
    if kind == "bot":
        level = rest.strip().lower() or DEFAULT_BOT_LEVEL
        if level not in BOT_LEVELS:
            raise SeatError(f"seat {text!r}: bot level must be one of {', '.join(BOT_LEVELS)}")
        return SeatSpec("bot", level=level)
    raise SeatError(f"seat {text!r}: write human, human:NAME, bot or bot:easy|medium|hard")


def parse_seats(
    text: str | None, count: int, default_humans: int = 1, *, learned: bool = False
) -> list[SeatSpec]:
    """Read a comma-separated ``--seats`` list for a table of `count` seats.

    With no list, the first `default_humans` seats are humans and the rest bots
    (a negative `default_humans` makes every seat human).
    """
    if default_humans < 0:
        default_humans = count
    if text is None:
        return [SeatSpec("human") for _ in range(default_humans)] + [
            SeatSpec("bot", level=DEFAULT_BOT_LEVEL) for _ in range(count - default_humans)
        ]
    specs = [parse_seat(e, learned=learned) for e in text.split(",") if e.strip()]
    if len(specs) != count:
        raise SeatError(f"--seats lists {len(specs)} seats but this table has {count}")
    names = [spec.name for spec in specs if spec.name]
    folded = [name.casefold() for name in names]
    twice = next((name for name in names if folded.count(name.casefold()) > 1), None)
    if twice is not None:
        raise SeatError(f"two seats are named {twice!r}: give each person their own name")
    return specs
