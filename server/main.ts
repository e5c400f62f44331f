import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { checkDataDir } from './data-dir.js';
import { createNodeServer, listen } from './http/node-server.js';
import { buildDeps } from './wire.js';

/** How long in-flight requests may take to finish once a shutdown has begun. */
const DRAIN_MS = 5_000;

/**
 * Entry: read config, open stores, serve, shut down gracefully. `npm start` execs this process
 * (no shell or npm wrapper stays between), so SIGTERM to the PID it prints, or to npm's, lands here.
 */
async function main() {
  const config = loadConfig();
  checkDataDir(config.dataDir);
  const deps = await buildDeps(config);
  const app = createApp(deps, { staticDir: config.staticDir });
  const server = createNodeServer(app.fetch, config);
  const port = await listen(server, config.port, config.host).catch(async (err: unknown) => {
    await deps.close();
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is in use (set PORT to another one)`
        : `cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`,
    );
  });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `Strata is running at ${config.publicUrl ?? `http://${host}:${port}`}/ (data in ${config.dataDir}, pid ${process.pid})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    setTimeout(() => process.exit(1), 15_000).unref();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // Running executions are interrupted and recorded; long polls waiting on them answer.
    await deps.executions.stop();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]);
    server.closeAllConnections();
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
