/**
 * An email session's embedded wallet: `POST /v1/projects/:id/embedded-wallet` keeps the one the
 * frame just made (addresses, auth share, sealed recovery share), pending, with the device that
 * made it; `PUT` starts a pending one over; `POST …/confirmation`, from the session on its first
 * device, confirms it. `GET …?hostOrigin=&deviceId=` gives it back, auth share opened, to the
 * same email's session — on this device (with its device key) or a new one. The wallet's devices: `POST …/devices` adds one
 * that restored the wallet with the recovery code, `GET …/devices` lists them, `PUT
 * …/devices/:deviceId/transport-key` registers one's transport key (signed by the wallet's key).
 * `POST …/challenges` issues a challenge the frame signs with the wallet's key, which
 * `POST …/shares` spends to re-split the wallet (a new recovery code, or a device revoked: its key
 * wiped, its sessions ended), and `POST …/key-exports` before the frame shows the keys. Only the modal's own pages may ask (its Origin on POST and PUT; no
 * CORS is answered, so no host page reads an answer), with the email session cookie of the
 * project and site.
 */
import {
  embeddedWalletConfirmationSchema,
  embeddedWalletCreateSchema,
  embeddedWalletDeviceCreateSchema,
  embeddedWalletReshareSchema,
  embeddedWalletTransportKeySchema,
  isEmbeddedWalletDeviceId,
  walletKeyExportSchema,
  walletProofChallengeRequestSchema,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Mailer } from '../services/email/mailer'
