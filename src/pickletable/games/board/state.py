"""The rules of the Pickleball Board Game as a pure state machine.

A game runs through these phases (``BoardState.phase``):

- ``deal``: chance deals characters, then (advanced) Skill and Strategy Cards;
- ``colour``: chance rolls the Colour Ball die for the first server;
- ``serve``: the server serves (and, with the stanchion rule, places the
  stanchion first); ``serve_roll``: chance rolls the IN/OUT/ACE die;
- ``hit``: the hitter rolls (or, advanced, plays a Skill or Strategy Card);
  ``roll_outcome`` and ``roll_hit``: chance rolls the two dice;
- ``choose_server``: a Strategy Card's player picks the next server;
- ``play_draw``: chance draws a Play Card; ``play_target``: its drawer picks
  an opponent; ``card_draw``: chance draws the Skill or Strategy Card it gave;
- ``over``.

Skill levels are kept in whole spaces (one space = the ``step`` option).

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou", "roll blue", "serve", "roll ace"]:
...     _ = state.apply_text(text)
>>> state.observation(None)["seats"][0]["skill"]
0.5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.options import OptionValue
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE, GameState, Outcome
from pickletable.games.board.content import ADVANCED_EFFECTS, BoardContent, Character

ROLL = Action("roll")
SERVE = Action("serve")
PLACE_STANCHION = Action("place", ("stanchion",))

CHANCE_PHASES = frozenset(
    {"deal", "colour", "serve_roll", "roll_outcome", "roll_hit", "play_draw", "card_draw"}
)


@dataclass(frozen=True)
class BoardRules:
    """Everything fixed for one game: content, options and derived tables (shared by clones)."""

    content: BoardContent
    options: dict[str, OptionValue]
    seats: tuple[int, ...]
    level: str
    advanced: bool
    keep_serve: bool
    stanchion_rule: bool
    skill_counts_as_roll: bool
    target_spaces: int
    step: float
    starting_cards: int
    colour_of: tuple[str, ...]
    seat_of_colour: dict[str, int]
    outcome_die: tuple[tuple[Action, float], ...]
    hit_die: tuple[tuple[Action, float], ...]
    colour_die: tuple[tuple[Action, float], ...]

    @staticmethod
    def build(
        content: BoardContent, options: dict[str, OptionValue], seats: tuple[int, ...]
    ) -> BoardRules:
        """Derive the rules tables from content and checked options."""
        level = str(options["level"])
        serve_after = str(options["serve_after_point"])
        keep = serve_after == "keep" or (serve_after == "auto" and level == "advanced")
        return BoardRules(
            content=content,
            options=dict(options),
            seats=seats,
            level=level,
            advanced=level == "advanced",
            keep_serve=keep,
            stanchion_rule=bool(options["stanchion_rule"]),
            skill_counts_as_roll=bool(options["skill_counts_as_roll"]),
            target_spaces=round(float(options["target"]) / float(options["step"])),
            step=float(options["step"]),
            starting_cards=int(options["starting_cards"]),
            colour_of=content.colours,
            seat_of_colour={content.colours[s]: s for s in seats},
            outcome_die=_die(content.outcome_faces),
            hit_die=_die(content.hit_faces),
            colour_die=tuple(
                (Action("roll", (content.colours[s],)), 1 / len(seats)) for s in seats
            ),
        )

    @property
    def doubles(self) -> bool:
        """True with four players."""
        return len(self.seats) == 4


def _die(faces: tuple[str, ...]) -> tuple[tuple[Action, float], ...]:
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return tuple((Action("roll", (face,)), n / len(faces)) for face, n in counts.items())


def team_of(seat: int) -> int:
    """Seats 0 and 1 share a side of the net, seats 2 and 3 the other (singles: 0 v 2)."""
    return seat // 2


def hitting_order(server: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Who hits in turn: singles alternate; doubles go server, cross-court, partners.

    >>> hitting_order(1, (0, 1, 2, 3))
    (1, 3, 0, 2)
    >>> hitting_order(2, (0, 2))
    (2, 0)
    """
    if len(seats) == 2:
        return (server, seats[1] if server == seats[0] else seats[0])
    cross = (server + 2) % 4
    return (server, cross, server ^ 1, cross ^ 1)


