// Types of soakSamples.mjs for the TypeScript configs that import it.
export type SoakSample = {
  replica: string
  atSeconds: number
  rssBytes: number
  heapUsedBytes: number
  eventLoopDelayP99Ms: number
}
export type SoakSeries = { start: number; end: number; max: number; perMinute: number }
export type ReplicaSoak = {
  replica: string
  samples: number
  rssMiB: SoakSeries
  heapUsedMiB: SoakSeries
  eventLoopDelayP99Ms: SoakSeries
}
export declare function sampleOf(
  replica: string,
  line: string,
  atSeconds: number,
): SoakSample | undefined
export declare function slope(points: [number, number][]): number
export declare function summarizeSoak(samples: SoakSample[]): ReplicaSoak[]
