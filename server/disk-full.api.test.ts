import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, isDiskFull, withoutServerPaths } from './disk-full.js';
import { runSql } from './test/executions-helpers.js';
import { createTestServer, type TestServer } from './test/harness.js';
import { createTable } from './test/uploads-helpers.js';

describe('disk-full errors', () => {
  it('are recognised from a real ENOSPC and from the stores’ messages', () => {
    let enospc: unknown;
    try {
      fs.writeFileSync('/dev/full', 'x');
    } catch (err) {
      enospc = err;
    }
    expect(isDiskFull(enospc)).toBe(true);
    expect(
      isDiskFull(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })),
    ).toBe(true);
    expect(
      isDiskFull(new Error('IO Error: Could not write file "x": No space left on device')),
    ).toBe(true);
    expect(isDiskFull(new Error('Binder Error: column not found'))).toBe(false);
  });
  it('engine messages lose the server’s paths', () => {
    expect(
      withoutServerPaths(
        'Could not write file "/srv/strata/data/results/01X.parquet"',
        '/srv/strata/data',
      ),
    ).toBe('Could not write file "results/01X.parquet"');
  });
});

/**
 * A real full disk: DATA_DIR on a small tmpfs, filled up. Needs mount rights (root with
 * CAP_SYS_ADMIN, as on our machines and in CI); elsewhere this block is skipped and says so.
 */
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint], {
    stdio: 'ignore',
  });
  mounted = true;
} catch {
  console.warn('disk-full test skipped: cannot mount a tmpfs here');
}

describe.skipIf(!mounted)('with DATA_DIR on a full disk', () => {
  let t: TestServer;
  let key: string;
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    t = await createTestServer({}, { dataDir: path.join(mountPoint, 'data') });
    key = (await t.createUser('crowded')).key;
    await createTable(t, key, 'crowded', 'rows');
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
    execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  function fillDisk() {
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(256 * 1024);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      if (!isDiskFull(err)) throw err;
    } finally {
      fs.closeSync(fd);
    }
  }

  it('answers 507 without paths, changes nothing, and recovers once there is room', async () => {
    const before = (await t.call('GET', '/api/v1/queries', { key })).json.total as number;
    fillDisk();
    const save = await t.call('POST', '/api/v1/query', {
      key,
      body: { name: 'big', query_sql: `SELECT 1 -- ${'x'.repeat(400_000)}` },
    });
    expect(save.status).toBe(507);
    expect(save.json).toEqual({ error: DISK_FULL_MESSAGE });

    const insert = await t.call('POST', '/api/v1/uploads/crowded/rows/insert', {
      key,
      raw: {
        body: `id\n${Array.from({ length: 200_000 }, (_, i) => i).join('\n')}\n`,
        contentType: 'text/csv',
      },
    });
    expect(insert.status).toBe(507);
    expect(insert.json).toEqual({ error: DISK_FULL_MESSAGE });
    expect((await t.deps.lake.get('dune', 'crowded', 'rows'))!.row_count).toBe(0);

    const refused = await t.call('POST', '/api/v1/sql/execute', {
      key,
      body: { sql: 'SELECT 1' },
    });
    expect(refused.status).toBe(507);

    // With room for the metadata but not for the result, the run fails with a clear message.
    fs.truncateSync(filler, fs.statSync(filler).size - 2 * 1024 ** 2);
    const run = await runSql(t, key, 'SELECT i, md5(i::VARCHAR) AS h FROM range(1000000) t(i)');
    expect(run.status.state).toBe('QUERY_STATE_FAILED');
    expect(run.status.error.message).toBe(
      'the server ran out of disk space while running this query; run it again later',
    );
    expect(fs.readdirSync(path.join(t.dir, 'results'))).toEqual([]);

    fs.rmSync(filler);
    const again = await t.call('POST', '/api/v1/query', {
      key,
      body: { name: 'after', query_sql: 'SELECT 1' },
    });
    expect(again.status).toBe(200);
    expect((await t.call('GET', '/api/v1/queries', { key })).json.total).toBe(before + 1);
  });
});
