"""The last turn of a card rally, played exactly for the game.

Once every other hand is face up (in singles: the other seat has laid down)
and this seat plays the final turn of the lap, nothing is hidden that could
change the result but the next card of the draw pile. So each choice has an
exact value: the rally is scored as the rules score it (`score_rally`) for
every card the pile could give, and the new score and serve are valued by
the chance of winning the game from there (`card_win_chance`). Taking the
discard or drawing is decided by that value, averaged over the pile for a
draw; the discard (and laying down, which can only win the serve) by the
value of the hand kept.

`medium` takes the discard whenever it leaves fewer loose cards; on the last
turn that is a mistake unless the card completes the hand, since only a
complete hand (or a Dink Shot) scores and a draw might complete it.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> deal = "1 3 2 5 3 7 4 9 5 10 6 10 smash kitchen".split()  # South first
>>> for text in ["show kitchen", *[f"deal {card}" for card in deal], "flip 9"]:
...     _ = state.apply_text(text)
>>> for text in ["draw", "draw 8", "discard 8 lay"]:  # South lays down a complete hand
...     _ = state.apply_text(text)
>>> state.observe(0).hand, state.observe(0).discards
(('3', '5', '7', '9', '10', '10', 'kitchen'), ('9', '8'))
>>> view = AgentView(state, 0)
>>> is_last_turn(view.observed)
True
>>> str(last_turn_choice(view))  # an 8 cannot complete it; a drawn Dink Shot would score
'draw'
"""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.card.bots.win_chance import WinChance, win_chance
from pickletable.games.card.codes import Step
from pickletable.games.card.content import DINK
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.scoring import score_rally, winning_team
from pickletable.games.card.solver import HandSolver, solver_for


def is_last_turn(observed: CardObservation) -> bool:
    """Whether the seat to play has the rally's last turn with every other hand face up."""
    if observed.final_turns_left != 1 or observed.seat is None:
        return False
    return all(observed.face_up[seat] is not None for seat in observed.seats)


def last_turn_choice(view: AgentView[CardObservation]) -> Action:
    """The action of greatest game-winning chance on the rally's last turn (see the module)."""
    observed = view.observed
    judge = _LastTurn(observed)
    if observed.step == Step.TURN:
        return judge.turn(view.legal_actions)
    return judge.discard(view.legal_actions)


def last_turn_value(observed: CardObservation, legal: list[Action]) -> float | None:
    """The seat's team's chance of winning the game, its last turn played as
    `last_turn_choice` plays it: at its turn the better of the discard and a draw, after
    ``draw`` the mean over the pile, at its discard the best discard (`legal`: the seat's
    own moves, at its turn and discard). None when the pile is empty (a draw would turn the
    discards over first)."""
    judge = _LastTurn(observed)
    if observed.step == Step.DISCARD:
        return judge.discard_value(legal)
    drawing = judge.drawing()
    if drawing is None or observed.step != Step.TURN:
        return drawing
    take = next((action for action in legal if action.verb == "take"), None)
    return drawing if take is None else max(drawing, judge.taking(take))


