/**
 * The name registry over HTTP (issue 21). Writes come from the modal's own pages only (their
 * Origin is this API's; no CORS is answered), for a project that exists and a site it allows
 * (`?hostOrigin=`), each spending the client's budget, and the project's once every check that
 * asks no chain passed (the message, the name, the address, the signature where no contract
 * wallet could have made it; whose signature it is on a chain is asked after):
 * `POST /v1/projects/:id/names` registers the name a signed message asks for (201 and its record),
 * `POST /v1/projects/:id/names/:name/records` replaces its text records (200 and its record),
 * `POST /v1/projects/:id/names/:name/primary` makes it its owner's primary name (200 and the
 * owner's names, that one first).
 * Reads are public, as ENS records are, and answer CORS `*`: `GET /v1/names/:name` (a record: the
 * registry's under the parent, ENS's for any other name with `AIRLOCK_NAMES_ENS_CHAIN_ID`),
 * `GET /v1/names?address=` (the address's names, its primary first), `GET /v1/names?name=` (the
 * name's record in a list, empty when the name is free: the modal's lookup, with no 404) and
 * `GET /v1/names/suggestions?name=` (free names like it), `GET /v1/names/avatar?avatar=&address=`
 * (the picture an avatar would show, before it is saved). A record with an `https:` avatar is
 * answered with its `avatarImage`, the image proxy's signed URL the frame loads it from. Without
 * `AIRLOCK_NAMES_PARENT` every route answers 404 `namesNotConfigured`.
 */

