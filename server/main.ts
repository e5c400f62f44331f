import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { buildDeps } from './wire.js';

/** Entry: read config, open stores, serve, shut down gracefully. */
async function main() {
  const config = loadConfig();
  const deps = await buildDeps(config);
  const app = createApp(deps, { staticDir: config.staticDir });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(
      `Strata is running at ${config.publicUrl ?? `http://${host}:${info.port}`}/ (data in ${config.dataDir})`,
    );
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    server.close();
    void deps.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
