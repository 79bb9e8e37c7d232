"""What one seat may know of a Slam game, as a lean typed value for bots and learning.

Public to every seat: the table (players, teams, tokens), the phase and
step, who is asked, every count (hands, discard piles, stack), the centre
pile, the number to follow and who is still in. A seat also sees its own
hand, its own face-down discards, the card it just drew, and the cards it
knows in other hands (`knowledge`). The deck's card facts (kind and number
of each code) come with it, so a bot never reads meaning into a card code.
No words: the presenter builds a client's view on top of this.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["switch-4", "1"], ["4"], ["5"]], leader=0)
>>> seen = state.observe(0)
>>> seen.hand, seen.hand_counts, seen.may_follow
(('1', 'switch-4'), (2, 1, 1), (1, 2, 3, 4, 5))
>>> seen.card("switch-4").number, seen.card("switch-4").kind
(4, 'switch')
>>> state.observe(None).hand
()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pickletable.core.state import Outcome
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.content import CardInfo, SlamContent
from pickletable.games.slam.playing import may_follow
from pickletable.games.slam.position import SlamPosition


@dataclass(frozen=True, slots=True)
class SlamObservation:
    """One seat's knowledge of a Slam game (`seat` None: a spectator, who sees no hand)."""

    game: ClassVar[str] = "slam"

    seat: int | None
    players: int
    doubles: bool
    teams: tuple[tuple[int, ...], ...] | None
    """Doubles: the seats of each team (seats 1-2 against 3-4); otherwise None."""
    round: int
    dealer: int
    phase: Phase
    step: Step
    current_player: int | None
    hand_counts: tuple[int, ...]
    discard_counts: tuple[int, ...]
    stack_count: int
    centre: tuple[str, ...]
    """The centre pile, bottom first (its top card is the last)."""
    last_number: int | None
    may_follow: tuple[int, ...]
    inside: tuple[int, ...]
    """The seats still in the round."""
    duel: tuple[int, int] | None
    last_player: int | None
    starter: int | None
    """PLAY phase: whose PLAY card started it."""
    pending: str | None
    """The twist card (on top of the centre) whose player is choosing its target."""
    draw_turns: int | None
    """DRAW phase: turns taken so far."""
    lap_limit: int
    tokens: tuple[int, ...]
    """Each seat's side's tokens."""
    tokens_to_win: int
    outcome: Outcome | None
    hand: tuple[str, ...]
    """The seat's own cards, in display order (one entry per copy)."""
    discards: tuple[str, ...]
    """The seat's own face-down discards."""
    drawn: str | None
    """The card the seat just drew and has yet to keep or discard."""
    known_hands: dict[int, tuple[str, ...]]
    """Cards the seat knows other seats hold, by holder."""
    deck: SlamContent
    """The deck being played: each card code's kind and number."""

    def card(self, code: str) -> CardInfo:
        """A card's facts (kind, number, title) by its code."""
        return self.deck.cards[code]

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of `seat`'s side: its team in doubles, else itself."""
        for team in self.teams or ():
            if seat in team:
                return team
        return (seat,)

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON-safe data (card facts are the client view's business)."""
        outcome = self.outcome
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "doubles": self.doubles,
            "teams": [list(team) for team in self.teams] if self.teams else None,
            "round": self.round,
            "dealer": self.dealer,
            "phase": str(self.phase),
            "step": str(self.step),
            "current_player": self.current_player,
            "hand_counts": list(self.hand_counts),
            "discard_counts": list(self.discard_counts),
            "stack_count": self.stack_count,
            "centre": list(self.centre),
            "last_number": self.last_number,
            "may_follow": list(self.may_follow),
            "in": list(self.inside),
            "duel": list(self.duel) if self.duel else None,
            "last_player": self.last_player,
            "starter": self.starter,
            "pending": self.pending,
            "draw_turns": self.draw_turns,
            "lap_limit": self.lap_limit,
            "tokens": list(self.tokens),
            "tokens_to_win": self.tokens_to_win,
            "outcome": outcome.to_json() if outcome else None,
            "hand": list(self.hand),
            "discards": list(self.discards),
            "drawn": self.drawn,
            "known_hands": {str(holder): list(cards) for holder, cards in self.known_hands.items()},
        }


def observe(state: SlamPosition, seat: int | None, *, lean: bool = False) -> SlamObservation:
    """What `seat` may know of `state` (`None`: a spectator).

    `lean` keeps only what the rules of thumb read in a search's rollout, cheap
    enough to build at every step: the table, the phase and step, who is
    asked, the hand counts, the number to follow, who is in, the duel, the
    twist pending, the seat's hand (in no particular order: the rules count
    and pick from it) and the card it drew. The other fields are left empty.

    >>> from pickletable.games.slam import GAME
    >>> state = GAME.new_game(3)
    >>> seen, lean = observe(state, 0), observe(state, 0, lean=True)
    >>> lean.hand_counts == seen.hand_counts, sorted(lean.hand) == sorted(seen.hand)
    (True, True)
    >>> lean.stack_count, lean.tokens
    (0, ())
    """
    rules = state.rules
    n = rules.players
    phase = state.phase
    full = not lean
    hand: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    drawn = None
    known: dict[int, tuple[str, ...]] = {}
    if seat is not None:
        held = state.hands[seat]
        drawn = state.drawn if state.step == Step.DISCARD and state.receiver == seat else None
        if lean:
            hand = tuple(code for code, copies in held.items() for _ in range(copies))
        else:
            hand = _cards(rules.deck, held)
            discards = _cards(rules.deck, state.discards[seat])
            known = {
                holder: cards
                for (viewer, holder), cards in sorted(state.known.items())
                if viewer == seat
            }
    return SlamObservation(
        seat=seat,
        players=n,
        doubles=rules.doubles,
        teams=rules.teams,
        round=state.round,
        dealer=state.dealer,
        phase=phase,
        step=state.step,
        current_player=state.actor,
        hand_counts=tuple(state.sizes),
        discard_counts=tuple(state.discard_sizes) if full else (),
        stack_count=len(state.stack) if full else 0,
        centre=tuple(state.centre) if full else (),
        last_number=state.last_number,
        may_follow=tuple(may_follow(state)) if full else (),
        inside=tuple(player for player, inside in enumerate(state.inside) if inside),
        duel=state.duel,
        last_player=state.last_player,
        starter=state.starter if full and phase == Phase.PLAY else None,
        pending=state.pending,
        draw_turns=state.draw_turns if full and phase == Phase.DRAW else None,
        lap_limit=rules.lap_limit,
        tokens=tuple(state.tokens[rules.unit_of(player)] for player in range(n)) if full else (),
        tokens_to_win=rules.tokens_to_win,
        outcome=state.outcome if full else None,
        hand=hand,
        discards=discards,
        drawn=drawn,
        known_hands=known,
        deck=rules.deck,
    )


def _cards(deck: SlamContent, cards: dict[str, int]) -> tuple[str, ...]:
    """One entry per copy, in display order."""
    return tuple(code for code in deck.in_order(cards) for _ in range(cards[code]))
