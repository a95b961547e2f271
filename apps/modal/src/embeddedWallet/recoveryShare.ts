/**
 * The recovery share, sealed with a recovery code only the visitor has: the API keeps the sealed
 * share beside the auth share, so the code must be too strong to guess even for someone holding
 * both (the API's operator, a stolen database). The frame therefore makes the code itself — 100
 * random bits, written as 20 Crockford base32 characters in groups of 4 for the visitor to keep —
 * rather than taking a passphrase a person would choose. Pure: no network, no storage.
 *
 * The seal (version 2) is an envelope: the code's key (HKDF-SHA256 of the code) seals a recovery
 * key, and the recovery key seals the share (AES-256-GCM, WebCrypto). The recovery key is derived
 * from the wallet's secret (HKDF, a salt per code), so a frame that has the wallet open can seal
 * the share of a new split under it without the code (`resealRecoveryShare`: a device revoked, the
 * code unchanged), and only a new code makes a new recovery key. Version 1 (the code's key seals
 * the share itself) is still opened; it is replaced by a new code.
 */
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { fromBase64url, toBase64url } from './base64url'

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays itself. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const codeChars = 20

/** A recovery code that is not one, or a sealed share it does not open. */
export class RecoveryCodeError extends Error {
  override name = 'RecoveryCodeError'
}

/**
 * A new recovery code: 20 random characters (100 bits), shown as `XXXX-XXXX-XXXX-XXXX-XXXX`.
 * @example createRecoveryCode() // 'K3QZ-7TPA-0M9C-X4RB-E2HW'
 */
export function createRecoveryCode(): string {
  const random = crypto.getRandomValues(new Uint8Array(codeChars))
  const characters = [...random].map((byte) => alphabet[byte % 32])
  return characters.join('').replace(/(.{4})(?=.)/g, '$1-')
}

/**
 * The code as it is used: case, spaces and dashes ignored, and the letters a person may misread
 * (O as 0, I and L as 1) read as Crockford does.
 * @throws RecoveryCodeError when it is not 20 characters of the code's alphabet.
 */
export function normalizeRecoveryCode(code: string): string {
  const normalized = code
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (normalized.length !== codeChars || [...normalized].some((char) => !alphabet.includes(char)))
    throw new RecoveryCodeError(
      'This is not a recovery code: it has 20 letters and digits, such as K3QZ-7TPA-0M9C-X4RB-E2HW.',
    )
  return normalized
}

async function sealingKey(code: string, salt: Uint8Array, usage: KeyUsage) {
  const bytes = hkdf(
    sha256,
    new TextEncoder().encode(normalizeRecoveryCode(code)),
    salt,
    'airlock embedded wallet recovery share',
    32,
  )
  return crypto.subtle.importKey('raw', new Uint8Array(bytes), 'AES-GCM', false, [usage])
}

/** The recovery key of a wallet's secret for one code's seal (its salt). */
function recoveryKeyOf(secret: Uint8Array, keySalt: Uint8Array): Uint8Array {
  return hkdf(sha256, secret, keySalt, 'airlock embedded wallet recovery key', 32)
}

const aesKey = (bytes: Uint8Array, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', new Uint8Array(bytes), 'AES-GCM', false, [usage])

async function encrypt(key: CryptoKey, plaintext: Uint8Array, label: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(label) },
      key,
      new Uint8Array(plaintext),
    ),
  )
  return Uint8Array.from([...iv, ...ciphertext])
}

async function decrypt(key: CryptoKey, sealed: Uint8Array<ArrayBuffer>, label: string) {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: sealed.subarray(0, 12),
        additionalData: new TextEncoder().encode(label),
      },
      key,
      sealed.subarray(12),
    ),
  )
}

const keyLabel = 'airlock recovery key'
const shareLabel = 'airlock recovery share'
/** version 2 ‖ code salt (16) ‖ key salt (16) ‖ sealed key (12 + 32 + 16) ‖ sealed share. */
const sealedKeyEnd = 1 + 16 + 16 + 12 + 32 + 16

