"""The game contract: what every game offers to bots, the CLI, the protocol, the server and RL.

A game is a :class:`Game` (metadata, options, action text and indices, replay) that makes
:class:`State` objects (to_move, legal_actions, apply, clone, view, determinize, record).
Nothing here knows any particular game.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from monsterlair.core.actions import ActionSpace
from monsterlair.core.errors import (
    BadAction,
    BadOptions,
    BadRecord,
    IllegalAction,
    MonsterLairError,
    NotLegalNow,
)
from monsterlair.core.events import Event
from monsterlair.core.options import OptionSet, OptionValue
from monsterlair.core.outcome import ResultText, default_score_text, result_text
from monsterlair.core.result import Result
from monsterlair.core.rng import fresh_seed
from monsterlair.core.spec import GameKind, GameSpec
from monsterlair.core.state import Action, BaseState, Seat, State
from monsterlair.core.words import Voice, capitalise, plural

if TYPE_CHECKING:
    from monsterlair.core.observation import ObservationWriter

__all__ = ["RECORD_KEYS", "Action", "BaseState", "Game", "Seat", "State"]

RECORD_KEYS = ("game", "rules_version", "players", "options", "seed", "actions")


class Game(ABC):
    """A registered game: metadata, options, action text and indices, and state construction.

    A game declares its :class:`GameSpec` as ``spec`` (its id, title, player counts, rules version,
    summary, options and kind) and its fixed actions as ``action_space`` (:class:`ActionSpace`); the
    metadata attributes below are filled from the spec, and the action methods default to the space.
    What is left to write is the rules: :meth:`create` and the :class:`State`.
    """

    spec: ClassVar[GameSpec]
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    summary: ClassVar[str] = ""
    score_meaning: ClassVar[str] = "the game's own per-seat measure"
    """What ``Result.scores`` count in this game (``"cards in hand at the end"``), for tools and reports."""
    options: ClassVar[OptionSet] = OptionSet()
    action_space: ClassVar[ActionSpace[Any] | None] = None
    """The game's fixed actions (for the default action methods); ``None`` if the game writes them itself."""
    terminations: ClassVar[Mapping[str, str]] = {}
    """How the game ends, in words, by ``Result.termination`` code (for :meth:`termination_text`)."""
    won_by: ClassVar[Mapping[str, str]] = {}
    """The endings that decide the winner themselves, each with the word that joins it to "Won" ("by":
    "Won by being the last monster standing."; "with": "Won with fifteen cards in hand."). Any other ending only
    stops the game ("The round limit ended the game."), and :meth:`result_lines` tell what decided the winner."""
    board_names_mover: ClassVar[bool] = False
    """True when :meth:`render` itself says who is to move and what they decide (MONSTRA's last line), so the
    terminal's replay adds no "Player 2 to move." line of its own under the board."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Fill the metadata from the class's own ``spec``, so a game states it once."""
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if isinstance(spec, GameSpec):
            cls.id = spec.id
            cls.title = spec.title
            cls.min_players = spec.min_players
            cls.max_players = spec.max_players
            cls.rules_version = spec.rules_version
            cls.summary = spec.summary
            cls.options = spec.options

    def new(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> State:
        """A new game.

        Raises:
            BadOptions: if ``players`` is out of range or an option is unknown or bad.
        """
        resolved = self.check_setup(players, options)
        if seed is None:
            seed = fresh_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"The seed must be a whole number, not {seed!r}.")
        return self.create(players, seed, resolved)

    def check_setup(self, players: int, options: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
        """The options a game of ``players`` would start with (defaults filled in), checked as :meth:`new` checks
        them, without starting it (a server's new table, the benchmark's seat count).

        Raises:
            BadOptions: in the game's words, if ``players`` is not a whole number or out of range, an option is
                unknown or bad, or the count and options together cannot start (MONSTRA has no 3-player mode).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"The number of players must be a whole number, not {players!r}.")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(self.wrong_player_count(players))
        resolved = self.options.resolve(options)
        self.check_options(players, resolved)
        return resolved

    def wrong_player_count(self, players: int) -> str:
        """Why ``players`` cannot play: "Monster Club is for exactly 2 players, not 3." or "... takes 2 to 5 ..."."""
        if self.min_players == self.max_players:
            return f"{self.title} is for exactly {plural(self.min_players, 'player')}, not {players}."
        return f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}."

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Checks that involve several options or the player count.

        Raises:
            BadOptions: if the combination is not playable.
        """
        return None

    @abstractmethod
    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> State:
        """Build the starting state from checked arguments."""

    def default_players(self, options: Mapping[str, Any] | None = None) -> int:
        """The player count to use when a person names none (the CLI's ``play``): two where allowed.

        Games whose options imply a count (MONSTRA's ``mode=2v2``) override this.
        """
        return max(self.min_players, min(2, self.max_players))

    def player_counts(self) -> tuple[int, ...]:
        """The player counts a new game accepts with the default options (MONSTRA: 1, 2 and 4, not 3), for
        forms that should offer only counts that can start."""
        defaults = self.options.resolve(None)
        counts = []
        for n in range(self.min_players, self.max_players + 1):
            try:
                self.check_options(n, defaults)
            except BadOptions:
                continue
            counts.append(n)
        return tuple(counts)

    def teams(self, players: int, options: Mapping[str, OptionValue]) -> tuple[int, ...] | None:
        """Which side each seat plays on, for ratings: seats with the same number are partners and share
        their result; ``None`` when every seat plays together against the game (co-operative), so nobody
        has an opponent. Default: every seat for itself.
        """
        return tuple(range(players))

    # --- actions ------------------------------------------------------------------------------
    def _space(self) -> ActionSpace[Any]:
        space = self.action_space
        if space is None:
            raise NotImplementedError(f"{type(self).__name__} has no action_space; it must write its action methods.")
        return space

    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text`` (surrounding spaces and case forgiven).

        Raises:
            BadAction: if it is not the form of any action of this game.
        """
        return self._space().parse(text)

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The size of the fixed action space (for RL masks)."""
        return len(self._space())

    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        """The stable integer index of ``action`` (or of its text) in ``range(num_actions(...))``.

        Raises:
            BadAction: if the action has no index (not this game's, or a free-form push).
        """
        return self._space().index(action)

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Action:
        """The action with that index.

        Raises:
            BadAction: if the index is out of range.
        """
        return self._space().from_index(index)

    # --- observations (RL) -------------------------------------------------------------------
    @abstractmethod
    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of the numeric encoding of a view (fixed for a player count and options)."""

    @abstractmethod
    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a seat's view, for RL.

        It reads only the view, so it can never hold what the seat may not know.
        """

    def encode_state_sparse(
        self, state: State, seat: Seat, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        """Optional RL fast path: ``encode_view(state.view(seat), players, options)`` as sparse entries.

        A game may read them straight from its state, skipping the view, as ``(indices, values)``: the
        encoding is 0.0 everywhere, plus the values at their indices, the values at one index added up in
        order (so a count can be one pair per card, summed as ``encode_view`` sums it). The vector
        environment writes a whole batch of them into its observation array at once. It must give
        exactly the values of ``encode_view`` on the view (``tests/rl/test_vector.py`` checks it on random
        playouts of every game that has one), so it cannot hold anything the view hides.
        Default: ``None`` (no fast path; the view is encoded).
        """
        return None

    def observation_writer(
        self, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> ObservationWriter | None:
        """Optional RL fast path: a writer of ``encode_view``'s numbers for seats straight into rows of ``out``.

        ``out`` is a flat, writable float32 buffer of ``rows * observation_size`` values (see
        :class:`~monsterlair.core.observation.ObservationWriter`). The writer reads the state, never a view
        dict, and may keep per-row caches to rewrite only what changed; it must write exactly what
        ``encode_view`` gives for the seat's view (``tests/rl/test_vector.py`` and the conformance suite check
        it along random games), so it cannot hold anything the view hides. The vector environment uses it
        before ``encode_state_sparse``. Default: ``None`` (no writer).
        """
        return None

    def observation_bounds(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Sequence[float], Sequence[float]]:
        """Per feature of :meth:`encode_view`, the least and the greatest value it can take (the RL spaces'
        bounds; ``observation_size`` values each). Default: unbounded, for a game that does not say; every
        game of this project declares its real bounds (``tests/rl`` samples games to check them).
        """
        n = self.observation_size(players, options)
        return [-math.inf] * n, [math.inf] * n

    # --- evaluation ---------------------------------------------------------------------------
    evaluator: ClassVar[staticmethod[[Any, Seat], float] | None] = None
    """The game's own heuristic, ``staticmethod(evaluate)`` (:meth:`heuristic`); ``None``: the payoff."""

    search_settings: ClassVar[Mapping[str, OptionValue]] = {}
    """Settings of the ``ismcts`` bot that suit this game better than the bot's general defaults (measured:
    ``docs/bots.md``); a bot spec that names a setting keeps its own value."""

    def heuristic(self, state: State, seat: Seat) -> float:
        """How good ``state`` looks for ``seat``, in [0, 1] (used by ``greedy``, and by ``ismcts`` where a playout
        stops): the game's :attr:`evaluator` (see its module for what it weighs), else the payoff."""
        evaluate = self.evaluator
        return state.payoff(seat) if evaluate is None else evaluate(state, seat)

    def report_factors(self, state: State) -> dict[Seat, list[str]]:
        """What each seat was dealt that a balance report should break win rates down by.

        Given the starting position of a game, a game may return per seat a list of ``"kind:value"``
        strings naming its content: ``"deck:ember"``, ``"creature:flaro"``, ``"monster:suit-a"``,
        ``"order:2"``. ``monsterlair sim`` records them with each game and reports, per factor, the win
        rate of the seats that had it (its "presence" win rate). Default: none.
        """
        return {}

    def report_measures(self, state: State) -> dict[str, float]:
        """Numbers a balance report should average over games, from a finished game's final state.

        For example ``{"falls": 3.0}``; ``monsterlair sim`` records them with each game and reports their
        mean, median and 90th percentile. Default: none.
        """
        return {}

    def report_label(self, kind: str, value: str) -> str:
        """The words a balance report shows for the ``value`` of a factor or usage ``kind`` (a card's name
        for its id: ``("card", "ember-3")`` gives "Ember 3"). Default: the value itself."""
        return value

    report_kinds: ClassVar[Mapping[str, str]] = {}
    """What each kind of :meth:`report_usage` label counts, in the report's words ("burned": "cards burned");
    a kind not named here is shown as it is (see :meth:`report_kind_text`)."""

    def report_kind_text(self, kind: str) -> str:
        """What a usage ``kind`` counts, in words, for the report's headings and the console (:attr:`report_kinds`;
        default: the kind itself)."""
        return self.report_kinds.get(kind, kind)

    report_measure_words: ClassVar[Mapping[str, str]] = {}
    """What each of :meth:`report_measures`' numbers counts, in the report's words ("set_downs": "monsters placed
    for their player"); a measure not named here is shown by its name, spaced (see :meth:`report_measure_text`)."""

    def report_measure_text(self, name: str) -> str:
        """What the measure ``name`` counts, in words, for the console (:attr:`report_measure_words`; default: the
        name with spaces for underscores)."""
        return self.report_measure_words.get(name, name.replace("_", " "))

    report_factor_kinds: ClassVar[Mapping[str, str]] = {}
    """What each kind of :meth:`report_factors` label is, in the report's words ("order": "place in the turn
    order"); a kind not named here is shown as it is (see :meth:`report_factor_text`)."""

    def report_factor_text(self, kind: str) -> str:
        """What a factor ``kind`` is, in words, for the report's headings and the console
        (:attr:`report_factor_kinds`; default: the kind itself)."""
        return self.report_factor_kinds.get(kind, kind)

    report_move_words: ClassVar[Mapping[str, str]] = {}
    """The kind of a move in the report's words, by the first word of its action's text (MONSTRA's
    ``"signature": "signature move"``), for the default :meth:`report_move_kind`; a word not named here is shown
    as it is. Results files written before a game named its words are read through it too
    (:mod:`monsterlair.sim.store`)."""

    def report_move_kind(self, action: Action, events: Sequence[Event]) -> str:
        """The kind of a move as players see it, for the balance report's "Moves by kind": named from the action
        that completes the move (the one that says something in the log, :mod:`monsterlair.core.moves`) and the
        events it caused. Default: the first word of the action's text in the report's words
        (:attr:`report_move_words`), which suits a game whose every action is a move of its own."""
        word = str(action).split(" ", 1)[0]
        return self.report_move_words.get(word, word)

    def report_usage(self, seat: Seat, action: Action, events: Sequence[Event]) -> list[tuple[Seat | None, str]]:
        """What a decision used, for balance reports: ``(seat, "kind:value")`` pairs.

        Called by ``monsterlair sim`` after ``seat`` applied ``action``, with every event it caused (hidden
        parts included: a simulation sees everything). A game names what was played or used —
        ``"card:ember-3"``, ``"tactic:overcharge"``, ``"signature:flaro"``, ``"monster:green"`` — for the seat
        that used it, or for ``None`` (the whole table, as for a mission Guardian's behaviour). The report
        gives, per label, how often it was used, in how many games, the win rate of the seats that used it
        and the turn it was first used. Default: none (the report still counts action kinds).
        """
        return []

    def deck_presets(self) -> list[str]:
        """The preset decks a deck-against-deck matrix (``sim --deck-matrix``) plays. Default: none."""
        return []

    def deck_matchup(self, first: str, second: str) -> dict[str, OptionValue]:
        """The options that give the first side deck ``first`` and the second side deck ``second``.

        Raises:
            BadOptions: if the game has no decks to choose.
        """
        raise BadOptions(f"{self.title} has no decks to match against each other.")

    renderer: ClassVar[staticmethod[[Mapping[str, Any], Seat | None, Sequence[str] | None], str] | None] = None
    """The game's terminal drawing of a view, ``staticmethod(render)`` (:meth:`render`); ``None``: the JSON."""

    def render(self, view: Mapping[str, Any], seat: Seat | None, names: Sequence[str] | None = None) -> str:
        """A terminal rendering of a view (rich markup allowed; ``names`` are the seats' names): the game's
        :attr:`renderer`, else the view as JSON."""
        draw = self.renderer
        if draw is not None:
            return draw(view, seat, names)
        import json

        return json.dumps(view, indent=1, allow_nan=False)

    def describe_action(self, action: Action | str) -> str:
        """A phrase for a menu, for an action or its text: :meth:`action_phrase` of the action; a text that
        names no action, or an object that is no action of this game, is given back as it is."""
        space = self.action_space
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except BadAction:
                return action
        elif space is not None and not space.holds(action):
            return str(action)
        return self.action_phrase(action)

    def action_phrase(self, action: Action) -> str:
        """The menu phrase of one of this game's actions (default: its canonical text)."""
        return str(action)

    def action_label(self, state: State, action: Action, names: Sequence[str] | None = None) -> str:
        """A menu phrase for ``action`` at ``state``, for the player to move: names cards and players where
        the position says which ("Burn Flarefang 3", "Attack Bob"). Default: :meth:`describe_action`, starting
        with a capital as every menu line and button does ("Take a green Gloop")."""
        return capitalise(self.describe_action(action))

    def menu_number(self, state: State, action: Action) -> int | None:
        """A menu number for ``action`` that stays the same from turn to turn (``None``: number the menu by
        position, the default). Games with long, recurring menus (Push a Monster's pushes) override this."""
        return None

    def menu_group(self, state: State, action: Action, label: str) -> tuple[str, str] | None:
        """A terminal menu may put several actions on one line: (the line's heading, this action's short
        label), or ``None`` for a line of its own (the default)."""
        return None

    def help_text(self) -> str:
        """What a terminal player needs to know to type this game's actions (units, angles, grid); "" for none."""
        return ""

    def refusal(self, state: State, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why what a player typed, in the notation's words or the menu's ("attack Tumble"), names an action that
        cannot be played now, in players' words ("'attack Tumble': you can't attack now (…)"), for a terminal
        to say instead of "not an action"; ``None`` when it names no action, or one legal now. Default: the
        game's own refusal of an illegal action text (not the contract's :class:`NotLegalNow`, which gives no
        reason)."""
        try:
            state.parse_action(text)
        except NotLegalNow:
            return None
        except IllegalAction as exc:
            return str(exc)
        except BadAction:
            return None
        return None

    def card_choice(self, state: State) -> tuple[str, list[str]] | None:
        """When the decision at hand is a choice of several cards from the mover's hand: what they are chosen
        for ("to burn") and the hand's cards by name, in hand order. A terminal then lets the person pick
        them in any order and unpick before sending :meth:`choose_cards`. Default: never."""
        return None

    def choose_cards(self, state: State, positions: Sequence[int]) -> list[str]:
        """The action texts that make the choice of the hand cards at ``positions`` (1-based, any order) and
        confirm it.

        Raises:
            IllegalAction: with the rule the choice breaks.
        """
        raise IllegalAction("This decision is not a choice of cards.")

    def card_choice_problem(self, state: State, positions: Sequence[int]) -> str | None:
        """Whether the hand cards at ``positions`` (1-based) can still be part of a legal choice, more cards
        added: ``None`` if so, else the rule in players' words, so a terminal refuses a pick at once. Default:
        no check (``choose_cards`` still refuses an illegal set when it is confirmed)."""
        return None

    def describe_event(
        self,
        event: Mapping[str, Any],
        reader: Seat | None = None,
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        bot_for: Seat | None = None,
    ) -> str:
        """One game-log sentence for an event already redacted for ``reader`` (``Event.for_seat``).

        ``reader`` is the seat reading (``None``: a spectator or a replay), ``names`` the seat names and
        ``options`` the table's options. The words are the game's (:meth:`event_text`), in the reader's
        person; they only format what the event holds, so they never show more than the reader may know.
        An event a game has no words for still reads as a sentence, never as a dump of its fields.

        ``bot_for``: the seat whose move this event tells was made by a bot playing for its absent person (a
        takeover). The sentence then says so: its subject reads "The bot playing for you" ("… for Ann"), or,
        where the sentence has no such subject, it ends with "(chosen by the bot playing for you)".
        """
        voice = Voice(names, reader, bot_for=bot_for)
        text = self.event_text(event, voice, options or {})
        if text:
            if bot_for is not None and not voice.bot_named:
                body = text.rstrip(".!")
                text = f"{body} (chosen by {voice.bot(bot_for)}){text[len(body) :]}"
            return text
        kind = str(event.get("type", "event")).replace("_", " ").replace("-", " ")
        seat = event.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool):
            return f"{voice.subject(seat)}: {kind}."
        return f"{capitalise(kind)}."

    turn_unit: ClassVar[tuple[str, str]] = ("turn", "turns")
    """What the game calls the span ``turn_of_event`` numbers, singular and plural (MONSTRA: rounds)."""

    def turn_of_event(self, event: Mapping[str, Any]) -> int | None:
        """The number of the turn an event opens, for games that number their turns in the log (the log and
        the replays then count turns as the game does); ``None`` for other events. Default: never (a turn is
        then one seat's run of moves)."""
        return None

    minor_events: ClassVar[frozenset[str]] = frozenset()
    """Event types that another event of the same move already says (a single card pick, summed up by the
    whole choice; a settled monster, told by its push); a log may fold them."""

    step_events: ClassVar[frozenset[str]] = frozenset()
    """Event types that open a part of an action the game then plays by itself, after the decision that caused
    it (MONSTRA: the Rift Guardian's turn, a new round's set-up). The log marks each such part as a step of
    its own (``step`` 1, 2, … of its action), so a client shows it on its own, as it shows another seat's move,
    instead of folding it into the decision's words."""

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        """The game's sentence for a redacted event in ``voice``'s person, or ``None`` if it has none."""
        return None

    # --- result texts (core/outcome.py) ---------------------------------------------------------
    score_unit: ClassVar[tuple[str, str]] = ("point", "points")
    """What one unit of :attr:`Result.scores` is called, singular and plural."""

    def describe_result(
        self,
        result: Result,
        reader: Seat | None = None,
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> ResultText:
        """The finished game in words for ``reader``: outcome kind, headline, lines and standings."""
        return result_text(self, result, reader, names, options)

    def termination_text(self, termination: str) -> str:
        """A way this game ends, as a noun phrase ("the turn limit"): from :attr:`terminations`, else the code
        in words."""
        return self.terminations.get(termination) or termination.replace("_", " ").replace("-", " ")

    def termination_for(self, termination: str, voice: Voice, winners: Sequence[int]) -> str:
        """A way this game ends, in ``voice``'s person for these ``winners``; by default as
        :meth:`termination_text` (a game whose phrase names the winner's own things overrides it)."""
        return self.termination_text(termination)

    def termination_of(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> str:
        """How this finished game ended, for its result's "Won by …" or "… ended the game." line; by default as
        :meth:`termination_for` (a game whose phrase tells the result's own numbers overrides it)."""
        return self.termination_for(result.termination, voice, result.winners)

    def score_label(self, result: Result, options: Mapping[str, Any]) -> str:
        """What the result's scores mean."""
        return self.score_unit[1]

    def score_text(self, score: float, result: Result, options: Mapping[str, Any]) -> str:
        """A score with its meaning ("6 cards in hand")."""
        return default_score_text(score, self.score_unit)

    def result_lines(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> list[str]:
        """The game's own sentences about a finish (default: none)."""
        return []

    def standing_details(
        self, result: Result, voice: Voice, options: Mapping[str, Any]
    ) -> tuple[str, list[str]] | None:
        """A column of the standings that shows what decided the game when the scores do not (a tiebreak),
        as its label and each seat's text; default: none."""
        return None

    def result_headline(self, result: Result, voice: Voice, outcome: str, options: Mapping[str, Any]) -> str | None:
        """A headline of the game's own, or ``None`` for the common one."""
        return None

    # --- undo -----------------------------------------------------------------------------------
    def undo_unit(self, actions: Sequence[str]) -> int:
        """How many of the last ``actions`` (texts, oldest first) form the unit a person expects to take
        back with one undo (``server/tables/undo.py``); 0 when the rules let the last action stand whatever it
        revealed (Monster Smash: a named attack target). Default: the last action alone."""
        return 1

    # --- records ------------------------------------------------------------------------------
    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> State:
        """Rebuild the exact state a record describes (its first ``upto`` actions, if given).

        Raises:
            BadRecord: if the record is malformed, of another game or rules version, or replays illegally.
        """
        if not isinstance(record, Mapping):
            raise BadRecord("A record must be a JSON object.")
        missing = [k for k in RECORD_KEYS if k not in record]
        if missing:
            raise BadRecord(f"The record lacks {', '.join(missing)}.")
        if record["game"] != self.id:
            raise BadRecord(f"The record is a game of {record['game']!r}, not {self.id!r}.")
        if record["rules_version"] != self.rules_version:
            raise BadRecord(
                f"The record was made with rules version {record['rules_version']!r}; "
                f"this build plays version {self.rules_version}."
            )
        actions = record["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadRecord("The record's actions must be a list of action texts.")
        try:
            state = self.new(record["players"], record["seed"], record["options"])
        except BadOptions as exc:
            raise BadRecord(f"The record's set-up is not valid: {exc}") from None
        limit = len(actions) if upto is None else max(0, min(upto, len(actions)))
        for i, text in enumerate(actions[:limit]):
            try:
                state.apply(state.parse_action(text))
            except MonsterLairError as exc:
                raise BadRecord(f"Action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
            self.after_replayed_action(state, record, i)
        return state

    def after_replayed_action(self, state: State, record: Mapping[str, Any], index: int) -> None:
        """A hook run after each replayed action (Push a Monster re-anchors its physics here)."""
        return None

    def info(self) -> dict[str, Any]:
        """JSON-ready metadata, as the protocol's ``games`` answer gives it."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "player_counts": list(self.player_counts()),
            "rules_version": self.rules_version,
            "summary": self.summary,
            "score_meaning": self.score_meaning,
            "default_players": self.default_players(),
            "options": self.options.schema(),
        }

    def kind(self) -> dict[str, Any]:
        """What kind of game this is, from its spec's :class:`GameKind`: chance, hidden information, a bound on
        decisions (the engine protocol's ``games`` answer adds it to :meth:`info`). A game without a spec is
        taken as the most general kind (chance, hidden information, no bound)."""
        spec = getattr(self, "spec", None)
        kind = spec.kind if isinstance(spec, GameSpec) else GameKind()
        return {"has_chance": kind.has_chance, "hidden_info": kind.hidden_info, "max_game_length": kind.max_game_length}


__all__ = [
    "Action",
    "ActionSpace",
    "BaseState",
    "BadAction",
    "Game",
    "GameSpec",
    "IllegalAction",
    "RECORD_KEYS",
    "Seat",
    "State",
]
