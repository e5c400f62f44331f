import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords.js';

const problem = (password: string, handle = 'alice') => passwordProblem(password, handle);

const REPEATED = 'the password is one character repeated; choose another';
const SHORT_PART = 'the password repeats a short part, such as abcabcabc; choose another';
const SEQUENCE = 'the password is a sequence such as 12345678 or abcdefgh; choose another';
const KEYS = 'the password is a row of keys such as qwertyui; choose another';
const RUNS =
  'the password is made only of sequences, rows of keys or repeated characters, such as 1234abcd; choose another';
const HANDLE =
  'the password is the handle with only a few characters added; choose one that does not contain it';
const APP =
  "the password is the app's name with only a few characters added; choose one that does not contain it";
const COMMON = 'this password is one of the most used ones and easy to guess; choose another';
const COMMON_ADDED =
  'this password is one of the most used ones with a few digits or symbols added, and easy to guess; choose another';

describe('passwordProblem', () => {
  it('refuses a password shorter than 8 or longer than 200 characters', async () => {
    expect(await problem('kq7!mZ2')).toBe('a password is 8 to 200 characters');
    expect(await problem('kq7!mZ2p'.repeat(25) + 'x')).toBe('a password is 8 to 200 characters');
  });

  it.each([
    ['aaaaaaaa', REPEATED],
    ['!!!!!!!!!!', REPEATED],
    ['AaAaAaAa', REPEATED],
    ['abababab', SHORT_PART],
    ['abcabcabc', SHORT_PART],
    ['x7#qx7#qx7#q', SHORT_PART],
  ])('refuses %s: a short part repeated', async (password, reason) => {
    expect(await problem(password)).toBe(reason);
  });

  it.each([
    '12345678',
    '87654321',
    'abcdefgh',
    'HGFEDCBA',
    '4567890123',
    '13579135',
    'acegikmoq',
    'xyzabcde',
  ])('refuses the sequence %s', async (password) => {
    expect(await problem(password)).toBe(SEQUENCE);
  });

  it.each(['qwertyui', 'asdfghjk', 'poiuytre', 'zxcvbnm,', 'azertyuiop', 'qwertzui', '!@#$%^&*'])(
    'refuses the row of keys %s',
    async (password) => {
      expect(await problem(password)).toBe(KEYS);
    },
  );

  it.each(['1234abcd', 'aaaabbbb', 'qwerty123', 'abc123xyz', 'zzz999qwe'])(
    'refuses %s, made only of sequences, rows of keys or repeated characters',
    async (password) => {
      expect(await problem(password)).toBe(RUNS);
    },
  );

  it('refuses the handle, and the handle or the app’s name with little added', async () => {
    expect(await problem('Alice_Smith', 'alice_smith')).toBe('the password may not be the handle');
    for (const password of ['alice123', 'Alice2024', '!alice!!', 'alice-alice', 'alice12345678'])
      expect(await problem(password), password).toBe(HANDLE);
    expect(await problem('strata123')).toBe(APP);
    expect(await problem('Strata!2024')).toBe(APP);
  });

  it('refuses a much-used password, and one with a few digits or symbols around it', async () => {
    for (const password of ['password', 'PassWord', 'iloveyou', 'password1', 'passwordpassword'])
      expect(await problem(password), password).toBe(COMMON);
    for (const password of ['Dragon2024', '!password1', 'sunshine99', '12monkey!'])
      expect(await problem(password), password).toBe(COMMON_ADDED);
  });

  it.each([
    'correct horse battery',
    'a long and rare passphrase',
    'kq7!mZ2p',
    'Tr0ub4dor&3',
    'monkey-business-42',
    'alice in the garden of 1987 roses',
    'correct horse battery staple '.repeat(7).slice(0, 200),
  ])('takes %s', async (password) => {
    expect(await problem(password)).toBeNull();
  });

  it('takes a short handle inside a longer password', async () => {
    expect(await problem('palace42x', 'al')).toBeNull();
  });
});
