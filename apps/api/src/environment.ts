/**
 * The environment the API's configuration is read from (`process.env`, or a test's record), as
 * every reader of a setting takes it: config.ts and each service's own `*Config.ts`. Its own
 * module so the readers and config.ts, which gathers them, import it without importing each other.
 */
export type Environment = Record<string, string | undefined>
