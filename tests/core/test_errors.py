"""The contract's errors: the contract's own refusal keeps its reason and the decision apart, and travels."""

from __future__ import annotations

import pickle

from monsterlair import games
from monsterlair.core import IllegalAction, NotLegalNow


def test_the_contracts_refusal_keeps_its_reason_and_the_decision_apart_and_pickles() -> None:
    state = games.get("monster-club").new(2, seed=5)
    try:
        state.parse_action("end")
    except NotLegalNow as exc:
        refused = exc
    assert isinstance(refused, IllegalAction)
    assert refused.reason == "'end' is not legal now."
    assert refused.decision == state.describe_decision()
    assert str(refused) == f"{refused.reason} {refused.decision}"
    again = pickle.loads(pickle.dumps(refused))  # e.g. from a simulation's worker process
    assert type(again) is NotLegalNow and str(again) == str(refused)
    assert (again.reason, again.decision, again.notation) == (refused.reason, refused.decision, refused.notation)
