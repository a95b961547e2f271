/**
 * The seal of what the API keeps of an embedded wallet for its email sessions (the auth share, the
 * devices' keys): AES-256-GCM under a key derived (HKDF) from the server key, with whose it is as
 * associated data. A stolen database does not open a seal, and a seal moved to another email, or
 * to another device, does not open there.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { EmbeddedWalletError } from './embeddedWalletError'

/** The key of the seals: the server key's, for this use only (HKDF-SHA256). */
export const embeddedWalletSealKey = (serverKey: Uint8Array) =>
  Buffer.from(
    hkdfSync('sha256', serverKey, new Uint8Array(), 'airlock embedded wallet auth shares', 32),
  )

/** Whose wallet: an email session's project and address. */
export type WalletOwner = { projectId: string; email: string }

/** The associated data of a wallet's auth share. */
export const authShareData = ({ projectId, email }: WalletOwner) => `${projectId}\n${email}`

/** The associated data of a device's key. */
export const deviceKeyData = ({ projectId, email }: WalletOwner, deviceId: string) =>
  `${projectId}\n${email}\n${deviceId}`

/** iv (12 bytes) ‖ tag (16) ‖ ciphertext, base64url. */
export function seal(key: Uint8Array, associatedData: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')
}

/**
 * The secret of a seal made with the same key and associated data.
 * @throws EmbeddedWalletError `embeddedWalletCorrupt`, naming `what` was sealed.
 */
export function open(
  key: Uint8Array,
  associatedData: string,
  sealed: string,
  what: 'auth share' | 'device key',
): string {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAAD(Buffer.from(associatedData))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    throw new EmbeddedWalletError(
      'embeddedWalletCorrupt',
      `The kept ${what} does not decrypt: it was changed where it is stored, or the server key changed.`,
    )
  }
}
