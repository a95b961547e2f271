/**
 * The API's one logger: JSON lines (pino) with a level name, an ISO time and a `msg` a person can
 * read, so `npm start` stays legible and a log collector gets fields. There is no shared
 * instance: `main.ts` creates it from `LOG_LEVEL` and hands it to what logs; a request logs
 * through its child (`requestLogging.ts`), which carries the request id. Tests pass a
 * `destination` that keeps the lines in memory.
 */

import { type DestinationStream, type LevelWithSilent, type Logger as PinoLogger, pino } from 'pino'

export type Logger = PinoLogger

export type LogLevel = LevelWithSilent

/** The levels `LOG_LEVEL` takes, most to least severe; `silent` logs nothing. */
export const logLevels = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const satisfies readonly LogLevel[]

export const defaultLogLevel = 'info' satisfies LogLevel

export declare namespace createLogger {
  type Options = {
    /** Lines below it are dropped. Default {@link defaultLogLevel}. */
    level?: LogLevel | undefined
    /** Where the JSON lines go (anything with `write(line)`). Default: stdout. */
    destination?: DestinationStream | undefined
  }
}

/**
 * @example
 * const logger = createLogger({ level: config.logLevel })
 * logger.info('listening on http://127.0.0.1:8787')
 * logger.warn({ err: error }, 'pruning events failed; the next run tries again')
 */
export function createLogger(options: createLogger.Options = {}): Logger {
  return pino(
    {
      level: options.level ?? defaultLogLevel,
      // No pid or hostname: the process manager or container runtime labels its lines already.
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  )
}
