"""The card game's action table and observation layout (docs/rl.md shows both).

Actions, for a deck of C card names in sorted-hand order (numbers lowest
first, then smash, pickler, kitchen, dink; C = 14 for the built-in deck):
``draw`` (0), ``take c`` (1 .. C), ``discard c`` (C+1 .. 2C), ``discard c lay``
(2C+1 .. 3C): n = 3C + 1, the same for every table size and option.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from pickletable.core.actions import Action
from pickletable.core.state import GameState, Observation
from pickletable.envs.encoding import (
    Block,
    Encoding,
    Scales,
    Vector,
    Writer,
    finish,
    relative_slots,
)
from pickletable.games.card.codes import Step
from pickletable.games.card.config import LAY
from pickletable.games.card.content import HAND_SIZE, MAX_PLAYERS
from pickletable.games.card.observer import TURN_STEPS, CardObservation
from pickletable.games.card.state import CardState

STEPS = tuple(Step)
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
HELD_SCALE = float(HAND_SIZE + 1)
"""A hand's size is given over this (a hand holds 8 cards at most, between draw and discard)."""


class CardEncoding(Encoding):
    """Built from a new card game's deck and options."""

    game_id = "card"

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, CardState)
        rules = state.rules
        deck = rules.deck
        names = deck.names
        self.names = {name: i for i, name in enumerate(names)}
        self.copies = Scales(float(deck.count(name)) for name in names)
        self.deck_size = float(deck.size)
        self.target = float(rules.target)
        self.reshuffle_scale = float(rules.reshuffle_limit + 1)
        self.slots = {seat: relative_slots(rules.seats, seat) for seat in (*rules.seats, None)}
        """Each viewer's seats from itself clockwise (a spectator's from the first seat)."""
        c = len(names)
        actions = [
            Action("draw"),
            *(Action("take", (n,)) for n in names),
            *(Action("discard", (n,)) for n in names),
            *(Action("discard", (n, LAY)) for n in names),
        ]
        seat_blocks: list[Block] = []
        for slot in range(MAX_PLAYERS):
            who = "this seat" if slot == 0 else f"the seat {slot} places clockwise"
            seat_blocks += [
                Block(f"seat{slot}.in_play", 1, f"1 if {who} is in play"),
                Block(f"seat{slot}.partner", 1, f"1 if {who} is on this seat's team (slot > 0)"),
                Block(f"seat{slot}.cards", 1, f"cards {who} holds / {HAND_SIZE + 1}"),
                Block(f"seat{slot}.laid_down", 1, f"1 if {who} laid down this rally"),
                Block(f"seat{slot}.face_up", c, f"{who}'s hand if this seat may see it, per card"),
                Block(f"seat{slot}.known", c, f"cards {who} was seen taking and still holds"),
            ]
        layout = [
            Block("step", len(STEPS), "one-hot: " + ", ".join(STEPS)),
            Block("asked", 1, "1 if this seat is to act"),
            Block("turn", MAX_PLAYERS, "one-hot: whose turn, relative slot"),
            Block("hand", c, "own hand: copies of each card / copies in the deck"),
            Block("taken", c, "one-hot: the card taken from the discard pile this turn"),
            Block("discard_top", c, "one-hot: the top discard"),
            Block("discard_pile", c, "the discard pile: copies of each card / copies in the deck"),
            *seat_blocks,
            Block("draw_pile", 1, "cards in the draw pile / deck size"),
            Block("reshuffles", 1, "reshuffles this rally / (reshuffle_limit + 1)"),
            Block("final_lap", 1, "1 once someone laid down"),
            Block("final_turns_left", 1, "final turns still to play / 4"),
            Block("score_own", 1, "own team's score / target_score (clipped)"),
            Block("score_other", 1, "other team's score / target_score (clipped)"),
            Block("serving", 1, "1 if own team holds the serve card"),
            Block("server", 1, "1 if this seat serves"),
        ]
        super().__init__(actions, layout)

    def _fill(self, observation: Observation, seat: int | None, out: Writer) -> None:
        assert isinstance(observation, CardObservation)
        seen = observation
        self._write(
            out.values,
            seat,
            seen.teams,
            seen.step,
            seen.to_act,
            seen.turn,
            seen.hand,
            seen.face_up,
            seen.hand_sizes,
            seen.known,
            seen.laid,
            seen.taken,
            seen.discards,
            seen.draw_count,
            seen.reshuffles,
            seen.final_turns_left,
            seen.scores,
            seen.serving_team,
            seen.server,
        )

    def encode_state(self, state: GameState, seat: int | None) -> Vector:
        """The vector of `encode(state.observe(seat), seat)`, without the observation:
        the same fields read where `observer.observe` reads them."""
        assert isinstance(state, CardState)
        rules, step, hands, laid = state.rules, state.step, state.hands, state.laid
        values = array("f", self.zeros)
        self._write(
            values,
            seat,
            rules.teams,
            step,
            state.current_player,
            state.turn if step in TURN_STEPS else None,
            None if seat is None or seat not in rules.team_of else hands[seat],
            hands,
            list(map(len, hands)),
            state.known,
            laid,
            state.taken,
            state.discards,
            len(state.pile),
            state.reshuffles,
            state.lap_left,
            state.scores,
            state.serving_team,
            state.server,
        )
        return finish(values)

    def _write(
        self,
        v: array[float],
        me: int | None,
        teams: tuple[tuple[int, ...], tuple[int, ...]],
        step: Step,
        to_act: int | None,
        turn: int | None,
        hand: Sequence[str] | None,
        hands: Sequence[Sequence[str] | None],
        hand_sizes: Sequence[int],
        known: Sequence[Sequence[str]],
        laid: Sequence[int],
        taken: str | None,
        discards: Sequence[str],
        draw_count: int,
        reshuffles: int,
        final_turns_left: int,
        scores: Sequence[int],
        serving_team: int | None,
        server: int | None,
    ) -> None:
        """Write the vector; a hand is read only if the rules show it to `me` (its own, and
        every hand laid down), whatever `hands` holds."""
        at, names, inverse, c = self.offsets, self.names, self.copies.inverse, len(self.names)
        slots = self.slots.get(me) or self.slots[None]  # a seat not in play sees as a spectator
        own_team = (0 if me in teams[0] else 1) if me is not None else -1
        v[at["step"] + STEP_INDEX[step]] = 1.0
        if me is not None and to_act == me:
            v[at["asked"]] = 1.0
        if turn in slots:
            v[at["turn"] + slots.index(turn)] = 1.0
        base = at["hand"]
        for name in hand or ():
            i = names[name]
            v[base + i] += inverse[i]
        if taken in names:
            v[at["taken"] + names[taken]] = 1.0
        if discards:
            v[at["discard_top"] + names[discards[-1]]] = 1.0
            base = at["discard_pile"]
            for name in discards:
                i = names[name]
                v[base + i] += inverse[i]
        base, stride = at["seat0.in_play"], 4 + 2 * c
        for slot, seat in enumerate(slots):
            v[base] = 1.0
            if slot and (0 if seat in teams[0] else 1) == own_team:
                v[base + 1] = 1.0
            v[base + 2] = min(hand_sizes[seat] / HELD_SCALE, 1.0)
            if seat in laid:
                v[base + 3] = 1.0
            shown = base + 4
            if seat == me or seat in laid:
                for name in hands[seat] or ():
                    i = names[name]
                    v[shown + i] += inverse[i]
            seen = shown + c
            for name in known[seat]:
                i = names[name]
                v[seen + i] += inverse[i]
            base += stride
        tail = at["draw_pile"]
        v[tail] = min(draw_count / self.deck_size, 1.0)
        v[tail + 1] = min(reshuffles / self.reshuffle_scale, 1.0)
        if final_turns_left >= 0:
            v[tail + 2] = 1.0
            v[tail + 3] = min(final_turns_left / MAX_PLAYERS, 1.0)
        own = own_team if own_team >= 0 else 0
        v[tail + 4] = min(scores[own] / self.target, 1.0)
        v[tail + 5] = min(scores[1 - own] / self.target, 1.0)
        if serving_team is not None and serving_team == own_team:
            v[tail + 6] = 1.0
        if me is not None and server == me:
            v[tail + 7] = 1.0
