"""The terminal table: renders observations, offers legal actions, knows no rule.

It plays any game through the state API. People choose by number or by
notation; bots answer through the agent interface; chance comes from a
seeded RNG or, in companion mode, from what the people at a real table
rolled and drew (with ``undo`` to take back a mistyped entry). In a small
window each prompt shows a short status under what just happened instead
of the full board (`layout.py`); ``board`` draws the board at any prompt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from pickletable.analysis.recap_figures import score_line
from pickletable.bots import make_bot
from pickletable.bots.coaching import hint, odds, odds_line
from pickletable.cli.layout import Layout, shows_full_board
from pickletable.cli.menu import COMPANION_HELP, HELP, Menu, Pick
from pickletable.cli.renderers import get_renderer, get_status_renderer
from pickletable.cli.starting import Start
from pickletable.cli.table_config import TableConfig
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.events import Event
from pickletable.core.move_help import explain, names
from pickletable.core.presenter import MenuChoice
from pickletable.core.records import Recorder
from pickletable.core.registry import kit_for
from pickletable.core.state import CHANCE, GameState
from pickletable.core.undo import UndoRefused, others_asked, take_back_from, undo_note

CATCH_UP_LINES = 12
"""Hot-seat: at most this many lines of what happened since a person's last turn."""


class QuitGame(Exception):
    """The person at the keyboard asked to stop."""


@dataclass
class Snapshot:
    """What undo restores: the state and how long the record and log were."""

    state: GameState
    steps: int
    log: int


