"""The grammar every game's log and result texts share: plurals, lists, and the reader's person.

One small helper so that no client says "1 cards", "X & Y wins" or "Greedy bot attacks Greedy bot":

* :func:`plural` — ``plural(1, "card")`` is "1 card", ``plural(3, "card")`` "3 cards";
* :func:`join_words` — "A", "A and B", "A, B and C";
* :func:`with_article` — "a green Gloop", "an orange Mammoth";
* :func:`shown_number` — a position that programs count from 0, as people count it: from 1;
* :class:`Voice` — names seats for one reader: "You draw" to the drawer, "Ann draws" to everyone else,
  "from you" / "from Ann", "your" / "Ann's". A spectator (``reader=None``) reads everything in the
  third person. A move that a bot made for a seat whose person is away (a takeover) names the bot as
  its subject: "The bot playing for you ends your turn", "The bot playing for Ann ends Ann's turn".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

_IRREGULAR = {"have": "has", "be": "is", "do": "does", "go": "goes"}
_UNCHANGED_PLURALS = frozenset({"HP", "EN"})


def plural_of(word: str) -> str:
    """The plural of a (lower-case, regular) noun: card → cards, dice → dice stays as given, body → bodies."""
    if word in _UNCHANGED_PLURALS:
        return word
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "sh", "ch", "x", "z")):
        return word + "es"
    return word + "s"


def plural(n: int | float, word: str, many: str | None = None) -> str:
    """``n`` with ``word`` in the right number: "1 card", "0 cards", "3 tactics", "2 knockouts"."""
    count = int(n) if float(n).is_integer() else n
    return f"{count} {word if count == 1 else (many or plural_of(word))}"


def number_span(low: int, high: int, conjunction: str = "to") -> str:
    """Whole numbers from ``low`` to ``high`` as people say them: "1 to 5", "1 or 2" (two with ``"or"``;
    "1 and 2" with ``"and"``), or one number alone ("1"): never "1 to 1" or "1 to 2"."""
    if high <= low:
        return str(low)
    if high == low + 1 and conjunction != "to":
        return f"{low} {conjunction} {high}"
    return f"{low} to {high}"


def hand_cards(size: int) -> str:
    """What a hand's card numbers are: "Your hand has cards 1 to 5", "… one card, number 1", "… is empty"."""
    if size <= 0:
        return "Your hand is empty"
    if size == 1:
        return "Your hand has one card, number 1"
    return f"Your hand has cards {number_span(1, size, 'and')}"


def with_article(phrase: str) -> str:
    """ "a green Gloop", "an orange Mammoth": the indefinite article that fits the phrase's first sound."""
    return f"{'an' if phrase[:1].lower() in 'aeiou' else 'a'} {phrase}"


def join_words(items: Iterable[str], conjunction: str = "and") -> str:
    """ "A", "A and B", "A, B and C" (empty: "")."""
    words = [w for w in items if w]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def third_person(verb: str) -> str:
    """The third-person singular of a verb's base form: draw → draws, push → pushes, carry → carries."""
    head, _, rest = verb.partition(" ")
    if head in _IRREGULAR:
        out = _IRREGULAR[head]
    elif head.endswith("y") and len(head) > 1 and head[-2] not in "aeiou":
        out = head[:-1] + "ies"
    elif head.endswith(("s", "sh", "ch", "x", "z", "o")):
        out = head + "es"
    else:
        out = head + "s"
    return f"{out} {rest}" if rest else out


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name nearest to a misspelt ``word`` (for "Did you mean …?"), or ``None`` if none is near."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=1)
    return close[0] if close else None


