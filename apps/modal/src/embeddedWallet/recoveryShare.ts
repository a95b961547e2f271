/**
 * The recovery share, sealed with a recovery code only the visitor has: the API keeps the sealed
 * share beside the auth share, so the code must be too strong to guess even for someone holding
 * both (the API's operator, a stolen database). The frame therefore makes the code itself — 100
 * random bits, written as 20 Crockford base32 characters in groups of 4 for the visitor to keep —
 * rather than taking a passphrase a person would choose. The share is sealed with AES-256-GCM
 * (WebCrypto) under a key derived from the code with HKDF-SHA256. Pure: no network, no storage.
 */
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { fromBase64url, toBase64url } from './base64url'

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays itself. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const codeChars = 20
const version = 1

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

/**
 * Seals a share with a recovery code: version (1 byte) ‖ salt (16) ‖ IV (12) ‖ AES-GCM
 * ciphertext and tag, in base64url.
 * @example const sealed = await sealRecoveryShare(shares.recovery, code)
 */
export async function sealRecoveryShare(share: Uint8Array, code: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await sealingKey(code, salt, 'encrypt')
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(share)),
  )
  return toBase64url(Uint8Array.from([version, ...salt, ...iv, ...ciphertext]))
}

/**
 * Opens a share sealed with `sealRecoveryShare`.
 * @throws RecoveryCodeError when the code is not one, or not the one it was sealed with (or the
 *   sealed share was changed: AES-GCM tells neither apart, by design).
 * @example const share = await openRecoveryShare(sealed, 'k3qz 7tpa 0m9c x4rb e2hw')
 */
export async function openRecoveryShare(sealed: string, code: string): Promise<Uint8Array> {
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = fromBase64url(sealed)
  } catch {
    throw new RecoveryCodeError('The sealed recovery share is not base64url.')
  }
  if (bytes[0] !== version || bytes.length < 1 + 16 + 12 + 16)
    throw new RecoveryCodeError('The sealed recovery share is not one this wallet makes.')
  const key = await sealingKey(code, bytes.subarray(1, 17), 'decrypt')
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(17, 29) },
        key,
        bytes.subarray(29),
      ),
    )
  } catch {
    throw new RecoveryCodeError(
      'This recovery code does not open the wallet: check it and try again.',
    )
  }
}
