"""The board game's `medium` rules of thumb read straight from a position, for rollouts.

`fast_medium(position, seat)` makes the same choice as
`pickletable.games.board.bots.heuristic.choose` (a test compares them over many
random positions of every variant) without building an observation per
move: the `hard` bot plays thousands of moves per decision with it.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced", "stanchion_rule": True})
>>> while state.current_player == -1:
...     _ = state.apply(state.legal_actions()[0])
>>> str(fast_medium(state, state.current_player))
'place stanchion'
"""

from __future__ import annotations

import random

from pickletable.core.actions import Action
from pickletable.games.board.codes import PLACE_STANCHION, ROLL, SERVE, Step
from pickletable.games.board.config import team_of
from pickletable.games.board.position import BoardPosition
from pickletable.games.board.rules import hit_actions


def fast_medium(position: BoardPosition, seat: int, rng: random.Random | None = None) -> Action:
    """`medium`'s action for `seat`, which must be the seat to act.

    `rng` is never drawn from (the rules of thumb choose alike every time): it
    makes this a rollout policy (`pickletable.core.match.Policy`).
    """
    step = position.step
    if step == Step.HIT:
        if position.hit_number < 3 or not position.rules.advanced:
            return ROLL
        return _hit(position, seat)
    if step == Step.SERVE:
        if position.rules.stanchion_rule and not position.stanchion:
            return PLACE_STANCHION
        return SERVE
    if step in (Step.CHOOSE_SERVER, Step.PLAY_TARGET):
        return _pick(position, seat, own_side=step == Step.CHOOSE_SERVER)
    return position.legal_actions()[0]


def _pick(position: BoardPosition, seat: int, *, own_side: bool) -> Action:
    """Own side: the server furthest behind; other side: the opponent furthest ahead."""
    team = team_of(seat)
    skill = position.skill

    def rank(target: int) -> tuple[bool, int]:
        mine = team_of(target) == team
        return (mine, -skill[target]) if own_side else (not mine, skill[target])

    verb = "server" if own_side else "target"
    return Action(verb, (position.rules.colour_of[max(position.targets, key=rank)],))


def _hit(position: BoardPosition, seat: int) -> Action:
    """Hit 3 on: see `pickletable.games.board.bots.heuristic`."""
    legal = hit_actions(position)
    if len(legal) == 1:
        return ROLL
    serving = position.server is not None and team_of(position.server) == team_of(seat)
    cards = position.rules.content.skill_cards
    skills = [(action, cards[action.args[0]]) for action in legal if action.verb == "skill"]
    if not serving:
        for action in legal:
            if action.verb == "strategy":
                return action
    for action, card in skills:
        if card.result == "ace":
            return action
    order = position.order
    following = order[(order.index(seat) + 1) % len(order)]
    bad = position.character_of(seat).bad
    nice = position.character_of(seat).nice
    following_bad = position.character_of(following).bad
    answered = {face for face in position.strategy_hand[following] if face != following_bad}
    best: Action | None = None
    best_rank = -1
    for action, card in skills:
        if card.result != "in" or card.shot == bad or card.shot in answered:
            continue
        rank = 2 if card.shot == nice else 1
        if rank > best_rank:
            best, best_rank = action, rank
    return best if best is not None else ROLL
