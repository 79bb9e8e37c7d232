"""The board game's action table and observation layout (docs/rl.md shows both).

Actions: ``roll`` (0), ``serve`` (1), ``place stanchion`` (2), then ``skill
ID`` for each Skill Card of the content (content order), ``strategy FACE``
for each Strategy Card face (content order), ``server COLOUR`` and ``target
COLOUR`` for each seat in play (seat order). The size depends on the content
and the table size only (it is the same at every level: cards the level
leaves out are simply never offered).
"""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.core.state import GameState, Observation
from pickletable.envs.encoding import Block, Encoding, Scales, Writer, relative_slots
from pickletable.games.board.codes import PLACE_STANCHION, ROLL, SERVE, Step, Via
from pickletable.games.board.observer import BoardObservation
from pickletable.games.board.state import BoardState

STEPS = tuple(Step)
VIAS = tuple(Via)
LEVELS = ("beginner", "intermediate", "advanced")
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
        self.skills = {card: i for i, card in enumerate(content.skill_cards)}
        self.strategies = {face: i for i, face in enumerate(content.strategy_cards)}
        self.skill_scales = Scales([HAND_SCALE] * len(self.skills))
        self.strategy_scales = Scales([HAND_SCALE] * len(self.strategies))
        self.characters = {card: i for i, card in enumerate(content.characters)}
        self.play_cards = {card: i for i, card in enumerate(content.play_cards)}
        self.outcome_faces = {face: i for i, face in enumerate(content.outcome_faces)}
        self.hit_faces = {face: i for i, face in enumerate(content.hit_faces)}
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
        seen, me = observation, seat
        slots = relative_slots(self.seats, me)
        position = {seat: slot for slot, seat in enumerate(slots)}
        my_team = seen.seat_of(me).team if me is not None else -1
        out.one_hot(LEVELS.index(seen.level) if seen.level in LEVELS else None, len(LEVELS))
        out.one_hot(STEPS.index(seen.step), len(STEPS))
        out.flag(me is not None and seen.to_act == me)
        out.one_hot(position.get(seen.to_act if seen.to_act is not None else -9), MAX_SEATS)
        target = seen.target
        for slot in range(MAX_SEATS):
            if slot >= len(slots):
                out.skip(4 + len(self.characters) + len(self.skills) + len(self.strategies))
                continue
            entry = seen.seat_of(slots[slot])
            out.flag(True)
            out.flag(slot > 0 and entry.team == my_team)
            out.scalar(entry.skill, target)
            out.flag(entry.serves)
            character = entry.character
            out.one_hot(
                None if character is None else self.characters.get(character.id),
                len(self.characters),
            )
            out.counts((card.id for card in entry.skill_cards), self.skills, self.skill_scales)
            out.counts(entry.strategy_cards, self.strategies, self.strategy_scales)
        out.one_hot(position.get(seen.server if seen.server is not None else -9), MAX_SEATS)
        out.one_hot(position.get(seen.hitter if seen.hitter is not None else -9), MAX_SEATS)
        out.scalar(seen.hit, HIT_SCALE)
        out.flag(seen.serving_team is not None and seen.serving_team == my_team)
        out.flag(seen.stanchion_rule)
        out.flag(seen.stanchion_placed)
        answer = seen.to_answer
        out.flag(answer is not None)
        if answer is None:
            out.skip(MAX_SEATS + len(self.hit_faces) + len(VIAS) + 2)
        else:
            out.one_hot(position.get(answer.hitter), MAX_SEATS)
            out.one_hot(self.hit_faces.get(answer.face or ""), len(self.hit_faces))
            out.one_hot(VIAS.index(answer.via), len(VIAS))
            out.flag(answer.nice)
            out.flag(answer.counts)
        out.one_hot(self.outcome_faces.get(seen.outcome_die or ""), len(self.outcome_faces))
        out.one_hot(self.hit_faces.get(seen.hit_die or ""), len(self.hit_faces))
        out.one_hot(self.play_cards.get(seen.play_card or ""), len(self.play_cards))
        for pile in PILES:
            out.scalar(seen.pile_sizes.get(pile, 0), self.pile_sizes[pile])
