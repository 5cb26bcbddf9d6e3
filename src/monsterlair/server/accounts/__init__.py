"""Accounts and sessions: passwords and server-side sessions (``auth``), bot account tokens (``botauth``),
and the ratings a finished game gives its players (``ratings``)."""
