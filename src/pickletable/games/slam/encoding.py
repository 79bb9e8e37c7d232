"""Slam's action table and observation layout (docs/rl.md shows both).

Actions, for a deck of K card codes in display order (by number, then PLAY
and DRAW; K = 18 for the built-in deck) and N players: ``pass``, ``yours``,
``decline``, ``keep`` (0-3); ``swap 1`` .. ``swap D-1`` (D: DRAW cards in the
deck); ``play c``, ``discard c``, ``answer c``, ``return c`` for each code (K
each); ``target p1`` .. ``target pN``. n = 4 + (D - 1) + 4K + N.
"""

from __future__ import annotations

from pickletable.core.state import GameState, Observation
from pickletable.envs.encoding import Block, Encoding, Scales, Writer, relative_slots
from pickletable.games.slam import moves
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.content import DRAW, HIGHEST, LOWEST, MAX_PLAYERS
from pickletable.games.slam.observer import SlamObservation
from pickletable.games.slam.state import SlamState

STEPS = tuple(Step)
PHASES = tuple(Phase)
NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
PILE_SCALE = 10.0
"""Cards in one hand or discard pile taken as 'many' (more is clipped)."""
ROUND_SCALE = 20.0


class SlamEncoding(Encoding):
    """Built from a new Slam game's deck and table size."""

    game_id = "slam"

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, SlamState)
        rules = state.rules
        deck = rules.deck
        codes = deck.in_order(deck.cards)
        self.codes = {code: i for i, code in enumerate(codes)}
        self.copies = Scales(float(deck.counts[code]) for code in codes)
        self.pile_scales = Scales([PILE_SCALE] * len(codes))
        self.deck_size = float(deck.size)
        self.players = rules.players
        self.seats = tuple(range(rules.players))
        k = len(codes)
        actions = [
            moves.PASS,
            moves.YOURS,
            moves.DECLINE,
            moves.KEEP,
            *(moves.swap(count) for count in range(1, deck.counts.get(DRAW, 0))),
            *(moves.play(code) for code in codes),
            *(moves.discard(code) for code in codes),
            *(moves.answer(code) for code in codes),
            *(moves.give_back(code) for code in codes),
            *(moves.target(seat) for seat in self.seats),
        ]
        seat_blocks: list[Block] = []
        for slot in range(MAX_PLAYERS):
            who = "this seat" if slot == 0 else f"the seat {slot} places clockwise"
            seat_blocks += [
                Block(f"seat{slot}.in_play", 1, f"1 if {who} is at the table"),
                Block(f"seat{slot}.partner", 1, f"1 if {who} is this seat's partner (doubles)"),
                Block(f"seat{slot}.hand", 1, f"cards {who} holds / {PILE_SCALE:g}"),
                Block(f"seat{slot}.discards", 1, f"its face-down discards / {PILE_SCALE:g}"),
                Block(f"seat{slot}.inside", 1, f"1 if {who} is still in the round"),
                Block(f"seat{slot}.tokens", 1, "its side's tokens / tokens_to_win"),
                Block(f"seat{slot}.roles", 4, "dealer, last player, PLAY starter, in the duel"),
                Block(f"seat{slot}.known", k, f"cards this seat knows {who} holds, per code"),
            ]
        layout = [
            Block("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            Block("step", len(STEPS), "one-hot: " + ", ".join(STEPS)),
            Block("asked", 1, "1 if this seat is to act"),
            Block("to_act", MAX_PLAYERS, "one-hot: the seat asked, relative slot"),
            *seat_blocks,
            Block("hand", k, "own hand: copies of each code / copies in the deck"),
            Block("own_discards", k, "own face-down discards, per code"),
            Block("drawn", k, "one-hot: the card just drawn, to keep or discard"),
            Block("centre_top", k, "one-hot: the top card of the centre pile"),
            Block("centre", k, "the centre pile, per code"),
            Block("pending", k, "one-hot: the twist card whose target is being chosen"),
            Block("last_number", len(NUMBERS), "one-hot: the number to follow"),
            Block("may_follow", len(NUMBERS), "the numbers that may be played now"),
            Block("stack", 1, "cards in the stack / deck size"),
            Block("draw_turns", 1, "DRAW-phase turns so far / (lap limit x players)"),
            Block("round", 1, f"round number / {ROUND_SCALE:g} (clipped)"),
            Block("doubles", 1, "1 in doubles"),
        ]
        super().__init__(actions, layout)

    def _fill(self, observation: Observation, seat: int | None, out: Writer) -> None:
        assert isinstance(observation, SlamObservation)
        seen, me = observation, seat
        codes, copies, k = self.codes, self.copies, len(self.codes)
        slots = relative_slots(self.seats, me)
        position = {s: slot for slot, s in enumerate(slots)}
        partners = set(seen.team_of(me)) - {me} if me is not None else set()
        out.one_hot(PHASES.index(seen.phase), len(PHASES))
        out.one_hot(STEPS.index(seen.step), len(STEPS))
        out.flag(me is not None and seen.current_player == me)
        current = seen.current_player
        out.one_hot(position.get(current if current is not None else -9), MAX_PLAYERS)
        duel = seen.duel or ()
        for slot in range(MAX_PLAYERS):
            if slot >= len(slots):
                out.skip(10 + k)
                continue
            other = slots[slot]
            out.flag(True)
            out.flag(other in partners)
            out.scalar(seen.hand_counts[other], PILE_SCALE)
            out.scalar(seen.discard_counts[other], PILE_SCALE)
            out.flag(other in seen.inside)
            out.scalar(seen.tokens[other], seen.tokens_to_win)
            out.flag(seen.dealer == other)
            out.flag(seen.last_player == other)
            out.flag(seen.starter == other)
            out.flag(other in duel)
            out.counts(seen.known_hands.get(other, ()), codes, self.pile_scales)
        out.counts(seen.hand, codes, copies)
        out.counts(seen.discards, codes, copies)
        out.one_hot(codes.get(seen.drawn or ""), k)
        out.one_hot(codes.get(seen.centre[-1]) if seen.centre else None, k)
        out.counts(seen.centre, codes, copies)
        out.one_hot(codes.get(seen.pending or ""), k)
        last = seen.last_number
        out.one_hot(None if last is None else last - LOWEST, len(NUMBERS))
        follow = set(seen.may_follow)
        for number in NUMBERS:
            out.flag(number in follow)
        out.scalar(seen.stack_count, self.deck_size)
        out.scalar(seen.draw_turns or 0, float(seen.lap_limit * self.players))
        out.scalar(seen.round, ROUND_SCALE)
        out.flag(seen.doubles)
