// A device's transport key: a share sealed to it opens with its private half only, for its own
// device id, and the public half can be read back from what the device keeps.
import { describe, expect, test } from 'vitest'
import {
  createTransportKey,
  openShareForDevice,
  publicKeyOf,
  sealShareToDevice,
} from './deviceTransport'
import { createWalletSecret, resplitWalletSecret } from './walletSecret'

const deviceId = 'q1Zb0m3c6Jg2WvH1p0Yx8A'

describe('a share sealed to a device’s transport key', () => {
  test('behavior: the device’s private half opens it, and it is the share', async () => {
    const [share] = await resplitWalletSecret(createWalletSecret(), 3)
    const key = await createTransportKey()
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(await publicKeyOf(key.privateKey)).toBe(key.publicKey)
    const sealed = await sealShareToDevice(share as Uint8Array, key.publicKey, deviceId)
    expect(await openShareForDevice(sealed, key.privateKey, deviceId)).toEqual(share)
    // Sealed twice, never the same text: an ephemeral key each time.
    expect(await sealShareToDevice(share as Uint8Array, key.publicKey, deviceId)).not.toBe(sealed)
  })

  test('error: another device’s key, another device id or a changed seal opens nothing', async () => {
    const share = new Uint8Array(37).fill(9)
    const key = await createTransportKey()
    const sealed = await sealShareToDevice(share, key.publicKey, deviceId)
    const failure = "This device's new share does not open with its transport key."
    await expect(
      openShareForDevice(sealed, (await createTransportKey()).privateKey, deviceId),
    ).rejects.toThrow(failure)
    await expect(
      openShareForDevice(sealed, key.privateKey, 'AAAAAAAAAAAAAAAAAAAAAA'),
    ).rejects.toThrow(failure)
    const changed = `${sealed.slice(0, 100)}${sealed[100] === 'A' ? 'B' : 'A'}${sealed.slice(101)}`
    await expect(openShareForDevice(changed, key.privateKey, deviceId)).rejects.toThrow(failure)
    await expect(sealShareToDevice(share, 'AAAA', deviceId)).rejects.toThrow(
      'A transport key is 65 bytes.',
    )
  })
})
