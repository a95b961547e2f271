/**
 * Account names (issue 21; spec §4 "Name registration", §5 "Account name", "Name chain id"): what
 * the modal and the API's name registry say to each other. A name is one label under the
 * project's parent name (`alice.airlock.eth`), with one owner address and its text records.
 *
 * Registering and changing text records both send `{ coinType, address, signature, message }`:
 * `message` is the exact text the wallet signed with `personal_sign` (EIP-191), built by
 * `nameMessage` (nameMessage.ts); the API parses it, checks it is in that canonical form and
 * checks the signature over it. The route is not part of this file.
 */
import * as z from 'zod/mini'
import { assertNameChainId } from './validation'

/** A signed name message is good for 10 minutes after its timestamp. */
export const nameMessageMaxAgeSeconds = 10 * 60
/** How far ahead of the API's clock a message's timestamp may be: the wallet's clock may be fast. */
export const nameMessageMaxSkewSeconds = 60
/** The longest label, in characters after ENSIP-15 normalisation (a DNS label's limit). */
export const nameLabelMaxChars = 63
/** Upper bounds on what a request may carry; anything larger is refused before it is parsed. */
export const nameLimits = {
  /**
   * A full name (label and parent): DNS's 253 characters (RFC 1035), the wire form ENS names are
   * encoded in for the Universal Resolver (ENSIP-10).
   */
  nameChars: 253,
  avatarChars: 2048,
  descriptionChars: 1024,
  messageChars: 4096,
  addressChars: 128,
  /** ERC-6492 signatures carry the wallet's deployment: a few kilobytes. */
  signatureChars: 16_384,
} as const
/**
 * Why `name` is too long to be a name, or undefined: over {@link nameLimits}' 253 characters, or
 * with a label over {@link nameLabelMaxChars} (DNS's limits, which ENS resolution inherits).
 * Counted in characters (code points), as the registry counts labels.
 *
 * @example
 * nameLengthError('alice.airlock.eth') // undefined
 * nameLengthError(`${'a'.repeat(64)}.eth`) // '"aaa….eth" has a label of more than 63 characters.'
 */
export function nameLengthError(name: string): string | undefined {
  if ([...name].length > nameLimits.nameChars)
    return `A name has at most ${nameLimits.nameChars} characters.`
  if (name.split('.').some((label) => [...label].length > nameLabelMaxChars))
    return `"${name}" has a label of more than ${nameLabelMaxChars} characters.`
  return undefined
}

/** How many suggestions a taken name gets at most. */
export const nameSuggestionsMax = 5
/** ENSIP-11: Ethereum mainnet keeps SLIP-44's coin type. */
export const ethereumCoinType = 60
/** ENSIP-11: an EVM chain's coin type is its chain id with the top bit of 32 set. */
export const evmCoinTypeFlag = 0x80000000

/**
 * The text records a name carries (ENSIP-5 keys). `avatar` is an ENSIP-12 URI (https, ipfs,
 * data or an NFT's eip155 URI): show it as an image only. `url` is a web page (http or https);
 * `com.twitter` and `com.github` are handles, without `@` or a URL around them.
 */
export const nameAttributesSchema = z.strictObject({
  avatar: z.optional(z.string().check(z.maxLength(nameLimits.avatarChars))),
  description: z.optional(z.string().check(z.maxLength(nameLimits.descriptionChars))),
  url: z.optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .check(z.maxLength(nameLimits.avatarChars)),
  ),
  'com.twitter': z.optional(
    z.string().check(
      z.regex(/^[A-Za-z0-9_]{1,15}$/, {
        error: 'must be an X (Twitter) handle: 1 to 15 letters, digits or _, without @',
      }),
    ),
  ),
  'com.github': z.optional(
    z.string().check(
      z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/, {
        error: 'must be a GitHub user name: 1 to 39 letters, digits or single hyphens',
      }),
    ),
  ),
})
export type NameAttributes = z.infer<typeof nameAttributesSchema>

/**
 * `register name` (spec §4): the signed message, the address that signed it and the ENSIP-11
 * coin type of the chain it is on (from {@link coinTypeOfChainId}). The same body changes a
 * name's text records: its owner signs a new message with the records it wants, all of them.
 */