/**
 * Seals a share of the wallet whose secret is `secret` with a recovery code, in base64url:
 * version 2 ‖ code salt (16) ‖ key salt (16) ‖ the recovery key sealed under the code's key (IV,
 * ciphertext and tag) ‖ the share sealed under the recovery key (IV, ciphertext and tag).
 * @example const sealed = await sealRecoveryShare(shares.recovery, code, secret)
 */
export async function sealRecoveryShare(
  share: Uint8Array,
  code: string,
  secret: Uint8Array,
): Promise<string> {
  const codeSalt = crypto.getRandomValues(new Uint8Array(16))
  const keySalt = crypto.getRandomValues(new Uint8Array(16))
  const recoveryKey = recoveryKeyOf(secret, keySalt)
  const sealedKey = await encrypt(
    await sealingKey(code, codeSalt, 'encrypt'),
    recoveryKey,
    keyLabel,
  )
  const sealedShare = await encrypt(await aesKey(recoveryKey, 'encrypt'), share, shareLabel)
  recoveryKey.fill(0)
  return toBase64url(Uint8Array.from([2, ...codeSalt, ...keySalt, ...sealedKey, ...sealedShare]))
}

/** The recovery share is sealed the first way (version 1): only a new code replaces it. */
export class LegacyRecoverySealError extends Error {
  override name = 'LegacyRecoverySealError'
  constructor() {
    super('This recovery share is sealed the first way: make a new recovery code to replace it.')
  }
}

/**
 * Seals the share of a new split of the same wallet under the recovery key of `sealed`, derived
 * from `secret`: the code that opened `sealed` opens the new seal, and no other.
 * @throws LegacyRecoverySealError for a version 1 seal; RecoveryCodeError when `sealed` is not one.
 */
export async function resealRecoveryShare(
  sealed: string,
  share: Uint8Array,
  secret: Uint8Array,
): Promise<string> {
  const bytes = readSealed(sealed)
  if (bytes[0] === 1) throw new LegacyRecoverySealError()
  const recoveryKey = recoveryKeyOf(secret, bytes.subarray(17, 33))
  const sealedShare = await encrypt(await aesKey(recoveryKey, 'encrypt'), share, shareLabel)
  recoveryKey.fill(0)
  return toBase64url(Uint8Array.from([...bytes.subarray(0, sealedKeyEnd), ...sealedShare]))
}

function readSealed(sealed: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = fromBase64url(sealed)
  } catch {
    throw new RecoveryCodeError('The sealed recovery share is not base64url.')
  }
  const shortest = bytes[0] === 1 ? 1 + 16 + 12 + 16 : sealedKeyEnd + 12 + 16
  if ((bytes[0] !== 1 && bytes[0] !== 2) || bytes.length < shortest)
    throw new RecoveryCodeError('The sealed recovery share is not one this wallet makes.')
  return bytes
}

/**
 * Opens a share sealed with `sealRecoveryShare` (or, version 1, with the code's key alone).
 * @throws RecoveryCodeError when the code is not one, or not the one it was sealed with (or the
 *   sealed share was changed: AES-GCM tells neither apart, by design).
 * @example const share = await openRecoveryShare(sealed, 'k3qz 7tpa 0m9c x4rb e2hw')
 */
export async function openRecoveryShare(sealed: string, code: string): Promise<Uint8Array> {
  const bytes = readSealed(sealed)
  const codeKey = await sealingKey(code, bytes.subarray(1, 17), 'decrypt')
  try {
    if (bytes[0] === 1)
      return new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(17, 29) },
          codeKey,
          bytes.subarray(29),
        ),
      )
    const recoveryKey = await decrypt(codeKey, bytes.subarray(33, sealedKeyEnd), keyLabel)
    const share = await decrypt(
      await aesKey(recoveryKey, 'decrypt'),
      bytes.subarray(sealedKeyEnd),
      shareLabel,
    )
    recoveryKey.fill(0)
    return share
  } catch {
    throw new RecoveryCodeError(
      'This recovery code does not open the wallet: check it and try again.',
    )
  }
}
