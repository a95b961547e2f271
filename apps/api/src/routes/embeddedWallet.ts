/**
 * An email session's embedded wallet: `POST /v1/projects/:id/embedded-wallet` keeps the one the
 * frame just made (addresses, auth share, sealed recovery share) with the device that made it,
 * `GET …?hostOrigin=&deviceId=` gives it back, auth share opened, to the same email's session —
 * on this device (with its device key) or a new one. The wallet's devices: `POST …/devices` adds one
 * that restored the wallet with the recovery code, `GET …/devices` lists them, and
 * `DELETE …/devices/:deviceId` revokes one: its key is wiped and its sessions end. Only the
 * modal's own pages may ask (its Origin on POST and DELETE; no CORS is answered, so no host page
 * reads an answer), with the email session cookie of the project and site.
 */
import {
  embeddedWalletCreateSchema,
  embeddedWalletDeviceCreateSchema,
  isEmbeddedWalletDeviceId,
  isProjectId,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import { EmailLoginError } from '../services/email/emailLoginError'
import { type EmailSessionRecord, findEmailSession } from '../services/email/sessions'
import {
  addEmbeddedWalletDevice,
  listEmbeddedWalletDevices,
  revokeEmbeddedWalletDevice,
} from '../services/embeddedWallets/devices'
import {
  EmbeddedWalletError,
  type EmbeddedWalletErrorCode,
} from '../services/embeddedWallets/embeddedWalletError'
import {
  type EmbeddedWalletContext,
  keepEmbeddedWallet,
  readEmbeddedWallet,
} from '../services/embeddedWallets/embeddedWallets'
import { embeddedWalletSealKey, type WalletOwner } from '../services/embeddedWallets/seal'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { clearEmailSessionCookie, emailSessionToken } from './emailLogin'
import { jsonBodyLimit, noStore } from './middleware'

export type EmbeddedWalletRoutesOptions = {
  storage: Storage
  /** `AIRLOCK_SERVER_KEY`: auth shares and device keys are sealed under a key derived from it. */
  serverKey: Uint8Array
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

const statusOf: Record<EmbeddedWalletErrorCode, ContentfulStatusCode> = {
  embeddedWalletInvalid: 400,
  embeddedWalletExists: 409,
  embeddedWalletNotFound: 404,
  embeddedWalletCorrupt: 500,
  embeddedWalletDeviceLimit: 409,
  embeddedWalletDeviceRevoked: 403,
  embeddedWalletDeviceNotFound: 404,
}

const maxBodyBytes = 8192

/** The email session a request comes with, and the wallet owner it is. */
type Caller = { owner: WalletOwner; session: EmailSessionRecord }

export function embeddedWalletRoutes({
  storage,
  serverKey,
  publicOrigin,
  now,
}: EmbeddedWalletRoutesOptions): Hono {
  const app = new Hono()
  const context: EmbeddedWalletContext = {
    db: storage.db,
    sealKey: embeddedWalletSealKey(serverKey),
    now,
  }

  /** The email session of the request, for `hostOrigin`, and the wallet it owns; or the refusal. */
  async function callerOf(c: Context, hostOrigin: string): Promise<Caller | Response> {
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    const token = emailSessionToken(c, projectId)
    if (!token)
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: sign in by email first.')
    try {
      const session = await findEmailSession(storage.db, token, { projectId, hostOrigin }, now())
      return { owner: { projectId, email: session.email }, session }
    } catch (error) {
      if (!(error instanceof EmailLoginError)) throw error
      return apiError(c, 401, error.code, error.message)
    }
  }
  const refusal = (c: Context, error: unknown) => {
    if (!(error instanceof EmbeddedWalletError)) throw error
    return apiError(c, statusOf[error.code], error.code, error.message)
  }
  const invalid = (c: Context, message: string) =>
    apiError(c, 400, 'embeddedWalletInvalid', message)
  const malformedDeviceId = (c: Context) => invalid(c, 'Not a device id (16 bytes, base64url).')
  /** POST and DELETE: only from the modal's own pages. */
  const fromOwnPage = (c: Context) =>
    c.req.header('Origin') === (publicOrigin ?? new URL(c.req.url).origin)
  const notOwnPage = (c: Context) =>
    apiError(c, 403, 'crossOriginRequest', "Only the Airlock modal keeps a visitor's wallet")

  /** A frame's POST body, checked; or the refusal (`embeddedWalletInvalid` when malformed). */
  async function frameBody<body>(
    c: Context,
    schema: z.ZodMiniType<body>,
  ): Promise<{ body: body } | Response> {
    if (!fromOwnPage(c)) return notOwnPage(c)
    const checked = await checkedJsonBody(c, schema)
    if (checked instanceof Response) return invalid(c, await errorMessage(checked))
    return checked
  }

  const limit = jsonBodyLimit(maxBodyBytes)
  // Shares and keys are never cached, nor their refusals.
  app.use('/v1/projects/:id/embedded-wallet', noStore)
  app.use('/v1/projects/:id/embedded-wallet/*', noStore)

  app.post('/v1/projects/:id/embedded-wallet', limit, async (c) => {
    const checked = await frameBody(c, embeddedWalletCreateSchema)
    if (checked instanceof Response) return checked
    const { hostOrigin, deviceLabel, ...wallet } = checked.body
    const caller = await callerOf(c, hostOrigin)
    if (caller instanceof Response) return caller
    try {
      const kept = await keepEmbeddedWallet(context, caller.owner, wallet, {
        label: deviceLabel,
        sessionId: caller.session.id,
      })
      return c.json(kept, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.get('/v1/projects/:id/embedded-wallet', async (c) => {
    const deviceId = c.req.query('deviceId')
    const caller = await callerOf(c, c.req.query('hostOrigin') ?? '')
    if (caller instanceof Response) return caller
    if (deviceId !== undefined && !isEmbeddedWalletDeviceId(deviceId)) return malformedDeviceId(c)
    try {
      const device = deviceId === undefined ? undefined : { deviceId, session: caller.session }
      return c.json(await readEmbeddedWallet(context, caller.owner, device))
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/v1/projects/:id/embedded-wallet/devices', limit, async (c) => {
    const checked = await frameBody(c, embeddedWalletDeviceCreateSchema)
    if (checked instanceof Response) return checked
    const caller = await callerOf(c, checked.body.hostOrigin)
    if (caller instanceof Response) return caller
    try {
      const device = await addEmbeddedWalletDevice(context, caller.owner, {
        label: checked.body.label,
        sessionId: caller.session.id,
      })
      return c.json(device, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.get('/v1/projects/:id/embedded-wallet/devices', async (c) => {
    const caller = await callerOf(c, c.req.query('hostOrigin') ?? '')
    if (caller instanceof Response) return caller
    try {
      const devices = await listEmbeddedWalletDevices(
        context,
        caller.owner,
        caller.session.deviceId,
      )
      return c.json({ devices })
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.delete('/v1/projects/:id/embedded-wallet/devices/:deviceId', async (c) => {
    if (!fromOwnPage(c)) return notOwnPage(c)
    const caller = await callerOf(c, c.req.query('hostOrigin') ?? '')
    if (caller instanceof Response) return caller
    const deviceId = c.req.param('deviceId')
    if (!isEmbeddedWalletDeviceId(deviceId)) return malformedDeviceId(c)
    try {
      const revoked = await revokeEmbeddedWalletDevice(context, caller.owner, deviceId)
      // The caller's own device: its session ended with it.
      if (caller.session.deviceId === deviceId) clearEmailSessionCookie(c, caller.owner.projectId)
      return c.json(revoked)
    } catch (error) {
      return refusal(c, error)
    }
  })
  return app
}

/** The message of a refusal `checkedJsonBody` answered. */
async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { message?: string } }
  return body.error?.message ?? 'The wallet is not of its form.'
}
