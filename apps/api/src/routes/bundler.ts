/**
 * The bundler relay (issue 20): `POST /v1/projects/:id/bundler?hostOrigin=&chainId=` passes one
 * JSON-RPC request of the modal's smart account to the network's ERC-4337 bundler and answers what
 * it answered. Only the modal's own pages ask (their Origin is this API's; no CORS is answered),
 * for a site the project allows, of a project with its `smartAccounts` feature on, on a network
 * with a bundler (the project's own, `projects set --smart-account-networks`, over the
 * deployment's: `services/bundlers/projectSmartAccounts.ts`), with the user-operation methods only
 * (`bundlerMethods`); ERC-7677's paymaster methods go to the network's paymaster instead, when it
 * has one and the project has `gasSponsorship` on. Every request needs the frame's credential (its
 * frame token or session, `frameCredential.ts`), not only the modal's Origin; each spends the
 * credential's and the client's budgets, and the project's once what is checked without the
 * bundler, the paymaster or the chain passed (the method, a paymaster there, the operation to
 * sponsor and a signed-in visitor asking). Sponsorship (the paymaster methods, and a sent operation
 * that names a paymaster) is only for the frame's signed-in visitor (401
 * `sponsorshipSessionRequired`), only for their wallet's own smart account (403
 * `sponsorshipSenderMismatch`), only for calls the project lists (403 `sponsorshipCallNotAllowed`,
 * `services/bundlers/sponsorshipPolicy.ts`), and within the project's daily caps per account and
 * per project (429 `sponsorshipAccountLimit`, `sponsorshipProjectLimit`;
 * `services/bundlers/sponsorship*`). A sent operation that names a site's own paymaster (a
 * project's ERC-7677 `paymasterServices`) is none of the operator's sponsorship
 * (`services/bundlers/sitePaymaster.ts`). `POST …/bundler/info` says what the network offers (the
 * EntryPoint, a paymaster) without asking either. The services' URLs never leave the server: the
 * relay is a service (`services/bundlers/bundlerRelay.ts`); this adapts it to HTTP.
 */
