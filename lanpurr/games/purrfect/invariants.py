"""P-11 as a function: everything that must hold in every full state of a game."""

from collections import Counter

from lanpurr.games.purrfect.cats import CARDS_PER_CAT, HAND_SIZE, cat_of
from lanpurr.games.purrfect.scoring import DECLARER_GAIN, game_winner
from lanpurr.games.purrfect.state import PurrfectState
from lanpurr.games.purrfect.trading import MAX_OFFER


def check_invariants(state: PurrfectState) -> list[str]:
    """Every broken invariant of a full state, in words; empty when all hold."""
    problems: list[str] = []
    if state.hands:
        problems += _hands_and_cards(state)
        problems += _locks(state)
    problems += _scores(state)
    return problems


def _hands_and_cards(state: PurrfectState) -> list[str]:
    problems = []
    for seat, hand in enumerate(state.hands):
        if len(hand) != HAND_SIZE:  # P-11.1
            problems.append(f"P-11.1: seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
    tokens = [t for hand in state.hands for t in hand]
    if len(set(tokens)) != len(tokens):
        twice = sorted(t for t, n in Counter(tokens).items() if n > 1)
        problems.append(f"P-11.2: cards {twice} are in two places")
    face_counts = Counter(map(state.cards.faces.get, tokens))
    if None in face_counts:
        problems.append("P-11.2: the full state does not know every card's face")
    cats: Counter[str] = Counter()
    for face, n in face_counts.items():
        if face is not None:
            cats[cat_of(face)] += n
    for cat in state.cats:
        if cats[cat] != CARDS_PER_CAT:
            problems.append(f"P-11.2: {cat} has {cats[cat]} cards in hands, not {CARDS_PER_CAT}")
    strays = sorted(set(cats) - set(state.cats))
    if strays:
        problems.append(f"P-11.2: cats not in play appear: {strays}")
    if any(n > 1 for face, n in face_counts.items() if face is not None):
        problems.append("P-11.2: a card face appears twice")
    return problems


def _locks(state: PurrfectState) -> list[str]:
    problems = []
    offerers = [o.seat for o in state.offers]
    acceptors = [a.seat for a in state.acceptances]
    if len(set(offerers)) != len(offerers) or len(set(acceptors)) != len(acceptors):
        problems.append("P-11.4: a seat has two open offers or two pending acceptances")
    open_ids = {o.offer_id: o for o in state.offers}
    for offer in state.offers:
        hand = set(state.hands[offer.seat])
        if not set(offer.cards) <= hand:
            problems.append(f"P-11.3: offer {offer.offer_id} holds cards not in its owner's hand")
        cats = {state.cat(t) for t in offer.cards}
        if not 1 <= len(offer.cards) <= MAX_OFFER or len(cats) != 1:  # P-11.5
            problems.append(f"P-11.5: offer {offer.offer_id} is not 1-4 cards of one cat")
    for acc in state.acceptances:
        if not set(acc.cards) <= set(state.hands[acc.seat]):
            problems.append(f"P-11.3: seat {acc.seat}'s acceptance holds cards it does not own")
        target = open_ids.get(acc.offer_id)
        if target is None:
            problems.append(f"P-11.3: seat {acc.seat}'s acceptance is of a closed offer")
        elif len(target.cards) != len(acc.cards) or len({state.cat(t) for t in acc.cards}) != 1:
            problems.append(f"P-11.5: seat {acc.seat}'s acceptance does not match its offer")
        mine = next((o for o in state.offers if o.seat == acc.seat), None)
        if mine is not None and set(mine.cards) & set(acc.cards):
            problems.append(f"P-11.3: seat {acc.seat} has a card locked in two places")
    return problems


def _scores(state: PurrfectState) -> list[str]:
    problems = []
    n = state.players
    running = [0] * n
    for result in state.results:
        declarers = [s for s, g in enumerate(result.gains) if g == DECLARER_GAIN]
        ones = [s for s, g in enumerate(result.gains) if g == 1]
        if declarers != [result.declarer]:  # P-11.7
            problems.append(f"P-11.7: round {result.round} has +2 for {declarers}")
        if not 1 <= len(ones) <= n - 1 or any(g < 0 for g in result.gains):
            problems.append(f"P-11.7: round {result.round} gives +1 to {len(ones)} players")
        running = [t + g for t, g in zip(running, result.gains, strict=True)]
    if state.results and tuple(running) != state.totals:  # P-11.8: totals are sums of gains
        problems.append(f"P-11.8: totals {state.totals} are not the sum of the rounds' gains")
    if len(state.results) > state.round_limit():  # P-11.9 / P-9.3
        problems.append(
            f"P-11.9: {len(state.results)} rounds played, more than {state.round_limit()}"
        )
    ended = state.results and game_winner(state.totals, state.results[-1].declarer)
    if ended and state.phase != "over":
        problems.append(f"P-9.1: totals {state.totals} end the game, yet it goes on")
    if state.phase == "over" and state.winner is None:
        problems.append("P-11.9: the game is over without a winner")
    if state.winner is not None and state.phase != "over":
        problems.append("P-11.9: a winner was named while the game goes on")
    return problems


def check_step(before: PurrfectState, after: PurrfectState) -> list[str]:
    """P-11.8 across one step: totals never go down; the key and the cats never change."""
    problems = []
    if any(a < b for a, b in zip(after.totals, before.totals, strict=True)):
        problems.append(f"P-11.8: totals went down from {before.totals} to {after.totals}")
    if before.meow_key and after.meow_key != before.meow_key:
        problems.append("P-11.8: the meow key changed during the game")
    if before.cats and after.cats != before.cats:
        problems.append("P-11.8: the cats in play changed during the game")
    if before.winner is not None and after.winner != before.winner:
        problems.append("P-9.2: the winner changed")
    return problems
