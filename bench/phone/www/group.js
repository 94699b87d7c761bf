// The ristretto255 group as lanpurr/fair/group.py uses it, through libsodium's JavaScript
// build. Points and scalars are 32-byte Uint8Arrays; scalar arithmetic is done in BigInt, as
// the Python does it in int. Every rule of group.py about what a peer may send is kept: a
// point must decode, must not be the neutral element, must not have its top bit set
// (libsodium ignores that bit; RFC 9496 refuses it), and a scalar must be below ℓ.

export const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;
export const IDENTITY = new Uint8Array(32);

let sodium = null;
export let GENERATOR = null;

export function useSodium(library) {
  sodium = library;
  GENERATOR = baseMul(toScalar(1n));
}

export class GroupError extends Error {}

const text = new TextEncoder();
export const bytesOf = (s) => text.encode(s);

export function hex(bytes) {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export function unhex(s) {
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(2 * i, 2), 16);
  return out;
}

export function equal(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function concat(parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export function fromLittleEndian(bytes) {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]);
  return v;
}

export function toScalar(value) {
  let v = ((value % ORDER) + ORDER) % ORDER;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

function bigEndian4(n) {
  return Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

/** SHA-512 of the domain and parts, each framed by its 4-byte big-endian length. */
export function framedDigest(domain, ...parts) {
  const framed = [];
  for (const part of [domain, ...parts]) framed.push(bigEndian4(part.length), part);
  return sodium.crypto_hash_sha512(concat(framed));
}

export function hashToScalar(domain, ...parts) {
  return sodium.crypto_core_ristretto255_scalar_reduce(framedDigest(domain, ...parts));
}

export function hashToPoint(domain, ...parts) {
  return sodium.crypto_core_ristretto255_from_hash(framedDigest(domain, ...parts));
}

const generators = new Map();

/** group.independent_generator: remembered, as the Python's lru_cache does. */
export function independentGenerator(label, index) {
  const key = hex(label) + "/" + index;
  let point = generators.get(key);
  if (point === undefined) {
    point = hashToPoint(bytesOf("lanpurr/fair/generator/v1"), label, bigEndian4(index));
    generators.set(key, point);
  }
  return point;
}

function topBit(p) {
  return p.length === 32 && p[31] > 0x7f;
}

export function isPoint(p) {
  return (
    p instanceof Uint8Array && p.length === 32 && !equal(p, IDENTITY) && !topBit(p) &&
    sodium.crypto_core_ristretto255_is_valid_point(p)
  );
}

function refuseTopBit(...points) {
  for (const p of points) if (topBit(p)) throw new GroupError("a point's top bit is set");
}

export function baseMul(s) {
  try {
    return sodium.crypto_scalarmult_ristretto255_base(s);
  } catch {
    throw new GroupError("scalar multiplication gave the neutral element");
  }
}

/** s·P; libsodium refuses a P that does not decode and a product that is neutral. */
export function mul(s, p) {
  refuseTopBit(p);
  try {
    return sodium.crypto_scalarmult_ristretto255(s, p);
  } catch {
    throw new GroupError("a point is not a valid group element");
  }
}

export function add(p, q) {
  refuseTopBit(p, q);
  try {
    return sodium.crypto_core_ristretto255_add(p, q);
  } catch {
    throw new GroupError("a point is not a valid group element");
  }
}

export function sub(p, q) {
  refuseTopBit(p, q);
  try {
    return sodium.crypto_core_ristretto255_sub(p, q);
  } catch {
    throw new GroupError("a point is not a valid group element");
  }
}

export function baseMulInt(s) {
  const r = ((s % ORDER) + ORDER) % ORDER;
  return r === 0n ? IDENTITY : baseMul(toScalar(r));
}

/** start + Σ sᵢ·Pᵢ, one multiplication a term, as group.mul_sum (no multi-scalar method). */
export function mulSum(terms, start = IDENTITY) {
  let total = start;
  for (const [s, p] of terms) {
    const r = ((s % ORDER) + ORDER) % ORDER;
    if (r !== 0n) {
      const product = mul(toScalar(r), p);
      total = equal(total, IDENTITY) ? product : add(total, product);
    }
  }
  return total;
}

/** A uniform non-zero scalar from 64 bytes, as _nonzero / the weights of the share proofs. */
export function nonzero(wide) {
  return 1n + (fromLittleEndian(wide) % (ORDER - 1n));
}

/** The 32-byte words of a byte string: masked cards split into their two points. */
export function cards(blob) {
  const out = [];
  for (let k = 0; k < blob.length; k += 64) out.push([blob.slice(k, k + 32), blob.slice(k + 32, k + 64)]);
  return out;
}