def capitalise(text: str) -> str:
    """The text with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def shown_number(index: int) -> int:
    """A position that programs count from 0 (a seat, Push a Monster's monster), as people count it: from 1.

    Every number a player reads goes through here (seat 0 is "Player 1", monster 0 is "monster 1"); actions'
    texts, views, events, records and the engine protocol keep counting from 0.
    """
    return index + 1


def seat_label(seat: int) -> str:
    """How a seat without a name is called: seats are numbered from 1 for people."""
    return f"Player {shown_number(seat)}"


class Voice:
    """Seat names for one reader, in that reader's person.

    ``names[i]`` is seat ``i``'s display name (missing or empty names read "Player i+1");
    ``reader`` is the reading seat, ``None`` for a spectator or a replay. ``bot_for`` is the seat whose move
    a takeover bot made (the person is away): as a subject that seat reads "the bot playing for you" /
    "the bot playing for Ann", with the verb to match; ``bot_named`` tells whether a sentence said so.
    """

    __slots__ = ("names", "reader", "bot_for", "bot_named")

    def __init__(
        self, names: Sequence[str] | None = None, reader: int | None = None, *, bot_for: int | None = None
    ) -> None:
        self.names = list(names or ())
        self.reader = reader
        self.bot_for = bot_for
        self.bot_named = False

    def bot(self, seat: int | None) -> str:
        """The takeover bot of ``seat``, inside a sentence: "the bot playing for you", "the bot playing for Ann"."""
        self.bot_named = True
        return f"the bot playing for {'you' if self.is_you(seat) else self.name(seat)}"

    def _by_bot(self, seat: int | None) -> bool:
        return seat is not None and seat == self.bot_for

    def is_you(self, seat: int | None) -> bool:
        """True when ``seat`` is the reader."""
        return seat is not None and seat == self.reader

    def name(self, seat: int | None) -> str:
        """The seat's name in the third person, whoever reads ("Ann", "Player 2")."""
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return seat_label(seat)

    def subject(self, seat: int | None) -> str:
        """ "You" or the seat's name, to start a sentence ("The bot playing for you": see ``bot_for``)."""
        if self._by_bot(seat):
            return capitalise(self.bot(seat))
        return "You" if self.is_you(seat) else self.name(seat)

    def obj(self, seat: int | None) -> str:
        """ "you" or the seat's name, after a verb or a preposition."""
        return "you" if self.is_you(seat) else self.name(seat)

    def possessive(self, seat: int | None) -> str:
        """ "your" or "Ann's" (a name ending in s gets only an apostrophe: "Gus'")."""
        if self.is_you(seat):
            return "your"
        name = self.name(seat)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def own(self, seat: int | None) -> str:
        """The possessive of a sentence's own subject: "your" for you, "their" for anyone else
        ("You keep your hand", "Ann keeps their hand"; "The bot playing for Ann ends Ann's turn")."""
        if self._by_bot(seat) and not self.is_you(seat):
            return self.possessive(seat)
        return "your" if self.is_you(seat) else "their"

    def verb(self, seat: int | None, base: str) -> str:
        """The verb agreeing with the seat as subject: "draw" for you, "draws" for anyone else (and for the bot
        playing for you)."""
        if self.is_you(seat) and not self._by_bot(seat):
            return "are" if base == "be" else base
        return third_person(base)

    def says(self, seat: int | None, base: str, *, start: bool = True) -> str:
        """Subject and verb: "You draw", "Ann draws", "You are", "Ann is" ("you draw" inside a sentence)."""
        if start:
            who = self.subject(seat)
        else:
            who = self.bot(seat) if self._by_bot(seat) else self.obj(seat)
        return f"{who} {self.verb(seat, base)}"

    def group(self, seats: Iterable[int], *, start: bool = True) -> str:
        """Several seats: "You and Ann", "Ann, Bob and Cy" (you come first; "you and Ann" inside a sentence)."""
        ordered = sorted(seats, key=lambda s: (not self.is_you(s), s))
        return join_words([self.subject(s) if i == 0 and start else self.obj(s) for i, s in enumerate(ordered)])

    def group_verb(self, seats: Sequence[int], base: str, *, start: bool = True) -> str:
        """A group as subject with its verb: "You and Ann share", "Ann wins", "You win"."""
        if len(seats) == 1:
            return self.says(seats[0], base, start=start)
        return f"{self.group(seats, start=start)} {'are' if base == 'be' else base}"


def game_over_text(v: Voice, winners: Sequence[int], how: str, *, joint: str = "by", closed: bool = True) -> str:
    """The log's last line: "You win by <how>!", "Ann and Bob win by <how>!", or "The game ends with no
    winner: <how>.". ``joint`` is the word before how they won ("with" for what a winner holds: "Ann wins
    with 5 destroys!"); ``closed=False`` leaves off the closing mark, for a sentence that goes on."""
    if not winners:
        text, mark = f"The game ends with no winner: {how}", "."
    else:
        text, mark = f"{v.group_verb(winners, 'win')} {joint} {how}", "!"
    return text + mark if closed else text
