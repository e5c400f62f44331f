// npm start: build the SPA once if dist/ is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

const sourcesChanged = () =>
  Math.max(
    newest(path.join(root, 'src')),
    ...['index.html', 'embed.html'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  ) > fs.statSync(built).mtimeMs;

// A STATIC_DIR other than ./dist is the operator's own build: serve it as it is.
const ownBuild =
  process.env.STATIC_DIR && path.resolve(root, process.env.STATIC_DIR) !== path.join(root, 'dist');

const missing = ['index.html', 'embed.html'].some(
  (f) => !fs.existsSync(path.join(root, 'dist', f)),
);
if (!ownBuild && (missing || sourcesChanged())) {
  console.log('Building the web app (first start or changed sources)...');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
