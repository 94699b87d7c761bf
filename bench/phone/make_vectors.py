"""Test vectors for the phone's verifier: proofs made by lanpurr's own Python code, written as
JSON, each with what a correct checker must say of it.

- a hand re-shuffle of 10 cards and a deck shuffle of 52, each with its proof of a shuffle;
- the shuffles of a 5-seat deal of 50 cards that one seat checks together (the other four);
- a batch of decryption shares with its one proof (one seat's shares of a 5-seat deal) and the
  one share a seat sends for a blind draw;
- every frame of one Momistigri blind draw at 5 seats, as the drawer's laptop receives them:
  the holder's re-shuffled hand, the pick, the four seats' shares of the drawn card;

and a tampered copy of each, which the checker must refuse: a shuffle whose output has two
cards swapped, a share that is another card's, a move whose hand or share was changed and
signed again by its own sender (so that only the proof, not the signature, can catch it).
Python checks every vector first, so a vector's verdict is lanpurr's verdict.
"""

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack

from lanpurr.fair import group
from lanpurr.fair.envelope import Envelope, seal
from lanpurr.fair.harness import Table
from lanpurr.fair.masked_deck import Masked, card_points, open_deck, shuffle
from lanpurr.fair.proofs import verify_dleq_many
from lanpurr.fair.round_state import blob
from lanpurr.fair.shuffle_proof import Shuffled, prove_shuffle, verify_shuffle, verify_shuffles

SEATS = 5
HAND = 10
HOLDER, DRAWER = 0, 1
SHARES_SEAT = 2
"""Whose deal shares are the batch: any seat but the phone's (the drawer's)."""


def _hex(data: bytes) -> str:
    return data.hex()


def _swap_two(cards: list[Masked]) -> list[Masked]:
    tampered = list(cards)
    tampered[0], tampered[1] = tampered[1], tampered[0]
    return tampered


def shuffle_vector(name: str, n: int) -> list[dict[str, Any]]:
    """A deck of n masked cards under a fresh joint key, shuffled with a proof."""
    key = group.base_mul(group.random_scalar())
    deck_in = open_deck(card_points("phone-bench", n), key)
    deck_in, _ = shuffle(deck_in, key)  # masked by a random shuffle first, as in play
    deck_out, secret = shuffle(deck_in, key)
    context = msgpack.packb([bytes(16), 1, 0, "hand", 7], use_bin_type=True)
    proof = prove_shuffle(deck_in, deck_out, key, secret, context)
    swapped = _swap_two(deck_out)
    assert verify_shuffle(deck_in, deck_out, key, proof, context) == ""
    assert verify_shuffle(deck_in, swapped, key, proof, context) != ""
    common = {"n": n, "key": _hex(key), "context": _hex(context), "proof": _hex(proof)}
    return [
        {"name": name, "expect": True, "deck_in": _hex(blob(deck_in)),
         "deck_out": _hex(blob(deck_out)), **common},
        {"name": name + ", two output cards swapped", "expect": False,
         "deck_in": _hex(blob(deck_in)), "deck_out": _hex(blob(swapped)), **common},
    ]  # fmt: skip