import { tellDeviceAdded } from '../services/embeddedWallets/deviceNotice'
import {
  addEmbeddedWalletDevice,
  listEmbeddedWalletDevices,
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
import {
  confirmEmbeddedWallet,
  startEmbeddedWalletOver,
} from '../services/embeddedWallets/pendingWallets'
import { embeddedWalletSealKey, type WalletOwner } from '../services/embeddedWallets/seal'
import {
  type DeviceSession,
  registerTransportKey,
  reshareEmbeddedWallet,
} from '../services/embeddedWallets/shares'
import { allowKeyExport, issueWalletProofChallenge } from '../services/embeddedWallets/walletProof'
import type { Storage } from '../storage/storage'
import { apiError, type RequestSchema, refuse } from './apiError'
import { clearEmailSessionCookie, emailSession } from './emailSession'
import { fromModal, projectIdParam } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'
import { type BodyRefusal, checkedBody, jsonBody } from './validators'

export type EmbeddedWalletRoutesOptions = {
  storage: Storage
  /** Tells the wallet's address when a device joins it; none: nobody is told. */
  mailer?: Mailer | undefined
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
  embeddedWalletPending: 409,
  embeddedWalletSharesStale: 409,
  embeddedWalletSignatureInvalid: 400,
  embeddedWalletProofInvalid: 401,
}

const maxBodyBytes = 8192

/** A malformed wallet body is `embeddedWalletInvalid`, in the validator's words. */
const invalid: BodyRefusal = (c, message) => apiError(c, 400, 'embeddedWalletInvalid', message)

/** The device id of a request, when given; refused when not of a device id's form. */
function deviceIdOf(c: Context, deviceId: string | undefined): string | undefined {
  if (deviceId !== undefined && !isEmbeddedWalletDeviceId(deviceId))
    refuse(c, 400, 'embeddedWalletInvalid', 'Not a device id (16 bytes, base64url).')
  return deviceId
}

/**
 * The wallet's refusal `error` as the API answers it, its status by its code (401 for a missing
 * or invalid proof of the wallet); anything else is thrown on.
 */
export function embeddedWalletRefusal(c: Context, error: unknown): Response {
  if (!(error instanceof EmbeddedWalletError)) throw error
  return apiError(c, statusOf[error.code], error.code, error.message)
}

/** `work`'s answer with `status`, or the wallet's refusal it threw. */
async function answered(c: Context, status: 200 | 201, work: () => Promise<unknown>) {
  try {
    return c.json(await work(), status)
  } catch (error) {
    return embeddedWalletRefusal(c, error)
  }
}

export function embeddedWalletRoutes({
  storage,
  mailer,
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
  /** POST and DELETE: only from the modal's own pages. */
  const ownPages = fromModal(publicOrigin, "keeps a visitor's wallet", { sameOriginGet: false })
  /** The email session of the request, for the site its body or its query names. */
  const bodySession = [
    projectIdParam,
    emailSession({ storage, now }, (c) => checkedBody<{ hostOrigin: string }>(c).hostOrigin),
  ] as const
  const querySession = [
    projectIdParam,
    emailSession({ storage, now }, (c) => c.req.query('hostOrigin') ?? ''),
  ] as const
  /** The wallet owner the session is. */
  const ownerOf = (c: Context): WalletOwner => ({
    projectId: c.req.param('id') ?? '',
    email: c.var.session.email,
  })
  /** The session, the site its frame is on, and its device. */
  const deviceSessionOf = (c: Context): DeviceSession => ({
    id: c.var.session.id,
    hostOrigin: c.var.session.hostOrigin,
    deviceId: c.var.session.deviceId,
  })

  const limit = jsonBodyLimit(maxBodyBytes)
  /** A body from the modal's own pages, checked by `schema`, and the session of its site. */
  const sessionBody = <output>(schema: RequestSchema<output>) =>
    [limit, ownPages, jsonBody(schema, invalid), ...bodySession] as const
  // Shares and keys are never cached, nor their refusals.
  app.use('/v1/projects/:id/embedded-wallet', noStore)
  app.use('/v1/projects/:id/embedded-wallet/*', noStore)

  // The wallet the frame just made: POST keeps it, PUT starts the pending one over with it.
  for (const [method, keep] of [
    ['post', keepEmbeddedWallet],
    ['put', startEmbeddedWalletOver],
  ] as const)
    app[method](
      '/v1/projects/:id/embedded-wallet',
      ...sessionBody(embeddedWalletCreateSchema),
      (c) => {
        const { hostOrigin: _, deviceLabel, ...wallet } = c.req.valid('json')
        return answered(c, 201, () =>
          keep(context, ownerOf(c), wallet, { label: deviceLabel, sessionId: c.var.session.id }),
        )
      },
    )

  app.post(
    '/v1/projects/:id/embedded-wallet/confirmation',
    ...sessionBody(embeddedWalletConfirmationSchema),
    (c) =>
      answered(c, 200, () => confirmEmbeddedWallet(context, ownerOf(c), c.var.session.deviceId)),
  )

  app.get('/v1/projects/:id/embedded-wallet', ...querySession, (c) => {
    const deviceId = deviceIdOf(c, c.req.query('deviceId'))
    const device = deviceId === undefined ? undefined : { deviceId, session: c.var.session }
    return answered(c, 200, () => readEmbeddedWallet(context, ownerOf(c), device))
  })

  app.post(
    '/v1/projects/:id/embedded-wallet/devices',
    ...sessionBody(embeddedWalletDeviceCreateSchema),
    (c) => {
      const { label, proof } = c.req.valid('json')
      return answered(c, 201, async () => {
        const added = await addEmbeddedWalletDevice(
          context,
          ownerOf(c),
          { label, sessionId: c.var.session.id },
          { session: deviceSessionOf(c), proof },
        )
        await tellDeviceAdded(storage.db, mailer, ownerOf(c), {
          label,
          hostOrigin: c.var.session.hostOrigin,
        })
        return added
      })
    },
  )

  app.get('/v1/projects/:id/embedded-wallet/devices', ...querySession, (c) =>
    answered(c, 200, async () => ({
      devices: await listEmbeddedWalletDevices(context, ownerOf(c), c.var.session.deviceId),
    })),
  )

  app.put(
    '/v1/projects/:id/embedded-wallet/devices/:deviceId/transport-key',
    ...sessionBody(embeddedWalletTransportKeySchema),
    (c) => {
      const deviceId = deviceIdOf(c, c.req.param('deviceId')) ?? ''
      const { publicKey, signature } = c.req.valid('json')
      return answered(c, 200, () =>
        registerTransportKey(context, ownerOf(c), deviceSessionOf(c), deviceId, {
          publicKey,
          signature,
        }),
      )
    },
  )

  app.post(
    '/v1/projects/:id/embedded-wallet/challenges',
    ...sessionBody(walletProofChallengeRequestSchema),
    (c) =>
      answered(c, 201, () =>
        issueWalletProofChallenge(
          storage.db,
          ownerOf(c),
          deviceSessionOf(c),
          c.req.valid('json').action,
          now(),
        ),
      ),
  )

  app.post(
    '/v1/projects/:id/embedded-wallet/key-exports',
    ...sessionBody(walletKeyExportSchema),
    (c) =>
      answered(c, 201, () =>
        allowKeyExport(
          storage.db,
          ownerOf(c),
          deviceSessionOf(c),
          c.req.valid('json').proof,
          now(),
        ),
      ),
  )

  app.post(
    '/v1/projects/:id/embedded-wallet/shares',
    ...sessionBody(embeddedWalletReshareSchema),
    (c) => {
      const { hostOrigin: _, ...reshare } = c.req.valid('json')
      if (reshare.revokeDeviceId !== undefined) deviceIdOf(c, reshare.revokeDeviceId)
      return answered(c, 200, async () => {
        const reshared = await reshareEmbeddedWallet(
          context,
          ownerOf(c),
          deviceSessionOf(c),
          reshare,
        )
        // The caller's own device: its session ended with it.
        if (reshare.revokeDeviceId === c.var.session.deviceId)
          clearEmailSessionCookie(c, ownerOf(c).projectId)
        return reshared
      })
    },
  )
  return app
}
