// The recovery share sealed with a recovery code: what opens it, what does not, and the code's
// form (strong enough that the API, which keeps the sealed share beside the auth share, can't
// guess it).
import { describe, expect, test } from 'vitest'
import {
  createRecoveryCode,
  normalizeRecoveryCode,
  openRecoveryShare,
  RecoveryCodeError,
  sealRecoveryShare,
} from './recoveryShare'
import { createWalletSecret, splitWalletSecret } from './walletSecret'

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
    const { recovery } = await splitWalletSecret(createWalletSecret())
    const code = createRecoveryCode()
    const sealed = await sealRecoveryShare(recovery, code)
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(await openRecoveryShare(sealed, code.toLowerCase().replaceAll('-', ' '))).toEqual(
      recovery,
    )
    // Sealed twice, never the same text (a salt and an IV of its own).
    expect(await sealRecoveryShare(recovery, code)).not.toBe(sealed)
  })

  test('error: another code, or a changed seal, does not open it', async () => {
    const { recovery } = await splitWalletSecret(createWalletSecret())
    const sealed = await sealRecoveryShare(recovery, createRecoveryCode())
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
