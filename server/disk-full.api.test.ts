import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { DISK_FULL_MESSAGE, isDiskFull, withoutServerPaths } from './disk-full.js';
import { runSql } from './test/executions-helpers.js';
import { captureLog } from './test/log-capture.js';
import { createTestServer, type TestServer } from './test/harness.js';
import { createTable, csvRows, insertCsv } from './test/uploads-helpers.js';

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
  it('include a used-up quota, a file-size limit, PostgreSQL’s disk_full and wrapped errors', () => {
    const errno = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isDiskFull(errno('EDQUOT', 'EDQUOT: disk quota exceeded, write'))).toBe(true);
    expect(isDiskFull(errno('EFBIG', 'EFBIG: file too large, write'))).toBe(true);
    expect(isDiskFull(new Error('IO Error: Could not write file "x": File too large'))).toBe(true);
    expect(isDiskFull(errno('53100', 'could not extend file "base/1/2"'))).toBe(true);
    const enospc = errno('ENOSPC', 'ENOSPC: no space left on device, write');
    expect(isDiskFull(new Error('could not save the upload', { cause: enospc }))).toBe(true);
    // A bare SQLite I/O error is not one by itself: the store asks the disk (see below).
    expect(isDiskFull(errno('SQLITE_IOERR_WRITE', 'disk I/O error'))).toBe(false);
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

const refusal = { error: DISK_FULL_MESSAGE };

/** A table with rows, a query, its visualization and a dashboard of it. */
async function createObjects(t: TestServer, key: string, ns: string) {
  await createTable(t, key, ns, 'rows');
  expect((await insertCsv(t, key, ns, 'rows', csvRows(3))).status).toBe(200);
  const q = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'q', query_sql: 'SELECT 1' },
  });
  const viz = await t.call('POST', `/api/v1/query/${q.json.query_id}/visualizations`, {
    key,
    body: { name: 'v', type: 'table', options: {} },
  });
  const dash = await t.call('POST', '/api/v1/dashboards', { key, body: { name: 'd' } });
  return {
    ns,
    /** What a metadata write may change: each object's URL and a change to it. */
    objects: [
      { url: `/api/v1/query/${q.json.query_id}`, change: { name: 'q2', query_sql: 'SELECT 2' } },
      { url: `/api/v1/visualizations/${viz.json.id}`, change: { name: 'v2' } },
      { url: `/api/v1/dashboards/${dash.json.dashboard_id}`, change: { name: 'd2' } },
    ],
  };
}
type Objects = Awaited<ReturnType<typeof createObjects>>;

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );

/** Query saves and changes of queries, visualizations and dashboards: 507, nothing changed. */
async function expectSavesRefused(t: TestServer, key: string, o: Objects) {
  const queries = (await t.call('GET', '/api/v1/queries', { key })).json.total as number;
  const save = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'big', query_sql: `SELECT 1 -- ${'x'.repeat(400_000)}` },
  });
  expect([save.status, save.json]).toEqual([507, refusal]);
  expect((await t.call('GET', '/api/v1/queries', { key })).json.total).toBe(queries);

  for (const { url, change } of o.objects) {
    const before = (await t.call('GET', url, { key })).json;
    const patch = await t.call('PATCH', url, { key, body: change });
    expect([url, patch.status, patch.json]).toEqual([url, 507, refusal]);
    expect((await t.call('GET', url, { key })).json).toEqual(before);
  }

  const lake = path.join(t.dir, 'lake');
  const lakeFiles = filesUnder(lake);
  const create = await t.call('POST', '/api/v1/uploads', {
    key,
    body: { namespace: o.ns, table_name: 'fresh', schema: [{ name: 'id', type: 'bigint' }] },
  });
  expect([create.status, create.json]).toEqual([507, refusal]);
  expect(await t.deps.lake.get('dune', o.ns, 'fresh')).toBeUndefined();
  expect(filesUnder(lake)).toEqual(lakeFiles);
}

/**
 * Uploads whose bodies do not fit: 507, the table as it was, and no file of the body or of its
 * conversion left behind.
 */
async function expectUploadsRefused(t: TestServer, key: string, o: Objects) {
  const lake = path.join(t.dir, 'lake');
  const lakeFiles = filesUnder(lake);
  const rows = (await t.deps.lake.get('dune', o.ns, 'rows'))!.row_count;
  const insert = await insertCsv(t, key, o.ns, 'rows', csvRows(20_000, 100));
  expect([insert.status, insert.json]).toEqual([507, refusal]);
  expect((await t.deps.lake.get('dune', o.ns, 'rows'))!.row_count).toBe(rows);

  const csv = await t.call('POST', '/api/v1/uploads/csv', {
    key,
    body: { table_name: 'sheet', data: csvRows(20_000) },
  });
  expect([csv.status, csv.json]).toEqual([507, refusal]);
  expect(await t.deps.lake.get('dune', o.ns, 'dataset_sheet')).toBeUndefined();

  expect(filesUnder(t.deps.uploads.tmpDir)).toEqual([]);
  expect(filesUnder(lake)).toEqual(lakeFiles);
}

