// Types of workload.mjs for the TypeScript configs that import it.
export type Route = {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** A fresh body for each request. */
  body?: () => string
  /** Closed-loop connections in the throughput runs. */
  connections?: number
  /** At most this many requests a second (autocannon's overallRate). */
  perSecond?: number
  /** Paced by the bench: this many a minute (under a budget fixed in code). */
  perMinute?: number
  /** The steady rate of a closed-loop route in the soak. */
  soakPerSecond?: number
}
export declare const benchAccount: string
export declare const demoSite: string
export declare const raisedBudgets: Record<string, string>
export declare function scaleWorkload(origin: string): Route[]
export declare function workloadProblems(routes: Route[]): string[]
