/**
 * The project registry: projects, the origins allowed to embed their modal, and the analytics
 * events they send (stored, and counted per day for the stats). Inputs are validated here, so no
 * caller (HTTP, CLI, seed) can store an origin that would widen a CSP or a penpal allow-list.
 * Writes that touch several rows run in one transaction.
 */

import { randomUUID } from 'node:crypto'
import type { EventProps, NetworkConfig, ProjectFeatures } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { utcDay } from '../storage/days'
import type { Database } from '../storage/storage'
import { type FeatureOverrides, parseFeatureOverrides, resolveFeatures } from './features'
import { parseOrigin } from './origins'
import {
  OriginAlreadyAllowedError,
  OriginNotAllowedError,
  ProjectAlreadyExistsError,
  ProjectNotFoundError,
} from './projectErrors'
import { assertProjectId } from './projectIds'
import {
  changeSettings,
  defaultProjectSettings,
  type ProjectSettings,
  type ProjectSettingsChange,
  resolveSettings,
  storedSettings,
} from './projectSettings'

export type Project = {
  id: string
  /** Canonical origins, sorted. */
  allowedOrigins: string[]
  features: ProjectFeatures
  settings: ProjectSettings
  /** ISO 8601. */
  createdAt: string
}

export declare namespace createProject {
  type Options = parseOrigin.Options & {
    settings?: ProjectSettingsChange | undefined
    /** The API's networks, which `settings.networks` are checked against. */
    catalogue?: readonly NetworkConfig[] | undefined
  }
}

export type AnalyticsEvent = {
  projectId: string
  eventId: string
  url: string
  domain: string
  /** Client clock, ms since the epoch. */
  timestamp: number
  props: EventProps
  sdkType: string
  sdkVersion: string
}

/** How many events of one kind a project received on one UTC day. */
export type EventCount = {
  /** `YYYY-MM-DD`. */
  day: string
  type: string
  event: string
  count: number
}

export async function listProjects(db: Kysely<Database>): Promise<Project[]> {
  const [projects, origins] = await Promise.all([
    db.selectFrom('projects').selectAll().orderBy('id').execute(),
    db.selectFrom('project_origins').select(['project_id', 'origin']).orderBy('origin').execute(),
  ])
  return projects.map((row) => ({
    id: row.id,
    allowedOrigins: origins.filter((o) => o.project_id === row.id).map((o) => o.origin),
    features: resolveFeatures(row.features),
    settings: resolveSettings(row.settings),
    createdAt: toIsoString(row.created_at),
  }))
}

/** Whether a project of this id exists: one indexed read, for a hot route. */
export async function projectExists(db: Kysely<Database>, projectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst()
  return row !== undefined
}

export async function getProject(
  db: Kysely<Database>,
  projectId: string,
): Promise<Project | undefined> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirst()
  if (row === undefined) return undefined
  const origins = await db
    .selectFrom('project_origins')
    .select('origin')
    .where('project_id', '=', projectId)
    .orderBy('origin')
    .execute()
  return {
    id: row.id,
    allowedOrigins: origins.map((o) => o.origin),
    features: resolveFeatures(row.features),
    settings: resolveSettings(row.settings),
    createdAt: toIsoString(row.created_at),
  }
}

/**
 * Creates a project with its allowed origins and settings, all or nothing.
 *
 * @param options `{ production: true }` takes https origins only (parseOrigin); `settings` are
 *   checked against `catalogue` (changeSettings).
 * @throws InvalidProjectIdError, InvalidOriginError, InsecureOriginError (production),
 *   OriginAlreadyAllowedError (an origin given twice), InvalidProjectSettingError,
 *   ProjectAlreadyExistsError.
 */
export async function createProject(
  db: Kysely<Database>,
  projectId: string,
  origins: readonly string[],
  features: FeatureOverrides = {},
  options: createProject.Options = {},
): Promise<Project> {
  assertProjectId(projectId)
  const settings = changeSettings(
    defaultProjectSettings,
    options.settings ?? {},
    options.catalogue ?? [],
    options,
  )
  const allowedOrigins: string[] = []
  for (const input of origins) {
    const origin = parseOrigin(input, options)
    if (allowedOrigins.includes(origin)) throw new OriginAlreadyAllowedError(projectId, origin)
    allowedOrigins.push(origin)
  }
  const featuresJson = JSON.stringify(parseFeatureOverrides(features))
  const createdAt = new Date().toISOString()

  try {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .executeTakeFirst()
      if (existing !== undefined) throw new ProjectAlreadyExistsError(projectId)
      await trx
        .insertInto('projects')
        .values({
          id: projectId,
          features: featuresJson,
          settings: storedSettings(settings),
          created_at: createdAt,
        })
        .execute()
      if (allowedOrigins.length > 0)
        await trx
          .insertInto('project_origins')
          .values(
            allowedOrigins.map((origin) => ({
              project_id: projectId,
              origin,
              created_at: createdAt,
            })),
          )
          .execute()
    })
  } catch (error) {
    // A concurrent create of the same id passes the check above and loses on the primary key.
    if (isUniqueViolation(error)) throw new ProjectAlreadyExistsError(projectId)
    throw error
  }

  return {
    id: projectId,
    allowedOrigins: allowedOrigins.sort(),
    features: resolveFeatures(featuresJson),
    settings,
    createdAt,
  }
}