@dataclass
class TerminalGame:
    """One game at the terminal."""

    config: TableConfig
    console: Console
    seed: int | None = None
    companion: bool = False
    save_path: Path | None = None
    layout: Layout = Layout.AUTO
    roll_for_me: bool = False
    """Make a person's routine move (`GameState.is_routine`: a lone roll or serve) for them
    (``play`` does unless told ``--no-roll-for-me``)."""
    show_odds: bool = False
    """Print the win chance, from the screen's view, each time it changes (``play --odds``)."""
    start: Start | None = None
    """Where the game starts (``play --from``): a record to continue, or a position."""
    state: GameState = field(init=False)
    recorder: Recorder = field(init=False)
    log: list[Event] = field(default_factory=list)
    history: list[Snapshot] = field(default_factory=list)
    interrupted: bool = field(default=False, init=False)
    """Whether the person stopped the game with Ctrl-C (the command then exits 130)."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.state = self.config.new_state() if self.start is None else self.start.state
        self.render = get_renderer(self.config.game.id)
        self.render_status = get_status_renderer(self.config.game.id)
        self.presenter = self.config.game.presenter
        self.agents: dict[int, Agent] = {
            seat: make_bot(spec.level, self.config.game.id)
            for seat, spec in zip(self.state.seats, self.config.seats, strict=True)
            if spec.is_bot
        }
        self.humans = [
            seat
            for seat, spec in zip(self.state.seats, self.config.seats, strict=True)
            if not spec.is_bot
        ]
        self.recorder = Recorder(
            game=self.config.game.id,
            players=self.config.players,
            options=dict(self.config.options),
            content=self.config.content,
            seats=self.config.seat_rows(self.state),
            meta={"seed": self.seed, "companion": self.companion},
        )
        if self.start is not None:
            self.recorder.steps = list(self.start.steps)
        self._screen_holder: int | None = None
        self._seen_until: dict[int, int] = {}
        """Hot-seat: how much of the log each person saw before passing the screen on."""
        self._lines_since_prompt = 0
        """Lines printed since a person last answered: what a full board would push away."""
        self._typed_ahead: list[str] = []
        """Companion: words typed past one result, for the next ("in lob": two dice)."""
        self._saved: tuple[str, int] | None = None
        self._odds_said = ""
        """The last win-chance line printed (``--odds`` prints only a change)."""
        """Where the game was last saved and how many steps it had: quit then asks no more."""

    # --- the loop ----------------------------------------------------------
    def play(self) -> GameState:
        """Play to the end (or until the person quits) and offer to save."""
        self._welcome()
        try:
            while not self.state.is_over:
                self._step()
        except QuitGame:
            self.console.print("[yellow]Game stopped.[/]")
        except KeyboardInterrupt:
            self.interrupted = True
            self.console.print("\n[yellow]Game interrupted.[/]")
        except EOFError:
            self.console.print("\n[yellow]Game interrupted.[/]")
        if self.state.is_over:
            self._show_position(None, Menu([]), over=True)
            outcome = self.state.outcome
            if outcome is not None:
                self.console.print(
                    Panel(
                        self.presenter.outcome_text(self.state),
                        title="Game over",
                        style="bold green",
                    )
                )
        self._offer_save()
        return self.state

    def _welcome(self) -> None:
        game = self.config.game
        who = ", ".join(
            f"{self.state.seat_name(s)}: {spec}"
            for s, spec in zip(self.state.seats, self.config.seats, strict=True)
        )
        mode = " — companion mode: type what comes up at your table" if self.companion else ""
        self.console.print(Rule(f"{game.title}{mode}"))
        self.console.print(f"Seats: {who}. {HELP}")
        note = "" if self.companion else self.presenter.no_choices_note(self.state)
        if note and self.humans:
            how = (
                "Your rolls are made for you; each roll and what it did is shown below "
                "(--no-roll-for-me to roll them yourself)."
                if self.roll_for_me
                else "You roll each time (Enter); each roll and what it did is shown below."
            )
            self.console.print(Text(f"{note} {how}", style="bold"))

    def _step(self) -> None:
        try:
            self._step_once()
        except _Restart:
            return

    def _step_once(self) -> None:
        player = self.state.current_player
        if player == CHANCE:
            action = self._ask_chance() if self.companion else sample_outcome(self.state, self.rng)
            private = self._told_privately(action)
            self._apply(player, action)
            if private:
                self._say(Text("  " + private, style="bold"))
            return
        elif player is not None and player in self.agents:
            view = AgentView(self.state, player)
            action = self.agents[player].choose(view, self.rng)
            if not self.config.game.hidden_information:
                # A bot's move in words may name cards only it holds (a Slam swap):
                # with hidden cards, the event lines say what the screen may know.
                self._say(
                    Text(
                        f"{self.state.seat_name(player)} (bot): "
                        f"{self.presenter.label(self.state, action)}",
                        style="dim",
                    )
                )
        elif player is not None and self._forced(player):
            action = self.state.legal_actions()[0]
            self._say(
                Text(f"{self.presenter.label(self.state, action)} (your only choice)", style="dim")
            )
        elif player is not None and self.roll_for_me and self.state.is_routine():
            action = self.state.legal_actions()[0]
            # At a real table the dice are the person's to roll: only the entry is skipped.
            why = (
                " (your only move: roll, then type what came up)"
                if self.companion
                else (" (rolled for you)")
            )
            self._say(
                Text(
                    f"{self.display_name(player)}: {self.presenter.label(self.state, action)}"
                    + why,
                    style="dim",
                )
            )
        elif player is not None:
            action = self._ask_human(player)
        else:
            return
        self._apply(player, action)

    def _told_privately(self, chance: Action) -> str:
        """What the person at the screen alone learns from a chance outcome (a drawn card)."""
        viewer = self.viewer
        if viewer is None or self.companion:
            return ""
        return self.presenter.told_privately(self.state, chance, viewer)

    def _forced(self, seat: int) -> bool:
        """A lone person's only choice in a card game is made for them.

        Card games ask every seat at some steps so that being asked tells
        nothing (Slam's swap after the deal); with one person at the screen
        there is nobody to tell, so the ritual is skipped. Hot-seat keeps it,
        since a skipped hand-over would show who had no choice, and dice
        games keep it: rolling is the player's to do.
        """
        return (
            self.config.game.hidden_information
            and self.humans == [seat]
            and not self.companion
            and len(self.state.legal_actions()) == 1
        )

    def _apply(self, player: int, action: Action) -> None:
        self.history.append(Snapshot(self.state.clone(), len(self.recorder.steps), len(self.log)))
        events = self.state.apply(action)
        self.recorder.add(player, action, events)
        self._print_events(events)

    def _say_odds(self) -> None:
        """``--odds``: the win chance as the screen's viewer sees it, when it has changed
        (asked at each person's move, not after every step: a figure costs rollouts)."""
        if not self.show_odds or self.state.is_over:
            return
        viewer = self.viewer
        line = odds_line(self.state, viewer, odds(self.state, viewer, wait=False))
        if line != self._odds_said:
            self._odds_said = line
            self._say(Text("  " + line, style="magenta"))

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the only human, the hot-seat holder, or a spectator."""
        if len(self.humans) == 1:
            return self.humans[0]
        return self._screen_holder

    def _line(self, event: Event) -> str:
        return self.presenter.describe(self.state, event.for_seat(self.viewer))

    def _print_events(self, events: list[Event]) -> None:
        for event in events:
            self.log.append(event)
            line = self._line(event)
            if line:
                self._say(Text("  " + line))

    def _say(self, text: Text) -> None:
        """Print a line of what happened, counting the lines it takes on the screen."""
        self.console.print(text)
        self._lines_since_prompt += len(self.console.render_lines(text, pad=False))

    # --- asking people -------------------------------------------------------
    def _ask_human(self, seat: int) -> Action:
        self._hand_over(seat)
        self._say_odds()
        actions = self.state.legal_actions()
        menu = Menu(self.presenter.menu(self.state, actions), actions)
        self._show_position(seat, menu)
        return self._choose(f"{self.display_name(seat)}, your move", menu)

    def display_name(self, seat: int) -> str:
        """The seat's name, with the person's own name when --seats gave one."""
        spec = self.config.seats[self.state.seats.index(seat)]
        name = self.state.seat_name(seat)
        return f"{name} ({spec.name})" if spec.name else name

    def _ask_chance(self) -> Action:
        self.console.print(f"[bold cyan]{self.presenter.prompt(self.state)}[/] — what came up?")
        outcomes = [action for action, _ in self.state.chance_outcomes()]
        menu = Menu(self.presenter.menu(self.state, outcomes))
        if self._typed_ahead:
            ahead, self._typed_ahead = " ".join(self._typed_ahead), []
            picked = menu.read(ahead)
            if isinstance(picked, Pick) and picked.action is not None:
                self.console.print(Text(f"Enter the result > {ahead}", style="dim"))
                return picked.action
            ahead_action = self._read_ahead(menu, ahead)
            if ahead_action is not None:
                return ahead_action
        return self._choose("Enter the result", menu, ahead=True)

    def _read_ahead(self, menu: Menu, answer: str) -> Action | None:
        """The result that the first words of `answer` pick, keeping the rest for the next
        result ("in lob": the IN/OUT/ACE die, then the HIT die); None if none do."""
        words = answer.split()
        for cut in range(len(words) - 1, 0, -1):
            picked = menu.read(" ".join(words[:cut]))
            if isinstance(picked, Pick) and picked.action is not None:
                self._typed_ahead = words[cut:]
                return picked.action
        return None

    def _choose(self, title: str, menu: Menu, *, ahead: bool = False) -> Action:
        self.console.print(menu.table())
        lone = len(menu.choices) == 1 and menu.choices[0].flagged is None
        hint = " (Enter: 1)" if lone else ""
        while True:
            answer = self.console.input(f"[bold]{title}[/]{hint} > ").strip()
            self._lines_since_prompt = 0
            if self._command(answer, menu):
                continue
            picked = menu.read(answer)
            if not isinstance(picked, Pick) and ahead:
                action = self._read_ahead(menu, answer)
                if action is not None:
                    return action
            if not isinstance(picked, Pick):
                self.console.print(Text(picked.message, style="red"))
            elif picked.action is not None:
                return picked.action
            elif picked.choice is not None:
                action = self._ask_flag(picked.choice)
                if action is not None:
                    return action

    def _ask_flag(self, choice: MenuChoice) -> Action | None:
        """The follow-up to a choice with a flag: y sets it, n leaves it, Enter goes back."""
        while True:
            answer = self.console.input(
                f"{escape(choice.label)}, and [bold]{escape(choice.flag_label)}[/]? "
                "y or n (Enter: choose again) > "
            )
            answer = answer.strip().lower()
            if answer not in ("y", "n") and self._command(answer, Menu([])):
                continue  # board, log, help, save, quit work here too
            if answer in ("y", "yes"):
                return choice.flagged
            if answer in ("n", "no"):
                return choice.action
            if not answer:
                return None
            self.console.print(Text("Type y or n, or press Enter to choose again.", style="red"))

    def _command(self, answer: str, menu: Menu) -> bool:
        """Answer a command typed at a prompt (help, board, log, save, undo, quit)."""
        lowered = answer.lower()
        if lowered in ("quit", "exit", "q"):
            raise QuitGame
        if lowered in ("help", "?", "h"):
            self.console.print(HELP + (COMPANION_HELP if self.companion else ""))
        elif lowered.startswith("help "):
            self._help_card(answer[5:].strip())
        elif lowered == "board":
            self._show_table(self.viewer)
            self.console.print(menu.table())
        elif lowered in ("log", "history"):
            lines = [line for line in map(self._line, self.log) if line]
            shown = lines if lowered == "history" else lines[-15:]
            if not shown:
                self.console.print(Text("  Nothing has happened yet.", style="dim"))
            for line in shown:
                self.console.print(Text("  " + line, style="dim"))
        elif lowered == "score":
            self.console.print(Text(score_line(self.state), style="cyan"))
        elif lowered.startswith("save"):
            self._save(answer[4:].strip())
        elif lowered == "undo":
            self._undo()
        elif lowered == "hint":
            self._hint(menu)
        else:
            return False
        return True

    def _hint(self, menu: Menu) -> None:
        seat = self.state.current_player
        if seat is None or seat == CHANCE:
            self.console.print("[yellow]No hint here: this is chance's move, not a choice.[/]")
            return
        labels = {choice.action: choice.label for choice in menu.choices}
        self.console.print(Text(hint(self.state, seat, labels), style="cyan"))
        used = self.recorder.meta.setdefault("hints", {})
        used[str(seat)] = used.get(str(seat), 0) + 1

    def _help_card(self, name: str) -> None:
        move_help = kit_for(self.config.game.id).move_help
        line = explain(move_help, name)
        if line is None:
            self.console.print(
                Text(f"No card called {name!r}. Try one of: {names(move_help)}.", style="red")
            )
        else:
            self.console.print(Text(f"{name}: {line}", style="cyan"))

    def _undo(self) -> None:
        if not self.companion:
            self._take_back()
            return
        if not self.history:
            self.console.print("[red]Nothing to undo yet.[/]")
            return
        snapshot = self.history.pop()
        self.state = snapshot.state
        del self.recorder.steps[snapshot.steps :]
        undone = [line for line in map(self._line, self.log[snapshot.log :]) if line]
        del self.log[snapshot.log :]
        self.console.print("[yellow]Taken back: " + (" ".join(undone) or "the last entry") + "[/]")
        raise _Restart

    def _take_back(self) -> None:
        """Hot-seat or against bots: the seat at the prompt takes back its last move,
        if nothing was revealed since (in a game of hidden cards, also nobody else has
        moved: a move shows what its player holds) and every other person whose move
        goes agrees."""
        seat = self.state.current_player
        if seat is None or seat == CHANCE:
            self.console.print("[red]Nothing to take back here.[/]")
            return
        try:
            start = take_back_from(
                self.recorder.steps, seat, hidden_information=self.config.game.hidden_information
            )
        except UndoRefused as refused:
            self.console.print(Text(f"Undo refused: {refused}", style="red"))
            return
        snapshots = [each for each in self.history if each.steps == start]
        if not snapshots:  # the move came with the record the game started from
            self.console.print("[red]Undo refused: that move was made before this session.[/]")
            return
        for other in sorted(others_asked(self.recorder.steps, start, seat) & set(self.humans)):
            answer = self.console.input(
                f"{escape(self.display_name(seat))} asks to take back their last move. "
                f"{escape(self.display_name(other))}, accept? y or n > "
            )
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(Text("Undo refused by " + self.display_name(other), style="red"))
                return
        snapshot = snapshots[0]
        self.recorder.meta.setdefault("undone", []).append(
            undo_note(seat, start, self.recorder.steps)
        )
        while self.history and self.history[-1] is not snapshot:
            self.history.pop()
        self.history.pop()
        self.state = snapshot.state
        undone = [step["action"] for step in self.recorder.steps[start:]]
        del self.recorder.steps[start:]
        del self.log[snapshot.log :]
        self.console.print(
            Text(f"{self.display_name(seat)} took back: " + ", ".join(undone), style="yellow")
        )
        raise _Restart

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: hide hands until the person at the seat confirms they hold the screen."""
        if not self.config.game.hidden_information or len(self.humans) < 2:
            return
        if self._screen_holder == seat:
            return
        if self._screen_holder is not None:
            self._seen_until[self._screen_holder] = len(self.log)
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")  # the scrollback too, where the last hand shows
        self.console.input(
            f"[bold]Pass the screen to {escape(self.display_name(seat))}, then press Enter[/] "
        )
        self._screen_holder = seat
        self._lines_since_prompt = 1  # the screen was cleared; the hand-over line is on it
        self._catch_up(seat)

    def _catch_up(self, seat: int) -> None:
        """Hot-seat: what happened since this person last held the screen, as they may know it."""
        since = self._seen_until.get(seat, 0)
        lines = [
            self.presenter.describe(self.state, event.for_seat(seat)) for event in self.log[since:]
        ]
        lines = [line for line in lines if line]
        if not lines:
            return
        shown = lines[-CATCH_UP_LINES:]
        skipped = len(lines) - len(shown)
        self._say(
            Text.from_markup(
                "[bold]Since your last turn:[/]" + (f" (… {skipped} more)" if skipped else "")
            )
        )
        for line in shown:
            self._say(Text("  " + line))

    def _show_table(self, seat: int | None) -> None:
        self.console.print(self.render(self.presenter.view(self.state, seat)))

    def _show_position(self, seat: int | None, menu: Menu, over: bool = False) -> None:
        """The full board when the layout allows it, else the short status; at the end
        without its "Game over" line (the box under it says who won)."""
        view = self.presenter.view(self.state, seat)
        if over:
            view["prompt"] = ""
        board = self.render(view)
        menu_lines = len(self.console.render_lines(menu.table(), pad=False)) + 1
        above = self._lines_since_prompt
        if shows_full_board(self.layout, self.console, board, below=menu_lines, above=above):
            self.console.print(board)
            return
        status = self.render_status(view)
        shown = len(self.console.render_lines(status, pad=False)) + menu_lines
        too_much = above + shown > self.console.size.height
        if self.console.is_terminal and menu.choices and too_much:
            self.console.print(Text("  (more happened above: 'log' shows it)", style="dim"))
        self.console.print(status)

    # --- saving --------------------------------------------------------------
    def _offer_save(self) -> None:
        if self.save_path is not None:
            self._save(str(self.save_path))
            return
        if not self.humans or not self.recorder.steps:
            return
        if self._saved is not None and self._saved[1] == len(self.recorder.steps):
            self.console.print(f"Saved already, as it stands, to {self._saved[0]}.")
            return
        try:
            answer = self.console.input(
                "Save the game record? Type a file name, or press Enter to skip: "
            ).strip()
        except (KeyboardInterrupt, EOFError):
            return
        if answer:
            self._save(answer)

    def _save(self, name: str) -> None:
        if not name:
            self.console.print("[red]Give a file name: save FILE[/]")
            return
        folder = Path(name).parent
        if not folder.is_dir():
            self.console.print(
                Text(
                    f"Could not save to {name}: there is no folder {folder}. "
                    "Make it first, or give another file name.",
                    style="red",
                )
            )
            return
        if self.start is not None and not self.start.from_record:
            self._save_position(name)
            return
        try:
            path = self.recorder.save(self.state, name)
        except OSError as error:
            self.console.print(f"[red]Could not save to {name}: {error.strerror}[/]")
            return
        self._saved = (str(path), len(self.recorder.steps))
        self.console.print(f"Record saved to {path}. Replay it with: pickletable replay {path}")

    def _save_position(self, name: str) -> None:
        """A game started from a position has no record from a new game: save where it is."""
        game = self.config.game
        try:
            path = Path(name)
            path.write_text(game.position_text(self.state))
        except OSError as error:
            self.console.print(f"[red]Could not save to {name}: {error.strerror}[/]")
            return
        self._saved = (str(path), len(self.recorder.steps))
        self.console.print(
            f"Position saved to {path}. Go on with: pickletable play {game.id} --from {path}"
        )


class _Restart(Exception):
    """Internal: an undo happened; ask again from the restored state."""
