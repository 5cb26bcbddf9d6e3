"""Transports: how live messages reach clients (framing only; decisions live in the hub): the table socket
(``ws``) and the bot socket (``botws``)."""
