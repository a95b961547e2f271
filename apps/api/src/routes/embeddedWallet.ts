/**
 * An email session's embedded wallet: `POST /v1/projects/:id/embedded-wallet` keeps the one the
 * frame just made (addresses, auth share, sealed recovery share), `GET …?hostOrigin=` gives it
 * back, auth share opened, to the same email's session — on this device or a new one. Only the
 * modal's own pages may ask (its Origin on the POST; no CORS is answered, so no host page reads
 * an answer), with the email session cookie of the project and site.
 */
import { embeddedWalletCreateSchema, isProjectId } from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { EmailLoginError } from '../services/email/emailLoginError'
import { readEmailSession } from '../services/email/sessions'
import {
  type EmbeddedWalletContext,
  EmbeddedWalletError,
  type EmbeddedWalletErrorCode,
  embeddedWalletSealKey,
  keepEmbeddedWallet,
  readEmbeddedWallet,
  type WalletOwner,
} from '../services/embeddedWallets/embeddedWallets'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { emailSessionToken } from './emailLogin'

export type EmbeddedWalletRoutesOptions = {
  storage: Storage
  /** `AIRLOCK_SERVER_KEY`: auth shares are sealed under a key derived from it. */
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
}

const maxBodyBytes = 8192

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

  /** The email session's owner of the wallet, for `hostOrigin`; or the refusal. */
  async function ownerOf(c: Context, hostOrigin: string): Promise<WalletOwner | Response> {
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    const token = emailSessionToken(c, projectId)
    if (!token)
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: sign in by email first.')
    try {
      const session = await readEmailSession(storage.db, token, { projectId, hostOrigin }, now())
      return { projectId, email: session.email }
    } catch (error) {
      if (!(error instanceof EmailLoginError)) throw error
      return apiError(c, 401, error.code, error.message)
    }
  }
  const refusal = (c: Context, error: unknown) => {
    if (!(error instanceof EmbeddedWalletError)) throw error
    return apiError(c, statusOf[error.code], error.code, error.message)
  }
  const noStore = (response: Response) => {
    response.headers.set('Cache-Control', 'no-store')
    return response
  }

  app.post(
    '/v1/projects/:id/embedded-wallet',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) =>
        apiError(c, 413, 'payloadTooLarge', `The request body exceeds ${maxBodyBytes} bytes`),
    }),
    async (c) => {
      if (c.req.header('Origin') !== (publicOrigin ?? new URL(c.req.url).origin))
        return apiError(
          c,
          403,
          'crossOriginRequest',
          "Only the Airlock modal keeps a visitor's wallet",
        )
      const checked = await checkedJsonBody(c, embeddedWalletCreateSchema)
      if (checked instanceof Response)
        return apiError(c, 400, 'embeddedWalletInvalid', await errorMessage(checked))
      const { hostOrigin, ...wallet } = checked.body
      const owner = await ownerOf(c, hostOrigin)
      if (owner instanceof Response) return owner
      try {
        return noStore(c.json(await keepEmbeddedWallet(context, owner, wallet), 201))
      } catch (error) {
        return refusal(c, error)
      }
    },
  )

  app.get('/v1/projects/:id/embedded-wallet', async (c) => {
    const owner = await ownerOf(c, c.req.query('hostOrigin') ?? '')
    if (owner instanceof Response) return owner
    try {
      return noStore(c.json(await readEmbeddedWallet(context, owner)))
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
