import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GrowingFile } from '../engine/growing-file.js';
import { growingFileBody } from './file-stream.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'growing-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Reads what the body has now, one chunk. */
const next = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
  const r = await reader.read();
  return r.done ? null : Buffer.from(r.value).toString();
};

describe('growingFileBody', () => {
  it('sends bytes as they reach the file, ends with the writing, then deletes the file', async () => {
    const file = path.join(dir, 'a');
    const growing = new GrowingFile();
    fs.writeFileSync(file, 'one ');
    growing.grew(4);
    const reader = growingFileBody(file, growing).getReader();
    expect(await next(reader)).toBe('one ');
    // The next read waits for the writer.
    const pending = next(reader);
    fs.appendFileSync(file, 'two');
    growing.grew(7);
    expect(await pending).toBe('two');
    const end = next(reader);
    growing.end();
    expect(await end).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a writing that fails cuts the body with its error', async () => {
    const file = path.join(dir, 'b');
    const growing = new GrowingFile();
    fs.writeFileSync(file, 'part');
    growing.grew(4);
    const reader = growingFileBody(file, growing).getReader();
    expect(await next(reader)).toBe('part');
    const pending = reader.read();
    growing.end(new Error('disk full'));
    await expect(pending).rejects.toThrow('disk full');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a cancel deletes the file while it is written', async () => {
    const file = path.join(dir, 'c');
    const growing = new GrowingFile();
    fs.writeFileSync(file, 'x');
    growing.grew(1);
    const reader = growingFileBody(file, growing).getReader();
    expect(await next(reader)).toBe('x');
    await reader.cancel();
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('GrowingFile.started', () => {
  it('waits for the first bytes or the end', async () => {
    const g = new GrowingFile();
    let started = false;
    const s = g.started().then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
    g.grew(10);
    await s;
    expect(started).toBe(true);
    const ended = new GrowingFile();
    ended.end(new Error('x'));
    await ended.started();
  });
});
