// Types of soakPlot.mjs for the TypeScript configs that import it.
import type { SoakSample } from './soakSamples.mjs'

export declare function ticks(max: number, count?: number): number[]
export declare function soakSvg(samples: SoakSample[], options: { title: string }): string
