// Types of load.mjs for the TypeScript configs that import it.
import type { Route } from './workload.mjs'

export type RouteResult = {
  name: string
  requests: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number
  statusCodes: Record<string, number>
}
export declare function percentile(values: number[], p: number): number
export declare function runWorkload(
  url: string,
  routes: Route[],
  options: { durationSeconds: number; steady?: boolean },
): Promise<RouteResult[]>
export declare function totalOf(results: RouteResult[]): RouteResult
export declare function sendOnce(
  url: string,
  route: Route,
): Promise<{ status: number; body: string }>
export declare function checkRoutes(url: string, routes: Route[]): Promise<void>
