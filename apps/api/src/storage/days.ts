/**
 * Calendar days in UTC, written `YYYY-MM-DD`: how stored events are bucketed for the stats and
 * how a stats range is asked for. Text of that shape sorts and compares like the days it names.
 */

const dayMs = 86_400_000
const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** The UTC day of an instant (a `Date` or ms since the epoch). */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10)
}

/** Whether `text` is `YYYY-MM-DD` and names a real day (not 2025-02-30). */
export function isUtcDay(text: string): boolean {
  return dayPattern.test(text) && utcDay(Date.parse(`${text}T00:00:00Z`) || 0) === text
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * dayMs)
}

/** How many days from `from` to `to`, both counted: 1 when they are the same day. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1
}
