"""The glossary a seat can read during play (issue 10): the text, in the project's own words, of every Character,
Level-Up Card, skill, Enemy, Stage, card, token and special condition in view, keyed by the name players see.

Nothing in Alliances is hidden (docs/rulings/alliances.md, ruling 30), so every seat reads the same glossary.
Stats and names come from the data files (``data/*.yaml``); rule texts are summaries written for capes.
"""

from __future__ import annotations

from typing import Any

from capes.games.alliances.content import (
    ATTACK_TYPES,
    CONDITIONS,
    RESULT_NAMES,
    Attack,
    EnemyCard,
    Side,
)
from capes.games.alliances.engine import C_CARDS, C_HELD, C_INJ, E_ID, T_KIND, T_POS, plural

#: skill ids (data files) -> the name players read, and what the skill does (our own words)
SKILLS: dict[str, tuple[str, str]] = {
    "wall_crawler": ("Wall Crawler", "Innate: entering a Terrain Feature's Space does not end this Character's Advance."),
    "flight": ("Flight", "Innate: entering a Terrain Feature's Space does not end this Character's Advance."),
    "spider_sense": ("Spider-Sense", "Reactive, 1 Power: when an Enemy attack targets this Character, add 1 die to "
                     "its defense pool."),
    "tag_team": ("Tag Team", "Innate: each Heroic Assist this Character makes is received by two different "
                 "Characters instead of one."),
    "cat_burglar": ("Cat Burglar", "Innate: this Character Interacts without spending Power."),
    "bad_luck": ("Bad Luck", "Active, 1 Power, once per Activation: an Enemy within 3 Spaces gains Hex."),
    "web_zip": ("Web Zip", "Active, Action: Place this Character in an empty Space within 3 Spaces."),
    "quick_reflexes": ("Quick Reflexes", "Reactive: after suffering Damage from an Enemy attack, this Character may "
                       "Advance 1 Space."),
    "second_wind": ("Second Wind", "Active, 2 Power, once per Activation: remove 2 Damage from this Character."),
    "web_toss": ("Web Toss", "Active, Action: Throw a Terrain Feature within 1 Space up to 4 Spaces in a straight "
                 "line; it is destroyed, and the first Terrain Feature, Character or Enemy in that line suffers the "
                 "collision."),
}

ENEMY_RULES: dict[str, tuple[str, str]] = {
    "protection_programming": ("Protection Programming", "After Enemies Attack, each Spider-Slayer that attacked at "
                               "least one Character Advances 1 Space Toward the nearest Objective token."),
    "goblin_war_cry": ("Goblin War Cry", "When Enemies Frenzy, each Goblin Army Advances 3 Spaces instead of 1."),
    "crushing_grip": ("Crushing Grip", "A Character that suffers Damage from an Enemy attack an Oscorp Goliath took "
                      "part in gains Shock."),
    "goblin_glider": ("Goblin Glider", "Terrain Features do not end Green Goblin's Advance."),
}

CONDITION_TEXT = {
    "bleed": "On a Character: at the end of its next Activation it suffers 2 Damage, then Bleed is removed. On an "
             "Enemy: at the end of the Enemies Attack step it suffers 2 Damage, then Bleed is removed.",
    "hex": "On a Character: its Criticals add no dice to attack, defense or dodge rolls; removed after a roll that "
           "showed a Critical. On an Enemy: an attacker rolls 2 extra dice per Critical against it instead of 1; "
           "removed after such an attack.",
    "incinerate": "On a Character: it rolls 2 fewer dice the next time it defends. On an Enemy: its Defense is 2 "
                  "lower the next time it defends. Then Incinerate is removed.",
    "shock": "On a Character: it rolls 2 fewer dice the next time it attacks. On an Enemy: the next time it would "
             "attack, it does not. Then Shock is removed.",
}

_EFFECTS = {"bleed": "the target gains Bleed", "hex": "the target gains Hex", "incinerate": "the target gains Incinerate",
            "shock": "the target gains Shock", "throw": "Throw the target {spaces} Away from the attacker",
            "push": "Push the target {spaces} Away from the attacker", "power": "the attacker gains {n} Power",
            "heal": "the attacker removes {n} Damage"}

