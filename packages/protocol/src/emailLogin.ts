/**
 * Email login (spec §1, view EmailLogin), what the frame and the API say to each other: the
 * frame asks for a one-time code for an email address, the API mails a 6-digit code, and the
 * code, given back, starts an email session: an HttpOnly cookie of the modal's origin, which no
 * host script can read. Codes last 10 minutes, are good once and for 5 tries; an address's wrong
 * codes are also counted across the codes mailed to it, and too many lock it for a while.
 */
import * as z from 'zod/mini'
import { walletProofSchema } from './embeddedWalletProof'
import { socialProviders } from './validation'

/** A code is good for 10 minutes. */
export const emailCodeTtlMs = 10 * 60_000
/** Wrong codes allowed before the code is spent. */
export const emailCodeMaxAttempts = 5
/**
 * Wrong codes for one address on one project, across every code mailed to it (a new code gets 5
 * tries of its own, not a new count here): the `maxFailures`th locks the address's codes, and
 * the address is mailed. The first lock lasts `firstLockMs`, each one after it twice the one
 * before, up to `maxLockMs`; a right code clears the count and the backoff.
 */
export const emailAddressLockout = {
  maxFailures: 10,
  firstLockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
} as const
/** How long an email session lasts. */
export const emailSessionTtlMs = 30 * 24 * 60 * 60_000
/** RFC 5321's limits on an address: 254 characters in all, 64 before the @. */
export const emailLimits = { addressChars: 254, localPartChars: 64 } as const

/**
 * An address's local part, RFC 5322's dot-atom: atoms of letters, digits and
 * `` !#$%&'*+/=?^_`{|}~- `` (letters and digits of any script, as RFC 6531 lets them be), one
 * dot between two atoms, none first, last or doubled. No space, control character (NUL, U+0001,
 * DEL, …), quote, bracket or other punctuation: a mail server refuses those, or reads them as
 * something else.
 */
const localPart =
  /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u
/** Dotted labels of letters, digits and inner hyphens (at most 63 each), and a TLD of letters. */
const domain = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

/**
 * An address the API sends codes to: one @, a local part of at most 64 characters in RFC 5322's
 * dot-atom form ({@link localPart}), and a domain of dotted labels with a TLD of letters.
 * @example isEmailAddress('ada@example.com') // true
 * @example isEmailAddress('ada@localhost') // false
 * @example isEmailAddress('ada..lovelace@example.com') // false
 */
export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > emailLimits.addressChars) return false
  const at = value.lastIndexOf('@')
  const local = value.slice(0, at)
  return (
    at > 0 &&
    local.length <= emailLimits.localPartChars &&
    localPart.test(local) &&
    domain.test(value.slice(at + 1))
  )
}

/** The form an address is kept and compared in: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/**
 * `POST /v1/projects/:projectId/email/codes`: mail a code to `email`, for a sign-in on this host.
 * An address {@link isEmailAddress} refuses is answered `emailInvalid`; one locked after too many
 * wrong codes ({@link emailAddressLockout}), `emailAddressLocked`.
 */
export const emailCodeRequestSchema = z.object({ email: z.string(), hostOrigin: z.string() })
export const emailCodeResponseSchema = z.object({ email: z.string(), expiresAt: z.string() })

/** How many digits an emailed code has: what the API mails, the schemas take, the modal's
 * boxes hold. */
export const emailCodeLength = 6
const emailCodePattern = new RegExp(`^\\d{${emailCodeLength}}$`)
/** Whether `code` has an emailed code's form ({@link emailCodeLength} digits). */
export const isEmailCode = (code: string) => emailCodePattern.test(code)
const codeSchema = z
  .string()
  .check(z.regex(emailCodePattern, `The code is ${emailCodeLength} digits.`))

/** `POST /v1/projects/:projectId/email/sessions`: the code mailed to `email` starts a session. */
export const emailSignInRequestSchema = z.object({
  email: z.string(),
  code: codeSchema,
  hostOrigin: z.string(),
})

/**
 * The sign-in's answer (200) to a wrong code: a normal step of a sign-in (a typo), not an HTTP
 * error, so the visitor's console logs none. The code keeps `triesLeft` of its
 * {@link emailCodeMaxAttempts}; the last wrong one spends it, and that (like an expired or used
 * code, or no code sent) is still answered as an error (`emailCodeLocked`, `emailCodeExpired`,
 * `emailCodeInvalid`).
 */
