"""Guessing the hidden hands of a card game from what their owners did: a particle filter.

The `hard` card bot searches determinisations drawn from this belief rather
than uniform deals (`CardState.resample`). A *particle* is one guess of every
hidden hand; its weight is how likely the other seats' observed moves are if
they held those hands, under a stochastic `medium` (`card_opponent_model`):

- at the start of a rally every particle deals the unseen cards at random;
- each turn of another seat, read from the seat's successive observations
  (`card_turns`), multiplies a particle's weight by the chance of taking or
  leaving the top discard, of the card discarded and of not laying down.
  After a draw the drawn card is unknown: the weight sums over every card
  the draw pile could have given, and the particle keeps one of them drawn
  in proportion (the filter's optimal proposal);
- the seat's own draw weighs each particle by the chance the draw pile held
  the card drawn;
- the particles are resampled when their effective number falls below half,
  and every particle is kept consistent with the observation (hand sizes,
  cards seen taken, cards seen elsewhere), a card it can no longer hold being
  dealt again at random.

It reads only the seat's observation (`AgentView.observed`) and builds each
determinisation from `AgentView.sample`, replacing the hidden hands and the
draw pile, so nothing of the true state is ever read. The filter lives in the
bot and is kept across that seat's decisions; a new rally or game starts it
afresh.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pickletable.bots.ismcts import Sampler
from pickletable.core.agents import AgentView
from pickletable.core.piles import Pile
from pickletable.core.state import GameState
from pickletable.games.card.bots.opponent_model import OpponentModel, insert, without
from pickletable.games.card.bots.turns import UNKNOWN, SeenTurn, turns_between
from pickletable.games.card.codes import Step
from pickletable.games.card.content import HAND_SIZE
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.solver import solver_for
from pickletable.games.card.state import CardState

PARTICLES = 256
"""Guesses kept per seat: enough for a 7-card hand shaped by a few turns, cheap to update."""

Hands = dict[int, tuple[str, ...]]


class CardBelief:
    """A particle filter over the hidden hands, for one seat (the `belief` hook of `ISMCTSBot`)."""

    def __init__(self, particles: int = PARTICLES) -> None:
        if particles < 1:
            raise ValueError(f"the belief needs at least one particle, not {particles}")
        self.size = particles
        self.hands: list[Hands] = []
        self.weights: list[float] = []
        self._last: CardObservation | None = None

    def __call__(self, view: AgentView[CardObservation], rng: random.Random) -> Sampler:
        """Take in the seat's new observation; return a sampler of determinisations."""
        observed = view.observed
        self.update(observed, rng)
        return self.sampler(view, observed)

    # --- reading the observations -------------------------------------------
    def update(self, observed: CardObservation, rng: random.Random) -> None:
        """Bring the particles up to this observation (the seat's own, at its decision)."""
        last = self._last
        if (
            last is None
            or not self.hands
            or last.seat != observed.seat
            or last.rally != observed.rally
            or last.scores != observed.scores
        ):
            self._start(observed, rng)
        elif last.step == Step.DISCARD and observed.step == Step.TURN:
            self._others_played(last, observed, rng)
        elif last.step == Step.TURN and observed.step == Step.DISCARD and observed.taken is None:
            self._own_draw(last, observed)
        self._repair(observed, rng)
        self._resample(rng)
        self._last = observed

    def chance(self, seat: int, cards: Sequence[str]) -> float:
        """The belief's chance that `seat` holds all of `cards` (for tests and studies)."""
        needed = Counter(cards)
        total = sum(self.weights)
        held = sum(
            weight
            for hands, weight in zip(self.hands, self.weights, strict=True)
            if not needed - Counter(hands.get(seat, ()))
        )
        return held / total if total else 0.0

    def _start(self, observed: CardObservation, rng: random.Random) -> None:
        """A fresh rally: deal the unseen cards, then replay the turns played before ours."""
        self.hands = [{} for _ in range(self.size)]
        self.weights = [1.0] * self.size
        seat = observed.seat
        if seat is None or observed.step != Step.TURN or observed.server is None:
            return
        seats = observed.seats
        first = observed.next_seat(observed.server)
        order = []
        while first != seat:
            order.append(first)
            first = observed.next_seat(first)
        dealt = observed.deck.size - HAND_SIZE * len(seats) - 1
        hand = observed.hand or ()
        empty: list[tuple[str, ...]] = [(), (), (), ()]
        turns = turns_between(
            [UNKNOWN],
            empty,
            order,
            observed.discards,
            observed.known,
            dealt - observed.draw_count,
            observed.laid,
        )
        if order and turns is None:
            return  # joined in the middle of a rally: the observation alone it is
        flip = turns[0].top if turns else observed.discards[0]
        pool = Counter(observed.deck.counts)
        pool.subtract([*hand, flip])
        others = [s for s in seats if s != seat]
        for hands in self.hands:
            cards = list(pool.elements())
            rng.shuffle(cards)
            for index, other in enumerate(others):
                chunk = cards[index * HAND_SIZE : (index + 1) * HAND_SIZE]
                hands[other] = solver_for(observed.deck.lowest, observed.deck.highest).sort(chunk)
        if turns:
            self._replay(turns, pool, observed, rng)

    def _others_played(
        self, last: CardObservation, observed: CardObservation, rng: random.Random
    ) -> None:
        seat = last.seat
        assert seat is not None
        mine = Counter(last.hand or ()) - Counter(observed.hand or ())
        if sum(mine.values()) != 1 or last.reshuffles != observed.reshuffles:
            return
        card = next(iter(mine))
        order = []
        other = observed.next_seat(seat)
        while other != seat:
            order.append(other)
            other = observed.next_seat(other)
        pile = [*last.discards, card]
        laid = [s for s in observed.laid if s not in last.laid]
        draws = last.draw_count - observed.draw_count
        turns = turns_between(
            pile, last.known, order, observed.discards, observed.known, draws, laid
        )
        if turns is None:
            return
        pool = Counter(observed.deck.counts)
        pool.subtract([*(observed.hand or ()), *pile])
        for s in last.laid:
            pool.subtract(last.face_up[s] or ())
        self._replay(turns, pool, last, rng)

    def _own_draw(self, last: CardObservation, observed: CardObservation) -> None:
        """Our draw came from the draw pile: likelier where the guess leaves it more copies."""
        drawn = Counter(observed.hand or ()) - Counter(last.hand or ())
        if sum(drawn.values()) != 1:
            return
        card = next(iter(drawn))
        copies = _available(last)[card]
        for index, hands in enumerate(self.hands):
            held = sum(hand.count(card) for hand in hands.values())
            self.weights[index] *= max(copies - held, 0)

    # --- the turns of the others --------------------------------------------
    def _replay(
        self,
        turns: list[SeenTurn],
        pool: Counter[str],
        observed: CardObservation,
        rng: random.Random,
    ) -> None:
        """Weigh (and move) every particle through the others' turns.

        `pool` holds the cards neither seen by the seat nor in any hidden hand
        before the first turn, plus the hidden hands (each particle takes its
        own out).
        """
        models = {turn.seat: _model_for(observed, turn.seat) for turn in turns}
        for index, hands in enumerate(self.hands):
            left = Counter(pool)
            for hand in hands.values():
                left.subtract(hand)
            weight = self.weights[index]
            for turn in turns:
                if turn.seat not in hands or not weight:
                    break
                weight *= _move(hands, left, turn, models[turn.seat], rng)
            self.weights[index] = weight

    # --- keeping the particles consistent -----------------------------------
    def _repair(self, observed: CardObservation, rng: random.Random) -> None:
        """Make every guess fit the observation; deal again what no longer fits."""
        if not sum(self.weights):
            self.weights = [1.0] * self.size
        seat = observed.seat
        hidden = [s for s in observed.seats if s != seat and s not in observed.laid]
        available = _available(observed)
        solver = solver_for(observed.deck.lowest, observed.deck.highest)
        for index, hands in enumerate(self.hands):
            left = Counter(available)
            fixed: Hands = {}
            missing = 0
            for other in hidden:
                known = observed.known[other]
                left.subtract(known)
                kept = list(known)
                need = observed.hand_sizes[other]
                for card in (Counter(hands.get(other, ())) - Counter(known)).elements():
                    if len(kept) < need and left[card] > 0:
                        kept.append(card)
                        left[card] -= 1
                fixed[other] = tuple(kept)
                missing += need - len(kept)
            if missing:
                spare = list(left.elements())
                rng.shuffle(spare)
                for other in hidden:
                    need = observed.hand_sizes[other] - len(fixed[other])
                    fixed[other] = (*fixed[other], *spare[:need])
                    spare = spare[need:]
            for other in hidden:
                fixed[other] = solver.sort(fixed[other])
            self.hands[index] = fixed

    def _resample(self, rng: random.Random) -> None:
        """Systematic resampling once the effective number of particles falls below half."""
        total = sum(self.weights)
        weights = [weight / total for weight in self.weights]
        effective = 1.0 / sum(weight * weight for weight in weights)
        if effective >= self.size / 2:
            self.weights = weights
            return
        step = 1.0 / self.size
        point = rng.random() * step
        chosen = []
        running = 0.0
        index = 0
        for _ in range(self.size):
            while index < self.size - 1 and running + weights[index] < point:
                running += weights[index]
                index += 1
            chosen.append(dict(self.hands[index]))
            point += step
        self.hands = chosen
        self.weights = [step] * self.size

    # --- determinisations ---------------------------------------------------
    def sampler(self, view: AgentView, observed: CardObservation) -> Sampler:
        """Draws a particle by weight and deals it into a copy of the seat's view."""
        available = _available(observed)
        names = observed.deck.names
        cumulative = []
        running = 0.0
        for weight in self.weights:
            running += weight
            cumulative.append(running)
        particles = self.hands

        def sample(rng: random.Random) -> GameState:
            state = view.sample(rng)
            assert isinstance(state, CardState)
            hands = rng.choices(particles, cum_weights=cumulative)[0]
            left = Counter(available)
            for seat, hand in hands.items():
                state.hands[seat] = hand
                left.subtract(hand)
            state.pile = Pile({card: left[card] for card in names if left[card] > 0}, [])
            return state

        return sample


