"""Slam's action table and observation layout (docs/rl.md shows both).

Actions, for a deck of K card codes in display order (by number, then PLAY
and DRAW; K = 18 for the built-in deck) and N players: ``pass``, ``yours``,
``decline``, ``keep`` (0-3); ``swap 1`` .. ``swap D-1`` (D: DRAW cards in the
deck); ``play c``, ``discard c``, ``answer c``, ``return c`` for each code (K
each); ``target p1`` .. ``target pN``. n = 4 + (D - 1) + 4K + N.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Sequence

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
from pickletable.games.slam import moves
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.content import DRAW, HIGHEST, LOWEST, MAX_PLAYERS
from pickletable.games.slam.observer import SlamObservation
from pickletable.games.slam.playing import may_follow
from pickletable.games.slam.state import SlamState

STEPS = tuple(Step)
PHASES = tuple(Phase)
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
PILE_SCALE = 10.0
"""Cards in one hand or discard pile taken as 'many' (more is clipped)."""
ROUND_SCALE = 20.0
PILE_LIMIT = int(PILE_SCALE)
PILE_SHARES = [count / PILE_SCALE for count in range(PILE_LIMIT)]
"""A pile of `count` cards as a share of PILE_SCALE, read instead of divided (10 and more: 1)."""


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
        self.slots = {seat: relative_slots(self.seats, seat) for seat in (*self.seats, None)}
        """Each viewer's seats from itself clockwise (a spectator's from seat 0)."""
        self.teams = rules.teams or ()
        self.units = [rules.unit_of(seat) for seat in self.seats]
        """Each seat's side, whose tokens it shows (itself, or its team in doubles)."""
        self.doubles = rules.doubles
        self.tokens_to_win = float(rules.tokens_to_win)
        self.lap_scale = float(rules.lap_limit * rules.players)
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
        seen = observation
        self._write(
            out.values,
            seat,
            seen,
            seen.current_player,
            seen.hand_counts,
            seen.discard_counts,
            [player in seen.inside for player in self.seats],
            seen.tokens,
            self.seats,
            Counter(seen.hand).items(),
            Counter(seen.discards).items(),
            seen.known_hands.items(),
            seen.centre,
            seen.may_follow,
            seen.stack_count,
            seen.starter,
            seen.draw_turns,
            seen.drawn,
        )

    def encode_state(self, state: GameState, seat: int | None) -> Vector:
        """The vector of `encode(state.observe(seat), seat)`, without the observation:
        the same fields read where `observer.observe` reads them."""
        assert isinstance(state, SlamState)
        phase = state.phase
        values = array("f", self.zeros)
        if seat is None:
            hand: Iterable[tuple[str, int]] = ()
            discards: Iterable[tuple[str, int]] = ()
            known: Iterable[tuple[int, Sequence[str]]] = ()
            drawn = None
        else:
            hand, discards = state.hands[seat].items(), state.discards[seat].items()
            known = [
                (holder, cards) for (viewer, holder), cards in state.known.items() if viewer == seat
            ]
            drawn = state.drawn if state.step == Step.DISCARD and state.receiver == seat else None
        self._write(
            values,
            seat,
            state,
            state.actor,
            state.sizes,
            state.discard_sizes,
            state.inside,
            state.tokens,
            self.units,
            hand,
            discards,
            known,
            state.centre,
            may_follow(state),
            len(state.stack),
            state.starter if phase == Phase.PLAY else None,
            state.draw_turns if phase == Phase.DRAW else None,
            drawn,
        )
        return finish(values)

    def _write(
        self,
        v: array[float],
        me: int | None,
        seen: SlamObservation | SlamState,
        current: int | None,
        hand_counts: Sequence[int],
        discard_counts: Sequence[int],
        inside: Sequence[bool],
        tokens: Sequence[int],
        units: Sequence[int],
        hand: Iterable[tuple[str, int]],
        discards: Iterable[tuple[str, int]],
        known: Iterable[tuple[int, Sequence[str]]],
        centre: Sequence[str],
        follow: Sequence[int],
        stack_count: int,
        starter: int | None,
        draw_turns: int | None,
        drawn: str | None,
    ) -> None:
        """Write the vector; `seen` gives the fields both sources name alike (phase, step,
        dealer, duel, last player, pending twist, last number, round); `inside` is a flag
        per seat and a seat's tokens are ``tokens[units[seat]]``."""
        at, codes, inverse, k = self.offsets, self.codes, self.copies.inverse, len(self.codes)
        slots = self.slots.get(me) or self.slots[None]
        players = len(slots)
        teams = self.teams
        partners = {s for team in teams if me in team for s in team if s != me}
        v[at["phase"] + PHASE_INDEX[seen.phase]] = 1.0
        v[at["step"] + STEP_INDEX[seen.step]] = 1.0
        if me is not None and current == me:
            v[at["asked"]] = 1.0
        if current is not None and 0 <= current < players:
            v[at["to_act"] + slots.index(current)] = 1.0
        duel = seen.duel or ()
        dealer, last_player, tokens_to_win = seen.dealer, seen.last_player, self.tokens_to_win
        base, stride = at["seat0.in_play"], 10 + k
        seat_known = dict(known)
        for other in slots:
            v[base] = 1.0
            if other in partners:
                v[base + 1] = 1.0
            held, discarded = hand_counts[other], discard_counts[other]
            v[base + 2] = PILE_SHARES[held] if held < PILE_LIMIT else 1.0
            v[base + 3] = PILE_SHARES[discarded] if discarded < PILE_LIMIT else 1.0
            if inside[other]:
                v[base + 4] = 1.0
            v[base + 5] = min(tokens[units[other]] / tokens_to_win, 1.0)
            if dealer == other:
                v[base + 6] = 1.0
            if last_player == other:
                v[base + 7] = 1.0
            if starter == other:
                v[base + 8] = 1.0
            if other in duel:
                v[base + 9] = 1.0
            cards = base + 10
            for code in seat_known.get(other, ()):
                v[cards + codes[code]] += 1.0 / PILE_SCALE
            base += stride
        base = at["hand"]
        for code, copies in hand:
            i = codes[code]
            v[base + i] += copies * inverse[i]
        base = at["own_discards"]
        for code, copies in discards:
            i = codes[code]
            v[base + i] += copies * inverse[i]
        if drawn in codes:
            v[at["drawn"] + codes[drawn]] = 1.0
        if centre:
            v[at["centre_top"] + codes[centre[-1]]] = 1.0
            base = at["centre"]
            for code in centre:
                i = codes[code]
                v[base + i] += inverse[i]
        if seen.pending in codes:
            v[at["pending"] + codes[seen.pending]] = 1.0
        last = seen.last_number
        if last is not None and LOWEST <= last <= HIGHEST:
            v[at["last_number"] + last - LOWEST] = 1.0
        base = at["may_follow"]
        for number in follow:
            if LOWEST <= number <= HIGHEST:
                v[base + number - LOWEST] = 1.0
        tail = at["stack"]
        v[tail] = min(stack_count / self.deck_size, 1.0)
        if draw_turns and self.lap_scale > 0:
            v[tail + 1] = min(draw_turns / self.lap_scale, 1.0)
        v[tail + 2] = min(seen.round / ROUND_SCALE, 1.0)
        if self.doubles:
            v[tail + 3] = 1.0
