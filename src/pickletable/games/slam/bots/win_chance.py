"""Each side's chance of winning a Slam game from the tokens held, for scoring a searched round.

A round's token matters by what it does to the chance of winning the game:
the third token wins outright, a token that keeps a rival on two matters
more than one at the start. The table assumes each round goes to each side
with the same chance (1 in the number of sides), which is what sides of
equal skill give, and is computed exactly by recursion over the tokens (for
games longer than `EXACT_UP_TO` tokens, on the tokens scaled down to that).

>>> round(win_chance((0, 0, 0), 0, 3), 4)
0.3333
>>> round(win_chance((2, 0, 0), 0, 3), 4), round(win_chance((0, 2, 0), 0, 3), 4)
(0.8025, 0.0988)
>>> win_chance((3, 1, 0), 0, 3)
1.0
"""

from __future__ import annotations

from functools import cache

EXACT_UP_TO = 8
"""The longest game (tokens to win) computed exactly; six players take a quarter second."""


def win_chance(tokens: tuple[int, ...], side: int, tokens_to_win: int) -> float:
    """The chance that `side` wins the game (each round equally likely to go to any side)."""
    if tokens_to_win > EXACT_UP_TO:
        scaled = tuple(count * EXACT_UP_TO // tokens_to_win for count in tokens)
        return win_chance(scaled, side, EXACT_UP_TO)
    held = tokens[side]
    if held >= tokens_to_win:
        return 1.0
    others = tuple(sorted(count for other, count in enumerate(tokens) if other != side))
    if others and others[-1] >= tokens_to_win:
        return 0.0
    return _chance(held, others, tokens_to_win)


@cache
def _chance(held: int, others: tuple[int, ...], tokens_to_win: int) -> float:
    """The side's chance with `held` tokens against rivals holding `others` (sorted)."""
    sides = len(others) + 1
    # This side takes the next round, or one rival does (a rival's last token scores 0).
    total = 1.0 if held + 1 >= tokens_to_win else _chance(held + 1, others, tokens_to_win)
    for index, count in enumerate(others):
        if count + 1 < tokens_to_win:
            total += _chance(held, _raised(others, index), tokens_to_win)
    return total / sides


def _raised(others: tuple[int, ...], index: int) -> tuple[int, ...]:
    """`others` with one rival's count raised by one, sorted again."""
    raised = list(others)
    raised[index] += 1
    return tuple(sorted(raised))
