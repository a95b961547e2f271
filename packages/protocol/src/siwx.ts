/**
 * Sign in with X (CAIP-122; spec §3 "SIWX session", §4 "SIWX"): what the frame, the API and a
 * site's backend say to each other about a sign-in. The visitor's wallet signs a message bound to
 * the host site (its domain and URI, as the bridge observed its origin: never the modal's) and
 * to a single-use nonce from the API; the API verifies it and keeps a session the site's
 * backend can read with its token. The message text itself is built in `siwxMessages.ts`.
 */
import * as z from 'zod/mini'
import type { CaipNetworkId } from './caip'
import { caipNetworkIdSchema } from './idSchemas'

/** A nonce is good for one sign-in, for 5 minutes. */
export const siwxNonceTtlMs = 5 * 60_000
/** How long the session a sign-in starts lasts: the message's Expiration Time. */
export const siwxSessionTtlMs = 7 * 24 * 60 * 60_000
/** Upper bounds on what a sign-in may carry; anything larger is refused before it is parsed. */
export const siwxLimits = {
  messageChars: 4096,
  resources: 16,
  signatureChars: 4096,
  tokenChars: 4096,
} as const
/** What signing does, as the message says it and the view shows it. */
export const siwxStatement = 'Sign in to prove you control this account. It costs nothing.'

