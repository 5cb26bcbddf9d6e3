"""Transports: how live messages reach clients (WebSocket framing only; decisions live in the hub)."""
