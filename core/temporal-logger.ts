import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import { makeTelemetryFilterString } from '@temporalio/worker';
import { logger } from './log.ts';

const PINO_LEVEL = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;
const ORDER: Record<LogLevel, number> = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4 };

/**
 * Temporal's logger interface over the process pino logger, for `Runtime.install({ logger })`: the
 * SDK's own lines, forwarded Core lines and the workflow logger sink all become JSON lines.
 *
 * The worker's and Core's chatter (state changes, poller notes) stays at `sdkFloor` and above unless
 * LOG_LEVEL is debug; lines of workflow and activity code follow LOG_LEVEL like the rest.
 */
export function temporalLogger(options: { sdkFloor?: LogLevel } = {}): TemporalLogger {
  const floor = options.sdkFloor ?? 'WARN';
  const write = (level: LogLevel, message: string, meta: LogMetadata = {}) => {
    const root = logger();
    const component = meta.sdkComponent as string | undefined;
    const fromUserCode = component === 'workflow' || component === 'activity';
    if (!fromUserCode && root.level !== 'debug' && root.level !== 'trace' && ORDER[level] < ORDER[floor]) return;
    root[PINO_LEVEL[level]]({ component: 'temporal', ...plain(meta) }, message);
  };
  return {
    log: write,
    trace: (message, meta) => write('TRACE', message, meta),
    debug: (message, meta) => write('DEBUG', message, meta),
    info: (message, meta) => write('INFO', message, meta),
    warn: (message, meta) => write('WARN', message, meta),
    error: (message, meta) => write('ERROR', message, meta),
  };
}

/** Errors become `{ type, message, stack }` (JSON would drop them to `{}`); symbol keys are internal. */
function plain(meta: LogMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta)) {
    out[key] = value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

/**
 * `telemetryOptions.logging` of `Runtime.install`: Core's own lines forwarded to the logger above,
 * from WARN up (from DEBUG when the service logs at debug).
 */
export function coreLogForwarding(debug: boolean) {
  return { forward: {}, filter: makeTelemetryFilterString({ core: debug ? 'DEBUG' : 'WARN' }) };
}
