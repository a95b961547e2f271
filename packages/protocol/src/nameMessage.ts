/**
 * The text a wallet signs (`personal_sign`) to register an account name, change its records or
 * make it the account's primary name (issue 36): human-readable lines in the manner of EIP-4361, binding what is asked (the action
 * and the name), the account (address and chain), the site it was asked on and when. Only the
 * API reads it back (`readNameMessage`), and it refuses any spelling but the one `nameMessage`
 * builds, so what the wallet showed is what is stored.
 *
 * Not EIP-4361's own first line ("… wants you to sign in …"): wallets that recognise a sign-in
 * check its domain against the page asking, which is the modal's origin, not the site's.
 */
import * as z from 'zod/mini'
import { type NameAttributes, nameAttributesSchema, nameLimits } from './names'

/** What a signed name message asks for, and the words its first line says it in. */
export const nameMessageActions = {
  register: 'register this name for your account',
  records: "change this name's records",
  primary: 'make this name your primary name',
} as const
export type NameMessageAction = keyof typeof nameMessageActions

/** What a name message says. */
export const nameMessageDataSchema = z.strictObject({
  action: z.enum(['register', 'records', 'primary']),
  /** The full name, ENSIP-15 normalised: `alice.airlock.eth`. */
  name: z.string().check(z.minLength(1), z.maxLength(nameLimits.nameChars)),
  /** The signer, EIP-55 checksummed. */
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** The EVM chain the signature is made on (0: any EVM chain, an EOA's). */
  chainId: z.number().check(z.int(), z.nonnegative()),
  /** The origin of the site the visitor was on (`https://shop.example`). */
  site: z.string().check(z.minLength(1), z.maxLength(nameLimits.addressChars * 4)),
  attributes: nameAttributesSchema,
  /** Unix seconds. */
  timestamp: z.number().check(z.int(), z.nonnegative()),
})
export type NameMessageData = z.infer<typeof nameMessageDataSchema>

/** The records' lines, in the order they are written, with the words each is shown as. */
const recordLabels = [
  ['avatar', 'Avatar'],
  ['description', 'Description'],
  ['url', 'URL'],
  ['com.twitter', 'Twitter'],
  ['com.github', 'GitHub'],
] as const satisfies readonly (readonly [keyof NameAttributes, string])[]

/** The host of an origin, as the first line names the site; the origin itself when unreadable. */
function hostOf(site: string): string {
  try {
    return new URL(site).host || site
  } catch {
    return site
  }
}

/** Unix seconds as ISO 8601 to the second (`2026-11-26T10:00:00Z`). */
const issuedAt = (timestamp: number) =>
  new Date(timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * The exact text a wallet signs for `data`. A record's value is written as a JSON string, so a
 * line break or a quote in it can't forge a line of its own; records not given are left out.
 *
 * @example
 * nameMessage({ action: 'register', name: 'alice.airlock.eth', address: '0xAb…', chainId: 10,
 *   site: 'https://shop.example', attributes: {}, timestamp: 1795687200 })
 * // shop.example asks you to register this name for your account:
 * // 0xAb…
 * //
 * // Name: alice.airlock.eth
 * // URI: https://shop.example
 * // Chain ID: 10
 * // Issued At: 2026-11-26T10:00:00Z
 */
export function nameMessage(data: NameMessageData): string {
  const lines = [
    `${hostOf(data.site)} asks you to ${nameMessageActions[data.action]}:`,
    data.address,
    '',
    `Name: ${data.name}`,
  ]
  for (const [key, label] of recordLabels) {
    const value = data.attributes[key]
    if (value !== undefined) lines.push(`${label}: ${JSON.stringify(value)}`)
  }
  lines.push(
    `URI: ${data.site}`,
    `Chain ID: ${data.chainId}`,
    `Issued At: ${issuedAt(data.timestamp)}`,
  )
  return lines.join('\n')
}

/**
 * The data of a name message, or why it is not one: a message `nameMessage` would not build
 * letter for letter from what it says is refused, with the form it should have.
 *
 * @returns `{ data }` or `{ problem }`, a sentence.
 */
export function readNameMessage(
  message: string,
): { data: NameMessageData; problem?: undefined } | { data?: undefined; problem: string } {
  const lines = message.split('\n')
  const [first = '', address = ''] = lines
  const action = (Object.keys(nameMessageActions) as NameMessageAction[]).find((key) =>
    first.endsWith(` asks you to ${nameMessageActions[key]}:`),
  )
  if (action === undefined)
    return { problem: 'The message is not a name message: its first line says nothing it asks.' }
  const fields = new Map<string, string>()
  for (const line of lines.slice(3)) {
    const colon = line.indexOf(': ')
    if (colon < 0) return { problem: `The message's line "${line}" is not "Key: value".` }
    fields.set(line.slice(0, colon), line.slice(colon + 2))
  }
  const attributes: Record<string, unknown> = {}
  for (const [key, label] of recordLabels) {
    const written = fields.get(label)
    if (written === undefined) continue
    try {
      attributes[key] = JSON.parse(written)
    } catch {
      return { problem: `The message's ${label} is not a quoted text.` }
    }
  }
  const issued = Date.parse(fields.get('Issued At') ?? '')
  const chainId = fields.get('Chain ID') ?? ''
  const parsed = nameMessageDataSchema.safeParse({
    action,
    name: fields.get('Name'),
    address,
    chainId: /^\d{1,10}$/.test(chainId) ? Number(chainId) : chainId,
    site: fields.get('URI'),
    attributes,
    timestamp: Number.isFinite(issued) ? issued / 1000 : undefined,
  })
  if (!parsed.success)
    return { problem: `The message is not a name message: ${z.prettifyError(parsed.error)}` }
  const canonical = nameMessage(parsed.data)
  if (canonical !== message)
    return { problem: `The message is not in its canonical form; sign exactly:\n${canonical}` }
  return { data: parsed.data }
}
