"""The board game's action table and observation layout (docs/rl.md shows both).

Actions: ``roll`` (0), ``serve`` (1), ``place stanchion`` (2), then ``skill
ID`` for each Skill Card of the content (content order), ``strategy FACE``
for each Strategy Card face (content order), ``server COLOUR`` and ``target
COLOUR`` for each seat in play (seat order). The size depends on the content
and the table size only (it is the same at every level: cards the level
leaves out are simply never offered).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence

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
from pickletable.games.board.codes import PLACE_STANCHION, ROLL, SERVE, Step, Via
from pickletable.games.board.config import team_of
from pickletable.games.board.observer import BoardObservation
from pickletable.games.board.position import LastShot
from pickletable.games.board.state import BoardState

STEPS = tuple(Step)
VIAS = tuple(Via)
LEVELS = ("beginner", "intermediate", "advanced")
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
VIA_INDEX = {via: i for i, via in enumerate(VIAS)}
LEVEL_INDEX = {level: i for i, level in enumerate(LEVELS)}
PILES = ("character", "play", "skill", "strategy")
MAX_SEATS = 4
HAND_SCALE = 6.0
"""Cards of one kind a seat is taken to hold at most (for scaling; more is clipped)."""
HIT_SCALE = 20.0


class BoardEncoding(Encoding):
    """Built from a new board game's content and seats."""

    game_id = "board"

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, BoardState)
        rules = state.rules
        content = rules.content
        self.seats = rules.seats
        self.seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self.slots = {seat: relative_slots(self.seats, seat) for seat in (*self.seats, None)}
        """Each viewer's seats from itself clockwise (a spectator's from the first seat)."""
        self.positions = {
            viewer: {seat: slot for slot, seat in enumerate(slots)}
            for viewer, slots in self.slots.items()
        }
        self.skills = {card: i for i, card in enumerate(content.skill_cards)}
        self.strategies = {face: i for i, face in enumerate(content.strategy_cards)}
        self.skill_scales = Scales([HAND_SCALE] * len(self.skills))
        self.strategy_scales = Scales([HAND_SCALE] * len(self.strategies))
        self.characters = {card: i for i, card in enumerate(content.characters)}
        self.play_cards = {card: i for i, card in enumerate(content.play_cards)}
        # A die repeats faces (the outcome die: IN three times): one slot per distinct face.
        self.outcome_faces = {
            face: i for i, face in enumerate(dict.fromkeys(content.outcome_faces))
        }
        self.hit_faces = {face: i for i, face in enumerate(dict.fromkeys(content.hit_faces))}
        self.pile_sizes = {
            "character": float(len(content.characters)),
            "play": float(sum(card.count for card in content.play_cards.values())),
            "skill": float(sum(card.count for card in content.skill_cards.values())),
            "strategy": float(sum(content.strategy_cards.values())),
        }
        colours = [rules.colour_of[s] for s in rules.seats]
        actions = [
            ROLL,
            SERVE,
            PLACE_STANCHION,
            *(Action("skill", (card,)) for card in content.skill_cards),
            *(Action("strategy", (face,)) for face in content.strategy_cards),
            *(Action("server", (colour,)) for colour in colours),
            *(Action("target", (colour,)) for colour in colours),
        ]
        n_skill, n_strategy = len(self.skills), len(self.strategies)
        seat_blocks: list[Block] = []
        for slot in range(MAX_SEATS):
            who = "this seat" if slot == 0 else f"the seat {slot} places clockwise"
            seat_blocks += [
                Block(f"seat{slot}.in_play", 1, f"1 if {who} is in play"),
                Block(f"seat{slot}.partner", 1, f"1 if {who} is on this seat's side (slot > 0)"),
                Block(f"seat{slot}.skill", 1, f"{who}'s skill level / target"),
                Block(f"seat{slot}.serves", 1, f"1 if {who} may still serve"),
                Block(f"seat{slot}.character", len(self.characters), "one-hot: its character"),
                Block(f"seat{slot}.skill_cards", n_skill, f"Skill Cards held, each / {HAND_SCALE}"),
                Block(
                    f"seat{slot}.strategy_cards", n_strategy, f"Strategy Cards held / {HAND_SCALE}"
                ),
            ]
        layout = [
            Block("level", len(LEVELS), "one-hot: " + ", ".join(LEVELS)),
            Block("step", len(STEPS), "one-hot: " + ", ".join(STEPS)),
            Block("asked", 1, "1 if this seat is to act"),
            Block("to_act", MAX_SEATS, "one-hot: the seat asked, relative slot"),
            *seat_blocks,
            Block("server", MAX_SEATS, "one-hot: the server, relative slot"),
            Block("hitter", MAX_SEATS, "one-hot: the hitter, relative slot"),
            Block("hit", 1, f"hit number in the rally / {HIT_SCALE:g} (clipped)"),
            Block("serving", 1, "1 if this seat's side serves"),
            Block("stanchion", 2, "the stanchion rule is on; the stanchion is placed"),
            Block("to_answer", 1, "1 if there is an IN shot to answer"),
            Block("to_answer.by", MAX_SEATS, "one-hot: who hit it, relative slot"),
            Block("to_answer.face", len(self.hit_faces), "one-hot: its HIT face"),
            Block("to_answer.via", len(VIAS), "one-hot: " + ", ".join(VIAS)),
            Block("to_answer.flags", 2, "it was a Nice Shot; it counts as rolled"),
            Block("outcome_die", len(self.outcome_faces), "one-hot: last IN/OUT/ACE face"),
            Block("hit_die", len(self.hit_faces), "one-hot: last HIT face"),
            Block("play_card", len(self.play_cards), "one-hot: last Play Card drawn"),
            Block("piles", len(PILES), "cards left in the " + ", ".join(PILES) + " piles / full"),
        ]
        super().__init__(actions, layout)

    def _fill(self, observation: Observation, seat: int | None, out: Writer) -> None:
        assert isinstance(observation, BoardObservation)
        seen = observation
        by_seat = {entry.seat: entry for entry in seen.seats}
        entries = [by_seat[s] for s in self.seats]
        self._write(
            out.values,
            seat,
            seen.level,
            seen.step,
            seen.to_act,
            seen.target,
            [entry.skill for entry in entries],
            [entry.serves for entry in entries],
            [entry.character.id if entry.character is not None else None for entry in entries],
            [[card.id for card in entry.skill_cards] for entry in entries],
            [entry.strategy_cards for entry in entries],
            seen.server,
            seen.hitter,
            seen.hit,
            (seen.stanchion_rule, seen.stanchion_placed),
            seen.to_answer,
            seen.outcome_die,
            seen.hit_die,
            seen.play_card,
            seen.pile_sizes,
        )

    def encode_state(self, state: GameState, seat: int | None) -> Vector:
        """The vector of `encode(state.observe(seat), seat)`, without the observation (the
        board game hides nothing: every seat's vector differs only in whose it is)."""
        assert isinstance(state, BoardState)
        rules = state.rules
        values = array("f", self.zeros)
        self._write(
            values,
            seat,
            rules.level,
            state.step,
            state.current_player,
            rules.target_spaces * rules.step,
            [state.level_of(s) for s in self.seats],
            [state.may_serve(s) for s in self.seats],
            [state.character[s] for s in self.seats],
            [state.skill_hand[s] for s in self.seats],
            [state.strategy_hand[s] for s in self.seats],
            state.server,
            state.hitter(),
            state.hit_number,
            (rules.stanchion_rule, state.stanchion),
            state.shot_to_answer(),
            state.last_dice["outcome"],
            state.last_dice["hit"],
            state.last_play_card,
            {name: len(pile) for name, pile in state.piles.items()},
        )
        return finish(values)

    def _write(
        self,
        v: array[float],
        me: int | None,
        level: str,
        step: Step,
        to_act: int | None,
        target: float,
        skills: Sequence[float],
        serves: Sequence[bool],
        characters: Sequence[str | None],
        skill_cards: Sequence[Iterable[str]],
        strategy_cards: Sequence[Iterable[str]],
        server: int | None,
        hitter: int | None,
        hit: int,
        stanchion: tuple[bool, bool],
        answer: LastShot | None,
        outcome_die: str | None,
        hit_die: str | None,
        play_card: str | None,
        pile_sizes: Mapping[str, int],
    ) -> None:
        """Write the vector; per-seat values are in `self.seats` order; `stanchion` is
        (the rule is on, the stanchion is placed)."""
        at = self.offsets
        slots = self.slots.get(me) or self.slots[None]
        position = self.positions.get(me) or self.positions[None]
        my_team = team_of(me) if me is not None else -1
        if level in LEVEL_INDEX:
            v[at["level"] + LEVEL_INDEX[level]] = 1.0
        v[at["step"] + STEP_INDEX[step]] = 1.0
        if me is not None and to_act == me:
            v[at["asked"]] = 1.0
        if to_act in position:
            v[at["to_act"] + position[to_act]] = 1.0
        base, stride = at["seat0.in_play"], at["seat1.in_play"] - at["seat0.in_play"]
        n_characters, n_skills = len(self.characters), len(self.skills)
        skill_share, strategy_share = 1.0 / HAND_SCALE, 1.0 / HAND_SCALE
        for slot, other in enumerate(slots):
            i = self.seat_index[other]
            v[base] = 1.0
            if slot > 0 and team_of(other) == my_team:
                v[base + 1] = 1.0
            if target > 0 and skills[i] > 0:
                v[base + 2] = min(skills[i] / target, 1.0)
            if serves[i]:
                v[base + 3] = 1.0
            character = characters[i]
            if character in self.characters:
                v[base + 4 + self.characters[character]] = 1.0
            held = base + 4 + n_characters
            for card in skill_cards[i]:
                if card in self.skills:
                    v[held + self.skills[card]] += skill_share
            held += n_skills
            for face in strategy_cards[i]:
                if face in self.strategies:
                    v[held + self.strategies[face]] += strategy_share
            base += stride
        if server in position:
            v[at["server"] + position[server]] = 1.0
        if hitter in position:
            v[at["hitter"] + position[hitter]] = 1.0
        if hit > 0:
            v[at["hit"]] = min(hit / HIT_SCALE, 1.0)
        serving = None if server is None else team_of(server)
        if serving is not None and serving == my_team:
            v[at["serving"]] = 1.0
        if stanchion[0]:
            v[at["stanchion"]] = 1.0
        if stanchion[1]:
            v[at["stanchion"] + 1] = 1.0
        if answer is not None:
            v[at["to_answer"]] = 1.0
            if answer.hitter in position:
                v[at["to_answer.by"] + position[answer.hitter]] = 1.0
            if answer.face in self.hit_faces:
                v[at["to_answer.face"] + self.hit_faces[answer.face]] = 1.0
            v[at["to_answer.via"] + VIA_INDEX[answer.via]] = 1.0
            if answer.nice:
                v[at["to_answer.flags"]] = 1.0
            if answer.counts:
                v[at["to_answer.flags"] + 1] = 1.0
        if outcome_die in self.outcome_faces:
            v[at["outcome_die"] + self.outcome_faces[outcome_die]] = 1.0
        if hit_die in self.hit_faces:
            v[at["hit_die"] + self.hit_faces[hit_die]] = 1.0
        if play_card in self.play_cards:
            v[at["play_card"] + self.play_cards[play_card]] = 1.0
        piles = at["piles"]
        for k, pile in enumerate(PILES):
            size, full = pile_sizes.get(pile, 0), self.pile_sizes[pile]
            if full > 0 and size > 0:
                v[piles + k] = min(size / full, 1.0)


def distinct(faces: Iterable[str]) -> list[str]:
    """Each face once, in the order the die first shows it."""
    return list(dict.fromkeys(faces))
