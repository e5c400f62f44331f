import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { checkDataDir } from './data-dir.js';
import { createNodeServer, listen } from './http/node-server.js';
import { buildDeps, configuredLogger } from './wire.js';

/** How long other requests in flight may take to finish once the executions have stopped. */
const REQUESTS_MS = 5_000;
/** Past the drain's grace, how long the rest of a stop may take before the process gives up. */
const STOP_MS = 15_000;

/**
 * Entry: read config, open stores, serve, drain and stop on a signal. `npm start` execs this
 * process (no shell or npm wrapper stays between), so SIGTERM to the PID it prints in its first
 * line, or to npm's, lands here.
 */
async function main() {
  const config = loadConfig();
  // The port is known once the server listens (PORT=0 picks one); every log line names it.
  let port = config.port;
  const log = configuredLogger(config, () => port);
  log.info(
    {
      event: 'starting',
      data_dir: config.dataDir,
      store: config.databaseUrl ? 'postgresql' : 'sqlite',
    },
    `Strata starting: pid ${process.pid}, port ${config.port}, data in ${config.dataDir}`,
  );
  checkDataDir(config.dataDir);
  const deps = await buildDeps(config, { log });
  const app = createApp(deps, { staticDir: config.staticDir });
  const server = createNodeServer(app.fetch, config);
  port = await listen(server, config.port, config.host).catch(async (err: unknown) => {
    await deps.close();
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is in use (set PORT to another one)`
        : `cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`,
    );
  });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info(
    { event: 'listening', host: config.host },
    `Strata is running at ${config.publicUrl ?? `http://${host}:${port}`}/ (data in ${config.dataDir}, pid ${process.pid})`,
  );

  let stopping = false;
  let now: () => void = () => {};
  const secondSignal = new Promise<void>((resolve) => (now = resolve));
  // While stopping, every answer closes its connection, so a proxy's kept-alive connections
  // (which outlive server.close) end and its next requests go to another node.
  server.on('request', (_req, res) => {
    if (stopping) res.setHeader('connection', 'close');
  });

  /**
   * The drain (docs/deploy.md, "Draining a node"): stop accepting connections, stop claiming
   * runs (other nodes take what waits), let running executions finish for DRAIN_GRACE_SECONDS,
   * then cancel what still runs (uncharged, saying why), answer long polls, close the stores and
   * leave. A second signal ends the grace at once.
   */
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn(
        { event: 'drain_cut', signal },
        `${signal} again: stopping now; running executions are cancelled (not charged)`,
      );
      now();
      return;
    }
    stopping = true;
    const graceMs = config.drainGraceMs;
    setTimeout(() => process.exit(1), graceMs + STOP_MS).unref();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 1_000).unref();
    const running = deps.executions.running;
    log.info(
      { event: 'drain_start', signal, running, grace_s: graceMs / 1000 },
      `${signal}: draining: no new connections or runs; waiting up to ${graceMs / 1000} s for ` +
        `${running} running execution(s) (send ${signal} again to stop now)`,
    );
    const left = await Promise.race([
      deps.drain(graceMs),
      secondSignal.then(() => deps.executions.left()),
    ]);
    // What still runs, and what waits that no other node can run, is cancelled, uncharged; long
    // polls waiting on this node answer.
    await deps.executions.stop();
    log.info(
      {
        event: 'drain_end',
        cancelled: left.running,
        cancelled_queued: left.stranded,
        handed_back: left.handedBack,
      },
      `drained: ${left.running} running and ${left.stranded} queued execution(s) cancelled ` +
        `(not charged), ${left.handedBack} queued one(s) left for other nodes`,
    );
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, REQUESTS_MS))]);
    clearInterval(idle);
    server.closeAllConnections();
    await deps.close();
    log.info({ event: 'stopped' }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  // Before the log is set up, or a start that failed: a plain line on stderr.
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
