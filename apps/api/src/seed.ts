/**
 * The `demo` project the README, the demo site and e2e use; created at start when absent, outside
 * production mode (its origins are http on loopback, which production refuses).
 */

import type { Kysely } from 'kysely'
import { ProjectAlreadyExistsError } from './services/projectErrors'
import { createProject, getProject } from './services/projects'
import type { Database } from './storage/storage'

export const demoProjectId = 'demo'

export const demoAllowedOrigins = ['http://127.0.0.1:5173', 'http://localhost:5173'] as const

/** Creates `demo` unless it exists; never changes an existing one. True when it was created. */
export async function seedDemoProject(db: Kysely<Database>): Promise<boolean> {
  if ((await getProject(db, demoProjectId)) !== undefined) return false
  try {
    await createProject(db, demoProjectId, demoAllowedOrigins)
    return true
  } catch (error) {
    // Another replica seeded it between the read and the write.
    if (error instanceof ProjectAlreadyExistsError) return false
    throw error
  }
}
