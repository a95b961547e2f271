// Types of childProcesses.mjs for the TypeScript configs that import it.
/** Whether something accepts TCP connections on the loopback port. */
export declare function accepts(port: number): Promise<boolean>
