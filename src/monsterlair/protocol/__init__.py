"""The JSON-lines engine protocol (``monsterlair engine``): see ``engine-protocol.md``.

``Engine().handle(line) -> line`` is the whole protocol without IO; ``serve(stdin, stdout)`` runs it
on byte streams.
"""

from monsterlair.protocol.engine import Engine, serve
from monsterlair.protocol.messages import COMMANDS, ErrorCode, ProtocolError

__all__ = ["COMMANDS", "Engine", "ErrorCode", "ProtocolError", "serve"]
