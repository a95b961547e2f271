// `npm run bench:scale -- [--replicas N] [--duration S] [--warmup S] [--soak [S]]`, read and checked: bad input
// is refused with a sentence naming the flag, before anything starts.
import { maxReplicas } from '../../scripts/stackScale.mjs'

export const defaultScaleReplicas = 3
export const defaultDurationSeconds = 20
/**
 * Each replica compiles its own hot paths as it serves: measured here, a replica's throughput was
 * still climbing after 20 s of load (about 400, 760, then 1,100 req/s over 10, 10 and 20 s).
 */
export const defaultWarmupSeconds = 30
export const defaultSoakSeconds = 600
export const usage =
  'Usage: npm run bench:scale -- [--replicas N] [--duration SECONDS] [--warmup SECONDS] [--soak [SECONDS]]'

/** A refused command line; the message says what to give instead. */
export class ScaleBenchUsageError extends Error {
  name = 'ScaleBenchUsageError'
}

/**
 * @param {string[]} argv the arguments after the script's name
 * @returns {{ replicas: number, durationSeconds: number, warmupSeconds: number, soakSeconds: number | undefined }}
 */
export function readScaleBenchOptions(argv) {
  const given = new Map()
  for (let index = 0; index < argv.length; index += 1) {
    const flag = /** @type {string} */ (argv[index])
    if (!['--replicas', '--duration', '--warmup', '--soak'].includes(flag))
      throw new ScaleBenchUsageError(`Unknown argument ${JSON.stringify(flag)}. ${usage}`)
    if (given.has(flag)) throw new ScaleBenchUsageError(`${flag} is given twice. ${usage}`)
    const next = argv[index + 1]
    const hasValue = next !== undefined && !next.startsWith('--')
    if (!hasValue && flag !== '--soak')
      throw new ScaleBenchUsageError(`${flag} needs a value. ${usage}`)
    given.set(flag, hasValue ? next : undefined)
    if (hasValue) index += 1
  }
  const whole = (flag, text, min, max, unit) => {
    const value = Number(text)
    if (!/^\d+$/.test(text) || value < min || value > max)
      throw new ScaleBenchUsageError(
        `${flag} must be a whole number of ${unit} from ${min} to ${max}, got ${JSON.stringify(text)}.`,
      )
    return value
  }
  const replicasText = given.get('--replicas')
  const durationText = given.get('--duration')
  const soakText = given.get('--soak')
  const warmupText = given.get('--warmup')
  return {
    replicas:
      replicasText === undefined
        ? defaultScaleReplicas
        : whole('--replicas', replicasText, 2, maxReplicas, 'replicas'),
    durationSeconds:
      durationText === undefined
        ? defaultDurationSeconds
        : whole('--duration', durationText, 5, 600, 'seconds'),
    warmupSeconds:
      warmupText === undefined
        ? defaultWarmupSeconds
        : whole('--warmup', warmupText, 0, 600, 'seconds'),
    soakSeconds: !given.has('--soak')
      ? undefined
      : soakText === undefined
        ? defaultSoakSeconds
        : whole('--soak', soakText, 30, 86_400, 'seconds'),
  }
}
