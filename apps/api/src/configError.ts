/**
 * The error start-up stops on for an unusable setting. Apart from config.ts so the readers it
 * calls (walletConnect.ts) can throw it without importing config.ts back.
 */

/** Thrown at start for an unusable setting; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}
