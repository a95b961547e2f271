/**
 * The device share as this device keeps it: sealed with AES-256-GCM under the device's key, which
 * only the API holds and releases only to an email session of the same email (and never again
 * once the device is revoked). The seal sits in the frame's storage (persistence.ts), which is
 * itself the frame's own storage or, where the browser denies it, the host's storage sealed a
 * second time under a key the host can't read (frameStorage.ts). So a copy of this device's
 * storage opens nothing without the visitor's email session, and nothing at all once the device
 * is revoked.
 *
 * The private half of the device's transport key (deviceTransport.ts) sits beside it, sealed the
 * same way. While the wallet is pending (made, its recovery code not yet confirmed), the recovery
 * code does too, so a sign-in after a reload or a closed tab shows the
 * same code again; it is forgotten once the wallet is confirmed. Keeping is checked by reading
 * back: storage that did not take the share is a failure here, never a wallet confirmed without
 * its device share.
 */
import type { Persistence } from '../stores/persistence'
import { fromBase64url, toBase64url } from './base64url'

/**
 * One device's share of one email's wallet: the device's id at the API and the sealed share;
 * while the wallet is pending, its recovery code sealed too.
 */
export type KeptDeviceShare = {
  deviceId: string
  sealedShare: string
  sealedRecoveryCode?: string
  /** The private half of its transport key (deviceTransport.ts), sealed the same way. */
  sealedTransportKey?: string
}

/** This device's storage did not keep its share (a failed write, a full or blocked storage). */
export class DeviceShareStorageError extends Error {
  override name = 'DeviceShareStorageError'
  constructor() {
    super('This device could not keep its share of the wallet.')
  }
}

/** The storage entry: each email's share on this device (a visitor may use several). */
const entryKey = 'airlock:v1:embeddedWalletShares'
type Entry = Record<string, KeptDeviceShare>

const deviceIdPattern = /^[A-Za-z0-9_-]{22}$/
const sealedPattern = /^[A-Za-z0-9_-]{40,200}$/
const sealedKeyPattern = /^[A-Za-z0-9_-]{40,600}$/

const isEntry = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (kept) =>
      typeof kept?.deviceId === 'string' &&
      deviceIdPattern.test(kept.deviceId) &&
      typeof kept.sealedShare === 'string' &&
      sealedPattern.test(kept.sealedShare) &&
      (kept.sealedRecoveryCode === undefined ||
        (typeof kept.sealedRecoveryCode === 'string' &&
          sealedPattern.test(kept.sealedRecoveryCode))) &&
      (kept.sealedTransportKey === undefined ||
        (typeof kept.sealedTransportKey === 'string' &&
          sealedKeyPattern.test(kept.sealedTransportKey))),
  )

/** The share's key, from the API's base64url text of 32 bytes. */
async function deviceKeyOf(deviceKey: string, usage: KeyUsage): Promise<CryptoKey> {
  const bytes = fromBase64url(deviceKey)
  if (bytes.length !== 32) throw new Error('A device key is 32 bytes.')
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, [usage])
}

/** What a device's key seals: its share, the pending wallet's recovery code, its transport key. */
type Sealed = 'share' | 'recoveryCode' | 'transportKey'

const labels: Record<Sealed, string> = {
  share: 'airlock device share',
  recoveryCode: 'airlock pending recovery code',
  transportKey: 'airlock device transport key',
}

const additionalData = (deviceId: string, what: Sealed) =>
  new TextEncoder().encode(`${labels[what]}\n${deviceId}`)

/** IV (12 bytes) ‖ ciphertext and tag, base64url; bound to the device id and to what it is. */
async function sealForDevice(
  bytes: Uint8Array,
  device: { deviceId: string; deviceKey: string },
  what: Sealed,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await deviceKeyOf(device.deviceKey, 'encrypt')
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(device.deviceId, what) },
    key,
    bytes as BufferSource,
  )
  return toBase64url(new Uint8Array([...iv, ...new Uint8Array(sealed)]))
}

async function openForDevice(
  sealed: string,
  device: { deviceId: string; deviceKey: string },
  what: Sealed,
): Promise<Uint8Array> {
  const bytes = fromBase64url(sealed)
  const key = await deviceKeyOf(device.deviceKey, 'decrypt')
  try {
    const opened = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(0, 12),
        additionalData: additionalData(device.deviceId, what),
      },
      key,
      bytes.subarray(12),
    )
    return new Uint8Array(opened)
  } catch {
    throw new Error("This device's share does not open with its key: it was changed.")
  }
}

/** Seals this device's share under its key. */
export const sealDeviceShare = (
  share: Uint8Array,
  device: { deviceId: string; deviceKey: string },
): Promise<string> => sealForDevice(share, device, 'share')

/** @throws Error when the key is not this seal's (another device's, or the seal was changed). */
export const openDeviceShare = (
  sealedShare: string,
  device: { deviceId: string; deviceKey: string },
): Promise<Uint8Array> => openForDevice(sealedShare, device, 'share')

/** Seals a pending wallet's recovery code under this device's key, to show it again. */
export const sealPendingRecoveryCode = (
  recoveryCode: string,
  device: { deviceId: string; deviceKey: string },
): Promise<string> => sealForDevice(new TextEncoder().encode(recoveryCode), device, 'recoveryCode')

/** @throws Error when the key is not this seal's. */
export const openPendingRecoveryCode = async (
  sealed: string,
  device: { deviceId: string; deviceKey: string },
): Promise<string> => new TextDecoder().decode(await openForDevice(sealed, device, 'recoveryCode'))

/** Seals the private half of this device's transport key under its key. */
export const sealTransportKey = (
  privateKey: string,
  device: { deviceId: string; deviceKey: string },
): Promise<string> => sealForDevice(new TextEncoder().encode(privateKey), device, 'transportKey')

/** @throws Error when the key is not this seal's. */
export const openTransportKey = async (
  sealed: string,
  device: { deviceId: string; deviceKey: string },
): Promise<string> => new TextDecoder().decode(await openForDevice(sealed, device, 'transportKey'))

/** The device shares this device keeps, by email. */
export function deviceShares(persistence: Persistence) {
  const read = () => persistence.read<Entry>(entryKey, {}, isEntry)
  return {
    async of(email: string): Promise<KeptDeviceShare | undefined> {
      return (await read())[email]
    },
    /**
     * Keeps `kept` as the email's, and reads it back.
     * @throws DeviceShareStorageError when the storage did not keep it.
     */
    async keep(email: string, kept: KeptDeviceShare) {
      await persistence.write(entryKey, { ...(await read()), [email]: kept })
      const back = (await read())[email]
      if (
        back?.deviceId !== kept.deviceId ||
        back.sealedShare !== kept.sealedShare ||
        back.sealedRecoveryCode !== kept.sealedRecoveryCode ||
        back.sealedTransportKey !== kept.sealedTransportKey
      )
        throw new DeviceShareStorageError()
    },
    async forget(email: string) {
      const entry = await read()
      if (!(email in entry)) return
      delete entry[email]
      await persistence.write(entryKey, entry)
    },
  }
}
export type DeviceShares = ReturnType<typeof deviceShares>