export const emailCodeRejectedSchema = z.object({
  verified: z.literal(false),
  code: z.literal('emailCodeInvalid'),
  message: z.string(),
  triesLeft: z.number(),
})
export type EmailCodeRejected = z.infer<typeof emailCodeRejectedSchema>

/**
 * An email session, as the frame reads it back (`GET /v1/projects/:projectId/email/session`).
 * A social login's session (`socialLogin.ts`) is one too: its `email` is the account's login (the
 * address the social account was linked to, or `social:<provider>:<subject>`), and it names the
 * provider and the account's handle there.
 */
export const emailSessionSchema = z.object({
  email: z.string(),
  hostOrigin: z.string(),
  expiresAt: z.string(),
  /** The social login that started the session; absent for a sign-in by email code. */
  provider: z.optional(z.enum(socialProviders)),
  /** The account's name at the provider (username, else name, else email); with `provider`. */
  handle: z.optional(z.string()),
  /**
   * Whether the account has an embedded wallet on this project (pending or confirmed), as the
   * session is read: a first sign-in makes one without asking for a wallet that is not there.
   */
  hasWallet: z.optional(z.boolean()),
})
export type EmailSession = z.infer<typeof emailSessionSchema>

/**
 * What `POST …/email/sessions` answers: the session started (201, its cookie set), or a wrong
 * code ({@link emailCodeRejectedSchema}, 200).
 */
export const emailSignInResponseSchema = z.union([emailCodeRejectedSchema, emailSessionSchema])
export type EmailSignInResponse = z.infer<typeof emailSignInResponseSchema>

/**
 * `POST /v1/projects/:projectId/email/change`, with an email session: mail a code to the
 * session's address and one to `newEmail`. Both, given back to
 * {@link emailChangeConfirmSchema}, move the session's account (its sessions, and its embedded
 * wallet with its devices) to `newEmail`. The same address as now, or one that is not an address,
 * is answered `emailInvalid`. Whether `newEmail` has an embedded wallet on the project is not said
 * here, only to whoever confirms with both codes (`emailChangeTaken`).
 */
export const emailChangeRequestSchema = z.object({
  hostOrigin: z.string(),
  newEmail: z.string(),
  /**
   * A proof of the wallet for `changeEmail` (embeddedWalletProof.ts): required when the account
   * has a confirmed embedded wallet, else 401 `embeddedWalletProofInvalid`.
   */
  proof: z.optional(walletProofSchema),
})
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>

/** The answer (202): the change to confirm, and when its two codes expire. */
export const emailChangeResponseSchema = z.object({ changeId: z.string(), expiresAt: z.string() })
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>

/**
 * `POST /v1/projects/:projectId/email/change/confirm`, with the session that asked: the code
 * mailed to the current address and the one mailed to the new address. Each wrong code spends one
 * of that code's 5 tries, and counts for its address as a sign-in's does. With both right, a new
 * address that has an embedded wallet on the project is answered `emailChangeTaken`.
 */
export const emailChangeConfirmSchema = z.object({
  hostOrigin: z.string(),
  changeId: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Not an email change id.')),
  currentCode: codeSchema,
  newCode: codeSchema,
})
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>

/**
 * The answer (202) once both codes were right: the account is the new address's. The frame then
 * reads the session (`GET …/email/session`) every `emailUpdatePollMs` until it says so.
 */
export const emailChangeConfirmedSchema = z.object({ status: z.literal('confirmed') })
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>

/**
 * The answer (200) to wrong codes, as a sign-in's ({@link emailCodeRejectedSchema}): a typo is a
 * step of the change, not an HTTP error. `wrong` names each wrong code (`current`: the one
 * mailed to the session's address; `new`: the new address's) with the tries it keeps; `message`
 * says it in English. A code's last try, or an expired one, is still answered as an error.
 */
export const emailChangeRejectedSchema = z.object({
  status: z.literal('rejected'),
  code: z.literal('emailCodeInvalid'),
  message: z.string(),
  wrong: z.object({ current: z.optional(z.number()), new: z.optional(z.number()) }),
})
export type EmailChangeRejected = z.infer<typeof emailChangeRejectedSchema>

/** What `POST …/email/change/confirm` answers: confirmed (202) or wrong codes (200). */
export const emailChangeConfirmResponseSchema = z.union([
  emailChangeConfirmedSchema,
  emailChangeRejectedSchema,
])
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponseSchema>
