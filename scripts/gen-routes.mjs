// Writes src/routeTree.gen.ts from the file routes in src/routes (the Vite plugin does the same
// during dev and build); typecheck runs it first so tsc always sees the current route tree.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
await new Generator({ config: getConfig({}, root), root }).run();
