import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * One JSON line per record on stderr (stdout stays for what the operator reads at `npm start`).
 * `log.info(msg, fields)` is a facade over one pino logger so call sites do not depend on pino.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

/**
 * Field paths that may carry credentials. Call sites should never pass them; this is the net under
 * the rope, so a key or signing secret that slips into a field is still not written.
 */
export const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'headers.cookie',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'signingSecret',
  '*.signingSecret',
  'webhookSecret',
  '*.webhookSecret',
  'password',
  '*.password',
  'apiKey',
  '*.apiKey',
  'keySecret',
  '*.keySecret',
];

export interface LoggerOptions {
  level?: string;
  /** Where lines go; defaults to stderr. Tests pass a stream to read what was written. */
  destination?: DestinationStream;
  /** Fields on every line, e.g. `{ process: 'worker' }`. */
  base?: Fields;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: levelOf(options.level ?? process.env.LOG_LEVEL),
      base: options.base ?? {},
      // Same shape as before pino: `level` as a word and an ISO time, which log stores index on.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination ?? pino.destination({ dest: 2, sync: true }),
  );
}

function levelOf(raw: string | undefined): Level {
  return raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error' ? raw : 'info';
}

let root: Logger = createLogger();

/** The process-wide pino logger, for code that wants child loggers or pino's own API. */
export function logger(): Logger {
  return root;
}

/** Replaces the process logger (entry points name their process; tests capture the stream). */
export function useLogger(next: Logger): Logger {
  const previous = root;
  root = next;
  return previous;
}

export function setLogLevel(level: Level): void {
  root.level = level;
}

export const log = {
  debug: (msg: string, fields?: Fields) => root.debug(fields ?? {}, msg),
  info: (msg: string, fields?: Fields) => root.info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => root.warn(fields ?? {}, msg),
  error: (msg: string, fields?: Fields) => root.error(fields ?? {}, msg),
};

/** The query of a URL with the `token` parameter (used by browser event streams) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:access_)?token=)[^&#]*/gi, '$1[redacted]');
}
