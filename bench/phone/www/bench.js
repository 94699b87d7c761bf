// Runs every vector through the checks (each verdict must be lanpurr's), then times the
// genuine ones: `runs` timed runs after two warm-up runs, p50 and the spread. The same code
// runs in the page and under Node (`node www/bench.js`, for a quick look while writing).

import {
  useSodium, unhex, cards, baseMul, mul, add, toScalar, framedDigest, bytesOf, independentGenerator,
} from "./group.js";
import { useSodiumForChecks, verifyShuffle, verifyShuffles, verifyDleqMany, checkDraw } from "./checks.js";
import { shake256 } from "./keccak.js";

function words(blob) {
  const out = [];
  for (let k = 0; k < blob.length; k += 32) out.push(blob.slice(k, k + 32));
  return out;
}

function drawState(v) {
  return {
    table: unhex(v.table), round: v.round, step: v.step,
    members: v.members.map(unhex), keyShares: v.key_shares.map(unhex), key: unhex(v.key),
    holder: v.holder, drawer: v.drawer, hand: cards(unhex(v.hand)), nextSlot: v.next_slot,
    prev: v.prev.map(unhex), x: unhex(v.x), deckId: v.deck_id, deckSize: v.deck_size,
  };
}

/** Each vector as a check to run: returns true when the checker accepts it. */
function prepare(vectors) {
  const checks = [];
  for (const v of vectors.shuffles) {
    const deckIn = cards(unhex(v.deck_in));
    const deckOut = cards(unhex(v.deck_out));
    const [key, proof, context] = [unhex(v.key), unhex(v.proof), unhex(v.context)];
    checks.push({ v, kind: "shuffle", run: () => verifyShuffle(deckIn, deckOut, key, proof, context) });
  }
  for (const v of vectors.deals) {
    const key = unhex(v.key);
    const shuffles = v.shuffles.map((s) => ({
      deckIn: cards(unhex(s.deck_in)), deckOut: cards(unhex(s.deck_out)),
      proof: unhex(s.proof), context: unhex(s.context),
    }));
    checks.push({
      v, kind: "deal",
      run: () => {
        const [index, problem] = verifyShuffles(shuffles, key);
        return index < 0 ? "" : `shuffle ${index}: ${problem}`;
      },
    });
  }
  for (const v of vectors.shares) {
    const [a, proof, context] = [unhex(v.a), unhex(v.proof), unhex(v.context)];
    const bases = words(unhex(v.bases));
    const values = words(unhex(v.values));
    checks.push({ v, kind: "shares", run: () => (verifyDleqMany(a, bases, values, proof, context) ? "" : "the shares are not proven") });
  }
  for (const v of vectors.moves) {
    const state = drawState(v);
    const frames = v.frames.map(unhex);
    checks.push({
      v, kind: "move",
      run: () => {
        const [problem, card] = checkDraw(state, frames);
        if (problem) return problem;
        return card === v.card ? "" : `read card ${card}, the holder's hand had ${v.card} there`;
      },
    });
  }
  return checks;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// A reading of the clock lasts at least 5 ms (a run repeated when shorter): a page that is not
// cross-origin isolated reads performance.now() to 0.1 ms only.
// Between readings the page gives its thread back, so that the driver's polls are answered.
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function time(run, runs) {
  let start = performance.now();
  for (let k = 0; k < 2; k++) run();
  const repeat = Math.max(1, Math.ceil(10 / Math.max(performance.now() - start, 0.01)));
  const ms = [];
  for (let k = 0; k < runs; k++) {
    await pause();
    start = performance.now();
    for (let r = 0; r < repeat; r++) run();
    ms.push((performance.now() - start) / repeat);
  }
  return { p50: median(ms), min: Math.min(...ms), max: Math.max(...ms), runs, repeat };
}

/** What one operation costs here, to set beside group.py's (the median of 200). */
async function unitCosts() {
  const s = toScalar(123456789123456789n * 987654321987654321n);
  const p = baseMul(s);
  const q = baseMul(toScalar(42n));
  const message = new Uint8Array(200);
  const one = async (f) => (await time(f, 9)).p50;
  return {
    mul: await one(() => mul(s, p)),
    base: await one(() => baseMul(s)),
    add: await one(() => add(p, q)),
    sha512: await one(() => framedDigest(bytesOf("d"), message)),
    shake256_640: await one(() => shake256(message, 640)),
  };
}

export async function run(sodium, vectors, runs) {
  await sodium.ready;
  useSodium(sodium);
  useSodiumForChecks(sodium);
  const result = { library: sodium.sodium_version_string(), verdicts: [], timings: [] };
  const probe = shake256(unhex(vectors.shake256.input), 200);
  result.shakeOk = Array.from(probe, (b) => b.toString(16).padStart(2, "0")).join("") === vectors.shake256.output;
  // What a page pays once: the generators of a proof for up to 63 cards, hashed to the group.
  const setupStart = performance.now();
  for (let j = 0; j < 63; j++) independentGenerator(bytesOf("lanpurr/fair/shuffle-proof/generators"), j);
  result.generatorsMs = performance.now() - setupStart;
  const checks = prepare(vectors);
  for (const c of checks) {
    await pause();
    const problem = c.run();
    result.verdicts.push({ name: c.v.name, expect: c.v.expect, accepted: problem === "", problem });
  }
  result.allRight = result.shakeOk && result.verdicts.every((r) => r.accepted === r.expect);
  if (result.allRight) {
    for (const c of checks.filter((c) => c.v.expect)) {
      result.timings.push({ name: c.v.name, kind: c.kind, ...(await time(c.run, runs)) });
    }
    result.unit = await unitCosts();
  }
  return result;
}

// Under Node: `node bench/phone/www/bench.js`.
if (typeof window === "undefined") {
  const { readFileSync } = await import("node:fs");
  const here = new URL(".", import.meta.url).pathname;
  const sodium = (await import(here + "../vendor/node_modules/libsodium-wrappers-sumo/dist/modules-sumo-esm/libsodium-wrappers.mjs")).default;
  const vectors = JSON.parse(readFileSync(here + "vectors.json", "utf8"));
  console.log(JSON.stringify(await run(sodium, vectors, 5), null, 1));
}