STAGE_TEXT = {
    "oscorp_lab": "Green Goblin's serum is loose in New York: gather Ingredients from his minions and synthesize the "
                  "Samples. Setup: the Samples are Objective tokens with Critical, Wild, Hit and Block symbols; 12 "
                  "Ingredients (3 of each symbol) form a face-down pool. Scientific Method: when a Character KOs a "
                  "Minion, a random Ingredient from the pool is Placed in its Space. Interact (Ingredient): pick it "
                  "up (hold at most 2; Place one within 1 Space before taking a third; drop them when Dazed). "
                  "Interact (Sample): put matching Ingredients on it; with 2 it is Synthesized and removed. Lab "
                  "Partners: with both players' agreement, take an Ingredient from a Character within 1 Space. End "
                  "of Stage: at the end of any Turn with 3 or more Samples Synthesized.",
    "goblins_last_laugh": "The Boss Battle against Green Goblin. Braces stand on the rooftops: Interact to turn one; "
                          "two turned Braces of a pair make a Web Line between them. Along Came a Spider: Green "
                          "Goblin Advancing into a Web Line stops, suffers 3 Damage and gains Shock, and the Braces "
                          "turn back. End of Stage: at the end of any Turn with 2 Dazed tokens on the Boss Daze "
                          "Tracker.",
}

CARDS = {
    "Oscorp Weaponry": "Enemy Modifier: after an Enemy is attacked, if the attack roll shows 1 or more Failures and "
                       "that Enemy is neither Dazed nor KO'd, it deals 1 Damage to the attacking Character.",
    "Bombing Run": "Standard Pitfall (authored by capes): if Green Goblin is not on the battlefield and has not been "
                   "KO'd this Stage, he Spawns into the Open Spawn Space nearest the Priority Character; otherwise "
                   "each Character within 2 Spaces of him suffers 1 Damage. Then Enemies Frenzy.",
    "Turbo Boost": "Boss Battle Pitfall: Green Goblin removes all special conditions from himself and Advances as "
                   "his Boss Battle Card says; a Web Line he passes through does not stop him and its Braces turn "
                   "back. Then Enemies Frenzy.",
    "Green Goblin Always Has the Last Laugh": "Boss Behavior: before Enemies Move, if he is not on the board, roll a "
                   "die and Spawn him on the arrow Space with that icon, and Place the Target token where the arrow "
                   "meets the battlefield edge. When Enemies Move he Advances his Speed in a straight line Toward the "
                   "Target; on reaching it, roll again, Place him on the matching arrow Space, re-Place the Target "
                   "and finish the Advance. A Character he moves into suffers 2 Damage and Places itself nearby; an "
                   "Enemy he moves into is Placed nearby. When Enemies Frenzy he removes his special conditions "
                   "instead of Advancing. He cannot be Thrown (he suffers 1 Damage instead) or moved by other "
                   "effects. When Dazed he leaves the battlefield and a Dazed token goes on the Boss Daze Tracker.",
}

TOKENS = {
    "Terrain Feature": "Entering its Space ends an Advance (not for Wall Crawler or Flight). A Character or Enemy in "
                       "its Space has Cover. It can be Thrown, and a Thrown object colliding with it destroys it.",
    "Cover": "A defending Character in Cover may turn one defense die into a Block; a defending Enemy in Cover has "
             "Defense 1 higher.",
    "Objective token": "A non-Dazed Character or Enemy within 1 Space Contests it. A Character cannot Interact with "
                       "one an Enemy Contests; a Character Contesting one no Enemy Contests is Securing it. Removed by "
                       "a Character's effect: that Character Completes an Objective (each Character gains 2 XP, then "
                       "a Heroic Assist).",
    "Spawn Space": "Enemies Spawn here. It is Open when no Character or Enemy occupies it; when an Enemy would Spawn "
                   "and none is Open, Enemies Frenzy instead.",
    "Enemies Frenzy": "Each Enemy Advances 1 Space Toward the nearest non-Dazed Character, then the first Enemy on "
                      "the Spawn Tracker Spawns into the Open Spawn Space nearest the Priority Character; if there is "
                      "still none, Enemies Attack.",
    "Spawn Tracker": "The Enemies waiting to Spawn, first at the left. A KO'd Minion (not a Mini-Boss) goes into the "
                     "first empty spot; if there is none, the first Enemy Spawns first.",
    "Heroic Assist": "After KOing an Enemy, Dazing a Boss or Completing an Objective, a Character gains 1 XP and "
                     "another non-Dazed Character removes 1 Damage, removes 1 special condition, gains 1 Power or "
                     "Advances 1 Space.",
    "Dazed": "A Healthy Character at 0 Stamina is Dazed: it can't move, be moved, be targeted or use skills. At the "
             "start of its next Activation (or in Cleanup) it turns to its Injured side with full Stamina. An Injured "
             "Character at 0 Stamina is KO'd and the Mission fails.",
}


