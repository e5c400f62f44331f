import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ACCOUNT_LIMITS } from '../../contract/rules/limits.js';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 };

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password with scrypt; the result carries its own parameters and salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, PARAMS.keylen, {
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
  });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

let common: Promise<Set<string>> | undefined;
/** The ~50,000 most used passwords (zxcvbn-ts's list), lower-cased; loaded on first use. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Why a new password is refused, or null: the rules of NIST SP 800-63B (5.1.1.2). Its length;
 * not the handle; not a short part repeated; not made only of sequences, rows of keys or repeated
 * characters; not the handle or the app's name with little added; not a much-used password, nor
 * one with a few digits or symbols around it. Every caller that sets a password asks this
 * (sign-up, the admin CLI). The messages say which rule, never the password.
 */
export async function passwordProblem(password: string, handle: string): Promise<string | null> {
  const { passwordMin: min, passwordMax: max } = ACCOUNT_LIMITS;
  if (password.length < min || password.length > max)
    return `a password is ${min} to ${max} characters`;
  const lower = password.toLowerCase();
  if (lower === handle.toLowerCase()) return 'the password may not be the handle';
  const block = shortestBlock(lower);
  if (block.length === 1) return 'the password is one character repeated; choose another';
  if (block.length < min)
    return 'the password repeats a short part, such as abcabcabc; choose another';
  const runs = fewestRuns(lower);
  if (runs.count === 1) return `the password is ${RUN_NAMES[runs.kind!]}; choose another`;
  if (runs.count <= MAX_RUNS)
    return 'the password is made only of sequences, rows of keys or repeated characters, such as 1234abcd; choose another';
  for (const [word, what] of [
    [handle.toLowerCase(), 'the handle'],
    [APP_NAME, "the app's name"],
  ] as const) {
    if (lower.includes(word) && littleAdded(lower.split(word).join('')))
      return `the password is ${what} with only a few characters added; choose one that does not contain it`;
  }
  const list = await commonPasswords();
  if (list.has(lower))
    return 'this password is one of the most used ones and easy to guess; choose another';
  // "Dragon2024!", "!password1": a much-used password with a few characters around it.
  const core = lower.replace(ADDED_BEFORE, '').replace(ADDED_AFTER, '');
  if (core !== lower && list.has(core))
    return 'this password is one of the most used ones with a few digits or symbols added, and easy to guess; choose another';
  return null;
}

/** A word that a password of this app should not be built on. */
const APP_NAME = 'strata';

/** Digits or symbols around a word that add little to it: a year and a "!". */
const FEW_ADDED = 5;
const ADDED_BEFORE = new RegExp(`^[^a-z]{1,${FEW_ADDED}}(?=[a-z])`);
const ADDED_AFTER = new RegExp(`(?<=[a-z])[^a-z]{1,${FEW_ADDED}}$`);

/** What a password without the handle may hold and be as easy to guess: "12!", "2024!", "123456". */
function littleAdded(rest: string): boolean {
  return (
    rest.length < 4 ||
    (rest.length <= FEW_ADDED && /^[^a-z]+$/.test(rest)) ||
    fewestRuns(rest).count <= MAX_RUNS
  );
}

/** The shortest part that the whole of `s` repeats ("abcabc" → "abc"); `s` itself if none. */
function shortestBlock(s: string): string {
  for (let size = 1; size <= s.length / 2; size++)
    if (s.length % size === 0 && s.slice(0, size).repeat(s.length / size) === s)
      return s.slice(0, size);
  return s;
}

/**
 * Runs: the same character again ("aaa"), a sequence of digits or letters by steps of 1 or 2 up
 * or down, wrapping around ("789", "cba", "2468", "9012"), or neighbouring keys along one row of
 * a QWERTY, AZERTY or QWERTZ keyboard, shifted digits included ("qwer", "lkjh", "!@#$").
 */
type RunKind = 'repeat' | 'sequence' | 'keys';
const RUN_NAMES: Record<RunKind, string> = {
  repeat: 'one character repeated',
  sequence: 'a sequence such as 12345678 or abcdefgh',
  keys: 'a row of keys such as qwertyui',
};
/** A run is at least this long; a password made of at most MAX_RUNS of them is refused. */
const MIN_RUN = 3;
const MAX_RUNS = 3;
const ALPHABETS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz'];
const KEY_ROWS = [
  '`1234567890-=',
  '~!@#$%^&*()_+',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  'qwertzuiop',
  'yxcvbnm',
];

/** The ways `b` can follow `a` in a run, each a kind, a row and a step ("sequence 1 -2"). */
function moves(a: string, b: string): string[] {
  const out = a === b ? ['repeat'] : [];
  ALPHABETS.forEach((abc, row) => {
    const [from, to] = [abc.indexOf(a), abc.indexOf(b)];
    if (from < 0 || to < 0) return;
    // The step the short way round: -5..4 for digits, -13..12 for letters.
    const half = abc.length / 2;
    const step = ((to - from + abc.length + half) % abc.length) - half;
    if (step !== 0 && Math.abs(step) <= 2) out.push(`sequence ${row} ${step}`);
  });
  KEY_ROWS.forEach((keys, row) => {
    const [from, to] = [keys.indexOf(a), keys.indexOf(b)];
    if (from >= 0 && to >= 0 && Math.abs(to - from) === 1) out.push(`keys ${row} ${to - from}`);
  });
  return out;
}

/**
 * The fewest runs (of MIN_RUN characters or more) that `s` is made of, end to end (Infinity when
 * it is not), and the kind of the run when one is the whole of it.
 */
function fewestRuns(s: string): { count: number; kind?: RunKind } {
  const n = s.length;
  const pairs = Array.from({ length: n }, (_, j) => (j === 0 ? [] : moves(s[j - 1]!, s[j]!)));
  // The longest run from each position: any part of it of MIN_RUN or more is a run too.
  const longest = Array.from({ length: n }, (_, i) => {
    let best = { length: 1, kind: undefined as RunKind | undefined };
    for (const move of pairs[i + 1] ?? []) {
      let end = i + 2;
      while (end < n && pairs[end]!.includes(move)) end++;
      if (end - i > best.length) best = { length: end - i, kind: move.split(' ')[0] as RunKind };
    }
    return best;
  });
  const fewest = new Array<number>(n + 1).fill(Infinity);
  fewest[n] = 0;
  for (let i = n - 1; i >= 0; i--)
    for (let size = MIN_RUN; size <= longest[i]!.length; size++)
      fewest[i] = Math.min(fewest[i]!, 1 + fewest[i + size]!);
  return { count: fewest[0]!, kind: longest[0]?.length === n ? longest[0].kind : undefined };
}