class _LastTurn:
    """Values the hands the seat could end the rally with."""

    def __init__(self, observed: CardObservation) -> None:
        assert observed.seat is not None
        self.observed = observed
        self.seat = observed.seat
        deck = observed.deck
        self.solver: HandSolver = solver_for(deck.lowest, deck.highest)
        options = observed.options
        self.target = int(options["target_score"])
        self.win_by = int(options["win_by"])
        self.chance: WinChance = win_chance(len(observed.seats), self.target, self.win_by)
        self.team_of = {seat: observed.team_of(seat) for seat in observed.seats}
        self.team = self.team_of[self.seat]
        self.others = {
            seat: self.solver.sort(observed.face_up[seat] or ())
            for seat in observed.seats
            if seat != self.seat
        }
        self._values: dict[tuple[tuple[str, ...], bool], float] = {}

    def value(self, hand: tuple[str, ...], lay: bool) -> float:
        """The chance of winning the game if the rally ends with this (sorted) hand."""
        key = (hand, lay)
        found = self._values.get(key)
        if found is not None:
            return found
        observed = self.observed
        assert observed.server is not None
        hands = {**self.others, self.seat: hand}
        laid = [*observed.laid, self.seat] if lay else list(observed.laid)
        result = score_rally(self.solver, self.team_of, observed.server, hands, laid)
        scores = list(observed.scores)
        for team in result.teams:
            scores[team.team] += team.points
        won = winning_team(scores, self.target, self.win_by)
        if won is not None:
            value = 1.0 if won == self.team else 0.0
        else:
            to = result.serve_to
            serving = observed.serving_team if to is None else self.team_of[to]
            value = self.chance(scores[self.team], scores[1 - self.team], serving == self.team)
        self._values[key] = value
        return value

    def kept(self, eight: list[str], barred: str | None) -> float:
        """The best value of the seven cards kept from these eight (laying down when open)."""
        best = 0.0
        for card in set(eight):
            if card == barred:
                continue
            rest = list(eight)
            rest.remove(card)
            hand = self.solver.sort(rest)
            lay = DINK in hand or not self.solver.loose_sorted(hand)
            best = max(best, self.value(hand, lay))
        return best

    def turn(self, legal: list[Action]) -> Action:
        """Take the discard only if that is worth more than a draw from the pile."""
        draw = next(action for action in legal if action.verb == "draw")
        take = next((action for action in legal if action.verb == "take"), None)
        if take is None:
            return draw
        taking = self.taking(take)
        drawing = self.drawing()
        if drawing is None:
            return take
        return take if taking > drawing + 1e-12 else draw

    def taking(self, take: Action) -> float:
        """The value of taking the top discard (then keeping the best seven)."""
        observed = self.observed
        hand = list(observed.hand or ())
        top = take.args[0]
        barred = top if observed.options["no_discard_taken_card"] and top not in hand else None
        return self.kept([*hand, top], barred)

    def drawing(self) -> float | None:
        """The value of a draw: each card the pile could give, by its copies (None: empty)."""
        hand = list(self.observed.hand or ())
        pile = _unseen(self.observed)
        total = sum(pile.values())
        if not total:
            return None
        return sum(copies * self.kept([*hand, card], None) for card, copies in pile.items()) / total

    def discard_value(self, legal: list[Action]) -> float:
        """The value of the best discard (`discard` picks it)."""
        hand = self.observed.hand or ()
        best = 0.0
        for action in legal:
            rest = list(hand)
            rest.remove(action.args[0])
            best = max(best, self.value(self.solver.sort(rest), len(action.args) > 1))
        return best

    def discard(self, legal: list[Action]) -> Action:
        """The discard that leaves the best hand, laid down when that is open (it costs nothing)."""
        hand = self.observed.hand or ()
        best, best_value = legal[0], -1.0
        for action in legal:
            rest = list(hand)
            rest.remove(action.args[0])
            lays = len(action.args) > 1
            value = self.value(self.solver.sort(rest), lays) + (1e-9 if lays else 0.0)
            if value > best_value + 1e-12:
                best, best_value = action, value
        return best


def _unseen(observed: CardObservation) -> dict[str, int]:
    """Copies of each card the seat has not seen: with every other hand face up, the pile."""
    seen: dict[str, int] = {}
    cards = [*(observed.hand or ()), *observed.discards]
    for seat in observed.seats:
        if seat != observed.seat:
            cards += observed.face_up[seat] or observed.known[seat]
    for card in cards:
        seen[card] = seen.get(card, 0) + 1
    left = {card: copies - seen.get(card, 0) for card, copies in observed.deck.counts.items()}
    return {card: copies for card, copies in left.items() if copies > 0}
