"""A watcher's view of a game as plain JSON for the phone's page.

The view is `view(state, WATCHER)` of the watcher's replica (net/watch/watch_feed.py): a seat nobody
holds, so a face is there only when the engine shows it to everyone. Hidden cards are `null`:
the page draws their backs and can learn nothing else about them.
"""

from typing import Any

from lanpurr.core.cards import Cards

Snapshot = dict[str, Any]


def _faces(cards: Cards, tokens: tuple[int, ...]) -> list[str | None]:
    return [cards.face(t) for t in tokens]


def momistigri(view: Any) -> Snapshot:
    from lanpurr.games.momistigri.deck import colour_of, value_of

    def card(face: str | None) -> dict[str, Any] | None:
        return None if face is None else {"v": value_of(face), "c": colour_of(face)}

    return {
        "round": view.round,
        "phase": view.phase,
        "direction": view.direction,
        "active": view.active,
        "hands": [[card(f) for f in _faces(view.cards, h)] for h in view.hands],
        "pile": [card(f) for f in _faces(view.cards, view.pile)],
        "help_up": list(view.help_up),
        "totals": list(view.totals),
        "winners": list(view.winners),
    }


def purrfect(view: Any) -> Snapshot:
    from lanpurr.games.purrfect.cats import CATS

    colours = {cat.name: cat.colour for cat in CATS}

    def card(face: str | None) -> dict[str, Any] | None:
        if face is None:
            return None
        cat, _, pose = face.partition("-")
        return {"cat": cat, "c": colours.get(cat, "grey"), "pose": int(pose or 0)}

    offers = [
        {"seat": o.seat, "n": len(o.cards), "word": view.meow_key[len(o.cards) - 1]}
        for o in view.offers
        if 0 < len(o.cards) <= len(view.meow_key)
    ]
    return {
        "round": view.round,
        "phase": view.phase,
        "meow_key": list(view.meow_key),
        "cats": [{"cat": c, "c": colours.get(c, "grey")} for c in view.cats],
        "hands": [[card(f) for f in _faces(view.cards, h)] for h in view.hands],
        "offers": offers,
        "accepting": [{"seat": a.seat, "n": len(a.cards)} for a in view.acceptances],
        "totals": list(view.totals),
        "winner": view.winner,
    }


def gutters(view: Any) -> Snapshot:
    from lanpurr.games.gutters.components import CATS, HOMES, OPENINGS
    from lanpurr.games.gutters.geometry import slots

    size = view.size
    around: dict[str, dict[str, Any]] = {}
    for home, where in zip(HOMES, view.homes, strict=True):
        around[slots(size)[where].name] = {"home": home}
    for where, token in view.slot_cats:
        face = view.cards.face(token)
        cat = {"cat": CATS[face][0], "value": CATS[face][1]} if face in CATS else {"cat": None}
        around[slots(size)[where].name] = cat
    won = [
        [CATS[f][1] if (f := view.cards.face(t)) in CATS else 0 for t in cats] for cats in view.won
    ]
    return {
        "size": size,
        "mode": view.mode,
        "phase": view.phase,
        "cells": [OPENINGS[cell] for cell in view.cells],
        "slots": around,
        "pile_top": OPENINGS[(view.tile_pile[0], 0)] if view.tile_pile else None,
        "tiles_left": len(view.tile_pile),
        "cats_left": len(view.cat_pile),
        "won": won,
        "active": view.active,
        "actions_left": view.actions_left,
        "turn": view.turn,
    }


GAMES = {"momistigri": momistigri, "purrfect": purrfect, "gutters": gutters}


def snapshot(game: str, view: Any) -> Snapshot:
    """What the page draws of `view`, a watcher's view of a game of `game`."""
    return GAMES[game](view)
