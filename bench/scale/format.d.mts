// Types of format.mjs for the TypeScript configs that import it.
import type { RouteResult } from './load.mjs'
import type { ReplicaSoak } from './soakSamples.mjs'

export declare const soakHeading: string
export declare function scalingRatio(single: number, many: number): string
export declare function comparisonRows(
  single: RouteResult[],
  many: RouteResult[],
  replicas: number,
): string[][]
export declare function errorDetails(results: RouteResult[]): string
export declare function soakRows(summary: ReplicaSoak[]): string[][]
export declare function runRows(results: RouteResult[]): string[][]
export declare function mergeScaleSection(
  existing: string,
  parts: { throughput?: string; soak?: string },
): string
export declare function markdownTable(rows: string[][]): string
export declare function plainTable(rows: string[][]): string
