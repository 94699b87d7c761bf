// The part of msgpack that lanpurr's frames use, encoded as Python's
// `msgpack.packb(..., use_bin_type=True)` does (the shortest form of each value), because a
// signature and a proof's context are over those exact bytes. Byte strings are Uint8Array,
// text is string, integers are numbers, maps have text keys.

const text = new TextEncoder();
const untext = new TextDecoder("utf-8", { fatal: true });

export function encode(value) {
  const out = [];
  put(out, value);
  return Uint8Array.from(out);
}

function bigEndian(out, value, bytes) {
  for (let k = bytes - 1; k >= 0; k--) out.push(Math.floor(value / 2 ** (8 * k)) & 0xff);
}

function put(out, value) {
  if (value === null) out.push(0xc0);
  else if (value === false) out.push(0xc2);
  else if (value === true) out.push(0xc3);
  else if (typeof value === "number") putInt(out, value);
  else if (typeof value === "string") {
    const bytes = text.encode(value);
    putHead(out, bytes.length, 0xa0, 32, 0xd9);
    out.push(...bytes);
  } else if (value instanceof Uint8Array) {
    if (value.length < 256) out.push(0xc4, value.length);
    else if (value.length < 65536) { out.push(0xc5); bigEndian(out, value.length, 2); }
    else { out.push(0xc6); bigEndian(out, value.length, 4); }
    for (const byte of value) out.push(byte);
  } else if (Array.isArray(value)) {
    putHead(out, value.length, 0x90, 16, 0xdc - 1);
    for (const item of value) put(out, item);
  } else {
    const keys = Object.keys(value);
    putHead(out, keys.length, 0x80, 16, 0xde - 1);
    for (const key of keys) { put(out, key); put(out, value[key]); }
  }
}

// A length: in the first byte below `fixed`, else after a marker of 1 (strings only), 2 or 4
// bytes. Arrays and maps have no 1-byte form: their markers are passed one below the 2-byte one.
function putHead(out, length, fixBase, fixed, marker) {
  if (length < fixed) out.push(fixBase | length);
  else if (marker === 0xd9 && length < 256) out.push(0xd9, length);
  else if (length < 65536) { out.push(marker + 1); bigEndian(out, length, 2); }
  else { out.push(marker + 2); bigEndian(out, length, 4); }
}

function putInt(out, n) {
  if (!Number.isSafeInteger(n)) throw new Error("only safe integers are encoded");
  if (n >= 0) {
    if (n < 128) out.push(n);
    else if (n < 256) out.push(0xcc, n);
    else if (n < 65536) { out.push(0xcd); bigEndian(out, n, 2); }
    else if (n < 2 ** 32) { out.push(0xce); bigEndian(out, n, 4); }
    else { out.push(0xcf); bigEndian(out, n, 8); }
  } else if (n >= -32) out.push(n & 0xff);
  else if (n >= -128) out.push(0xd0, n & 0xff);
  else if (n >= -32768) { out.push(0xd1); bigEndian(out, n + 65536, 2); }
  else if (n >= -(2 ** 31)) { out.push(0xd2); bigEndian(out, n + 2 ** 32, 4); }
  else throw new Error("integer out of range");
}

/** One value from `bytes`, which must hold exactly that value. */
export function decode(bytes) {
  const reader = { bytes, at: 0 };
  const value = take(reader);
  if (reader.at !== bytes.length) throw new Error("bytes left after the value");
  return value;
}

function need(r, n) {
  if (r.at + n > r.bytes.length) throw new Error("truncated msgpack");
  const start = r.at;
  r.at += n;
  return start;
}

function uint(r, n) {
  const start = need(r, n);
  let v = 0;
  for (let k = 0; k < n; k++) v = v * 256 + r.bytes[start + k];
  return v;
}

function bin(r, n) {
  const start = need(r, n);
  return r.bytes.slice(start, start + n);
}

function str(r, n) {
  return untext.decode(bin(r, n));
}

function array(r, n) {
  const items = [];
  for (let k = 0; k < n; k++) items.push(take(r));
  return items;
}

function map(r, n) {
  const result = {};
  for (let k = 0; k < n; k++) {
    const key = take(r);
    if (typeof key !== "string") throw new Error("a map key is not text");
    result[key] = take(r);
  }
  return result;
}

function signed(v, bits) {
  return v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
}

function take(r) {
  const head = r.bytes[need(r, 1)];
  if (head < 0x80) return head;
  if (head < 0x90) return map(r, head & 0x0f);
  if (head < 0xa0) return array(r, head & 0x0f);
  if (head < 0xc0) return str(r, head & 0x1f);
  if (head >= 0xe0) return head - 256;
  switch (head) {
    case 0xc0: return null;
    case 0xc2: return false;
    case 0xc3: return true;
    case 0xc4: return bin(r, uint(r, 1));
    case 0xc5: return bin(r, uint(r, 2));
    case 0xc6: return bin(r, uint(r, 4));
    case 0xcc: return uint(r, 1);
    case 0xcd: return uint(r, 2);
    case 0xce: return uint(r, 4);
    case 0xcf: return uint(r, 8);
    case 0xd0: return signed(uint(r, 1), 8);
    case 0xd1: return signed(uint(r, 2), 16);
    case 0xd2: return signed(uint(r, 4), 32);
    case 0xd9: return str(r, uint(r, 1));
    case 0xda: return str(r, uint(r, 2));
    case 0xdb: return str(r, uint(r, 4));
    case 0xdc: return array(r, uint(r, 2));
    case 0xdd: return array(r, uint(r, 4));
    case 0xde: return map(r, uint(r, 2));
    case 0xdf: return map(r, uint(r, 4));
    default: throw new Error(`msgpack type 0x${head.toString(16)} is not used by lanpurr`);
  }
}
