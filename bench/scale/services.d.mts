// Types of services.mjs for the TypeScript configs that import it.
import type { ScaleStack } from '../../scripts/stackScale.mjs'

export type BenchServices = { env: Record<string, string>; stop(): Promise<void> }
export declare function startBenchServices(): Promise<BenchServices>
export declare function startBenchStack(
  services: { env: Record<string, string> },
  options: {
    replicas: number
    env?: Record<string, string>
    onReplicaLine?: (id: string, line: string) => void
  },
): Promise<ScaleStack>
