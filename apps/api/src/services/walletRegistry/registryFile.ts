/**
 * The wallet registry's data file (`apps/api/registry/wallets.json` and files an operator
 * imports): its schema, and reading it with its logos into wallets ready to store. Everything is
 * checked before anything is written, so a bad file is refused whole with a message naming the
 * wallet and the field.
 *
 * @example
 * {
 *   "wallets": [
 *     {
 *       "id": "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
 *       "name": "MetaMask",
 *       "rdns": "io.metamask",
 *       "homepage": "https://metamask.io/",
 *       "namespaces": ["eip155"],
 *       "rank": 10,
 *       "recommended": true,
 *       "mobile": { "native": "metamask://", "universal": "https://metamask.app.link" },
 *       "desktop": {},
 *       "stores": { "ios": "https://apps.apple.com/…", "android": "https://play.google.com/…" },
 *       "logo": "c57ca95b….jpeg"
 *     }
 *   ]
 * }
 */

import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { knownNamespaces, type WalletListing } from '@airlock/protocol'
import { type ZodError, z } from 'zod'

/** A wallet as the registry stores it: the listing's fields plus order, flag and logo. */
export type RegistryWallet = Omit<WalletListing, 'imageUrl'> & {
  /** Ascending: lower ranks are listed first; equal ranks by name. */
  rank: number
  recommended: boolean
  image?: WalletImage | undefined
}

export type WalletImage = {
  bytes: Uint8Array
  contentType: WalletImageType
  /** sha256 of the bytes, 16 hex characters: the image's version in its URL. */
  hash: string
}

export const walletImageTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
] as const
export type WalletImageType = (typeof walletImageTypes)[number]

/** A logo bigger than this is refused: the modal shows them at 56 px. */
export const maxLogoBytes = 256 * 1024

/** Refused data file: the message names the file, the wallet and the field. Nothing was written. */
export class WalletRegistryFileError extends Error {
  override readonly name = 'WalletRegistryFileError'
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Invalid wallet registry file ${file}: ${reason}`)
  }
}

/** Registry ids: the WalletConnect registry's 64 hex characters, or a slug of the operator's. */
export const walletIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const rdnsPattern = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
// Schemes a deeplink must never have: web pages and script or file URLs are not apps.
const forbiddenSchemes = new Set([
  'http',
  'https',
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'ftp',
  'ws',
  'wss',
])

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).max(2048)

const nativeLink = z
  .string()
  .max(256)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/i, 'must be an app scheme such as metamask://')
  .refine(
    (value) => !forbiddenSchemes.has(value.slice(0, value.indexOf(':')).toLowerCase()),
    'must be an app scheme such as metamask://, not a web, script or file URL',
  )

const linksSchema = z
  .strictObject({ native: nativeLink.optional(), universal: httpsUrl.optional() })
  .transform(compact)

const walletEntrySchema = z.strictObject({
  id: z
    .string({ error: 'is required' })
    .regex(walletIdPattern, 'must be 1 to 128 letters, digits, dots, hyphens or underscores'),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  rdns: z
    .string()
    .max(253)
    .regex(rdnsPattern, 'must be a reverse-DNS id such as io.metamask')
    .optional(),
  homepage: httpsUrl.optional(),
  namespaces: z
    .array(z.enum(knownNamespaces, { error: `must be one of ${knownNamespaces.join(', ')}` }), {
      error: 'is required: a list of chain namespaces',
    })
    .min(1, 'must list at least one chain namespace')
    .refine((values) => new Set(values).size === values.length, 'must not repeat a namespace'),
  rank: z
    .int({ error: 'is required: a whole number, lower is listed first' })
    .min(0, 'must be from 0 to 1000000')
    .max(1_000_000, 'must be from 0 to 1000000'),
  recommended: z.boolean({ error: 'must be true or false' }).default(false),
  mobile: linksSchema.default({}),
  desktop: linksSchema.default({}),
  stores: z
    .strictObject({
      ios: httpsUrl.optional(),
      android: httpsUrl.optional(),
      chrome: httpsUrl.optional(),
    })
    .transform(compact)
    .default({}),
  logo: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*\.(jpe?g|png|webp|gif|svg)$/i,
      'must be a file name in the logos folder (.png, .jpg, .webp, .gif or .svg), no path',
    )
    .optional(),
})

export type WalletEntry = z.output<typeof walletEntrySchema>

const registryFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    wallets: z
      .array(walletEntrySchema, { error: 'is required: a list of wallets' })
      .min(1, 'must list at least one wallet'),
  })
  .superRefine(({ wallets }, context) => {
    // Ids, rdns and names (as exclusion matches them: ignoring case) each name one wallet.
    const seen = {
      id: new Map<string, number>(),
      rdns: new Map<string, number>(),
      name: new Map<string, number>(),
    }
    wallets.forEach((wallet, index) => {
      const keys = { id: wallet.id, rdns: wallet.rdns, name: wallet.name.toLowerCase() }
      for (const field of ['id', 'rdns', 'name'] as const) {
        const key = keys[field]
        if (key === undefined) continue
        const first = seen[field].get(key)
        if (first === undefined) seen[field].set(key, index)
        else
          context.addIssue({
            code: 'custom',
            path: ['wallets', index, field],
            message: `is the same as wallets[${first}]'s`,
          })
      }
    })
  })