/** The fields of a CAIP-122 message (EIP-4361's, on every namespace). */
export type SiwxMessageData = {
  /** The site's URI scheme, when the message names it (EIP-4361's optional `scheme://`). */
  scheme?: string | undefined
  /** The site's RFC 3986 authority: host, and port when not the scheme's default. */
  domain: string
  /** The signer's address, in its namespace's form (EIP-55 on eip155, base58 on solana). */
  accountAddress: string
  /** The CAIP-2 network the session is bound to. */
  chainId: CaipNetworkId
  statement?: string | undefined
  /** The site's origin. */
  uri: string
  version: '1'
  nonce: string
  /** ISO 8601 times. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/** A sign-in the API verified (spec §3: data, message, signature), and when it ends. */
export type SiwxSession = {
  data: SiwxMessageData
  message: string
  signature: string
  expiresAt: string
}

/**
 * The session as the site gets it (`airlock.siwx.getSession()`): with its token, which the
 * site's backend reads the session with (`GET /v1/siwx/session`).
 */
export type SiwxSiteSession = SiwxSession & { token: string }

/** An account a sign-in is for: its address on a CAIP-2 network. */
export type SiwxAccount = { accountAddress: string; chainId: CaipNetworkId }

/** The fields of a message a site makes itself: all but the nonce, which its backend issues. */
export type SiwxMessageInput = Omit<SiwxMessageData, 'nonce'>

/** A sign-in as a site keeps it: the message signed, its signature, and the site's token for it. */
export type SiwxSiteSignIn = { message: string; signature: string; token: string }
// Declared as a plain type (the SDK's published declarations carry it without zod's types).
export const siwxSiteSignInSchema: z.ZodMiniType<SiwxSiteSignIn> = z.object({
  message: z.string().check(z.maxLength(siwxLimits.messageChars)),
  signature: z.string().check(z.maxLength(siwxLimits.signatureChars)),
  token: z.string().check(z.maxLength(siwxLimits.tokenChars)),
})

/**
 * For a site that signs its visitors in itself (createAirlock's `siwxHandler`; AppKit's custom
 * SIWX): the frame asks the page for the message to sign, has it verify the signature and keep
 * the session, and asks it for a kept one; the API keeps nothing. The project's SIWX mode still
 * says whether visitors sign in. The frame holds every message the page gives it to the page's
 * origin, the connected account and the time before a wallet is asked to sign it.
 */
export type SiwxHandler = {
  /**
   * The message text for these fields (the page's domain and URI, the connected account, the
   * statement and times) and a nonce from the site's backend: viem's `createSiweMessage`, or the
   * Wallet Standard's `createSignInMessageText` on Solana.
   */
  createMessage(input: SiwxMessageInput): Promise<string>
  /**
   * Verifies the signed message (on the site's backend) and keeps its session; answers the
   * site's token for it (any string: a session id, a JWT), which `getSession()` hands back.
   * Throws to refuse.
   */
  verify(signIn: { message: string; signature: string; data: SiwxMessageData }): Promise<string>
  /** The sign-in the site keeps for this account, or null. */
  getSession(account: SiwxAccount): Promise<SiwxSiteSignIn | null>
  /** Ends a sign-in (`airlock.siwx.signOut()`, or the visitor disconnecting). */
  signOut(session: SiwxSiteSession): Promise<void>
}
export type SiwxHandlerCall = keyof SiwxHandler
/** Every call of a SiwxHandler: what the host lets the frame ask for. */
export const siwxHandlerCalls = [
  'createMessage',
  'verify',
  'getSession',
  'signOut',
] as const satisfies readonly SiwxHandlerCall[]

/**
 * The domain of a site's messages: the authority of its origin.
 * @example siwxDomain('https://shop.example') // 'shop.example'
 * @example siwxDomain('http://127.0.0.1:5173') // '127.0.0.1:5173'
 */
export function siwxDomain(origin: string): string {
  return new URL(origin).host
}

const messageDataSchema = z.object({
  scheme: z.optional(z.string()),
  domain: z.string(),
  accountAddress: z.string(),
  chainId: caipNetworkIdSchema,
  statement: z.optional(z.string()),
  uri: z.string(),
  version: z.literal('1'),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
})

export const siwxSessionSchema = z.object({
  data: messageDataSchema,
  message: z.string(),
  signature: z.string(),
  expiresAt: z.string(),
})

/** `POST /v1/projects/:projectId/siwx/nonces`: a nonce for a sign-in on this host. */
export const siwxNonceRequestSchema = z.object({ hostOrigin: z.string() })
export const siwxNonceResponseSchema = z.object({ nonce: z.string(), expiresAt: z.string() })

/**
 * `POST /v1/projects/:projectId/siwx/sessions`: a signed message becomes a session. `address`
 * and `chainId` are the account the frame has connected: the message must be for it.
 */
export const siwxSignInRequestSchema = z.object({
  hostOrigin: z.string(),
  address: z.string(),
  chainId: caipNetworkIdSchema,
  message: z.string().check(z.maxLength(siwxLimits.messageChars)),
  signature: z.string().check(z.maxLength(siwxLimits.signatureChars)),
})
export type SiwxSignInRequest = z.infer<typeof siwxSignInRequestSchema>

/** The session token: what the frame keeps and a site's backend reads the session with. */
export const siwxSignInResponseSchema = z.object({ token: z.string(), session: siwxSessionSchema })

/** `GET /v1/siwx/session` (`Authorization: Bearer <token>`): the session, and whose it is. */
export const siwxSessionResponseSchema = z.object({
  projectId: z.string(),
  hostOrigin: z.string(),
  session: siwxSessionSchema,
})
export type SiwxSessionResponse = z.infer<typeof siwxSessionResponseSchema>

/**
 * The fields of the message the frame asks a wallet to sign: for the connected account on the
 * host site, with the API's nonce, valid from now for {@link siwxSessionTtlMs}.
 */
export function siwxMessageData(request: {
  hostOrigin: string
  address: string
  chainId: CaipNetworkId
  nonce: string
  now: number
}): SiwxMessageData {
  return {
    domain: siwxDomain(request.hostOrigin),
    accountAddress: request.address,
    chainId: request.chainId,
    statement: siwxStatement,
    uri: request.hostOrigin,
    version: '1',
    nonce: request.nonce,
    issuedAt: new Date(request.now).toISOString(),
    expirationTime: new Date(request.now + siwxSessionTtlMs).toISOString(),
  }
}
