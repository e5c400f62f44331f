import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates DATA_DIR if needed and proves it writable (a probe file is written and removed), so
 * an unusable folder stops the server with a message naming it, not a store's own error.
 */
export function checkDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(
      `DATA_DIR ${dir} is not a writable folder (${reason}); set DATA_DIR to a folder this user can write`,
    );
  }
}
