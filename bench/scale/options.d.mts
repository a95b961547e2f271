// Types of options.mjs for the TypeScript configs that import it.
export declare const defaultScaleReplicas: number
export declare const defaultDurationSeconds: number
export declare const defaultWarmupSeconds: number
export declare const defaultSoakSeconds: number
export declare const usage: string
export declare class ScaleBenchUsageError extends Error {}
export declare function readScaleBenchOptions(argv: string[]): {
  replicas: number
  durationSeconds: number
  warmupSeconds: number
  /** Set when `--soak` is given: the soak instead of the comparison. */
  soakSeconds: number | undefined
}
