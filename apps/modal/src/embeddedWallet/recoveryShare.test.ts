// The recovery share sealed with a recovery code: what opens it, what does not, and the code's
// form (strong enough that the API, which keeps the sealed share beside the auth share, can't
// guess it); a new split's share sealed again for the same code, without it.
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { describe, expect, test } from 'vitest'
import { toBase64url } from './base64url'
import {
  createRecoveryCode,
  LegacyRecoverySealError,
  normalizeRecoveryCode,
  openRecoveryShare,
  RecoveryCodeError,
  resealRecoveryShare,
  sealRecoveryShare,
} from './recoveryShare'
import { createWalletSecret, resplitWalletSecret, splitWalletSecret } from './walletSecret'

/** A share sealed the first way (version 1): the code's key seals the share itself. */
async function sealedTheFirstWay(share: Uint8Array, code: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(
      hkdf(
        sha256,
        new TextEncoder().encode(normalizeRecoveryCode(code)),
        salt,
        'airlock embedded wallet recovery share',
        32,
      ),
    ),
    'AES-GCM',
    false,
    ['encrypt'],
  )
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(share)),
  )
  return toBase64url(Uint8Array.from([1, ...salt, ...iv, ...ciphertext]))
}

describe('recovery codes', () => {
  test('behavior: a new code is 20 Crockford base32 characters in groups of 4, different each time', () => {
    const codes = new Set(Array.from({ length: 50 }, createRecoveryCode))
    expect(codes.size).toBe(50)
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/)
  })

  test('behavior: case, spaces, dashes and misread letters do not matter', () => {
    expect(normalizeRecoveryCode(' k3qz 7tpa-0m9c x4rb e2hw ')).toBe('K3QZ7TPA0M9CX4RBE2HW')
    expect(normalizeRecoveryCode('K3QZ-7TPA-OM9C-X4RB-E2HW')).toBe('K3QZ7TPA0M9CX4RBE2HW')
    expect(normalizeRecoveryCode('LIQZ-7TPA-0M9C-X4RB-E2HW')).toBe('11QZ7TPA0M9CX4RBE2HW')
  })

  test.each([
    '',
    'K3QZ-7TPA',
    'K3QZ-7TPA-0M9C-X4RB-E2HW-AAAA',
    'K3QZ-7TPA-0M9C-X4RB-E2H!',
    'K3QZ-7TPA-0M9C-X4RB-E2HU',
  ])('error: %o is not a recovery code', (code) => {
    expect(() => normalizeRecoveryCode(code)).toThrow(RecoveryCodeError)
  })
})

describe('sealed recovery shares', () => {
  test('behavior: the code it was sealed with opens it, however it is typed', async () => {
    const secret = createWalletSecret()
    const { recovery } = await splitWalletSecret(secret)
    const code = createRecoveryCode()
    const sealed = await sealRecoveryShare(recovery, code, secret)
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(await openRecoveryShare(sealed, code.toLowerCase().replaceAll('-', ' '))).toEqual(
      recovery,
    )
    // Sealed twice, never the same text (a salt and an IV of its own).
    expect(await sealRecoveryShare(recovery, code, secret)).not.toBe(sealed)
  })

  test('error: another code, or a changed seal, does not open it', async () => {
    const secret = createWalletSecret()
    const { recovery } = await splitWalletSecret(secret)
    const sealed = await sealRecoveryShare(recovery, createRecoveryCode(), secret)
    await expect(openRecoveryShare(sealed, createRecoveryCode())).rejects.toThrow(
      'This recovery code does not open the wallet: check it and try again.',
    )
    const changed = `${sealed.slice(0, 40)}${sealed[40] === 'A' ? 'B' : 'A'}${sealed.slice(41)}`
    await expect(openRecoveryShare(changed, createRecoveryCode())).rejects.toThrow(
      RecoveryCodeError,
    )
    await expect(openRecoveryShare('AQ', createRecoveryCode())).rejects.toThrow(
      'The sealed recovery share is not one this wallet makes.',
    )
  })
})

describe('a new split’s recovery share, sealed again without the code', () => {
  test('behavior: the code that opened the old seal opens the new one, and gives the new split’s share', async () => {
    const secret = createWalletSecret()
    const code = createRecoveryCode()
    const sealed = await sealRecoveryShare((await splitWalletSecret(secret)).recovery, code, secret)
    const [, newRecovery] = await resplitWalletSecret(secret, 3)
    const resealed = await resealRecoveryShare(sealed, newRecovery as Uint8Array, secret)
    expect(await openRecoveryShare(resealed, code)).toEqual(newRecovery)
    await expect(openRecoveryShare(resealed, createRecoveryCode())).rejects.toThrow(
      RecoveryCodeError,
    )
  })

  test('error: another wallet’s secret seals nothing the code opens; a new code makes a new key the old code does not open', async () => {
    const secret = createWalletSecret()
    const code = createRecoveryCode()
    const sealed = await sealRecoveryShare((await splitWalletSecret(secret)).recovery, code, secret)
    const other = await resealRecoveryShare(
      sealed,
      new Uint8Array(37).fill(1),
      createWalletSecret(),
    )
    await expect(openRecoveryShare(other, code)).rejects.toThrow(RecoveryCodeError)
    const [, rotated] = await resplitWalletSecret(secret, 3)
    const newCode = createRecoveryCode()
    const replaced = await sealRecoveryShare(rotated as Uint8Array, newCode, secret)
    expect(await openRecoveryShare(replaced, newCode)).toEqual(rotated)
    await expect(openRecoveryShare(replaced, code)).rejects.toThrow(RecoveryCodeError)
  })

  test('behavior: a share sealed the first way still opens with its code, and only a new code replaces it', async () => {
    const secret = createWalletSecret()
    const { recovery } = await splitWalletSecret(secret)
    const code = createRecoveryCode()
    const sealed = await sealedTheFirstWay(recovery, code)
    expect(await openRecoveryShare(sealed, code)).toEqual(recovery)
    await expect(resealRecoveryShare(sealed, recovery, secret)).rejects.toThrow(
      LegacyRecoverySealError,
    )
  })
})
