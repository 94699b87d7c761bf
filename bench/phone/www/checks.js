// The checks a seat makes of what it receives, as lanpurr/fair does them: the proof of a
// shuffle (shuffle_proof.verify_shuffle), one proof for many decryption shares
// (proofs.verify_dleq_many), and the frames of a blind draw (envelopes, the hand, the pick
// and the shares, as peer_checks.py reads them). Each returns "" when all holds, else what
// is wrong. Only the verifier's side: a phone that proves needs more (the nonces, the prover).

import {
  ORDER, IDENTITY, GENERATOR, GroupError, add, sub, mul, baseMul, baseMulInt, mulSum,
  bytesOf, concat, equal, framedDigest, hashToScalar, hashToPoint, independentGenerator, isPoint,
  fromLittleEndian, hex, nonzero, toScalar, cards,
} from "./group.js";
import { shake256 } from "./keccak.js";
import { encode, decode } from "./msgpack.js";

const GENERATORS = bytesOf("lanpurr/fair/shuffle-proof/generators");
const CHAIN = bytesOf("lanpurr/fair/shuffle-proof/generators/chain");
const U_DOMAIN = bytesOf("lanpurr/fair/shuffle-proof/v2/u");
const E_DOMAIN = bytesOf("lanpurr/fair/shuffle-proof/v2/e");
const DLEQ = bytesOf("lanpurr/fair/dleq/v1");
const DLEQ_MANY = bytesOf("lanpurr/fair/dleq-many/v1");
const SIGNED = bytesOf("lanpurr/envelope/v1/signed\x00");
const DIGEST = bytesOf("lanpurr/envelope/v1/digest\x00");

let sodium = null;
export function useSodiumForChecks(library) {
  sodium = library;
}

function deckBytes(deck) {
  return concat(deck.flat());
}

// A 128-bit weight of the checker's own, 1 + a random number below 2^128 (shuffle_proof._weight).
function weight() {
  return 1n + fromLittleEndian(crypto.getRandomValues(new Uint8Array(16)));
}

/** shuffle_proof.verify_shuffle: one proof, "" when it holds. */
export function verifyShuffle(deckIn, deckOut, key, proof, context) {
  return verifyShuffles([{ deckIn, deckOut, proof, context }], key)[1];
}

/**
 * shuffle_proof.verify_shuffles: several proofs (a deal's, each shuffle made on the one
 * before) in one weighted sum; [-1, ""] when all hold, else [index of the first that fails,
 * what is wrong], found by checking each alone once the sum fails.
 */
export function verifyShuffles(shuffles, key) {
  const parsed = [];
  for (const s of shuffles) {
    const p = parseShuffle(s, key);
    if (typeof p === "string") break;
    parsed.push(p);
  }
  if (parsed.length === shuffles.length && holdTogether(parsed, key)) return [-1, ""];
  for (let i = 0; i < parsed.length; i++) {
    if (!holdTogether([parsed[i]], key)) {
      return [i, "the shuffle proof does not hold: the deck sent is not the deck received, reordered"];
    }
  }
  return [parsed.length, parseShuffle(shuffles[parsed.length], key)];
}

function parseShuffle({ deckIn, deckOut, proof, context }, key) {
  const n = deckIn.length;
  if (deckOut.length !== n) return `the shuffle returned ${deckOut.length} cards for ${n}`;
  if (proof.length !== 32 * (5 * n + 9)) return "the shuffle proof has the wrong size";
  const words = [];
  for (let k = 0; k < proof.length; k += 32) words.push(proof.subarray(k, k + 32));
  const points = words.slice(0, 3 * n + 5);
  const scalars = words.slice(3 * n + 5).map(fromLittleEndian);
  if (scalars.some((s) => s >= ORDER)) return "the shuffle proof holds a scalar that is not canonical";
  const sPrime = scalars.slice(4 + n);
  if (sPrime.some((s) => s === 0n)) return "the shuffle proof does not hold: a response is zero";
  const commitments = points.slice(0, n);
  const chain = points.slice(n, 2 * n);
  const t = points.slice(2 * n, 2 * n + 5);
  const tHat = points.slice(2 * n + 5);
  const seed = framedDigest(U_DOMAIN, context, key, deckBytes(deckIn), deckBytes(deckOut), ...commitments);
  const stream = shake256(seed, 64 * n);
  const u = [];
  for (let i = 0; i < n; i++) u.push(nonzero(stream.subarray(64 * i, 64 * i + 64)));
  const e = nonzero(framedDigest(E_DOMAIN, seed, ...chain, ...t, ...tHat));
  return {
    n, deckIn, deckOut, commitments, chain, t, tHat, u, e,
    s: scalars.slice(0, 4), sHat: scalars.slice(4, 4 + n), sPrime,
  };
}