import {
  type ApiErrorCode,
  ApiRefusal,
  isProjectId,
  NameError,
  type NameErrorCode,
  type NameRecord,
  type NameRecordList,
  type NameSuggestions,
  type NetworkConfig,
  nameLengthError,
  nameLimits,
  nameRegisterRequestSchema,
  nameUpdateRequestSchema,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { getAddress, isAddress } from 'viem'
import { clientAddress } from '../services/clientAddress'
import type { ImageUrlSigner } from '../services/images/imageUrlSignatures'
import { type AvatarSources, avatarPicture } from '../services/names/avatarPicture'
import { avatarSourcesOf } from '../services/names/avatarSources'
import { ensNames } from '../services/names/ensNames'
import { normaliseName } from '../services/names/nameRules'
import { nameSignatureVerifier, offlineNameSignatureCheck } from '../services/names/nameSignatures'
import {
  checkRegistration,
  checkTextRecordsUpdate,
  lookupName,
  namesOfAddress,
  registerName,
  suggestNames,
  updateTextRecords,
} from '../services/names/names'
import type { NamesConfig } from '../services/names/namesConfig'
import { checkPrimaryNameChoice, choosePrimaryName } from '../services/names/primaryNames'
import { getProject } from '../services/projects'
import type { NamesRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import { type FrameAdmitted, frameAdmission } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'
import { proxiedImageUrl } from './nftImageUrls'
import { checkedBody, jsonBody, routeCheck } from './validators'

export type NamesRoutesOptions = {
  storage: Storage
  /** `readNamesConfig`'s answer; undefined: names are off. */
  names: NamesConfig | undefined
  /** The API's network catalogue: a name message's signature is checked on its chain's RPC. */
  networks: readonly NetworkConfig[]
  rateLimiter: NamesRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /** The clock, ms since the epoch (a message's freshness). Default `Date.now`. */
  now?: (() => number) | undefined
  /** Signs the image proxy's URLs: each answered record's `avatarImage`. */
  imageUrls: ImageUrlSigner
  /** Where avatars' pictures are read (IPFS, NFTs' chains and metadata); tests give their own. */
  avatarSources?: Partial<AvatarSources> | undefined
}

/** What an admitted write carries: its project and the names' configuration. */
type WriteEnv = FrameAdmitted<NamesConfig>

/** The status of each registry refusal, as `nameErrorCodes` documents it. */
export const nameErrorStatus: Record<NameErrorCode, ContentfulStatusCode> = {
  nameInvalid: 400,
  nameNotNormalised: 400,
  nameTaken: 409,
  nameNotFound: 404,
  nameNotOwner: 403,
  nameMessageInvalid: 400,
  nameMessageMismatch: 400,
  nameMessageStale: 401,
  nameSignatureInvalid: 401,
  nameCoinTypeInvalid: 400,
  nameAddressInvalid: 400,
  invalidChainId: 400,
}

/** The statuses of the refusals the signature check throws (namesConfig.ts). */
const refusalStatus: Partial<Record<ApiErrorCode, ContentfulStatusCode>> = {
  nameNetworkNotFound: 400,
  nameVerificationUnavailable: 503,
  nameResolutionUnavailable: 503,
}

/** A signed message and an ERC-6492 signature with its wallet's deployment, with room to spare. */
const maxBodyBytes = 2 * (nameLimits.messageChars + nameLimits.signatureChars + 1024)

/** How long a found name's record may be kept: ENS clients cache records too. */
const lookupMaxAgeSeconds = 60

export function namesRoutes({
  storage,
  names,
  networks,
  now = Date.now,
  imageUrls,
  avatarSources,
  ...admission
}: NamesRoutesOptions): Hono {
  const app = new Hono()
  const avatars = avatarSourcesOf(networks, avatarSources)
  /**
   * `record` with where the frame loads its avatar from: the image proxy's signed URL of its
   * picture (an https one, an ipfs one through the gateway, an NFT's image), or an NFT's
   * `data:image/` picture; a `data:` avatar is shown from the record itself.
   */
  const served = async <record extends NameRecord>(record: record): Promise<record> => {
    const { avatar } = record.attributes
    if (avatar === undefined) return record
    const picture = await avatarPicture(avatar, getAddress(record.address), avatars)
    if (picture === undefined || (picture === avatar && /^data:/i.test(avatar))) return record
    const avatarImage = /^data:image\//i.test(picture)
      ? picture
      : proxiedImageUrl(picture, imageUrls)
    return avatarImage === undefined ? record : { ...record, avatarImage }
  }
  const { rateLimiter, trustProxy } = admission
  const verify = nameSignatureVerifier(networks)
  const verifyOffline = offlineNameSignatureCheck(networks)
  const ens = names?.ens ? ensNames(names.ens, networks) : undefined
  /**
   * A normalised name's record: the registry's under the parent, ENS's elsewhere (when set). A
   * name too long for DNS's limits is refused first: ENS's resolver fails on it.
   */
  const lookup = async (name: string, parent: string) => {
    const normalised = normaliseName(name)
    const tooLong = nameLengthError(normalised)
    if (tooLong !== undefined) throw new NameError('nameInvalid', tooLong)
    // The registry's under any project's parent; ENS for the rest, but never for the API's own.
    const registered = await lookupName({ db: storage.db }, normalised)
    if (registered || normalised === parent || normalised.endsWith(`.${parent}`) || !ens)
      return registered
    return ens.lookup(normalised)
  }
  const namesOff = (c: Context) =>
    apiError(
      c,
      404,
      'namesNotConfigured',
      'Names are not configured on this API (AIRLOCK_NAMES_PARENT).',
    )

  // A write's checks: the modal's own Origin, a project id, names on, the client's budget, the
  // project, the site it allows, the body and the write's own checks (`checkedFirst`), then the
  // project's budget.
  const write = frameAdmission({ storage, ...admission })({
    doing: 'registers names',
    service: () => names,
    notConfigured: namesOff,
  })

  /**
   * The write's checks as the service runs them, with a signature check that asks no chain,
   * answered before the request spends the project's budget; the handler runs them again, whole.
   */
  const checkedFirst = (check: (c: Context<WriteEnv>) => Promise<unknown>) =>
    routeCheck(check, refused)
  /** What a write's checks read of the admitted request. */
  const registry = (c: Context<WriteEnv>) => ({
    db: storage.db,
    projectId: c.var.project.id,
    parent: parentOf(c),
    verify: verifyOffline,
    site: hostOriginOf(c),
    now,
  })

  /** A public read's checks: names on, and the client's lookup budget; refusals never kept. */
  const read = createMiddleware<{ Variables: { parent: string } }>(async (c, next) => {
    if (!names) {
      c.header('Cache-Control', 'no-store')
      return namesOff(c)
    }
    const spent = await rateLimiter.consume('lookup', clientAddress(c, trustProxy))
    if (!spent.allowed) {
      c.header('Cache-Control', 'no-store')
      return rateLimitedAnswer(c, spent.retryAfterMs)
    }
    c.set('parent', names.parent)
    await next()
  })

  /** `work`'s answer with `status`, or the registry's refusal it threw. */
  async function answered(c: Context, status: 200 | 201, work: () => Promise<unknown>) {
    try {
      return c.json(await work(), status)
    } catch (error) {
      return refused(c, error)
    }
  }

  app.use('/v1/projects/:id/names', noStore)
  app.use('/v1/projects/:id/names/*', noStore)
  app.use('/v1/names', cors({ origin: '*', allowMethods: ['GET'] }))
  app.use('/v1/names/*', cors({ origin: '*', allowMethods: ['GET'] }))
  const limit = jsonBodyLimit(maxBodyBytes)

  app.post(
    '/v1/projects/:id/names',
    limit,
    write(
      jsonBody(nameRegisterRequestSchema),
      checkedFirst((c) => checkRegistration({ ...registry(c), request: checkedBody(c) })),
    ),
    (c) =>
      answered(
        c,
        201,
        async () =>
          await served(
            await registerName({
              db: storage.db,
              projectId: c.var.project.id,
              parent: parentOf(c),
              request: c.req.valid('json'),
              verify,
              site: hostOriginOf(c),
              now,
            }),
          ),
      ),
  )

  app.post(
    '/v1/projects/:id/names/:name/records',
    limit,
    write(
      jsonBody(nameUpdateRequestSchema),
      checkedFirst((c) =>
        checkTextRecordsUpdate({
          ...registry(c),
          name: c.req.param('name') ?? '',
          request: checkedBody(c),
        }),
      ),
    ),
    (c) =>
      answered(
        c,
        200,
        async () =>
          await served(
            await updateTextRecords({
              db: storage.db,
              projectId: c.var.project.id,
              parent: parentOf(c),
              name: c.req.param('name'),
              request: c.req.valid('json'),
              verify,
              site: hostOriginOf(c),
              now,
            }),
          ),
      ),
  )

  app.post(
    '/v1/projects/:id/names/:name/primary',
    limit,
    write(
      jsonBody(nameUpdateRequestSchema),
      checkedFirst((c) =>
        checkPrimaryNameChoice({
          ...registry(c),
          name: c.req.param('name') ?? '',
          request: checkedBody(c),
        }),
      ),
    ),
    (c) =>
      answered(
        c,
        200,
        async (): Promise<NameRecordList> => ({
          names: await Promise.all(
            (
              await choosePrimaryName({
                db: storage.db,
                projectId: c.var.project.id,
                parent: parentOf(c),
                name: c.req.param('name'),
                request: c.req.valid('json'),
                verify,
                site: hostOriginOf(c),
                now,
              })
            ).map(served),
          ),
        }),
      ),
  )

  // Before `/v1/names/:name`. What the records form previews: the picture an avatar would show
  // for `address`'s name, as a record would carry it.
  app.get('/v1/names/avatar', noStore, read, async (c) => {
    const avatar = c.req.query('avatar') ?? ''
    const address = c.req.query('address') ?? ''
    if (avatar === '' || avatar.length > nameLimits.avatarChars)
      return apiError(
        c,
        400,
        'invalidRequest',
        `query.avatar: an avatar URI of 1 to ${nameLimits.avatarChars} characters is required`,
      )
    if (!isAddress(address, { strict: false }))
      return apiError(c, 400, 'invalidRequest', 'query.address: an EVM address is required')
    const unsaved: NameRecord = {
      name: '',
      address: getAddress(address),
      coinType: 0,
      attributes: { avatar },
    }
    const { avatarImage } = await served(unsaved)
    return c.json(avatarImage === undefined ? {} : { avatarImage }, 200)
  })

  // Before `/v1/names/:name`, which would take "suggestions" for a name.
  app.get('/v1/names/suggestions', noStore, read, async (c) => {
    const wanted = c.req.query('name') ?? ''
    if (wanted === '' || wanted.length > nameLimits.nameChars)
      return apiError(
        c,
        400,
        'invalidRequest',
        `query.name: a label or a name of 1 to ${nameLimits.nameChars} characters is required`,
      )
    // Under the project's own parent when it has one (`?projectId=`), else the API's.
    const projectId = c.req.query('projectId')
    const project =
      projectId === undefined || !isProjectId(projectId)
        ? undefined
        : await getProject(storage.db, projectId)
    if (projectId !== undefined && project === undefined)
      return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    const parent = project?.settings.namesParent ?? c.var.parent
    return answered(
      c,
      200,
      async (): Promise<NameSuggestions> => ({
        suggestions: await suggestNames({ db: storage.db, parent }, wanted),
      }),
    )
  })

  // The modal reads these right before and after a registration: never a kept answer.
  app.get('/v1/names', noStore, read, async (c) => {
    const name = c.req.query('name')
    const address = c.req.query('address') ?? ''
    if (name !== undefined && address !== '')
      return apiError(c, 400, 'invalidRequest', 'query: either name or address, not both')
    // One name's record as a list of it, or none when no one has it: how the modal asks, so a
    // free name is an answer, not a 404 in the visitor's console.
    if (name !== undefined) {
      try {
        const tooLong = nameLengthError(name)
        if (tooLong !== undefined) throw new NameError('nameInvalid', tooLong)
        const record = await lookup(name, c.var.parent)
        return c.json({ names: record ? [await served(record)] : [] } satisfies NameRecordList)
      } catch (error) {
        return refused(c, error)
      }
    }
    if (address === '' || address.length > nameLimits.addressChars)
      return apiError(c, 400, 'invalidRequest', 'query.address: an EVM address is required')
    return answered(c, 200, async (): Promise<NameRecordList> => {
      const registered = await namesOfAddress({ db: storage.db }, address)
      // No name here: its primary ENS name, when ENS is configured.
      const fromEns =
        registered.length === 0 && ens ? await ens.reverse(getAddress(address)) : undefined
      return { names: await Promise.all((fromEns ? [fromEns] : registered).map(served)) }
    })
  })

  app.get('/v1/names/:name', read, async (c) => {
    const name = c.req.param('name')
    try {
      // Before ENSIP-15 normalisation reads it; `lookup` checks the normal form again.
      const tooLong = nameLengthError(name)
      if (tooLong !== undefined) throw new NameError('nameInvalid', tooLong)
      const record = await lookup(name, c.var.parent)
      if (record === undefined) {
        // It may be registered a moment from now.
        c.header('Cache-Control', 'no-store')
        return apiError(c, 404, 'nameNotFound', `No one has "${name}".`)
      }
      c.header('Cache-Control', `public, max-age=${lookupMaxAgeSeconds}`)
      return c.json(await served(record), 200)
    } catch (error) {
      c.header('Cache-Control', 'no-store')
      return refused(c, error)
    }
  })

  return app
}

/** The parent a project's names are under: its own, else the API's. */
const parentOf = (c: Context<WriteEnv>) =>
  c.var.project.settings.namesParent ?? c.var.service.parent

/** The site a write is made on, which frame admission checked the project allows. */
const hostOriginOf = (c: Context) => c.req.query('hostOrigin') ?? ''

/** The registry's refusals as answers; anything else is not a refusal and is thrown on. */
function refused(c: Context, error: unknown): Response {
  if (error instanceof NameError)
    return apiError(c, nameErrorStatus[error.code], error.code, error.message)
  if (error instanceof ApiRefusal) {
    const code: ApiErrorCode = error.code
    const status = refusalStatus[code]
    if (status !== undefined) return apiError(c, status, code, error.message)
  }
  throw error
}
