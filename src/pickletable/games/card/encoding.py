"""The card game's action table and observation layout (docs/rl.md shows both).

Actions, for a deck of C card names in sorted-hand order (numbers lowest
first, then smash, pickler, kitchen, dink; C = 14 for the built-in deck):
``draw`` (0), ``take c`` (1 .. C), ``discard c`` (C+1 .. 2C), ``discard c lay``
(2C+1 .. 3C): n = 3C + 1, the same for every table size and option.
"""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.core.state import GameState, Observation
from pickletable.envs.encoding import Block, Encoding, Scales, Writer, relative_slots
from pickletable.games.card.codes import Step
from pickletable.games.card.config import LAY
from pickletable.games.card.content import HAND_SIZE, MAX_PLAYERS
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.state import CardState

STEPS = tuple(Step)


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
        me = seat
        names, copies = self.names, self.copies
        slots = relative_slots(seen.seats, me)
        own_team = seen.team_of(me) if me is not None else -1
        out.one_hot(STEPS.index(seen.step), len(STEPS))
        out.flag(me is not None and seen.to_act == me)
        out.one_hot(slots.index(seen.turn) if seen.turn in slots else None, MAX_PLAYERS)
        out.counts(seen.hand or (), names, copies)
        out.one_hot(names.get(seen.taken or ""), len(names))
        out.one_hot(names.get(seen.discards[-1]) if seen.discards else None, len(names))
        out.counts(seen.discards, names, copies)
        for slot in range(MAX_PLAYERS):
            if slot >= len(slots):
                out.skip(4 + 2 * len(names))
                continue
            seat = slots[slot]
            out.flag(True)
            out.flag(slot > 0 and seen.team_of(seat) == own_team)
            out.scalar(seen.hand_sizes[seat], HAND_SIZE + 1)
            out.flag(seat in seen.laid)
            out.counts(seen.face_up[seat] or (), names, copies)
            out.counts(seen.known[seat], names, copies)
        out.scalar(seen.draw_count, self.deck_size)
        out.scalar(seen.reshuffles, self.reshuffle_scale)
        out.flag(seen.final_lap)
        out.scalar(max(seen.final_turns_left, 0), MAX_PLAYERS)
        own = own_team if own_team >= 0 else 0
        out.scalar(seen.scores[own], self.target)
        out.scalar(seen.scores[1 - own], self.target)
        out.flag(seen.serving_team is not None and seen.serving_team == own_team)
        out.flag(me is not None and seen.server == me)