export const nameRegisterRequestSchema = z.object({
  coinType: z.number().check(z.int(), z.nonnegative()),
  address: z.string().check(z.minLength(1), z.maxLength(nameLimits.addressChars)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(nameLimits.signatureChars)),
  message: z.string().check(z.minLength(1), z.maxLength(nameLimits.messageChars)),
})
export type NameRegisterRequest = z.infer<typeof nameRegisterRequestSchema>

/** A change of a name's text records: signed by its owner, for the same coin type it registered with. */
export const nameUpdateRequestSchema = nameRegisterRequestSchema
export type NameUpdateRequest = z.infer<typeof nameUpdateRequestSchema>

/** A registered name, as lookups, reverse lookups and a registration answer it. */
export const nameRecordSchema = z.object({
  name: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  coinType: z.number(),
  attributes: nameAttributesSchema,
  /**
   * Where the frame loads an `https:` avatar from: the API's image proxy, the URL signed
   * (`/v1/nft-image?url=…&sig=…`), since the proxy serves only URLs the API handed out. Set by
   * the API's answers; absent for any other avatar.
   */
  avatarImage: z.optional(z.string()),
  /** ISO 8601; absent for an ENS name outside the registry (registered elsewhere). */
  createdAt: z.optional(z.string()),
})
export type NameRecord = z.infer<typeof nameRecordSchema>

/** Names an address has on the project, newest first: the first is its primary name. */
export const nameRecordListSchema = z.object({ names: z.array(nameRecordSchema) })
export type NameRecordList = z.infer<typeof nameRecordListSchema>

/**
 * Where the frame loads the picture an avatar record would show (`GET /v1/names/avatar`), before
 * it is saved: as a record's `avatarImage`; absent when it shows none.
 */
export const nameAvatarPreviewSchema = z.object({ avatarImage: z.optional(z.string()) })
export type NameAvatarPreview = z.infer<typeof nameAvatarPreviewSchema>

/** Free, valid full names like a wanted one (`alice1.airlock.eth`), at most {@link nameSuggestionsMax}. */
export const nameSuggestionsSchema = z.object({ suggestions: z.array(z.string()) })
export type NameSuggestions = z.infer<typeof nameSuggestionsSchema>

/**
 * The ENSIP-11 coin type of an EVM chain's addresses: 60 on Ethereum mainnet, else
 * `0x80000000 | chainId`.
 *
 * @throws {InvalidChainIdError} 'Invalid chainId' unless `chainId` is a whole number below 2^31.
 *
 * @example
 * coinTypeOfChainId(1) // 60
 * coinTypeOfChainId(10) // 2147483658
 */
export function coinTypeOfChainId(chainId: number): number {
  assertNameChainId(chainId)
  if (chainId === 1) return ethereumCoinType
  // `|` works on signed 32-bit numbers; `>>> 0` reads the result back as unsigned.
  return (evmCoinTypeFlag | chainId) >>> 0
}

/** Every reason the registry refuses a name request. */
export const nameErrorCodes = [
  /** 400: not a label the registry takes: ENSIP-15 refuses it, too long, or against §5's rule. */
  'nameInvalid',
  /** 400: uppercase or a look-alike that ENSIP-15 maps to another form; the message names it. */
  'nameNotNormalised',
  /** 409: someone has the name already. */
  'nameTaken',
  /** 404: no one has the name. */
  'nameNotFound',
  /** 403: the name is someone else's. */
  'nameNotOwner',
  /** 400: the message is not a name message in its canonical form. */
  'nameMessageInvalid',
  /** 400: the message is for a name under another parent, or another name than the one asked. */
  'nameMessageMismatch',
  /** 401: the message's timestamp is too old, in the future, or not newer than the last change. */
  'nameMessageStale',
  /** 401: the signature is not the address's over this message. */
  'nameSignatureInvalid',
  /** 400: not an EVM chain's ENSIP-11 coin type, or not the one the name was registered with. */
  'nameCoinTypeInvalid',
  /** 400: not an EVM address. */
  'nameAddressInvalid',
  /** 400: the coin type's chain id is 2^31 or more ('Invalid chainId', spec §5). */
  'invalidChainId',
] as const
export type NameErrorCode = (typeof nameErrorCodes)[number]

/** Why the name registry refused a request: a code to narrow on and a message in words. */
export class NameError extends Error {
  override name = 'NameError'
  constructor(
    readonly code: NameErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
