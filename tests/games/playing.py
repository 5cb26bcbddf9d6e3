"""What the rule tests of every game do: play action texts on a state, and read its legal action texts."""

from __future__ import annotations

from monsterlair.core import Event, State


def play(state: State, *texts: str) -> list[Event]:
    """Apply each action text in turn (checked: an illegal one raises), returning every event."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(state.parse_action(text)))
    return events


def texts(state: State) -> list[str]:
    """The legal actions' texts, in the game's order."""
    return [str(a) for a in state.legal_actions()]
