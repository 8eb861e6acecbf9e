"""Marvel Champions: The Card Game (``champions``).

Config: ``heroes`` (1-4 of spider_man, captain_marvel, she_hulk, iron_man, black_panther; one seat
each), ``villain`` (rhino, klaw, ultron), ``mode`` (standard/expert), ``modulars`` (list; default the
villain's recommended set), ``decks`` (pre-built deck per hero, by hero id), ``deck`` (a MarvelCDB
JSON export for the first hero), ``content`` (a directory of YAML card files with the schema of
``data.py``, replacing shipped cards by code or adding new ones).

Layout: ``data/*.yaml`` card facts and our own rules text; ``cards/*.py`` card scripts (API in
``cards/__init__.py``); ``engine.py`` the state; ``flow.py`` the rules steps; ``decks.py`` heroes,
villains, pre-built decks and the MarvelCDB importer; ``bots.py`` the heuristic bot; ``rules.yaml``
the rules index (``champions/summary/...`` for the rulebook summary, ``champions/rr/...`` for the
Rules Reference).
"""
