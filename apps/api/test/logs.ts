/**
 * A logger that keeps its JSON lines in memory, for tests that assert what was logged.
 */

import { createLogger, type Logger, type LogLevel } from '../src/logger'

/** One parsed log line: `level`, `time` and `msg`, plus the fields it was logged with. */
export type LogEntry = { level: string; time: string; msg: string } & Record<string, unknown>

export type MemoryLogger = {
  logger: Logger
  /** The lines written so far, parsed. */
  entries(): LogEntry[]
}

export function memoryLogger(level: LogLevel = 'debug'): MemoryLogger {
  const lines: string[] = []
  const logger = createLogger({ level, destination: { write: (line) => void lines.push(line) } })
  return { logger, entries: () => lines.map((line) => JSON.parse(line) as LogEntry) }
}
