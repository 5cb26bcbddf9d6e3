"""Tables and their live state.

``table`` holds the rules of play at a table (no IO); ``hub`` the live tables of this process, one
``live.LiveTable`` each; the hub's collaborators, given to it and talking back through ``live.TableHost``:
turn clock, bot takeover and undo (``controls`` with ``clock``, ``takeover``, ``undo``), ``chat`` and
``presence``. Bots at the table: the menu (``bots``), where they think (``botpool``, ``botworker``), what a
bot account hears (``botfeed``). Also ``hints``, the words sent with every message (``words``), notices and
leases between server processes and catching up with them (``fanout``, ``refresh``), saved games opened as
tables (``saved``), tutorials and the boards' display data (``tutorials``, ``display``).
"""