def deal_vectors(table: Table) -> list[dict[str, Any]]:
    """The deal's shuffles that the drawer checks together: every other seat's."""
    peer = table.peers[DRAWER]
    deck = open_deck(peer.points, peer.key)
    shuffles = []
    for sender, frame in table.wire:
        body = _body(frame)
        if body["k"] != "shuffle":
            continue
        out = [(body["deck"][k : k + 32], body["deck"][k + 32 : k + 64])
               for k in range(0, len(body["deck"]), 64)]  # fmt: skip
        context = table.setup.context(sender, "shuffle")
        if sender != DRAWER:
            shuffles.append(Shuffled(deck, out, body["proof"], context))
        deck = out
    swapped = [
        *shuffles[:-1],
        replace(shuffles[-1], deck_out=_swap_two(list(shuffles[-1].deck_out))),
    ]
    assert verify_shuffles(shuffles, peer.key)[0] == -1
    assert verify_shuffles(swapped, peer.key)[0] == len(shuffles) - 1

    def vector(name: str, expect: bool, chosen: list[Shuffled]) -> dict[str, Any]:
        return {"name": name, "expect": expect, "key": _hex(peer.key),
                "shuffles": [{"deck_in": _hex(blob(s.deck_in)), "deck_out": _hex(blob(s.deck_out)),
                              "proof": _hex(s.proof), "context": _hex(s.context)}
                             for s in chosen]}  # fmt: skip

    n = len(deck)
    name = f"the deal's {len(shuffles)} other shuffles of {n} cards, checked together"
    return [
        vector(name, True, shuffles),
        vector(name + ", the last one's output swapped", False, swapped),
    ]


def _body(frame: bytes) -> dict[str, Any]:
    body: dict[str, Any] = msgpack.unpackb(Envelope.decode(frame).body, raw=False)
    return body


def shares_vectors(table: Table, frames: list[tuple[int, bytes]]) -> list[dict[str, Any]]:
    """One seat's shares message of the deal, genuine and with one share replaced."""
    peer = table.peers[DRAWER]
    sender, frame = next(
        (s, f) for s, f in frames if s == SHARES_SEAT and _body(f)["k"] == "shares"
    )
    body = _body(frame)
    slots = [entry[0] for entry in body["shares"]]
    bases = [peer.cards[slot][0] for slot in slots]
    values = [entry[1] for entry in body["shares"]]
    a = peer.key_shares[sender]
    context = table.setup.context(sender, "shares", body["step"], slots)
    wrong = [values[1], *values[1:]]  # the first share is the second card's
    assert verify_dleq_many(a, bases, values, body["proof"], context)
    assert not verify_dleq_many(a, bases, wrong, body["proof"], context)
    name = f"one seat's decryption shares of a {SEATS}-seat deal ({len(slots)} shares)"
    common = {"a": _hex(a), "bases": _hex(b"".join(bases)), "proof": _hex(body["proof"]),
              "context": _hex(context), "m": len(slots)}  # fmt: skip
    return [
        {"name": name, "expect": True, "values": _hex(b"".join(values)), **common},
        {"name": name + ", one share another card's", "expect": False,
         "values": _hex(b"".join(wrong)), **common},
    ]  # fmt: skip


def _resigned(table: Table, seat: int, frame: bytes, body: dict[str, Any]) -> bytes:
    """The frame with another body, signed again by its own sender (same seq, same prev)."""
    old = Envelope.decode(frame)
    packed = msgpack.packb(body, use_bin_type=True)
    return seal(table.identities[seat], old.table, old.seq, old.prev, packed).encode()


