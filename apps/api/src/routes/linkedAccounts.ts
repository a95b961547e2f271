/**
 * The ways into the account of an email session (issue 33), for LinkedAccounts:
 * `GET /v1/projects/:id/identities?hostOrigin=` lists its email (when it was made with one) and
 * the social accounts linked to it, Farcaster's too; `DELETE …/identities/:provider/:subject
 * ?hostOrigin=` unlinks one and answers the list again — never the one the account was made with
 * (`socialIdentityPrimary`), so an account always keeps a way in. The DELETE's JSON body carries
 * a proof of the wallet for `unlinkIdentity` (`identityUnlinkSchema`), which an account with a
 * confirmed wallet must give (issue 33, point 3: 401 `embeddedWalletProofInvalid`, as the other
 * step-up routes). Linking is a sign-in's, redeemed by the frame that asked and confirmed by the
 * visitor (socialLogin.ts, farcasterLogin.ts). Only the modal's own pages may ask (no CORS is
 * answered; DELETE needs its Origin), with the email session cookie of the project and site.
 */
import { identityUnlinkSchema, isSocialProvider } from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { EmbeddedWalletError } from '../services/embeddedWallets/embeddedWalletError'
import { listLinkedAccounts, unlinkSocialIdentity } from '../services/social/identities'
import { SocialLoginError } from '../services/social/socialLoginError'
import type { Storage } from '../storage/storage'
import { emailSession } from './emailSession'
import { embeddedWalletRefusal } from './embeddedWallet'
import { fromModal, projectIdParam } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'
import { socialLoginRefusal } from './socialLogin'
import { jsonBody } from './validators'

export type LinkedAccountsRoutesOptions = {
  storage: Storage
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

/** The longest provider subject unlink takes (OpenID's limit). */
const maxSubjectChars = 255

/** A proof of the wallet: a few hundred bytes. */
const maxBodyBytes = 2048

export function linkedAccountsRoutes({
  storage,
  publicOrigin,
  now,
}: LinkedAccountsRoutesOptions): Hono {
  const app = new Hono()
  const session = [
    projectIdParam,
    emailSession({ storage, now }, (c) => c.req.query('hostOrigin') ?? ''),
  ] as const
  const ownPages = fromModal(publicOrigin, "unlinks a visitor's accounts", {
    sameOriginGet: false,
  })
  const listOf = (c: Context) =>
    listLinkedAccounts(storage.db, c.req.param('id') ?? '', c.var.session.email)

  app.use('/v1/projects/:id/identities', noStore)
  app.use('/v1/projects/:id/identities/*', noStore)

  app.get('/v1/projects/:id/identities', ...session, async (c) => c.json(await listOf(c), 200))

  app.delete(
    '/v1/projects/:id/identities/:provider/:subject',
    jsonBodyLimit(maxBodyBytes),
    ownPages,
    jsonBody(identityUnlinkSchema, undefined, { emptyIs: {} }),
    ...session,
    async (c) => {
      const provider = c.req.param('provider')
      const subject = c.req.param('subject')
      try {
        if (!isSocialProvider(provider) || subject.length > maxSubjectChars)
          return socialLoginRefusal(c, notLinked())
        await unlinkSocialIdentity(
          storage.db,
          { projectId: c.req.param('id'), provider, subject },
          c.var.session.email,
          { session: c.var.session, proof: c.req.valid('json').proof },
          now(),
        )
        return c.json(await listOf(c), 200)
      } catch (error) {
        if (error instanceof EmbeddedWalletError) return embeddedWalletRefusal(c, error)
        return socialLoginRefusal(c, error)
      }
    },
  )
  return app
}

const notLinked = () =>
  new SocialLoginError('socialIdentityNotFound', 'This account is not linked to your wallet.')