def _icons(need: tuple[tuple[int, int], ...]) -> str:
    return " + ".join((f"{k} " if k > 1 else "") + RESULT_NAMES[r].title() for r, k in need)


def attack_text(a: Attack) -> str:
    shape = {"": "Range ", "B": "Beam, Range ", "A": "Area, Range "}[a.shape]
    out = f"{ATTACK_TYPES[a.type].title()} attack, {shape}{a.range}, Strength {a.strength}"
    out += f", {a.cost} Power" if a.cost else ", no Power cost"
    for r in a.rules:
        out += f"; {r.name} ({_icons(r.need)} in the final roll): " + _effect(r)
    return out


def _effect(r: Any) -> str:
    """What an attack's special rule does, in the glossary's words."""
    return _EFFECTS[r.effect].format(n=r.n, spaces=plural(r.n, "Space"))


def side_text(side: Side) -> str:
    d = side.defense
    skills = ", ".join(SKILLS.get(s, (s, ""))[0] for s in side.skills) or "none"
    attacks = " | ".join(f"{a.name}: {attack_text(a)}" for a in side.attacks)
    return (f"Stamina {side.stamina}, Speed {side.speed}, Defense Physical {d[0]} / Energy {d[1]} / Mystic {d[2]}; "
            f"skills: {skills}; attacks: {attacks}")


def enemy_text(card: EnemyCard) -> str:
    kind = {"goon": "Goon", "sentry": "Sentry", "brute": "Brute", "mini_boss": "Mini-Boss", "boss": "Boss"}[card.type]
    rules = "; ".join(f"{ENEMY_RULES[r][0]}: {ENEMY_RULES[r][1]}" for r in card.rules if r in ENEMY_RULES)
    return (f"{kind}: Stamina {card.stamina}, Speed {card.speed}, Attack Range {card.range}, Strength "
            f"{card.strength}, Defense {card.defense}, {ATTACK_TYPES[card.attack_type].title()} attacks"
            + (f". {rules}" if rules else "."))