/** Once there is room again, the same writes succeed. */
async function expectWritesAgain(t: TestServer, key: string, o: Objects) {
  const queries = (await t.call('GET', '/api/v1/queries', { key })).json.total as number;
  const again = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'after', query_sql: 'SELECT 1' },
  });
  expect(again.status).toBe(200);
  expect((await t.call('GET', '/api/v1/queries', { key })).json.total).toBe(queries + 1);
  for (const { url, change } of o.objects)
    expect((await t.call('PATCH', url, { key, body: change })).status).toBe(200);
  const rows = (await t.deps.lake.get('dune', o.ns, 'rows'))!.row_count;
  expect((await insertCsv(t, key, o.ns, 'rows', csvRows(2, 100))).status).toBe(200);
  expect((await t.deps.lake.get('dune', o.ns, 'rows'))!.row_count).toBe(rows + 2);
}

/**
 * A real full disk: DATA_DIR on a small tmpfs, filled up (ENOSPC). Needs mount rights (root with
 * CAP_SYS_ADMIN, as on our machines and in CI); elsewhere this block is skipped and says so, and
 * the file-size limit below still runs.
 */
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint], {
    stdio: 'ignore',
  });
  mounted = true;
} catch {
  fs.rmSync(mountPoint, { recursive: true, force: true });
  console.warn('disk-full test on a tmpfs skipped: cannot mount a tmpfs here');
}

describe.skipIf(!mounted)('with DATA_DIR on a full disk', () => {
  let t: TestServer;
  let key: string;
  let objects: Objects;
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    t = await createTestServer({}, { dataDir: path.join(mountPoint, 'data') });
    key = (await t.createUser('crowded')).key;
    objects = await createObjects(t, key, 'crowded');
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
    fillDisk();
    await expectSavesRefused(t, key, objects);
    await expectUploadsRefused(t, key, objects);

    const refused = await t.call('POST', '/api/v1/sql/execute', {
      key,
      body: { sql: 'SELECT 1' },
    });
    expect(refused.status).toBe(507);

    // With room for the metadata but not for the result, the run fails with a clear message.
    fs.truncateSync(filler, fs.statSync(filler).size - 2 * 1024 ** 2);
    const run = await runSql(t, key, 'SELECT i, md5(i::VARCHAR) AS h FROM range(1000000) t(i)', {
      dialect: 'duckdb',
    });
    expect(run.status.state).toBe('QUERY_STATE_FAILED');
    expect(run.status.error.message).toBe(
      'the server ran out of disk space while running this query; run it again later',
    );
    expect(fs.readdirSync(path.join(t.dir, 'results'))).toEqual([]);

    fs.rmSync(filler);
    await expectWritesAgain(t, key, objects);
  });
});

/**
 * The soft file-size limit of this test process (RLIMIT_FSIZE, as `ulimit -f` or systemd's
 * LimitFSIZE set it), changed with util-linux's prlimit: a process may lower its own soft limit
 * and raise it back up to the hard one, so this needs no privileges. Node ignores SIGXFSZ, so a
 * write past the limit fails with EFBIG, as one past a used-up quota fails with EDQUOT; SQLite
 * reports both as a bare "disk I/O error". (Vitest's workers write their output to pipes, which
 * the limit does not touch.)
 */
function prlimit(...args: string[]): string {
  return execFileSync('prlimit', ['--pid', String(process.pid), ...args], {
    encoding: 'utf8',
  }).trim();
}
let canLimit = false;
try {
  canLimit =
    process.platform === 'linux' && prlimit('--fsize', '--output=SOFT', '--noheadings') !== '';
} catch {
  console.warn('disk-full test with a file-size limit skipped: no prlimit (util-linux) here');
}

async function withFileSizeLimit(bytes: number, fn: () => Promise<void>): Promise<void> {
  const soft = prlimit('--fsize', '--output=SOFT', '--noheadings');
  prlimit(`--fsize=${bytes}:`);
  try {
    await fn();
  } finally {
    prlimit(`--fsize=${soft}:`);
  }
}

describe.skipIf(!canLimit)('past the file-size limit of the server process', () => {
  let t: TestServer;
  let key: string;
  let objects: Objects;

  beforeAll(async () => {
    t = await createTestServer();
    key = (await t.createUser('limited')).key;
    objects = await createObjects(t, key, 'limited');
  });
  afterAll(() => t.close());

  it('answers 507, changes nothing, removes what an upload wrote, and recovers', async () => {
    // No file may grow: every write of the store, the lake and the uploads is refused.
    await withFileSizeLimit(0, async () => {
      await expectSavesRefused(t, key, objects);
      const execute = await t.call('POST', '/api/v1/sql/execute', {
        key,
        body: { sql: 'SELECT 1' },
      });
      expect([execute.status, execute.json]).toEqual([507, refusal]);
    });
    // Bodies of ~1 MB, written up to 256 KiB before the limit refuses the rest.
    await withFileSizeLimit(256 * 1024, () => expectUploadsRefused(t, key, objects));
    await expectWritesAgain(t, key, objects);
  });

  it('tells the operator in the log, with what the store said', async () => {
    const { log, lines } = captureLog();
    const app = createApp(t.deps, { log });
    await withFileSizeLimit(0, async () => {
      const r = await app.request('/api/v1/query', {
        method: 'POST',
        headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'logged', query_sql: 'SELECT 1' }),
      });
      expect(r.status).toBe(507);
    });
    expect(lines.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(/^the server is out of disk space; /),
        route: '/api/v1/query',
        err: expect.objectContaining({ message: expect.stringMatching(/.+/) }),
      }),
    ]);
  });
});