/**
 * Changes a project's feature switches and settings, all or nothing: each switch or setting
 * given replaces the stored one. Returns the project as it is now. `{ production: true }` takes
 * service URLs (bundlers, paymasters) that are https off loopback only (changeSettings).
 *
 * @throws ProjectNotFoundError, InvalidProjectSettingError.
 */
export async function configureProject(
  db: Kysely<Database>,
  projectId: string,
  change: { features?: FeatureOverrides; settings?: ProjectSettingsChange },
  catalogue: readonly NetworkConfig[],
  options: { production?: boolean | undefined } = {},
): Promise<Project> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('projects')
      .select(['features', 'settings'])
      .where('id', '=', projectId)
      .executeTakeFirst()
    if (row === undefined) throw new ProjectNotFoundError(projectId)
    const features = parseFeatureOverrides({
      ...parseFeatureOverrides(JSON.parse(row.features)),
      ...change.features,
    })
    const settings = changeSettings(
      resolveSettings(row.settings),
      change.settings ?? {},
      catalogue,
      options,
    )
    await trx
      .updateTable('projects')
      .set({ features: JSON.stringify(features), settings: storedSettings(settings) })
      .where('id', '=', projectId)
      .execute()
  })
  return (await getProject(db, projectId))!
}

/**
 * Adds an origin to a project's allow-list and returns it in canonical form.
 *
 * @param options `{ production: true }` takes https origins only (parseOrigin).
 * @throws InvalidOriginError, InsecureOriginError (production), ProjectNotFoundError,
 *   OriginAlreadyAllowedError.
 */
export async function allowOrigin(
  db: Kysely<Database>,
  projectId: string,
  input: string,
  options: parseOrigin.Options = {},
): Promise<string> {
  const origin = parseOrigin(input, options)
  try {
    await db.transaction().execute(async (trx) => {
      await requireProject(trx, projectId)
      const existing = await trx
        .selectFrom('project_origins')
        .select('origin')
        .where('project_id', '=', projectId)
        .where('origin', '=', origin)
        .executeTakeFirst()
      if (existing !== undefined) throw new OriginAlreadyAllowedError(projectId, origin)
      await trx
        .insertInto('project_origins')
        .values({ project_id: projectId, origin, created_at: new Date().toISOString() })
        .execute()
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new OriginAlreadyAllowedError(projectId, origin)
    throw error
  }
  return origin
}

/**
 * Removes an origin from a project's allow-list and returns it in canonical form. Any scheme, in
 * any mode: revoking is how an operator clears the http origins production mode refuses.
 *
 * @throws InvalidOriginError, ProjectNotFoundError, OriginNotAllowedError.
 */
export async function revokeOrigin(
  db: Kysely<Database>,
  projectId: string,
  input: string,
): Promise<string> {
  const origin = parseOrigin(input)
  await db.transaction().execute(async (trx) => {
    await requireProject(trx, projectId)
    const result = await trx
      .deleteFrom('project_origins')
      .where('project_id', '=', projectId)
      .where('origin', '=', origin)
      .executeTakeFirst()
    if (result.numDeletedRows === 0n) throw new OriginNotAllowedError(projectId, origin)
  })
  return origin
}

/**
 * Stores an analytics event, received at `receivedAt`. A retried event (same project and
 * `eventId`) is stored once; `recorded` says whether this call stored it.
 */
export async function recordEvent(
  db: Kysely<Database>,
  event: AnalyticsEvent,
  receivedAt: Date = new Date(),
): Promise<{ recorded: boolean }> {
  const result = await db
    .insertInto('events')
    .values({
      id: randomUUID(),
      project_id: event.projectId,
      event_id: event.eventId,
      url: event.url,
      domain: event.domain,
      timestamp: event.timestamp,
      props: JSON.stringify(event.props),
      sdk_type: event.sdkType,
      sdk_version: event.sdkVersion,
      received_at: receivedAt.toISOString(),
      type: event.props.type,
      event: event.props.event,
      day: utcDay(receivedAt),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'event_id']).doNothing())
    .executeTakeFirst()
  return { recorded: (result.numInsertedOrUpdatedRows ?? 0n) > 0n }
}

/**
 * A project's events counted per UTC day, type and event, for the days `from` to `to` (both
 * `YYYY-MM-DD`, both included), sorted by day, then type, then event.
 */
export async function countEvents(
  db: Kysely<Database>,
  projectId: string,
  range: { from: string; to: string },
): Promise<EventCount[]> {
  const rows = await db
    .selectFrom('events')
    .select(({ fn }) => ['day', 'type', 'event', fn.countAll().as('count')])
    .where('project_id', '=', projectId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('type', 'is not', null)
    .where('event', 'is not', null)
    .groupBy(['day', 'type', 'event'])
    .execute()
  return (
    rows
      // Postgres answers count(*) as a string (a bigint).
      .map((row) => ({
        day: String(row.day),
        type: String(row.type),
        event: String(row.event),
        count: Number(row.count),
      }))
      // Sorted here: Postgres orders text by its collation, which need not be SQLite's byte order.
      .sort((a, b) => compare(a.day, b.day) || compare(a.type, b.type) || compare(a.event, b.event))
  )
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

async function requireProject(db: Kysely<Database>, projectId: string): Promise<void> {
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst()
  if (project === undefined) throw new ProjectNotFoundError(projectId)
}

function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value
}

/** Postgres `unique_violation`, or SQLite's primary-key / unique constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  const { code } = error
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}
