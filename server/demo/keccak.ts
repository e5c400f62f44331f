/**
 * Keccak-256 as Ethereum uses it (the original Keccak padding, not FIPS-202 SHA3-256, which is
 * what `node:crypto`'s sha3-256 computes): the demo data derives event topics and function
 * selectors from their signatures with it, so every 0x… constant there has a visible source.
 */

const ROUNDS = 24;
const RATE = 136; // bytes: 1088 bits for a 256-bit output

/** Round constants of Keccak-f[1600], as [low, high] 32-bit halves. */
const RC: [number, number][] = (() => {
  const out: [number, number][] = [];
  let r = 1;
  for (let i = 0; i < ROUNDS; i++) {
    let lo = 0;
    let hi = 0;
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) & 0xff;
      if (r & 2) {
        const bit = (1 << j) - 1;
        if (bit < 32) lo ^= 1 << bit;
        else hi ^= 1 << (bit - 32);
      }
    }
    out.push([lo >>> 0, hi >>> 0]);
  }
  return out;
})();

/** Rotation offsets (rho) and lane order (pi) of Keccak-f[1600]. */
const ROT: number[] = [];
const PI: number[] = [];
{
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    ROT.push((((t + 1) * (t + 2)) / 2) % 64);
    [x, y] = [y, (2 * x + 3 * y) % 5];
    PI.push(x + 5 * y);
  }
}

/** The permutation on 25 lanes, each two 32-bit halves (lo at 2i, hi at 2i + 1). */
function permute(s: Uint32Array): void {
  const c = new Uint32Array(10);
  for (let round = 0; round < ROUNDS; round++) {
    // theta
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x]! ^ s[2 * x + 10]! ^ s[2 * x + 20]! ^ s[2 * x + 30]! ^ s[2 * x + 40]!;
      c[2 * x + 1] =
        s[2 * x + 1]! ^ s[2 * x + 11]! ^ s[2 * x + 21]! ^ s[2 * x + 31]! ^ s[2 * x + 41]!;
    }
    for (let x = 0; x < 5; x++) {
      const l = c[((x + 1) % 5) * 2]!;
      const h = c[((x + 1) % 5) * 2 + 1]!;
      const dlo = c[((x + 4) % 5) * 2]! ^ ((l << 1) | (h >>> 31));
      const dhi = c[((x + 4) % 5) * 2 + 1]! ^ ((h << 1) | (l >>> 31));
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] = s[2 * (x + y)]! ^ dlo;
        s[2 * (x + y) + 1] = s[2 * (x + y) + 1]! ^ dhi;
      }
    }
    // rho and pi
    let lo = s[2]!;
    let hi = s[3]!;
    for (let t = 0; t < 24; t++) {
      const j = PI[t]!;
      const [tlo, thi] = [s[2 * j]!, s[2 * j + 1]!];
      const r = ROT[t]!;
      if (r === 0) [s[2 * j], s[2 * j + 1]] = [lo, hi];
      else if (r < 32) {
        s[2 * j] = (lo << r) | (hi >>> (32 - r));
        s[2 * j + 1] = (hi << r) | (lo >>> (32 - r));
      } else if (r === 32) [s[2 * j], s[2 * j + 1]] = [hi, lo];
      else {
        s[2 * j] = (hi << (r - 32)) | (lo >>> (64 - r));
        s[2 * j + 1] = (lo << (r - 32)) | (hi >>> (64 - r));
      }
      [lo, hi] = [tlo, thi];
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      const row = Array.from({ length: 10 }, (_, i) => s[2 * y + i]!);
      for (let x = 0; x < 5; x++) {
        s[2 * (y + x)] = row[2 * x]! ^ (~row[((x + 1) % 5) * 2]! & row[((x + 2) % 5) * 2]!);
        s[2 * (y + x) + 1] =
          row[2 * x + 1]! ^ (~row[((x + 1) % 5) * 2 + 1]! & row[((x + 2) % 5) * 2 + 1]!);
      }
    }
    // iota
    s[0] = s[0]! ^ RC[round]![0];
    s[1] = s[1]! ^ RC[round]![1];
  }
}

/** Keccak-256 of a UTF-8 text or bytes, as 64 lowercase hex digits. */
export function keccak256Hex(input: string | Uint8Array): string {
  const data = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const padded = new Uint8Array(Math.floor(data.length / RATE + 1) * RATE);
  padded.set(data);
  padded[data.length] = 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! | 0x80;
  const s = new Uint32Array(50);
  for (let off = 0; off < padded.length; off += RATE) {
    for (let i = 0; i < RATE / 4; i++) {
      const b = off + 4 * i;
      s[i] =
        s[i]! ^
        (padded[b]! | (padded[b + 1]! << 8) | (padded[b + 2]! << 16) | (padded[b + 3]! << 24));
    }
    permute(s);
  }
  let hex = '';
  for (let i = 0; i < 8; i++) {
    const w = s[i]!;
    for (let k = 0; k < 4; k++) hex += ((w >>> (8 * k)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

/** The topic0 of an event: Keccak-256 of its signature, e.g. `Transfer(address,address,uint256)`. */
export const eventTopic = (signature: string): string => keccak256Hex(signature);

/** The 4-byte selector of a function: the first 4 bytes of Keccak-256 of its signature. */
export const functionSelector = (signature: string): string => keccak256Hex(signature).slice(0, 8);