def move_vectors(table: Table) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The frames of one blind draw, what the drawer knew before it, and two tampered copies;
    and the one share a seat sends in it, as a shares vector of its own."""
    peer = table.peers[DRAWER]
    last: dict[int, str] = {}
    for sender, frame in table.wire:
        last[sender] = _hex(Envelope.decode(frame).digest)
    hand_before = [peer.cards[s] for s in peer.hand(HOLDER)]
    assert len(hand_before) == HAND
    state = {
        "table": _hex(table.setup.table),
        "round": table.setup.round,
        "members": [_hex(m) for m in table.setup.members],
        "key_shares": [_hex(peer.key_shares[s]) for s in range(SEATS)],
        "key": _hex(peer.key),
        "holder": HOLDER,
        "drawer": DRAWER,
        "hand": _hex(blob(hand_before)),
        "next_slot": len(peer.cards),
        "prev": [last[s] for s in range(SEATS)],
        "x": _hex(peer.secrets.x),
        "deck_id": table.setup.deck_id,
        "deck_size": table.setup.deck_size,
    }
    start = len(table.wire)
    table.everyone("draw", HOLDER, DRAWER, 1)
    assert all(p.accusations == [] for p in table.peers)
    frames = table.wire[start:]
    kinds = [_body(f)["k"] for _, f in frames]
    assert kinds[0] == "hand" and kinds[1] == "pick" and kinds[2:] == ["shares"] * (SEATS - 1)
    step = _body(frames[0][1])["step"]
    [drawn] = [s for s in peer.hand(DRAWER) if s >= state["next_slot"]]
    state["card"] = peer.known[drawn]

    hand_body = _body(frames[0][1])
    cards = [(hand_body["cards"][k : k + 32], hand_body["cards"][k + 32 : k + 64])
             for k in range(0, len(hand_body["cards"]), 64)]  # fmt: skip
    bad_hand = dict(hand_body, cards=blob(_swap_two(cards)))
    bad_hand_frames = list(frames)
    bad_hand_frames[0] = (HOLDER, _resigned(table, HOLDER, frames[0][1], bad_hand))

    share_seat, share_frame = frames[2]
    share_body = _body(share_frame)
    [[slot, share]] = share_body["shares"]
    other = group.add(share, group.GENERATOR)  # a valid point, but not this card's share
    bad_share = dict(share_body, shares=[[slot, other]])
    bad_share_frames = list(frames)
    bad_share_frames[2] = (share_seat, _resigned(table, share_seat, share_frame, bad_share))

    def vector(name: str, expect: bool, chosen: list[tuple[int, bytes]]) -> dict[str, Any]:
        return {"name": name, "expect": expect, "step": step, **state,
                "frames": [_hex(f) for _, f in chosen]}  # fmt: skip

    name = f"one Momistigri blind draw from a {HAND}-card hand, {SEATS} seats, as the drawer"
    moves = [
        vector(name, True, frames),
        vector(name + ", the hand re-shuffled dishonestly and signed", False, bad_hand_frames),
        vector(name + ", a share changed and signed", False, bad_share_frames),
    ]
    base = peer.cards[slot][0]
    common = {"a": _hex(peer.key_shares[share_seat]), "bases": _hex(base), "m": 1,
              "proof": _hex(share_body["proof"]),
              "context": _hex(table.setup.context(share_seat, "shares", step, [slot]))}  # fmt: skip
    assert verify_dleq_many(peer.key_shares[share_seat], [base], [share], share_body["proof"],
                            bytes.fromhex(common["context"]))  # fmt: skip
    single = "one seat's decryption share of a drawn card (1 share)"
    shares = [
        {"name": single, "expect": True, "values": _hex(share), **common},
        {"name": single + ", another point", "expect": False, "values": _hex(other), **common},
    ]
    return moves, shares


def vectors() -> dict[str, Any]:
    table = Table(SEATS, SEATS * HAND)
    table.start()
    start = len(table.wire)
    table.everyone("deal", [i % SEATS for i in range(SEATS * HAND)])
    deal_frames = table.wire[start:]
    probe = b"lanpurr phone bench"
    moves, draw_shares = move_vectors(table)
    return {
        "shake256": {"input": _hex(probe), "output": _hex(hashlib.shake_256(probe).digest(200))},
        "shuffles": [
            *shuffle_vector("proof of a shuffle, a 10-card hand re-shuffle", 10),
            *shuffle_vector("proof of a shuffle, a 52-card re-shuffle", 52),
        ],
        "shares": [*shares_vectors(table, deal_frames), *draw_shares],
        "moves": moves,
        "deals": deal_vectors(table),
    }


def write(path: Path) -> dict[str, Any]:
    data = vectors()
    path.write_text(json.dumps(data, indent=1))
    return data


if __name__ == "__main__":
    out = Path(__file__).with_name("www") / "vectors.json"
    out.parent.mkdir(exist_ok=True)
    data = write(out)
    print(f"wrote {out}: " + ", ".join(f"{len(v)} {k}" for k, v in data.items()))
