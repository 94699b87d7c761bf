// SHAKE256 (FIPS 202), which lanpurr's proofs use to stretch one SHA-512 digest into many
// scalars. libsodium has no SHA-3, and the browser's Web Crypto has none either, so it is
// written here: Keccak-f[1600] on 64-bit lanes held as two 32-bit halves.

const ROUND_CONSTANTS = [
  [0x00000001, 0x00000000], [0x00008082, 0x00000000], [0x0000808a, 0x80000000],
  [0x80008000, 0x80000000], [0x0000808b, 0x00000000], [0x80000001, 0x00000000],
  [0x80008081, 0x80000000], [0x00008009, 0x80000000], [0x0000008a, 0x00000000],
  [0x00000088, 0x00000000], [0x80008009, 0x00000000], [0x8000000a, 0x00000000],
  [0x8000808b, 0x00000000], [0x0000008b, 0x80000000], [0x00008089, 0x80000000],
  [0x00008003, 0x80000000], [0x00008002, 0x80000000], [0x00000080, 0x80000000],
  [0x0000800a, 0x00000000], [0x8000000a, 0x80000000], [0x80008081, 0x80000000],
  [0x00008080, 0x80000000], [0x80000001, 0x00000000], [0x80008008, 0x80000000],
]; // [low half, high half]

// The rotation of lane x + 5y.
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

function permute(state) {
  // state: Uint32Array(50), lane i at [2i] (low) and [2i + 1] (high).
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  for (let round = 0; round < 24; round++) {
    // θ
    for (let x = 0; x < 5; x++) {
      c[2 * x] = state[2 * x] ^ state[2 * x + 10] ^ state[2 * x + 20] ^ state[2 * x + 30] ^ state[2 * x + 40];
      c[2 * x + 1] = state[2 * x + 1] ^ state[2 * x + 11] ^ state[2 * x + 21] ^ state[2 * x + 31] ^ state[2 * x + 41];
    }
    for (let x = 0; x < 5; x++) {
      const before = (x + 4) % 5;
      const after = (x + 1) % 5;
      const lo = c[2 * before] ^ ((c[2 * after] << 1) | (c[2 * after + 1] >>> 31));
      const hi = c[2 * before + 1] ^ ((c[2 * after + 1] << 1) | (c[2 * after] >>> 31));
      for (let y = 0; y < 25; y += 5) {
        state[2 * (x + y)] ^= lo;
        state[2 * (x + y) + 1] ^= hi;
      }
    }
    // ρ and π: lane (x, y) moves to (y, 2x + 3y), rotated.
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const from = x + 5 * y;
        const to = y + 5 * ((2 * x + 3 * y) % 5);
        const [lo, hi] = rotate(state[2 * from], state[2 * from + 1], ROTATIONS[from]);
        b[2 * to] = lo;
        b[2 * to + 1] = hi;
      }
    }
    // χ
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = x + y;
        const i1 = ((x + 1) % 5) + y;
        const i2 = ((x + 2) % 5) + y;
        state[2 * i] = b[2 * i] ^ (~b[2 * i1] & b[2 * i2]);
        state[2 * i + 1] = b[2 * i + 1] ^ (~b[2 * i1 + 1] & b[2 * i2 + 1]);
      }
    }
    // ι
    state[0] ^= ROUND_CONSTANTS[round][0];
    state[1] ^= ROUND_CONSTANTS[round][1];
  }
}

function rotate(lo, hi, n) {
  if (n === 0) return [lo, hi];
  if (n === 32) return [hi, lo];
  if (n < 32) return [(lo << n) | (hi >>> (32 - n)), (hi << n) | (lo >>> (32 - n))];
  const m = n - 32;
  return [(hi << m) | (lo >>> (32 - m)), (lo << m) | (hi >>> (32 - m))];
}

const RATE = 136; // bytes, for SHAKE256

function xorBlock(state, bytes, offset) {
  for (let i = 0; i < RATE; i++) {
    const lane = i >> 3;
    const shift = 8 * (i & 3);
    state[2 * lane + ((i >> 2) & 1)] ^= bytes[offset + i] << shift;
  }
}

/** The first `length` bytes of SHAKE256(input). */
export function shake256(input, length) {
  const state = new Uint32Array(50);
  const full = Math.floor(input.length / RATE);
  for (let k = 0; k < full; k++) {
    xorBlock(state, input, k * RATE);
    permute(state);
  }
  const last = new Uint8Array(RATE);
  last.set(input.subarray(full * RATE));
  last[input.length - full * RATE] ^= 0x1f;
  last[RATE - 1] ^= 0x80;
  xorBlock(state, last, 0);
  permute(state);
  const out = new Uint8Array(length);
  let written = 0;
  for (;;) {
    for (let i = 0; i < RATE && written < length; i++, written++) {
      out[written] = (state[2 * (i >> 3) + ((i >> 2) & 1)] >>> (8 * (i & 3))) & 0xff;
    }
    if (written >= length) return out;
    permute(state);
  }
}
