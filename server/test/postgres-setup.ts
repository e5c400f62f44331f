import type { TestProject } from 'vitest/node';
import { postgresBinDir } from './postgres-bin.js';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's throwaway PostgreSQL server (its `postgres` database), '' without one. */
    postgresUrl: string;
  }
}

/**
 * Global setup of the `postgres` test project: one throwaway PostgreSQL server for the run
 * (tests make a database each on it), stopped and removed at the end.
 */
export default async function setup(project: TestProject) {
  const bin = postgresBinDir();
  if (!bin) {
    project.provide('postgresUrl', '');
    return;
  }
  const server = await startPostgres(bin);
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