// Adds Σ weight·(each equation of the proof, moved to one side) into `into`, the terms on the
// base point into sum.atG (shuffle_proof._terms, the same equations, the same grouping).
function addTerms(p, key, into, sum) {
  const { n, e, u, sPrime, sHat } = p;
  const [s1, s2, s3, s4] = p.s;
  const hs = [];
  for (let j = 0; j < n; j++) hs.push(independentGenerator(GENERATORS, j));
  const chainStart = independentGenerator(CHAIN, 0);
  const put = (point, scalar) => {
    const k = hex(point);
    const entry = into.get(k);
    if (entry) entry[1] = (entry[1] + scalar) % ORDER;
    else into.set(k, [point, scalar % ORDER]);
  };
  const [a1, a2, a3, a4, a5] = [weight(), weight(), weight(), weight(), weight()];
  const b = [];
  for (let j = 0; j < n; j++) b.push(weight());
  let product = 1n;
  for (const ui of u) product = (product * ui) % ORDER;
  sum.atG += a1 * s1 + a2 * s2 + a3 * s3 - a4 * s4;
  for (let j = 0; j < n; j++) sum.atG += b[j] * sHat[j];
  put(key, -a5 * s4);
  put(chainStart, a2 * e * product + b[0] * sPrime[0]);
  for (let j = 0; j < n; j++) {
    put(hs[j], a1 * e + a3 * sPrime[j]);
    put(p.commitments[j], -e * (a1 + a3 * u[j]));
    const following = j + 1 < n ? b[j + 1] * sPrime[j + 1] : -a2 * e;
    put(p.chain[j], -b[j] * e + following);
    put(p.deckIn[j][0], -a4 * e * u[j]);
    put(p.deckIn[j][1], -a5 * e * u[j]);
    put(p.deckOut[j][0], a4 * sPrime[j]);
    put(p.deckOut[j][1], a5 * sPrime[j]);
    put(p.tHat[j], -b[j]);
  }
  [a1, a2, a3, a4, a5].forEach((a, k) => put(p.t[k], -a));
}

// Whether every equation of every proof holds: one multiplication per distinct point.
function holdTogether(parsed, key) {
  const into = new Map();
  const sum = { atG: 0n };
  for (const p of parsed) addTerms(p, key, into, sum);
  const atGenerator = into.get(hex(GENERATOR));
  if (atGenerator) {
    sum.atG += atGenerator[1];
    into.delete(hex(GENERATOR));
  }
  try {
    for (const [point, scalar] of into.values()) {
      if (scalar % ORDER === 0n && !isPoint(point)) return false; // not multiplied: check it
    }
    const total = mulSum(Array.from(into.values(), ([p, s]) => [s, p]), baseMulInt(sum.atG));
    return equal(total, IDENTITY);
  } catch (error) {
    if (error instanceof GroupError) return false;
    throw error;
  }
}

function times(s, base) {
  return equal(base, GENERATOR) ? baseMul(s) : mul(s, base);
}

/** proofs.verify_dleq: the same x gives a = x·g1 and b = x·g2. */
export function verifyDleq(g1, a, g2, b, proof, context) {
  if (proof.length !== 64) return false;
  const c = proof.subarray(0, 32);
  const s = proof.subarray(32);
  if (fromLittleEndian(c) >= ORDER || fromLittleEndian(s) >= ORDER) return false;
  try {
    const t1 = sub(times(s, g1), mul(c, a));
    const t2 = sub(times(s, g2), mul(c, b));
    return equal(hashToScalar(DLEQ, context, g1, a, g2, b, t1, t2), c);
  } catch (error) {
    if (error instanceof GroupError) return false;
    throw error;
  }
}

/** proofs.verify_dleq_many: values[k] = log_G(a)·bases[k] for every k, one proof. */
export function verifyDleqMany(a, bases, values, proof, context) {
  if (bases.length === 0) return proof.length === 0;
  if (values.length !== bases.length) return false;
  let composite = bases[0];
  let combined = values[0];
  try {
    if (bases.length > 1) {
      const seed = framedDigest(DLEQ_MANY, context, a, ...bases, ...values);
      const stream = shake256(seed, 64 * bases.length);
      const weights = bases.map((_, k) => nonzero(stream.subarray(64 * k, 64 * k + 64)));
      composite = mulSum(weights.map((w, k) => [w, bases[k]]));
      combined = mulSum(weights.map((w, k) => [w, values[k]]));
    }
  } catch (error) {
    if (error instanceof GroupError) return false;
    throw error;
  }
  return verifyDleq(GENERATOR, a, composite, combined, proof, concat([DLEQ_MANY, context]));
}

/** RoundSetup.context: where in the transcript a proof belongs. */
function context(state, ...parts) {
  return encode([state.table, state.round, ...parts]);
}

