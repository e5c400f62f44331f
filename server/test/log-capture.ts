import { createLogger, type Logger } from '../log.js';

export type LogLine = Record<string, unknown> & { level: string; msg: string };

/**
 * A logger as the server builds it (log.ts: the same fields, redaction and JSON lines) whose
 * lines are kept for the test to read instead of written out.
 */
export function captureLog(): { log: Logger; lines: LogLine[]; text: () => string } {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  const log = createLogger({
    level: 'debug',
    format: 'json',
    port: () => 0,
    destination: {
      write: (s: string) => {
        raw.push(s);
        lines.push(JSON.parse(s) as LogLine);
      },
    },
  });
  return { log, lines, text: () => raw.join('') };
}
