"""Marvel: Crisis Protocol — Alliances (game id ``alliances``).

A rules engine for the Night of the Goblin Mission: two Standard Stages (``long=true``: three,
Oscorp Lab, Goblin Glider Works and Last Train Out) and the Boss Battle, a squad of four
Characters split among 1–4 players, automated Enemies. Modules: ``board`` (geometry, the one
place that knows Spaces are squares), ``content`` (data loading/validation), ``engine`` (the
rules as an explicit frame stack), ``stages`` (Stage Card scripts keyed by a Stage's
``script`` id), ``game`` (config and hooks), ``bots``, ``render``.

Config keys: ``squad`` (4 character ids), ``players`` (1–4), ``control`` (player of each Character), ``long`` (bool),
``difficulty`` (Challenge tokens per Stage), ``round_limit`` (house rule, see
docs/rulings/alliances.md), ``content`` (a directory of your own YAML data).

Your own content: put ``characters.yaml``, ``enemies.yaml`` and/or ``stages.yaml`` in a
directory, in the format of ``capes/games/alliances/data/`` (each file documents its
fields), and pass ``--config content=DIR``. Entries with an existing ``id`` replace the
shipped ones; new ids are added (new Characters become valid ``squad`` members).
"""