def _move(
    hands: Hands, left: Counter[str], turn: SeenTurn, model: OpponentModel, rng: random.Random
) -> float:
    """Play one seen turn in a particle; return the chance of it under the model."""
    hand = hands[turn.seat]
    chance = 1.0
    if turn.top != UNKNOWN:
        taking = model.take_chance(hand, turn.top)
        chance = taking if turn.took else 1.0 - taking
    order = model.solver.order
    discarded = turn.discarded
    if turn.took:
        longer = insert(hand, turn.top, order)
        if discarded not in longer:
            return 0.0
        barred = turn.top if model.barred_taken else None
        chance *= model.discard_chances(longer, barred).get(discarded, 0.0)
        kept = without(longer, discarded)
        if not turn.laid:
            chance *= model.keep_chance(kept)
        hands[turn.seat] = kept
        return chance
    total = sum(count for count in left.values() if count > 0)
    options: list[tuple[str, tuple[str, ...], float]] = []
    for card, count in left.items():
        if count <= 0:
            continue
        longer = insert(hand, card, order)
        if discarded not in longer:
            continue
        likely = model.discard_chances(longer, None).get(discarded, 0.0)
        kept = without(longer, discarded)
        if not turn.laid:
            likely *= model.keep_chance(kept)
        options.append((card, kept, count / total * likely))
    summed = sum(likely for _, _, likely in options)
    if not summed:
        return 0.0
    pick = rng.random() * summed
    chosen = len(options) - 1
    for index, (_, _, likely) in enumerate(options):
        pick -= likely
        if pick <= 0:
            chosen = index
            break
    card, kept, _ = options[chosen]
    left[card] -= 1
    hands[turn.seat] = kept
    return chance * summed


def _model_for(observed: CardObservation, seat: int) -> OpponentModel:
    """The stochastic `medium` for `seat`, in the situation the observation shows."""
    deck = observed.deck
    numbers = deck.numbers
    collected: set[str] = set()
    for card in observed.known[observed.next_seat(seat)]:
        collected.add(card)
        if card in numbers:
            place = numbers.index(card)
            collected.update(numbers[max(place - 1, 0) : place + 2])
    ending = observed.final_lap or (
        observed.draw_count <= 4
        and observed.reshuffles >= int(observed.options.get("reshuffle_limit", 1))
    )
    return OpponentModel(
        solver_for(deck.lowest, deck.highest),
        serving=observed.serving_team == observed.team_of(seat),
        collected=frozenset(collected),
        barred_taken=bool(observed.options.get("no_discard_taken_card", True)),
        ending=ending,
    )


def _available(observed: CardObservation) -> Counter[str]:
    """Cards the seat has not seen anywhere: in the hidden hands or the draw pile."""
    left = Counter(observed.deck.counts)
    left.subtract(observed.hand or ())
    left.subtract(observed.discards)
    for seat in observed.laid:
        if seat != observed.seat:
            left.subtract(observed.face_up[seat] or ())
    return left
