"""Encounter cards: revealing (with the "when revealed" interrupt window and cancelling), minions engaging,
treacheries, attachments, side schemes, environments, obligations, and the keywords of revealed cards.

Rule ids: champions/rr/encounter-cards, champions/summary/flow/8, champions/rr/surge, champions/rr/peril,
champions/rr/cancel, champions/rr/minion, champions/rr/quickstrike, champions/rr/teamwork (ruling 57),
champions/rr/toughness, champions/rr/side-schemes.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import CARDS, HERO, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

@step("surge")
def _surge(g: G, p: int) -> None:
    # champions/rr/surge
    u = g.enc_draw()
    if u >= 0:
        g.emit("champions/rr/surge", "Surge: another encounter card is revealed.")
        g.push(("reveal", u, p, 1))


@step("reveal")
def _reveal(g: G, u: int, p: int, from_deck: int = 0) -> None:
    """Reveal an encounter card for player p (champions/rr/encounter-cards). ``from_deck``: the card comes
    from the encounter deck (dealt facedown, surge...): first an interrupt window ("encounter_revealed",
    frame ``("enc_rev", card, player, cancel)``) in which it can be cancelled (Black Widow)."""
    c = CARDS[g.code[u]]
    if not g.alive[p]:
        alive = g.order()
        if not alive:
            return
        p = alive[0]
    peril = c.kw("peril") > 0  # champions/rr/peril: only the resolving player may respond while it resolves
    if from_deck:
        if peril:
            g.push(("peril", u, p, 1), ("win", "encounter_revealed"), ("enc_rev", u, p, 0), ("peril", u, p, 0))
        else:
            g.push(("win", "encounter_revealed"), ("enc_rev", u, p, 0))
        return
    if peril:
        g.push(("peril", u, p, 1))
    g.emit("champions/summary/flow/8", f"Revealed for player {p + 1}: {c.name} ({c.type.replace('_', ' ')}).")
    t = c.type
    fn = S.REVEALED.get(c.code)
    after = [("surge", p)] if c.kw("surge") else []
    if t == "minion":
        g.push(("engage", u, p))
        if c.kw("incite"):
            g.push(("incite", u))
        if fn:
            g.push(("call_revealed", u, p))
        g.push(("quick", u, p))
    elif t == "treachery":
        g.push(("win", "treachery"), ("treach_res", u, p, 0))
    elif t == "attachment":
        g.eplay.append(u)
        if c.attach in (None, "villain"):
            g.att[u] = g.villain
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "side_scheme":
        g.eplay.append(u)
        base = c.base_threat or 0
        g.thr[u] = base if c.base_fixed else base * g.n
        g.emit("champions/rr/side-schemes", f"{c.name} enters play with {g.thr[u]} threat.")
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "environment":
        g.eplay.append(u)
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "obligation":
        if not _obligation_owner_alive(g, u):
            # champions/rr/elimination (ruling 67): an eliminated player's obligation is removed from the game and
            # another encounter card is revealed in its place
            g.remove_from_zones(u)
            g.removed.append(u)
            g.emit("champions/rr/elimination", f"{c.name} belongs to an eliminated player: it is removed from the "
                   "game and another encounter card is revealed.")
            v = g.enc_draw()
            if v >= 0:
                g.push(("reveal", v, p, 1))
            g.push(*after)
            return
        if fn:
            g.push(("call_revealed", u, p))
        else:
            g.edisc.append(u)
    if peril:
        g.push(("peril", u, p, 0))
    g.push(*after)


def _obligation_owner_alive(g: G, u: int) -> bool:
    """Whether the player whose hero an obligation belongs to (its set is the hero's) is still in the game."""
    hset = CARDS[g.code[u]].set
    return any(g.alive[q] and CARDS[g.code[g.ident[q]]].set == hset for q in range(g.n))


@step("peril")
def _peril(g: G, u: int, p: int, on: int) -> None:
    """champions/rr/peril: while card ``u`` resolves for player ``p``, the other players cannot play cards or
    use abilities: interrupt/response windows ask only ``p`` (a ``("peril", card, player)`` lasting effect)."""
    m = ("peril", u, p)
    if on:
        if m not in g.mods:
            g.mods.append(m)
            g.emit("champions/rr/peril", f"Peril: player {p + 1} resolves {g.name(u)} alone.")
    elif m in g.mods:
        g.mods.remove(m)


@step("enc_rev")
def _enc_rev(g: G, u: int, p: int, cancelled: int) -> None:
    """After the "when revealed" interrupt window: resolve the card, or (champions/rr/cancel) discard it
    without effect; ``cancelled == 2``: then reveal another card from the encounter deck (Black Widow)."""
    if not cancelled:
        g.push(("reveal", u, p))
        return
    g.emit("champions/rr/cancel", f"{g.name(u)} is cancelled and discarded.")
    g.remove_from_zones(u)
    g.edisc.append(u)
    if cancelled == 2:
        v = g.enc_draw()
        if v >= 0:
            g.emit("champions/rr/cancel", "Another encounter card is revealed.")
            g.push(("reveal", v, p, 1))


@step("quick")
def _quick(g: G, u: int, p: int) -> None:
    # champions/rr/quickstrike
    if u in g.eplay and g.has_kw(u, "quickstrike") and g._form[p] == HERO and g.alive[p]:
        g.emit("champions/rr/quickstrike", f"{g.name(u)} has quickstrike and attacks.")
        g.push(("attack", u, p, 0))
    if CARDS[g.code[u]].keywords and CARDS[g.code[u]].kw_text("teamwork"):  # champions/rr/teamwork, after quickstrike
        g.push(("teamwork", u, p))


@step("engage")
def _engage(g: G, u: int, p: int) -> None:
    # champions/rr/minion: a minion enters play engaged with the player
    g.remove_from_zones(u)
    g.eplay.append(u)
    g.eng[u] = p
    g.dmg[u] = 0
    if CARDS[g.code[u]].kw("toughness"):  # champions/rr/toughness
        g.tough(u)
    g.emit("champions/rr/minion", f"{g.name(u)} engages player {p + 1}.")
    g.push(("win", "minion_entered"), ("evt", "minion_entered", u, p))
    if CARDS[g.code[u]].keywords and CARDS[g.code[u]].kw_text("teamwork") and ("quick", u, p) not in g.stack:
        # champions/rr/teamwork: a minion revealed (or put into play by a card) gets its teamwork check from
        # the "quick" step that follows its when-revealed ability; otherwise it is checked now
        g.push(("teamwork", u, p))


@step("teamwork")
def _teamwork(g: G, u: int, p: int) -> None:
    """champions/rr/teamwork: after a minion with teamwork (trait) enters play and engages player ``p``, it
    activates against ``p`` if another minion in play has that trait (ruling 57)."""
    if u not in g.eplay or g.eng[u] != p or not g.alive[p]:
        return
    trait = CARDS[g.code[u]].kw_text("teamwork").lower()
    mates = [m for m in g.minions() if m != u and trait in (t.lower() for t in CARDS[g.code[m]].traits)]
    if not mates:
        return
    g.emit("champions/rr/teamwork", f"{g.name(u)} has teamwork ({CARDS[g.code[u]].kw_text('teamwork')}) and "
           f"{g.name(mates[0])} is in play: it activates against player {p + 1}.")
    g.push(("attack" if g._form[p] == HERO else "scheme", u, p, 0))


@step("treach_res")
def _treach_res(g: G, u: int, p: int, cancelled: int) -> None:
    fn = S.REVEALED.get(g.code[u])
    if cancelled:
        g.emit("champions/rr/cancel", f"{g.name(u)}'s effects are cancelled.")
    elif fn is not None:
        fn(g, p, u)
    g.push(("to_edisc", u))


@step("to_edisc")
def _to_edisc(g: G, u: int) -> None:
    if u not in g.edisc and u not in g.removed and u not in g.eplay and u not in g.edeck:
        g.edisc.append(u)
