/**
 * A client of its own process for bench/cluster.ts: runs `count` executions with `concurrency`
 * of them in flight, each submitted with POST /sql/execute and long-polled with GET
 * /execution/{id}/status?wait_ms until it completes. Execution n goes to base URL n mod the
 * number of URLs (round robin over the nodes), uses key n mod the number of keys and SQL n mod
 * the number of statements. Starts when a line arrives on its standard input; prints
 * {"ms", "completed"} as one JSON line.
 *   node executions.mjs '<json: {urls, keys, sqls, count, concurrency}>'
 */
const { urls, keys, sqls, count, concurrency } = JSON.parse(process.argv[2]);

async function call(base, key, url, init) {
  const res = await fetch(`${base}/api/v1${url}`, {
    ...init,
    headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
  });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function one(n) {
  const base = urls[n % urls.length];
  const key = keys[n % keys.length];
  const { execution_id: id } = await call(base, key, '/sql/execute', {
    method: 'POST',
    body: JSON.stringify({ sql: sqls[n % sqls.length] }),
  });
  for (;;) {
    const s = await call(base, key, `/execution/${id}/status?wait_ms=30000`);
    if (s.is_execution_finished) {
      if (s.state !== 'QUERY_STATE_COMPLETED')
        throw new Error(`execution ${id} ended ${s.state}: ${JSON.stringify(s.error ?? null)}`);
      return;
    }
  }
}

await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy(); // or the open pipe keeps this process alive

let next = 0;
let completed = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      await one(next++);
      completed++;
    }
  }),
);
console.log(JSON.stringify({ ms: performance.now() - start, completed }));
