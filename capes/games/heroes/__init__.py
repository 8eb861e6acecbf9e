"""Marvel Heroes (game id ``heroes``): the strategy board game for 2–4 players.

Each seat is a player: the Hero player of one Team and the Nemesis (Mastermind) of the Team of the player on his
right. Every choice — a Villain player's during another player's Troubleshooting, who pays for an ability, the
Most Wanted replacement — is a :class:`~capes.core.protocol.Decision` asked of the seat the rulebook names.
The secret Combat Power pick is a secret simultaneous decision (``seats=(hero, villain)``, ``secret=True``).

Modules
-------
- ``game.py`` — :class:`HeroesGame`: config, content listing, bots, render hooks.
- ``engine.py`` — :class:`HeroesState`: the rules as an explicit stack of small frames (see its docstring).
- ``effects.py`` — the effect vocabulary: short functions keyed by the ``effect`` names used in the data.
- ``content.py`` — loading and validation (pydantic) of the YAML data in ``content/``.
- ``bots.py`` — ``heroes-heuristic``, the ISMCTS rollout policy and evaluation. ``render.py`` — terminal picture.
- ``glossary.py`` — the text of every card in a seat's view (``HeroesGame.glossary``). ``odds.py`` — exact combat odds.
- Labels and prompts are functions of the state they describe: what is kept per Game for speed (hero menus, some
  Decisions, Options and log Events) is keyed by everything it shows (docs/architecture-heroes.md).
- ``rules.yaml`` — the rules index (ids ``heroes/<section>/<step>``); ``docs/rulings/heroes.md`` — rulings.

Config
------
``players`` (2–4), ``scenario`` (a Scenario id, default ``born_again``), ``teams`` (team ids in seat order,
default ``f4,xmen,avengers,knights``), ``content`` (a directory of user YAML files), ``arch_tie``
(``henchmen`` | ``none``, see the ruling).

Content schema (``content/*.yaml``; a file of the same name in ``content=DIR`` replaces the default whole)
-------------------------------------------------------------------------------------------------------------
Every entry has ``id``, ``name``, ``source`` (``rulebook`` | ``project`` | ``user``) and optional ``note``.

- ``teams.yaml``: ``teams: [{id, name, nemesis: <mastermind id>, heroes: [4 hero ids]}]``;
  ``heroes: [{id, name, level, troubleshooting: [crime, danger, mystery], skill, ko,
  powers: [[name, a, d, w], ...] (1-3, token order red, orange, yellow), combat: ABILITY,
  support: ABILITY + kind: combat|troubleshooting|action}]``;
  ``masterminds: [{id, name, level, henchmen, threat: [crime, danger, mystery], ko, powers, combat: ABILITY,
  scheming: ABILITY (``raise_trouble {n}`` | ``draw_villains {n}``), plans: [3 x {id, name, stage: prologue|development|conclusion, effect, params, text}]}]``.
- ``headlines.yaml``: ``headlines: [{id, name, type: crime|danger|mystery, threat, skills: [..],
  district: x|diamond|star|circle, vp, mastermind: bool}]``.
- ``villains.yaml``: ``villains: [{id, name, copies, requirement, cost, ko, most_wanted, powers,
  ability: ABILITY, backup: ABILITY + cost}]``; an Agent is ``{id, name, copies, cost, agent: ABILITY}``.
- ``resources.yaml``: ``resources: [{id, kind: ally|event, name, team: <team id>|null, copies, ability: ABILITY}]``.
- ``story.yaml``: ``stories: [{id, name, team}]``. ``powerups.yaml``: ``powerups: [{id, team, name, effect, params}]``.
- ``scenarios.yaml``: ``scenarios: [{id, name, effect, params, victory: {kind: threshold|rounds|special|house_of_m,
  ...}, text}]`` and ``special_headlines`` (Headlines without a District).

``ABILITY`` is ``{name, effect, params, text}``. Effects (``effects.py``): combat ``plus_rating {stat, n}``,
``set_rating {stat, value}``, ``minus_opp {n}``, ``gain_boost``, ``cancel_opp_boost``, ``cap_opp_die``,
``plus_result {n}``, ``minus_opp_result {n}``, ``reroll_blanks``, ``heal_ko``, ``seize_initiative``, ``seq_plus_rating {n}``, ``agent
{stat, n}``; troubleshooting ``reduce_trouble {n, type?}``; actions ``rampage``, ``cerebro``,
``draw_resources {n, exhaust?}``, ``gain_pp {n, exhaust?}``, ``medical_all``, ``gain_vp {n}``, ``discard_wanted``,
``story_actions {n}``; Master Plans ``mp_draw``, ``mp_threat``, ``mp_vp``, ``mp_hench``, ``mp_pp`` (``{n}``);
Power-Ups ``pu_trouble``, ``pu_pp``, ``pu_draw`` (``{n}``), ``pu_boost``; Scenarios ``none``, ``plot_bonus``,
``threat_plus``, ``story_vp``, ``villain_draw`` (``{n}``).

Termination: every game ends by the end of Game Round 15 (ruling ``heroes/ruling/round-cap``) and every combat
within 10 sequences (``heroes/ruling/sequence-cap``), which bounds ``HeroesGame.max_actions`` (see ``game.py``).
"""
