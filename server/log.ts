import os from 'node:os';
import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { KEY_PREFIX } from './auth/keys.js';
import { SESSION_COOKIE } from './auth/sessions.js';

export type { Logger } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
/** `pretty`: one coloured line per event, for a terminal; `json`: one JSON object per line. */
export type LogFormat = 'pretty' | 'json';

/** What a log line never shows: a key in a query string, a key itself, a session cookie. */
const SECRETS: [RegExp, string][] = [
  [/([?&]api_key=)[^&#\s"'<>]*/gi, '$1[redacted]'],
  [new RegExp(`${KEY_PREFIX}[A-Za-z0-9_-]{20,}`, 'g'), `${KEY_PREFIX}[redacted]`],
  [new RegExp(`(${SESSION_COOKIE}=)[^;\\s"']*`, 'g'), '$1[redacted]'],
];

/** `text` with every API key, `api_key=` value and session cookie in it replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return SECRETS.reduce((t, [re, by]) => t.replace(re, by), text);
}

/**
 * Fields no log line shows whatever a caller passes: keys, passwords, cookies and SQL with its
 * parameter values (a request line names its route, never its body).
 */
const REDACTED_FIELDS = [
  'api_key',
  'key',
  'password',
  'cookie',
  'authorization',
  'sql',
  'parameters',
  'headers',
].flatMap((f) => [f, `*.${f}`]);

/**
 * The server's logger (pino): levels, ISO timestamps, the process id, host name and listening
 * port on every line. `json` writes one object per line (for a supervisor: journald, Docker, a
 * log shipper); `pretty` one readable line per event (a terminal). Both are written on this
 * thread, synchronously, so the last lines before an exit are never lost. `port` is read at each
 * line: it is only known once the server listens (PORT=0 picks one).
 */
export function createLogger(opts: {
  level: LogLevel;
  format: LogFormat;
  port?: () => number;
  /** Where lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
}): Logger {
  const json = opts.format === 'json';
  const stream =
    opts.destination ??
    (json
      ? pino.destination({ dest: 1, sync: true })
      : PinoPretty({
          sync: true,
          colorize: process.stdout.isTTY === true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          // A request line's fields are in its message already.
          ignore: 'hostname,method,route,status,ms',
        }));
  return pino(
    {
      level: opts.level,
      base: { pid: process.pid, hostname: os.hostname() },
      timestamp: stdTimeFunctions.isoTime,
      ...(opts.port ? { mixin: () => ({ port: opts.port!() }) } : {}),
      // Label levels ("info") in JSON; the pretty printer reads pino's numbers.
      ...(json ? { formatters: { level: (label: string) => ({ level: label }) } } : {}),
      redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
      serializers: {
        err: (err: Error) => {
          const e = stdSerializers.err(err);
          return { ...e, message: redactSecrets(e.message), stack: redactSecrets(e.stack) };
        },
      },
      hooks: {
        // Messages are scrubbed too: an error text may quote a URL with its key.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a)) as typeof args,
          );
        },
      },
    },
    stream,
  );
}

/** A logger that writes nothing (tools and tests that do not read the log). */
export const silentLogger: Logger = pino({ level: 'silent' }, { write: () => {} });

/** The format for a stream: readable on a terminal, JSON otherwise (a supervisor, a pipe). */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'pretty' : 'json';
}
