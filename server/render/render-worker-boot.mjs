// Starts render-worker.ts on its worker thread (render-pool.ts): the thread registers tsx itself,
// whatever started the server (tsx, the test runner), instead of inheriting its flags.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