/** An envelope's fields, checked as SignedLog.accept does: canonical bytes, a member's
 * signature, this table, the sender's chain. `last` holds each seat's latest digest. */
function openEnvelope(frame, state, last) {
  const fields = decode(frame);
  if (!Array.isArray(fields) || fields.length !== 7 || fields[0] !== 1) throw new Error("not an envelope");
  const [, table, sender, seq, prev, body, signature] = fields;
  if (!equal(encode(fields), frame)) throw new Error("an envelope that is not canonical");
  if (!equal(table, state.table)) throw new Error("an envelope of another table");
  const seat = state.members.findIndex((m) => equal(m, sender));
  if (seat < 0) throw new Error("an envelope from no member");
  const signed = concat([SIGNED, encode([1, table, sender, seq, prev, body])]);
  if (!sodium.crypto_sign_verify_detached(signature, signed, sender)) throw new Error("a forged signature");
  if (!equal(prev, last[seat])) throw new Error("a broken chain");
  last[seat] = sodium.crypto_hash_sha256(concat([DIGEST, frame]));
  return [seat, decode(body)];
}

/** card_points: the public point of every card of the deck (remembered). */
const decks = new Map();
function cardPoints(deckId, count) {
  const key = deckId + "/" + count;
  if (!decks.has(key)) {
    const points = [];
    for (let i = 0; i < count; i++) {
      const index = Uint8Array.of(i >>> 24, (i >>> 16) & 0xff, (i >>> 8) & 0xff, i & 0xff);
      points.push(hashToPoint(bytesOf("lanpurr/fair/card/v1"), bytesOf(deckId), index));
    }
    decks.set(key, new Map(points.map((p, i) => [hex(p), i])));
  }
  return decks.get(key);
}

/**
 * One blind draw as the drawer's laptop takes it in: every frame's envelope, the holder's
 * re-shuffled hand and its proof, the pick, every other seat's share of the picked card with
 * its proof, and then the card read with the drawer's own key share. Returns [problem, card].
 */
export function checkDraw(state, frames) {
  const last = state.prev.map((d) => d);
  let newSlots = null;
  let picked = null;
  const cardsBySlot = new Map();
  const shared = new Map();
  try {
    for (const frame of frames) {
      const [seat, body] = openEnvelope(frame, state, last);
      if (body.r !== state.round || body.step !== state.step) return ["a message for another step", null];
      if (body.k === "hand") {
        if (seat !== state.holder || newSlots) return ["a hand from a seat that holds none", null];
        const after = cards(body.cards);
        if (after.length !== state.hand.length) return ["the hand holds the wrong number of cards", null];
        const problem = verifyShuffle(state.hand, after, state.key, body.proof, context(state, seat, "hand", state.step));
        if (problem) return [problem, null];
        newSlots = after.map((card, j) => {
          cardsBySlot.set(state.nextSlot + j, card);
          return state.nextSlot + j;
        });
      } else if (body.k === "pick") {
        const p = body.positions;
        if (seat !== state.drawer || !newSlots || picked) return ["a pick out of turn", null];
        if (!Array.isArray(p) || p.length !== 1 || !Number.isInteger(p[0]) || p[0] < 0 || p[0] >= newSlots.length) {
          return ["a pick names no position of the hand", null];
        }
        picked = newSlots[p[0]];
      } else if (body.k === "shares") {
        if (seat === state.drawer || shared.has(seat) || picked === null) return ["shares out of turn", null];
        const entries = body.shares;
        if (!Array.isArray(entries) || entries.length !== 1 || entries[0][0] !== picked) {
          return ["shares for slots the draw does not need", null];
        }
        const slots = entries.map((e) => e[0]);
        const values = entries.map((e) => e[1]);
        const bases = slots.map((s) => cardsBySlot.get(s)[0]);
        const ctx = context(state, seat, "shares", state.step, slots);
        if (!verifyDleqMany(state.keyShares[seat], bases, values, body.proof, ctx)) {
          return [`the share of seat ${seat} does not open the picked card`, null];
        }
        shared.set(seat, values[0]);
      } else return [`a ${body.k} message in a draw`, null];
    }
    if (shared.size !== state.members.length - 1) return ["a share is missing", null];
    // The drawer reads the card: M = C2 − Σ dᵢ − x·C1.
    const [c1, c2] = cardsBySlot.get(picked);
    let face = sub(c2, mul(state.x, c1));
    for (const d of shared.values()) face = sub(face, d);
    const card = cardPoints(state.deckId, state.deckSize).get(hex(face));
    return card === undefined ? ["the drawn card is no card of the deck", null] : ["", card];
  } catch (error) {
    // A point outside the group, a frame that does not decode: refused, with the reason.
    return [error.message, null];
  }
}
