/**
 * A device's transport key (ECDH P-256, WebCrypto), through which it gets its share of a wallet's
 * new split (`@airlock/protocol`'s embeddedWalletShares.ts): its private half stays on the device
 * (sealed under the device key, beside its share: deviceShare.ts), its public half is registered
 * at the API signed by the wallet's EVM key, and the frame that re-splits seals each device's new
 * share to it: an ephemeral ECDH key, HKDF-SHA256 of the shared secret (the ephemeral key as salt,
 * the device id in the info) and AES-256-GCM with the device id as associated data. Only the
 * device that holds the private half opens it — not the API, which relays it, nor another device.
 * Pure: no network, no storage.
 */
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { fromBase64url, toBase64url } from './base64url'

const curve = { name: 'ECDH', namedCurve: 'P-256' } as const
const publicKeyBytes = 65

/** A new transport key: the private half as JWK text (to seal and keep), the public as base64url. */
export async function createTransportKey(): Promise<{ privateKey: string; publicKey: string }> {
  const pair = await crypto.subtle.generateKey(curve, true, ['deriveBits'])
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return {
    privateKey: JSON.stringify(await crypto.subtle.exportKey('jwk', pair.privateKey)),
    publicKey: toBase64url(publicKey),
  }
}

/** The public half of a kept private half (its JWK carries the point). */
export async function publicKeyOf(privateKey: string): Promise<string> {
  const { d: _, key_ops: __, ...point } = JSON.parse(privateKey) as JsonWebKey
  const key = await crypto.subtle.importKey('jwk', { ...point, ext: true }, curve, true, [])
  return toBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', key)))
}

async function transportKey(
  own: CryptoKey,
  peer: Uint8Array,
  salt: Uint8Array,
  deviceId: string,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const peerKey = await crypto.subtle.importKey('raw', new Uint8Array(peer), curve, false, [])
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: peerKey }, own, 256),
  )
  const bytes = hkdf(sha256, shared, salt, `airlock device share transport\n${deviceId}`, 32)
  shared.fill(0)
  const key = await crypto.subtle.importKey('raw', new Uint8Array(bytes), 'AES-GCM', false, [usage])
  bytes.fill(0)
  return key
}

const additionalData = (deviceId: string) =>
  new TextEncoder().encode(`airlock device share\n${deviceId}`)

/**
 * Seals `share` to a device's public transport key: ephemeral public key (65) ‖ IV (12) ‖
 * ciphertext and tag, base64url.
 * @throws Error when the public key is not a P-256 point.
 */
export async function sealShareToDevice(
  share: Uint8Array,
  publicKey: string,
  deviceId: string,
): Promise<string> {
  const peer = fromBase64url(publicKey)
  if (peer.length !== publicKeyBytes) throw new Error('A transport key is 65 bytes.')
  const ephemeral = await crypto.subtle.generateKey(curve, true, ['deriveBits'])
  const ephemeralPublic = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey))
  const key = await transportKey(ephemeral.privateKey, peer, ephemeralPublic, deviceId, 'encrypt')
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(deviceId) },
      key,
      new Uint8Array(share),
    ),
  )
  return toBase64url(Uint8Array.from([...ephemeralPublic, ...iv, ...ciphertext]))
}

/**
 * Opens a share sealed to this device's transport key.
 * @throws Error when it was sealed to another key or device, or changed.
 */
export async function openShareForDevice(
  sealed: string,
  privateKey: string,
  deviceId: string,
): Promise<Uint8Array> {
  try {
    const bytes = fromBase64url(sealed)
    const own = await crypto.subtle.importKey(
      'jwk',
      JSON.parse(privateKey) as JsonWebKey,
      curve,
      false,
      ['deriveBits'],
    )
    const ephemeralPublic = bytes.subarray(0, publicKeyBytes)
    const key = await transportKey(own, ephemeralPublic, ephemeralPublic, deviceId, 'decrypt')
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: bytes.subarray(publicKeyBytes, publicKeyBytes + 12),
          additionalData: additionalData(deviceId),
        },
        key,
        bytes.subarray(publicKeyBytes + 12),
      ),
    )
  } catch {
    throw new Error("This device's new share does not open with its transport key.")
  }
}
