// Types of processCpu.mjs for the TypeScript configs that import it.
export declare const clockTicksPerSecond: number
export declare function cpuSecondsOf(pid: number): number | undefined