/**
 * Checks a parsed data file. Throws {@link WalletRegistryFileError} naming up to five problems,
 * each as `wallets[3] (MetaMask) rdns: …`.
 */
export function parseRegistryFile(json: unknown, file: string): WalletEntry[] {
  const parsed = registryFileSchema.safeParse(json)
  if (!parsed.success) throw new WalletRegistryFileError(file, describeIssues(parsed.error, json))
  return parsed.data.wallets
}

/**
 * Reads a data file and the logos it names (from `logosDir`, by default the `logos` folder next
 * to the file). Throws {@link WalletRegistryFileError} for an unreadable or invalid file or logo.
 */
export async function readRegistryFile(
  file: string,
  options: { logosDir?: string | undefined } = {},
): Promise<RegistryWallet[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new WalletRegistryFileError(file, `cannot read it (${errorCode(error)})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new WalletRegistryFileError(file, `not valid JSON: ${(error as Error).message}`)
  }
  const entries = parseRegistryFile(json, file)
  const logosDir = options.logosDir ?? join(file, '..', 'logos')
  const wallets: RegistryWallet[] = []
  for (const [index, entry] of entries.entries()) {
    const { logo, rdns, homepage, ...wallet } = entry
    let image: WalletImage | undefined
    if (logo !== undefined) {
      try {
        image = await readLogo(join(logosDir, logo))
      } catch (error) {
        throw new WalletRegistryFileError(
          file,
          `${walletLabel(index, entry.name)} logo: ${(error as Error).message}`,
        )
      }
    }
    wallets.push({
      ...wallet,
      ...(rdns !== undefined ? { rdns } : {}),
      ...(homepage !== undefined ? { homepage } : {}),
      image,
    })
  }
  return wallets
}

/** Reads one logo and checks that it is an image of a known type and a sensible size. */
async function readLogo(path: string): Promise<WalletImage> {
  const name = basename(path)
  let size: number
  try {
    size = (await stat(path)).size
  } catch (error) {
    throw new Error(`cannot read ${path} (${errorCode(error)})`)
  }
  if (size > maxLogoBytes)
    throw new Error(
      `${name} is ${Math.ceil(size / 1024)} KiB; a logo may be at most ${maxLogoBytes / 1024} KiB`,
    )
  const bytes = new Uint8Array(await readFile(path))
  const contentType = imageTypeOf(bytes)
  if (contentType === undefined)
    throw new Error(`${name} is not a PNG, JPEG, WebP, GIF or SVG image`)
  return { bytes, contentType, hash: imageHash(bytes) }
}

/** The image type by the file's first bytes (never by its name). */
export function imageTypeOf(bytes: Uint8Array): WalletImageType | undefined {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, '')
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml'
  return undefined
}

export function imageHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

/** `wallets[3] (MetaMask)`: where a problem is, as an operator finds it in the file. */
function walletLabel(index: number, name: unknown): string {
  return typeof name === 'string' && name.trim() !== ''
    ? `wallets[${index}] (${name.trim()})`
    : `wallets[${index}]`
}

function describeIssues(error: ZodError, json: unknown): string {
  const wallets =
    typeof json === 'object' && json !== null && 'wallets' in json && Array.isArray(json.wallets)
      ? (json.wallets as unknown[])
      : []
  const described = error.issues.slice(0, 5).map((issue) => {
    const [first, index, ...rest] = issue.path
    if (first === 'wallets' && typeof index === 'number') {
      const entry = wallets[index]
      const name =
        typeof entry === 'object' && entry !== null && 'name' in entry ? entry.name : undefined
      const field = rest.map(String).join('.')
      return `${walletLabel(index, name)}${field ? ` ${field}` : ''}: ${issue.message}`
    }
    return `${issue.path.map(String).join('.') || 'file'}: ${issue.message}`
  })
  const more = error.issues.length - described.length
  return `${described.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`
}

/** Drops keys whose value is undefined: absent and undefined differ in the listing's types. */
function compact<value extends object>(
  object: value,
): { [key in keyof value]?: Exclude<value[key], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, entry]) => entry !== undefined)) as {
    [key in keyof value]?: Exclude<value[key], undefined>
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message
}
