/**
 * The secret of an embedded wallet and its three shares. The frame makes the secret (32 random
 * bytes, the entropy of a 24-word BIP-39 phrase) and splits it 2 of 3 with Shamir's secret
 * sharing: a device share the frame keeps, an auth share the API keeps for the email session, and
 * a recovery share sealed with something only the visitor has. Any two give the secret back; one
 * alone says nothing of it. What is shared is the secret followed by a 4-byte checksum (the first
 * bytes of its SHA-256), so two shares that do not belong together, or a changed share, are
 * refused instead of giving a wrong wallet. Pure: no network, no storage.
 */
import { sha256 } from '@noble/hashes/sha2'
import { combine, split } from 'shamir-secret-sharing'
import { fromBase64url, toBase64url } from './base64url'

/** Bytes in a wallet secret: BIP-39 entropy for 24 words. */
export const walletSecretBytes = 32
/** Bytes of the checksum shared after the secret: the first bytes of SHA-256(secret). */
const checksumBytes = 4
/** Bytes in one share: a y-value for each shared byte, then the share's x-coordinate. */
export const walletShareBytes = walletSecretBytes + checksumBytes + 1
/** Characters of an encoded share: base64url without padding. */
export const walletShareChars = Math.ceil((walletShareBytes * 4) / 3)

/** The three shares of one wallet secret; any two of them give it back. */
export type WalletShares = {
  /** Kept by the frame, on this device. */
  device: Uint8Array
  /** Kept by the API, encrypted, released only to the wallet's email session. */
  auth: Uint8Array
  /** Sealed with something only the visitor has (a recovery passphrase) before it is kept. */
  recovery: Uint8Array
}

/** Why shares were refused. */
export type WalletShareErrorReason = 'malformed' | 'sameShare' | 'sharesDoNotMatch'

/** A share that is not one, or two shares that do not give a wallet secret back. */
export class WalletShareError extends Error {
  override name = 'WalletShareError'
  readonly reason: WalletShareErrorReason
  constructor(reason: WalletShareErrorReason, message: string) {
    super(message)
    this.reason = reason
  }
}

/**
 * Makes a new wallet secret: 32 bytes from the platform's cryptographic random source.
 * @example
 * const secret = createWalletSecret()
 * const shares = await splitWalletSecret(secret)
 */
export function createWalletSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(walletSecretBytes))
}

/** The checksum of a secret: the first 4 bytes of its SHA-256. */
const checksumOf = (secret: Uint8Array) => sha256(secret).subarray(0, checksumBytes)

/**
 * Throws a TypeError unless `secret` is a wallet secret: a Uint8Array of 32 bytes.
 * @example
 * assertWalletSecret(createWalletSecret()) // passes
 * assertWalletSecret(new Uint8Array(16)) // throws 'A wallet secret is 32 bytes.'
 */
export function assertWalletSecret(secret: Uint8Array): void {
  if (!(secret instanceof Uint8Array) || secret.length !== walletSecretBytes) {
    throw new TypeError(`A wallet secret is ${walletSecretBytes} bytes.`)
  }
}

/**
 * Splits a wallet secret into its device, auth and recovery shares, 2 of 3. Each share is 37
 * bytes: Shamir's y-values for the 32 bytes of the secret and the 4 of its checksum, then the
 * share's x-coordinate (1 to 255, drawn at random), as `shamir-secret-sharing` lays them out.
 * @example
 * const { device, auth, recovery } = await splitWalletSecret(createWalletSecret())
 * const secret = await combineShares(device, recovery)
 */
export async function splitWalletSecret(secret: Uint8Array): Promise<WalletShares> {
  assertWalletSecret(secret)
  const payload = new Uint8Array(walletSecretBytes + checksumBytes)
  payload.set(secret)
  payload.set(checksumOf(secret), walletSecretBytes)
  const [device, auth, recovery] = await split(payload, 3, 2)
  payload.fill(0)
  return { device: device!, auth: auth!, recovery: recovery! }
}

/**
 * Splits the same wallet secret again, 2 of `count` (3 to 255), with a fresh polynomial: any two
 * of the new shares give the secret back, and none of them combines with a share of another
 * split (the checksum refuses the pair). What the wallet's re-split gives out: the auth share, the
 * recovery share, and one share per live device.
 * @example
 * const [auth, recovery, ...devices] = await resplitWalletSecret(secret, 2 + liveDevices.length)
 */