def glossary(st: Any, seat: int | None) -> dict[str, str]:
    """Everything in view now (every seat sees the same: nothing is hidden in Alliances)."""
    g = st.game
    data = g.data
    out: dict[str, str] = {}
    skills: set[str] = set()
    for ci, cid in enumerate(g.squad):
        ch = data.characters[cid]
        side = st.cside(ci)
        c = st.chars[ci]
        out[ch.name] = f"Character ({'Injured' if c[C_INJ] else 'Healthy'} side). " + side_text(side)
        skills.update(side.skills)
        # the log names attacks and their special rules ("Sticky Situation: ... gains Shock"): each by its name
        for a in side.attacks:
            _add(out, a.name, f"Attack of {ch.name}: {attack_text(a)}.")
            for r in a.rules:
                _add(out, r.name, f"Special rule of {ch.name}'s {a.name} ({_icons(r.need)} in the final roll): "
                     + _effect(r) + ".")
        for card in c[C_CARDS]:
            lu = ch.levelups[card]
            out[lu.name] = _levelup_text(ch.name, lu)
    pending = st.pending
    if pending is not None and pending[0] == "keep":
        ch = data.characters[g.squad[pending[2]]]
        for card in pending[3]:
            out[ch.levelups[card].name] = _levelup_text(ch.name, ch.levelups[card])
    for s in sorted(skills):
        name, text = SKILLS.get(s, (s, ""))
        if text:
            out[name] = text
    seen_enemies = {e[E_ID] for e in st.enemies} | {x for x in st.tracker if x and x != "*"} | set(st.waiting)
    seen_enemies |= set(g.mission["enemy_tracker"])
    for eid in sorted(seen_enemies):
        card = data.enemies[eid]
        if eid == g.boss_id:
            if st.stage.kind == "boss" and card.boss is not None:
                out[card.name] = "Boss side (Boss Battle). " + enemy_text(card.boss)
            else:
                out[card.name] = "Mini-Boss side (Standard Stages). " + enemy_text(card)
        else:
            out[card.name] = enemy_text(card)
    stage = st.stage
    # every Stage of the Mission: the log and the status line name the ones to come and the ones done too
    for i, sid in enumerate(st.order):
        other = data.stages[sid]
        when = "" if i == st.stage_i else (" Played earlier in this Mission." if i < st.stage_i
                                          else " Still to come in this Mission.")
        text = STAGE_TEXT.get(other.script) or _stage_rules_text(g, other.script)
        out[other.name] = f"Stage ({other.board_name}).{when} " + text
    out["Oscorp Weaponry"] = CARDS["Oscorp Weaponry"]
    if stage.kind == "boss":
        out["Turbo Boost"] = CARDS["Turbo Boost"]
        # the Boss Battle Stage and its Boss Battle Card share this name: both texts
        _add(out, "Green Goblin Always Has the Last Laugh", CARDS["Green Goblin Always Has the Last Laugh"])
    else:
        out["Bombing Run"] = CARDS["Bombing Run"]
    for name in ("Spawn Space", "Spawn Tracker", "Enemies Frenzy", "Heroic Assist", "Dazed"):
        out[name] = TOKENS[name]
    if st.terrain:
        out["Terrain Feature"] = TOKENS["Terrain Feature"]
        out["Cover"] = TOKENS["Cover"]
    kinds = {t[T_KIND] for t in st.tokens if t[T_POS] >= 0}
    if "obj" in kinds:
        out["Objective token"] = TOKENS["Objective token"]
    if stage.script == "oscorp_lab" or "ing" in kinds or any(c[C_HELD] for c in st.chars):
        out["Ingredient"] = ("An Oscorp Lab Stage token with a Sample symbol: pick it up by Interacting (at most 2 "
                             "held); two matching Ingredients Synthesize a Sample.")
    if "brace" in kinds:
        out["Brace"] = "Interact to turn it; a pair of turned Braces makes a Web Line between them."
    if st.target >= 0:
        out["Target token"] = "Green Goblin Advances in a straight line Toward it; reaching it sends him to an arrow Space."
    if "*" in st.tracker:
        out["Challenge token"] = ("Takes a spot on the Spawn Tracker like an Enemy (raising the Spawn dice) but never "
                                  "Spawns.")
    # every special condition: the log names one also as it ends ("is Shocked and does not attack")
    for cn in CONDITIONS:
        out[cn.title()] = CONDITION_TEXT[cn]
    return out


def _add(out: dict[str, str], name: str, text: str) -> None:
    """``out[name] = text``; two different texts under one name (two Characters' attacks both called so) are both
    kept, one after the other."""
    old = out.get(name)
    out[name] = text if old is None or old == text or text in old else f"{old} / {text}"


def _levelup_text(who: str, lu: Any) -> str:
    head = f"Level {lu.level} Level-Up Card of {who}: "
    if lu.kind == "skill":
        name, text = SKILLS.get(lu.skill, (lu.skill, ""))
        return head + f"gain the skill {name}" + (f" ({text})" if text else "") + "."
    if lu.kind == "improve":
        return head + f"improves {lu.attack.name}, which becomes: {attack_text(lu.attack)}."
    return head + f"gain the attack {lu.attack.name}: {attack_text(lu.attack)}."


def _stage_rules_text(g: Any, script: str) -> str:
    """A project-authored Stage: its rules as written in rules.yaml (our own words)."""
    key = {"glider_works": "alliances/stage/glider-works", "subway_rescue": "alliances/stage/subway-rescue"}.get(script, "")
    parts = [r.text for r in g.rules.rules if key and (r.id == key or r.id.startswith(key + "/")) and r.text]
    return " ".join(parts)
