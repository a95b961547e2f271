// The device share as a device keeps it: sealed under the key only the API holds, bound to the
// device's id, and kept per email in the frame's storage, read back; a pending wallet's recovery
// code beside it, sealed the same way.
import { describe, expect, test } from 'vitest'
import { createPersistence, type KeyValueStore } from '../stores/persistence'
import { toBase64url } from './base64url'
import {
  DeviceShareStorageError,
  deviceShares,
  openDeviceShare,
  openPendingRecoveryCode,
  sealDeviceShare,
  sealPendingRecoveryCode,
} from './deviceShare'
import { createRecoveryCode } from './recoveryShare'
import { createWalletSecret, splitWalletSecret } from './walletSecret'

const deviceKey = () => toBase64url(crypto.getRandomValues(new Uint8Array(32)))
const device = () => ({ deviceId: 'q1Zb0m3c6Jg2WvH1p0Yx8A', deviceKey: deviceKey() })

describe('the device share’s seal', () => {
  test('behavior: the device’s key opens it, and it is the share', async () => {
    const { device: share } = await splitWalletSecret(createWalletSecret())
    const mine = device()
    const sealed = await sealDeviceShare(share, mine)
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain(toBase64url(share))
    expect(await openDeviceShare(sealed, mine)).toEqual(share)
  })

  test('error: another key, another device id or a changed seal opens nothing', async () => {
    const { device: share } = await splitWalletSecret(createWalletSecret())
    const mine = device()
    const sealed = await sealDeviceShare(share, mine)
    const changed = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`
    const failure = "This device's share does not open with its key: it was changed."
    await expect(openDeviceShare(sealed, { ...mine, deviceKey: deviceKey() })).rejects.toThrow(
      failure,
    )
    await expect(
      openDeviceShare(sealed, { ...mine, deviceId: 'AAAAAAAAAAAAAAAAAAAAAA' }),
    ).rejects.toThrow(failure)
    await expect(openDeviceShare(changed, mine)).rejects.toThrow(failure)
  })

  test('behavior: a pending wallet’s recovery code opens with the device’s key only, and never as a share', async () => {
    const mine = device()
    const code = createRecoveryCode()
    const sealed = await sealPendingRecoveryCode(code, mine)
    expect(sealed).not.toContain(code)
    expect(await openPendingRecoveryCode(sealed, mine)).toBe(code)
    await expect(
      openPendingRecoveryCode(sealed, { ...mine, deviceKey: deviceKey() }),
    ).rejects.toThrow()
    // Bound to what it is: a sealed code does not open as a share, nor a share as a code.
    await expect(openDeviceShare(sealed, mine)).rejects.toThrow()
    const share = await sealDeviceShare(new Uint8Array(37).fill(7), mine)
    await expect(openPendingRecoveryCode(share, mine)).rejects.toThrow()
  })

  test('error: a key that is not 32 bytes is refused', async () => {
    await expect(
      sealDeviceShare(new Uint8Array(37), {
        deviceId: 'q1Zb0m3c6Jg2WvH1p0Yx8A',
        deviceKey: 'AAAA',
      }),
    ).rejects.toThrow('A device key is 32 bytes.')
  })
})

describe('the shares this device keeps', () => {
  const memory = (): KeyValueStore & { entries: Map<string, string> } => {
    const entries = new Map<string, string>()
    return {
      entries,
      get: (key) => entries.get(key) ?? null,
      set: (key, value) => void entries.set(key, value),
    }
  }
  const kept = { deviceId: 'q1Zb0m3c6Jg2WvH1p0Yx8A', sealedShare: 'A'.repeat(88) }

  test('behavior: one per email, kept, read back and forgotten', async () => {
    const storage = memory()
    const shares = deviceShares(createPersistence(() => storage))
    await shares.keep('ada@example.com', kept)
    await shares.keep('bob@example.com', { ...kept, deviceId: 'B'.repeat(22) })
    expect(await shares.of('ada@example.com')).toEqual(kept)
    await shares.forget('ada@example.com')
    expect(await shares.of('ada@example.com')).toBeUndefined()
    expect((await shares.of('bob@example.com'))?.deviceId).toBe('B'.repeat(22))
  })

  test('behavior: a pending wallet’s code is kept beside its share, and forgotten by keeping the share alone', async () => {
    const storage = memory()
    const shares = deviceShares(createPersistence(() => storage))
    await shares.keep('ada@example.com', { ...kept, sealedRecoveryCode: 'C'.repeat(64) })
    expect(await shares.of('ada@example.com')).toEqual({
      ...kept,
      sealedRecoveryCode: 'C'.repeat(64),
    })
    await shares.keep('ada@example.com', kept)
    expect(await shares.of('ada@example.com')).toEqual(kept)
  })

  test('error: storage that does not keep the share is a DeviceShareStorageError, never a silent loss', async () => {
    const refusing = memory()
    refusing.set = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const shares = deviceShares(createPersistence(() => refusing))
    await expect(shares.keep('ada@example.com', kept)).rejects.toThrow(DeviceShareStorageError)
    await expect(shares.keep('ada@example.com', kept)).rejects.toThrow(
      'This device could not keep its share of the wallet.',
    )
    // No storage at all (every cookie blocked): the same.
    const none = deviceShares(createPersistence(() => undefined))
    await expect(none.keep('ada@example.com', kept)).rejects.toThrow(DeviceShareStorageError)
  })

  test('error: an entry not of its form reads as none', async () => {
    const storage = memory()
    storage.entries.set(
      'airlock:v1:embeddedWalletShares',
      JSON.stringify({ 'ada@example.com': { deviceId: '../x', sealedShare: 'A'.repeat(88) } }),
    )
    const shares = deviceShares(createPersistence(() => storage))
    expect(await shares.of('ada@example.com')).toBeUndefined()
  })
})
