// `npm run trials`'s options: `--trials N` kill trials (default 100), `--replicas N` (default 3).
import { parseArgs } from 'node:util'

/** `--trials N` (1 to 1000) and `--replicas N` (2 to 8), checked. */
export function readTrialOptions(argv: string[]): { trials: number; replicas: number } {
  const { values } = parseArgs({
    args: argv,
    options: { trials: { type: 'string' }, replicas: { type: 'string' } },
    strict: true,
  })
  const read = (name: 'trials' | 'replicas', fallback: number, max: number, min: number) => {
    const text = values[name]
    if (text === undefined) return fallback
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new Error(
        `--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}.`,
      )
    return Number(text)
  }
  return { trials: read('trials', 100, 1000, 1), replicas: read('replicas', 3, 8, 2) }
}
