"""One router per resource: auth, games (the lobby's catalogue), tables, replays."""
