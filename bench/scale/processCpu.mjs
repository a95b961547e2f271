// The CPU time a process has used so far (user + system, in seconds), from Linux's
// /proc/<pid>/stat: what the scale bench reads of each replica before and after a run, to say how
// much CPU the replicas spent per request (on 2 cores, more replicas may each spend more).
import { readFileSync } from 'node:fs'

/** Clock ticks a second of /proc's CPU times (USER_HZ): 100 on Linux's common builds. */
export const clockTicksPerSecond = 100

/**
 * @param {number} pid
 * @returns {number | undefined} seconds; undefined when the process or /proc is not there
 */
export function cpuSecondsOf(pid) {
  let stat
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // After the command's name in parentheses (which may hold spaces): state, then fields 4…; utime
  // and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const user = Number(fields[11])
  const system = Number(fields[12])
  return Number.isFinite(user) && Number.isFinite(system)
    ? (user + system) / clockTicksPerSecond
    : undefined
}