class BoardState(GameState):
    """One position of a board game."""

    game_id = "board"

    __slots__ = (
        "_outcome",
        "character",
        "chooser",
        "deal_queue",
        "draw_pile",
        "earner",
        "hit_index",
        "hit_number",
        "last_dice",
        "last_play_card",
        "order",
        "phase",
        "piles",
        "play_card",
        "previous",
        "rules",
        "server",
        "skill",
        "skill_hand",
        "stanchion",
        "strategy_hand",
        "targets",
    )

    def __init__(self, rules: BoardRules) -> None:
        self.rules = rules
        self.history = []
        self.skill = [0, 0, 0, 0]
        self.character: list[str | None] = [None, None, None, None]
        self.skill_hand: list[list[str]] = [[], [], [], []]
        self.strategy_hand: list[list[str]] = [[], [], [], []]
        self.piles: dict[str, Pile] = {}
        self.phase = "deal"
        self.deal_queue: list[tuple[int, str]] = []
        self.server: int | None = None
        self.stanchion = False
        self.order: tuple[int, ...] = ()
        self.hit_index = 0
        self.hit_number = 0
        self.previous: tuple[int, str | None, bool] | None = None
        """The last IN shot: (hitter, HIT face if it counts as rolled, was it a Nice Shot)."""
        self.last_dice: dict[str, str | None] = {"outcome": None, "hit": None}
        self.earner: int | None = None
        self.play_card: str | None = None
        self.last_play_card: str | None = None
        self.chooser: int | None = None
        self.targets: tuple[int, ...] = ()
        self.draw_pile = ""
        self._outcome: Outcome | None = None

    @staticmethod
    def new(rules: BoardRules) -> BoardState:
        """A game at its first chance step: dealing the characters."""
        state = BoardState(rules)
        content = rules.content
        state.piles["character"] = Pile.of(content.characters)
        play_cards = (
            []
            if rules.level == "beginner"
            else [
                card.id
                for card in content.play_cards.values()
                if rules.advanced or card.effect not in ADVANCED_EFFECTS
                for _ in range(card.count)
            ]
        )
        state.piles["play"] = Pile.of(play_cards)
        state.piles["skill"] = Pile.of(
            [card.id for card in content.skill_cards.values() for _ in range(card.count)]
            if rules.advanced
            else []
        )
        state.piles["strategy"] = Pile.of(
            [shot for shot, n in content.strategy_cards.items() for _ in range(n)]
            if rules.advanced
            else []
        )
        queue = [(seat, "character") for seat in rules.seats]
        if rules.advanced:
            for seat in rules.seats:
                queue += [(seat, "skill")] * rules.starting_cards
                queue += [(seat, "strategy")] * rules.starting_cards
        state.deal_queue = queue
        state._skip_empty_deals()
        return state

    # --- the state API ---------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        return self.rules.seats

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase in ("serve", "hit"):
            return self.order[self.hit_index]
        if phase == "choose_server":
            return self.chooser
        if phase == "play_target":
            return self.earner
        return None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def seat_name(self, seat: int) -> str:
        return self.rules.colour_of[seat].capitalize()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase in ("serve_roll", "roll_outcome"):
            return list(self.rules.outcome_die)
        if phase == "roll_hit":
            return list(self.rules.hit_die)
        if phase == "colour":
            return list(self.rules.colour_die)
        if phase in ("deal", "play_draw", "card_draw"):
            return [(Action("draw", (card,)), p) for card, p in self._pile().draw_outcomes()]
        return []

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return [action for action, _ in self.chance_outcomes()]
        if phase == "hit":
            return self._hit_actions()
        if phase == "serve":
            if self.rules.stanchion_rule and not self.stanchion:
                return [PLACE_STANCHION, SERVE]
            return [SERVE]
        if phase == "choose_server":
            return [Action("server", (self.rules.colour_of[s],)) for s in self.targets]
        if phase == "play_target":
            return [Action("target", (self.rules.colour_of[s],)) for s in self.targets]
        return []

    def illegal_reason(self, action: Action) -> str:
        if self.phase in ("serve", "hit") and action.verb in ("skill", "strategy"):
            return self._card_refusal(action)
        return super().illegal_reason(action)

    def _play(self, action: Action) -> list[Event]:
        events: list[Event] = []
        phase = self.phase
        if phase == "hit":
            self._hit(action, events)
        elif phase in ("roll_outcome", "roll_hit", "serve_roll"):
            self._roll(action.args[0], events)
        elif phase == "serve":
            self._serve(action, events)
        elif phase in ("deal", "play_draw", "card_draw"):
            self._draw(action.args[0], events)
        elif phase == "colour":
            seat = self.rules.seat_of_colour[action.args[0]]
            events.append(Event("first_server", {"seat": seat}))
            self._start_serve(seat, events)
        elif phase == "choose_server":
            seat = self.rules.seat_of_colour[action.args[0]]
            events.append(Event("server_chosen", {"seat": self.chooser, "server": seat}))
            self._start_serve(seat, events)
        elif phase == "play_target":
            seat = self.rules.seat_of_colour[action.args[0]]
            card = self.rules.content.play_cards[self.play_card or ""]
            self._move(seat, card.amount, events)
            self._finish_play_card(events)
        return events

    def observation(self, seat: int | None) -> dict[str, Any]:
        from pickletable.games.board.view import observation

        return observation(self, seat)

    def describe(self, event: Event) -> str:
        from pickletable.games.board.text import describe

        return describe(self, event)

    def describe_action(self, action: Action) -> str:
        from pickletable.games.board.text import describe_action

        return describe_action(self, action)

    def prompt(self) -> str:
        from pickletable.games.board.text import prompt

        return prompt(self)

    def lead(self) -> dict[int, float]:
        """Mean skill of one side minus the other's, in spaces of the track."""
        totals = [0.0, 0.0]
        counts = [0, 0]
        for seat in self.seats:
            totals[team_of(seat)] += self.skill[seat]
            counts[team_of(seat)] += 1
        means = [totals[team] / max(1, counts[team]) for team in (0, 1)]
        return {seat: means[team_of(seat)] - means[1 - team_of(seat)] for seat in self.seats}

    def describe_outcome(self) -> str:
        from pickletable.games.board.text import outcome_text

        return outcome_text(self)

    def clone(self) -> BoardState:
        other = BoardState.__new__(BoardState)
        other.rules = self.rules
        other.history = []
        other.skill = self.skill.copy()
        other.character = self.character.copy()
        other.skill_hand = [hand.copy() for hand in self.skill_hand]
        other.strategy_hand = [hand.copy() for hand in self.strategy_hand]
        other.piles = {name: pile.copy() for name, pile in self.piles.items()}
        other.phase = self.phase
        other.deal_queue = self.deal_queue.copy()
        other.server = self.server
        other.stanchion = self.stanchion
        other.order = self.order
        other.hit_index = self.hit_index
        other.hit_number = self.hit_number
        other.previous = self.previous
        other.last_dice = dict(self.last_dice)
        other.earner = self.earner
        other.play_card = self.play_card
        other.last_play_card = self.last_play_card
        other.chooser = self.chooser
        other.targets = self.targets
        other.draw_pile = self.draw_pile
        other._outcome = self._outcome
        return other

    # --- questions the rules ask -------------------------------------------
    def hitter(self) -> int | None:
        """Who is to hit the ball now (serve or later hit)."""
        return (
            self.order[self.hit_index]
            if self.phase in ("serve", "hit", "roll_outcome", "roll_hit", "serve_roll")
            else None
        )

    def character_of(self, seat: int) -> Character:
        """The character card in front of a seat."""
        return self.rules.content.characters[self.character[seat] or ""]

    def at_target(self, seat: int) -> bool:
        """Whether a seat has reached the winning skill level."""
        return self.skill[seat] >= self.rules.target_spaces

    def may_serve(self, seat: int) -> bool:
        """Players at the target level no longer serve (doubles)."""
        return not self.at_target(seat)

    def level_of(self, seat: int) -> float:
        """A seat's skill level on the track (0.0 to the target)."""
        return round(self.skill[seat] * self.rules.step, 6)

    def skill_card_allowed(self) -> bool:
        """Skill Cards: advanced, hit 3 on, and not after another player's IN Nice Shot."""
        if not self.rules.advanced or self.hit_number < 3:
            return False
        hitter = self.order[self.hit_index]
        previous = self.previous
        if previous is not None and previous[2]:
            nice = self.character_of(previous[0]).nice
            return self.character_of(hitter).nice == nice
        return True

    def strategy_faces_allowed(self) -> list[str]:
        """The Strategy Cards the hitter may play now (by HIT face)."""
        if not self.rules.advanced or self.hit_number < 3 or self.previous is None:
            return []
        face = self.previous[1]
        hitter = self.order[self.hit_index]
        if face is None or face == self.character_of(hitter).bad:
            return []
        return [face] if face in self.strategy_hand[hitter] else []

    # --- the rally -------------------------------------------------------
    def _hit_actions(self) -> list[Action]:
        actions = [ROLL]
        hitter = self.order[self.hit_index]
        if self.skill_hand[hitter] and self.skill_card_allowed():
            actions += [Action("skill", (card,)) for card in dict.fromkeys(self.skill_hand[hitter])]
        actions += [Action("strategy", (face,)) for face in self.strategy_faces_allowed()]
        return actions

    def _card_refusal(self, action: Action) -> str:
        hitter = self.order[self.hit_index]
        if not self.rules.advanced:
            return "cards are used at the advanced level only"
        if self.hit_number < 3:
            return "no cards on the serve or the return of serve"
        if action.verb == "skill":
            if tuple(action.args) not in [(c,) for c in self.skill_hand[hitter]]:
                return f"{self.seat_name(hitter)} holds no such Skill Card"
            return "the last shot was the other player's Nice Shot"
        if tuple(action.args) not in [(c,) for c in self.strategy_hand[hitter]]:
            return f"{self.seat_name(hitter)} holds no such Strategy Card"
        return "a Strategy Card must match the HIT face of the last IN shot, and not your Bad Shot"

    def _serve(self, action: Action, events: list[Event]) -> None:
        server = self.order[0]
        if action == PLACE_STANCHION:
            self.stanchion = True
            events.append(Event("stanchion", {"seat": server}))
            return
        if self.rules.stanchion_rule and not self.stanchion:
            events.append(Event("fault", {"seat": server, "reason": "no_stanchion"}))
            self._side_out(events)
            return
        events.append(Event("serve", {"seat": server}))
        self.phase = "serve_roll"

    def _hit(self, action: Action, events: list[Event]) -> None:
        hitter = self.order[self.hit_index]
        if action == ROLL:
            self.phase = "roll_outcome"
            return
        card = action.args[0]
        if action.verb == "skill":
            self.skill_hand[hitter].remove(card)
            self.piles["skill"].put_bottom(card)
            events.append(Event("skill_card", {"seat": hitter, "card": card}))
            skill = self.rules.content.skill_cards[card]
            self._shot(hitter, skill.result, skill.shot, "skill", events)
            return
        self.strategy_hand[hitter].remove(card)
        self.piles["strategy"].put_bottom(card)
        events.append(Event("strategy_card", {"seat": hitter, "card": card}))
        events.append(Event("rally_over", {"end": "strategy", "by": hitter}))
        if self.at_target(hitter):
            choices = tuple(s for s in self.seats if s == hitter ^ 1)
        else:
            choices = tuple(s for s in self.seats if self.may_serve(s))
        if len(choices) == 1:
            events.append(Event("server_chosen", {"seat": hitter, "server": choices[0]}))
            self._start_serve(choices[0], events)
        else:
            self.phase = "choose_server"
            self.chooser = hitter
            self.targets = choices

    def _roll(self, face: str, events: list[Event]) -> None:
        hitter = self.order[self.hit_index]
        phase = self.phase
        if phase == "roll_outcome":
            self.last_dice = {"outcome": face, "hit": None}
            events.append(Event("die", {"seat": hitter, "die": "outcome", "face": face}))
            self.phase = "roll_hit"
            return
        if phase == "serve_roll":
            self.last_dice = {"outcome": face, "hit": None}
            events.append(Event("die", {"seat": hitter, "die": "outcome", "face": face}))
            self._shot(hitter, face, None, "serve", events)
            return
        self.last_dice["hit"] = face
        events.append(Event("die", {"seat": hitter, "die": "hit", "face": face}))
        self._shot(hitter, self.last_dice["outcome"] or "in", face, "roll", events)

    def _shot(
        self, hitter: int, result: str, face: str | None, via: str, events: list[Event]
    ) -> None:
        """Resolve one hit: Bad Shot, Nice Shot, then where the ball goes or how the rally ends."""
        rules = self.rules
        bad = nice = False
        counts = via == "roll" or (via == "skill" and rules.skill_counts_as_roll)
        if rules.advanced and face is not None:
            character = self.character_of(hitter)
            bad = face == character.bad
            nice = not bad and result == "in" and counts and face == character.nice
        effective = "out" if bad else result
        events.append(
            Event(
                "shot",
                {
                    "seat": hitter,
                    "hit": self.hit_number,
                    "result": effective,
                    "face": face,
                    "via": via,
                    "bad_shot": bad,
                    "nice_shot": nice,
                },
            )
        )
        serving_side = team_of(hitter) == team_of(self.order[0])
        if effective == "in":
            self.previous = (hitter, face if counts else None, nice)
            self.hit_index = (self.hit_index + 1) % len(self.order)
            self.hit_number += 1
            self.phase = "hit"
        elif (effective == "ace") == serving_side:
            events.append(Event("rally_over", {"end": "point", "by": hitter}))
            self._point(events)
        else:
            events.append(Event("rally_over", {"end": "side_out", "by": hitter}))
            self._side_out(events)

    def _point(self, events: list[Event]) -> None:
        earner = self.order[0]
        before = self.level_of(earner)
        self.skill[earner] = min(self.skill[earner] + 1, self.rules.target_spaces)
        events.append(Event("point", {"seat": earner, "from": before, "to": self.level_of(earner)}))
        if self._check_win(events):
            return
        if self.rules.level != "beginner" and len(self.piles["play"]):
            self.earner = earner
            self.phase = "play_draw"
            return
        self._serve_after_point(events)

    def _serve_after_point(self, events: list[Event]) -> None:
        server = self.order[0]
        if self.rules.keep_serve and self.may_serve(server):
            self._start_serve(server, events)
        else:
            self._start_serve(self._next_server(server), events)

    def _side_out(self, events: list[Event]) -> None:
        self._start_serve(self._next_server(self.order[0]), events)

    def _next_server(self, after: int) -> int:
        """Clockwise from the last server, skipping players who no longer serve."""
        seats = self.seats
        index = seats.index(after)
        for step in range(1, len(seats) + 1):
            seat = seats[(index + step) % len(seats)]
            if self.may_serve(seat):
                return seat
        return after

    def _start_serve(self, server: int, events: list[Event]) -> None:
        self.server = server
        self.order = hitting_order(server, self.seats)
        self.hit_index = 0
        self.hit_number = 1
        self.previous = None
        self.stanchion = False
        self.chooser = None
        self.targets = ()
        self.phase = "serve"
        events.append(Event("to_serve", {"seat": server}))

    # --- cards -------------------------------------------------------------
    def _pile(self) -> Pile:
        if self.phase == "deal":
            return self.piles[self.deal_queue[0][1]]
        if self.phase == "play_draw":
            return self.piles["play"]
        return self.piles[self.draw_pile]

    def _draw(self, card: str, events: list[Event]) -> None:
        self._pile().take(card)
        if self.phase == "deal":
            seat, pile = self.deal_queue.pop(0)
            self._give(seat, pile, card, events)
            self._skip_empty_deals()
            return
        if self.phase == "card_draw":
            self._give(self.earner or 0, self.draw_pile, card, events)
            self._finish_play_card(events)
            return
        self._carry_out(card, events)

    def _give(self, seat: int, pile: str, card: str, events: list[Event]) -> None:
        if pile == "character":
            self.character[seat] = card
            events.append(Event("character", {"seat": seat, "card": card}))
            return
        hand = self.skill_hand if pile == "skill" else self.strategy_hand
        hand[seat].append(card)
        events.append(Event("card", {"seat": seat, "pile": pile, "card": card}))

    def _skip_empty_deals(self) -> None:
        """Drop deals from piles that ran out; roll for the first server once dealing is done."""
        while self.deal_queue and not len(self.piles[self.deal_queue[0][1]]):
            self.deal_queue.pop(0)
        if not self.deal_queue:
            self.phase = "colour"

    def _carry_out(self, card_id: str, events: list[Event]) -> None:
        """Carry out a Play Card just drawn by the player who earned the point."""
        earner = self.earner if self.earner is not None else 0
        card = self.rules.content.play_cards[card_id]
        self.play_card = self.last_play_card = card_id
        events.append(Event("play_card", {"seat": earner, "card": card_id}))
        effect = card.effect
        if effect == "move_self":
            self._move(earner, card.amount, events)
        elif effect == "move_partner":
            if self.rules.doubles:
                self._move(earner ^ 1, card.amount, events)
            else:
                events.append(Event("no_effect", {"card": card_id, "why": "no_partner"}))
        elif effect in ("move_opponents", "move_others"):
            for seat in self.seats:
                if seat != earner and (effect == "move_others" or team_of(seat) != team_of(earner)):
                    self._move(seat, card.amount, events)
                    if self._outcome is not None:
                        break
        elif effect == "move_opponent":
            targets = tuple(
                s
                for s in self.seats
                if team_of(s) != team_of(earner) and self._would_move(s, card.amount)
            )
            if not targets:
                events.append(Event("no_effect", {"card": card_id, "why": "no_target"}))
            elif len(targets) == 1:
                self._move(targets[0], card.amount, events)
            else:
                self.phase = "play_target"
                self.targets = targets
                return
        elif effect in ("skill_card", "strategy_card"):
            pile = effect.removesuffix("_card")
            if len(self.piles[pile]):
                self.phase = "card_draw"
                self.draw_pile = pile
                return
            events.append(Event("no_effect", {"card": card_id, "why": "pile_empty"}))
        self._finish_play_card(events)

    def _finish_play_card(self, events: list[Event]) -> None:
        if self.play_card is not None:
            self.piles["play"].put_bottom(self.play_card)
            self.play_card = None
        self.targets = ()
        if self._outcome is not None:
            return
        self._serve_after_point(events)

    def _would_move(self, seat: int, amount: int) -> bool:
        """Whether moving `seat` by `amount` spaces changes its level at all."""
        if self._protected(seat, amount):
            return False
        level = self.skill[seat]
        return level > 0 if amount < 0 else amount > 0 and level < self.rules.target_spaces

    def _protected(self, seat: int, amount: int) -> bool:
        """Doubles players at the target level never move down."""
        return amount < 0 and self.rules.doubles and self.at_target(seat)

    def _move(self, seat: int, amount: int, events: list[Event]) -> None:
        if self._outcome is not None:
            return
        before = self.level_of(seat)
        if self._protected(seat, amount):
            events.append(
                Event("move", {"seat": seat, "from": before, "to": before, "blocked": True})
            )
            return
        self.skill[seat] = max(0, min(self.skill[seat] + amount, self.rules.target_spaces))
        events.append(
            Event(
                "move", {"seat": seat, "from": before, "to": self.level_of(seat), "blocked": False}
            )
        )
        self._check_win(events)

    # --- the end -----------------------------------------------------------
    def _check_win(self, events: list[Event]) -> bool:
        """End the game the moment a player (singles) or a whole team (doubles) is at the target."""
        for team in (0, 1):
            members = [s for s in self.seats if team_of(s) == team]
            if all(self.at_target(s) for s in members):
                self._outcome = Outcome(
                    winners=tuple(members), scores={s: self.level_of(s) for s in self.seats}
                )
                if self.play_card is not None:
                    self.piles["play"].put_bottom(self.play_card)
                    self.play_card = None
                self.phase = "over"
                events.append(Event("game_over", {"winners": list(members)}))
                return True
        return False