export async function resplitWalletSecret(
  secret: Uint8Array,
  count: number,
): Promise<Uint8Array[]> {
  assertWalletSecret(secret)
  if (!Number.isInteger(count) || count < 3 || count > 255)
    throw new RangeError('A wallet is split into 3 to 255 shares.')
  const payload = new Uint8Array(walletSecretBytes + checksumBytes)
  payload.set(secret)
  payload.set(checksumOf(secret), walletSecretBytes)
  const shares = await split(payload, count, 2)
  payload.fill(0)
  return shares
}

function assertShare(share: Uint8Array, which: string) {
  if (!(share instanceof Uint8Array) || share.length !== walletShareBytes) {
    throw new WalletShareError(
      'malformed',
      `The ${which} share is not a wallet share: a share is ${walletShareBytes} bytes.`,
    )
  }
  if (share[walletShareBytes - 1] === 0) {
    throw new WalletShareError(
      'malformed',
      `The ${which} share is not a wallet share: its x-coordinate is 0, which no split makes.`,
    )
  }
}

const sharesDoNotMatch = () =>
  new WalletShareError(
    'sharesDoNotMatch',
    'These two shares do not give a wallet secret back: they are shares of different wallets, or one of them was changed.',
  )

/**
 * Gives the wallet secret back from two of its shares, in either order. Refuses (with a
 * `WalletShareError`) a share that is not 37 bytes, the same share twice, and two shares whose
 * combination does not carry its own checksum: shares of different wallets, or a changed share.
 * @example
 * const shares = await splitWalletSecret(secret)
 * const again = await combineShares(shares.auth, shares.device) // the same 32 bytes as `secret`
 */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  assertShare(a, 'first')
  assertShare(b, 'second')
  if (a[walletShareBytes - 1] === b[walletShareBytes - 1]) {
    // Two shares of one split never share an x-coordinate: the same share, or two splits.
    throw a.every((byte, index) => byte === b[index])
      ? new WalletShareError(
          'sameShare',
          'Both shares are the same share: the wallet secret needs two different shares of it.',
        )
      : sharesDoNotMatch()
  }
  const payload = await combine([a, b])
  const secret = payload.slice(0, walletSecretBytes)
  const checksum = payload.subarray(walletSecretBytes)
  const expected = checksumOf(secret)
  const matches = checksum.every((byte, index) => byte === expected[index])
  payload.fill(0)
  if (!matches) {
    secret.fill(0)
    throw sharesDoNotMatch()
  }
  return secret
}

const base64urlPattern = /^[A-Za-z0-9_-]*$/

/**
 * Writes a share as text for storage or the API: its 37 bytes in base64url without padding
 * (50 characters).
 * @example
 * const text = encodeShare(shares.auth) // 50 characters of A–Z, a–z, 0–9, '-' and '_'
 */
export function encodeShare(share: Uint8Array): string {
  assertShare(share, 'given')
  return toBase64url(share)
}

/**
 * Reads a share written by `encodeShare`. Refuses (with a `WalletShareError`) text of another
 * length, characters outside base64url, and a spelling `encodeShare` would not have written.
 * @example
 * const share = decodeShare(text)
 * const secret = await combineShares(share, deviceShare)
 */
export function decodeShare(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length !== walletShareChars) {
    const length = typeof text === 'string' ? `${text.length}` : 'no'
    throw new WalletShareError(
      'malformed',
      `Not a wallet share: a share is ${walletShareChars} characters of base64url, this has ${length}.`,
    )
  }
  if (!base64urlPattern.test(text)) {
    throw new WalletShareError(
      'malformed',
      "Not a wallet share: a share has only the characters A–Z, a–z, 0–9, '-' and '_'.",
    )
  }
  const share = fromBase64url(text)
  // 37 bytes fill 49 characters and 2 bits of the 50th; encodeShare leaves its other 4 at 0.
  if (toBase64url(share) !== text) {
    throw new WalletShareError(
      'malformed',
      'Not a wallet share: its last character is not one encodeShare writes.',
    )
  }
  assertShare(share, 'decoded')
  return share
}