import {
  type BundlerInfo,
  type BundlerRequest,
  bundlerRequestSchema,
  type CaipNetworkId,
  entryPointOf,
  isCaipNetworkId,
  type NetworkConfig,
  namespaceOf,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type {
  BundlerConfig,
  PaymasterConfig,
  SmartAccountConfig,
} from '../services/bundlers/bundlerConfig'
import {
  BundlerRelayError,
  type BundlerRelayErrorCode,
  createBundlerRelay,
  type NetworkBundler,
  type RelayTarget,
} from '../services/bundlers/bundlerRelay'
import { createSafeCodeCheck } from '../services/bundlers/safeCode'
import { namesOperatorPaymaster } from '../services/bundlers/sitePaymaster'
import { assertOwnSmartAccount } from '../services/bundlers/sponsoredAccount'
import { spendSponsorship } from '../services/bundlers/sponsorshipBudget'
import { SponsorshipError, type SponsorshipErrorCode } from '../services/bundlers/sponsorshipError'
import { assertSponsoredCalls } from '../services/bundlers/sponsorshipPolicy'
import { type SponsorshipRequest, sponsorshipOf } from '../services/bundlers/userOperation'
import type { Project } from '../services/projects'
import type { BundlerRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { currentEmailSession } from './emailSession'
import { frameAdmission } from './frameAdmission'
import type { FrameCredentialOptions } from './frameCredential'
import { jsonBodyLimit, noStore } from './middleware'
import { checkedBody, jsonBody, routeCheck } from './validators'

export type BundlerRoutesOptions = {
  storage: Storage
  bundlers: BundlerConfig
  /** How each bundler network's smart accounts are made; left out: EIP-7702, Simple7702Account. */
  smartAccounts: SmartAccountConfig
  paymasters: PaymasterConfig
  rateLimiter: BundlerRateLimiter
  trustProxy: number
  publicOrigin: string | undefined
  /** The frame credential every request needs (`frameCredential.ts`). */
  credential: FrameCredentialOptions
  /** The API's networks: a Safe network's code is read through their RPC (safeCode.ts). */
  networks: readonly NetworkConfig[]
  now: () => number
  /** How long the bundler (or paymaster) may take to answer; default 20 s. */
  timeoutMs?: number | undefined
}

/** A signed user operation with its init code: a few KB; batches of calls a few more. */
const maxBodyBytes = 64 * 1024

const relayErrorStatus: Record<BundlerRelayErrorCode, ContentfulStatusCode> = {
  bundlerNotConfigured: 404,
  bundlerMethodNotAllowed: 400,
  paymasterNotConfigured: 404,
  bundlerUnavailable: 502,
}

const sponsorshipErrorStatus: Record<SponsorshipErrorCode, ContentfulStatusCode> = {
  sponsorshipSessionRequired: 401,
  sponsorshipSenderMismatch: 403,
  sponsorshipOperationInvalid: 400,
  sponsorshipCallNotAllowed: 403,
  sponsorshipAccountLimit: 429,
  sponsorshipProjectLimit: 429,
}

export function bundlerRoutes({
  bundlers,
  smartAccounts,
  paymasters,
  timeoutMs,
  networks,
  now,
  ...admission
}: BundlerRoutesOptions): Hono {
  const app = new Hono()
  const { storage } = admission
  const relay = createBundlerRelay({ bundlers, smartAccounts, paymasters, timeoutMs })
  const safeCode = createSafeCodeCheck({ networks })

  /** On a Safe network, that the network has the Safe's published code. @throws BundlerRelayError */
  const assertAccountCode = ({ network, account }: NetworkBundler) =>
    account.kind === 'safe' ? safeCode.assertSafeCode(network, account.version) : undefined

  /** The signed-in visitor a sponsorship is asked for. @throws SponsorshipError */
  async function sponsoredVisitor(c: Context, project: Project) {
    const scope = { projectId: project.id, hostOrigin: c.req.query('hostOrigin') ?? '' }
    const session = await currentEmailSession(c, { storage, now }, scope)
    if (session === undefined)
      throw new SponsorshipError(
        'sponsorshipSessionRequired',
        'Gas is sponsored only for a signed-in visitor: sign in by email or a social account first.',
      )
    return session
  }

  /**
   * Checks a sponsorship's requester and sender, and counts it when it is counted `before` it
   * goes on. @throws SponsorshipError, BundlerRelayError
   */
  async function admitSponsorship(
    c: Context,
    project: Project,
    { network, account }: NetworkBundler,
    { operation, callData, count }: SponsorshipRequest,
  ) {
    const session = await sponsoredVisitor(c, project)
    assertSponsoredCalls(project.settings.sponsoredCalls, network, callData, account)
    await assertOwnSmartAccount(
      { db: storage.db },
      {
        projectId: project.id,
        login: session.email,
        account,
        sender: operation.sender,
      },
    )
    if (count === 'before') await spendOn(project, network, operation)
  }

  const spendOn = (
    project: Project,
    network: CaipNetworkId,
    operation: SponsorshipRequest['operation'],
  ) =>
    spendSponsorship(storage.db, {
      projectId: project.id,
      caps: project.settings.sponsorship,
      network,
      operation,
      at: now(),
    })

  /** Where `request` goes for `project`: the network's bundler, and its paymaster if it sponsors. */
  const targetOf = (project: Project, service: NetworkBundler): RelayTarget => ({
    network: service.network,
    bundlerUrl: service.bundlerUrl,
    paymasterUrl: relay.paymasterOf(service, project.features.gasSponsorship),
  })

  /**
   * The request's network for its project: the project's own services there over the
   * deployment's (`projectSmartAccounts.ts`). @throws BundlerRelayError `bundlerNotConfigured`
   * where neither has a bundler.
   */
  const serviceOf = (c: Context<{ Variables: Admitted }>): NetworkBundler => {
    const service = relay.bundlerOf(
      c.var.service.network,
      c.var.project.settings.smartAccountNetworks,
    )
    if (service === undefined) throw notConfigured(c.var.service.network)
    return service
  }

  /**
   * What is refused of a request before it spends the project's budget, in the order the relay
   * refuses it, asking neither the services nor the chain: a method the relay does not pass on,
   * a paymaster method where none sponsors, an operation to sponsor not of its form, a
   * sponsorship without a signed-in visitor, a call the project does not sponsor. Whose account
   * the sender is, and the caps, after.
   */
  const checkedFirst = routeCheck<{ Variables: Admitted }>(async (c) => {
    const request = checkedBody<BundlerRequest>(c)
    const service = serviceOf(c)
    const target = targetOf(c.var.project, service)
    relay.check(target, request)
    const sponsorship = sponsorshipOf(request, { paymaster: !!target.paymasterUrl })
    if (sponsorship === undefined || maybeSites(c.var.project, sponsorship)) return
    await sponsoredVisitor(c, c.var.project)
    assertSponsoredCalls(
      c.var.project.settings.sponsoredCalls,
      target.network,
      sponsorship.callData,
      service.account,
    )
  }, refusal)

  /** The relay's and the sponsorship's refusals as answers; anything else is thrown on. */
  function refusal(c: Context, error: unknown): Response {
    if (error instanceof BundlerRelayError)
      return apiError(c, relayErrorStatus[error.code], error.code, error.message)
    if (!(error instanceof SponsorshipError)) throw error
    if (sponsorshipErrorStatus[error.code] === 429)
      c.header('Retry-After', String(secondsToNextUtcDay(now())))
    return apiError(c, sponsorshipErrorStatus[error.code], error.code, error.message)
  }

  /** Forwards `request`; a paymaster's data is given only once it is counted. */
  async function relayed(
    c: Context,
    project: Project,
    network: NetworkBundler,
    request: BundlerRequest,
  ) {
    await assertAccountCode(network)
    const target = targetOf(project, network)
    let sponsorship = sponsorshipOf(request, { paymaster: !!target.paymasterUrl })
    // A site's own paymaster pays for its operation: the operator's rules are not asked.
    if (
      sponsorship &&
      maybeSites(project, sponsorship) &&
      !(await namesOperatorPaymaster(relay, network, request, sponsorship.paymaster ?? ''))
    )
      sponsorship = undefined
    if (sponsorship) await admitSponsorship(c, project, network, sponsorship)
    const answer = await relay.send(target, request)
    if (sponsorship?.count === 'after' && hasResult(answer))
      await spendOn(project, target.network, sponsorship.operation)
    return answer
  }

  // The modal's own Origin, a project id, the frame's token or session, a network with a bundler,
  // the client's budget, the project, the site it allows, its smart accounts switched on, and (for
  // a request) its body and `checkedFirst`; then the project's budget.
  const admitted = frameAdmission(admission)({
    doing: 'uses the bundler relay',
    // An eip155 network: whether it has a bundler is the project's and the deployment's to say,
    // once the project is known (`serviceOf`).
    service: (c) => {
      const chainId = c.req.query('chainId') ?? ''
      return isCaipNetworkId(chainId) && namespaceOf(chainId) === 'eip155'
        ? { network: chainId }
        : undefined
    },
    notConfigured: (c) => {
      const { code, message } = notConfigured(c.req.query('chainId') ?? '')
      return apiError(c, 404, code, message)
    },
    feature: {
      name: 'smartAccounts',
      code: 'smartAccountsDisabled',
      message: 'Smart accounts are not enabled for this project',
    },
  })

  app.use('/v1/projects/:id/bundler', noStore)
  app.use('/v1/projects/:id/bundler/info', noStore)

  /**
   * What the network offers a smart account: the EntryPoint, and whether gas is sponsored. A Safe
   * network without the Safe's published code offers none (502).
   */
  app.post('/v1/projects/:id/bundler/info', admitted(), async (c) => {
    let service: NetworkBundler
    try {
      service = serviceOf(c)
      await assertAccountCode(service)
    } catch (error) {
      return refusal(c, error)
    }
    const sponsored = c.var.project.features.gasSponsorship
    const paymaster = !!relay.paymasterOf(service, sponsored)
    const info: BundlerInfo = {
      entryPoint: entryPointOf(service.account),
      account: service.account,
      paymaster,
    }
    return c.json(info, 200)
  })

  app.post(
    '/v1/projects/:id/bundler',
    jsonBodyLimit(maxBodyBytes),
    admitted(jsonBody(bundlerRequestSchema), checkedFirst),
    async (c) => {
      try {
        const answer = await relayed(c, c.var.project, serviceOf(c), c.req.valid('json'))
        return c.json(answer, 200)
      } catch (error) {
        return refusal(c, error)
      }
    },
  )
  return app
}

/**
 * Whether a sponsorship asked may be a site's own paymaster's: a sent operation of a project that
 * lets its sites name paymaster services (`services/bundlers/sitePaymaster.ts` tells whose).
 */
const maybeSites = (project: Project, { count }: SponsorshipRequest) =>
  count === 'before' && project.settings.paymasterServices.length > 0

/** Whether a JSON-RPC answer is a result (not the service's error). */
const hasResult = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'result' in answer

/** Seconds until the next UTC day, when the daily caps start again. */
const secondsToNextUtcDay = (at: number) =>
  Math.max(1, Math.ceil((86_400_000 - (at % 86_400_000)) / 1000))

/** What the relay's handlers know once the frame is admitted: the project and the network asked. */
type Admitted = { project: Project; service: { network: CaipNetworkId } }

/** No bundler on the network asked, the project's or the deployment's. */
const notConfigured = (chainId: string) =>
  new BundlerRelayError(
    'bundlerNotConfigured',
    `No bundler is configured for ${JSON.stringify(chainId.slice(0, 80))}: smart accounts are not available there.`,
  )
