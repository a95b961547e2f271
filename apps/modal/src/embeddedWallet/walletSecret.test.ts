/** The wallet secret's split, its self-checking combination and the shares' text form. */
import { describe, expect, test } from 'vitest'
import {
  combineShares,
  createWalletSecret,
  decodeShare,
  encodeShare,
  resplitWalletSecret,
  splitWalletSecret,
  WalletShareError,
  type WalletShareErrorReason,
  walletShareBytes,
  walletShareChars,
} from './walletSecret'

const roles = ['device', 'auth', 'recovery'] as const

/** The x-coordinate of a share: its last byte. */
const xOf = (share: Uint8Array) => share[share.length - 1]!

/** Runs `attempt` and returns the WalletShareError it was refused with. */
async function refusal(attempt: () => unknown): Promise<WalletShareError> {
  try {
    await attempt()
  } catch (error) {
    expect(error).toBeInstanceOf(WalletShareError)
    return error as WalletShareError
  }
  throw new Error('The attempt was not refused.')
}

async function expectRefused(attempt: () => unknown, reason: WalletShareErrorReason) {
  const error = await refusal(attempt)
  expect(error.reason).toBe(reason)
  return error
}

describe('createWalletSecret', () => {
  test('behavior: 32 random bytes, a new secret each time', () => {
    const a = createWalletSecret()
    const b = createWalletSecret()
    expect(a).toBeInstanceOf(Uint8Array)
    expect(a).toHaveLength(32)
    expect(a).not.toEqual(b)
  })
})

describe('splitWalletSecret and combineShares', () => {
  test('behavior: any two of the three shares, in either order, give the secret back', async () => {
    for (let round = 0; round < 5; round++) {
      const secret = createWalletSecret()
      const shares = await splitWalletSecret(secret)
      for (const first of roles) {
        for (const second of roles) {
          if (first === second) continue
          expect(await combineShares(shares[first], shares[second])).toEqual(secret)
        }
      }
    }
  })

  test('behavior: each share is 37 bytes with its own nonzero x-coordinate', async () => {
    const shares = await splitWalletSecret(createWalletSecret())
    for (const role of roles) expect(shares[role]).toHaveLength(walletShareBytes)
    const xs = roles.map((role) => xOf(shares[role]))
    expect(new Set(xs).size).toBe(3)
    expect(xs).not.toContain(0)
  })

  test('behavior: two splits of one secret give different shares', async () => {
    const secret = createWalletSecret()
    const a = await splitWalletSecret(secret)
    const b = await splitWalletSecret(secret)
    expect(a.device).not.toEqual(b.device)
  })

  test('behavior: the all-zero secret (the test phrase) splits and combines like any other', async () => {
    const secret = new Uint8Array(32)
    const shares = await splitWalletSecret(secret)
    expect(await combineShares(shares.recovery, shares.auth)).toEqual(secret)
  })

  test('behavior: one share alone is refused, given twice or beside a made-up share', async () => {
    const { device } = await splitWalletSecret(createWalletSecret())
    const error = await expectRefused(() => combineShares(device, device), 'sameShare')
    expect(error.message).toMatch(/same share/)
    expect(error.name).toBe('WalletShareError')

    const madeUp = crypto.getRandomValues(new Uint8Array(walletShareBytes))
    madeUp[walletShareBytes - 1] = (xOf(device) % 255) + 1
    await expectRefused(() => combineShares(device, madeUp), 'sharesDoNotMatch')
  })

  test('behavior: a changed share is refused, whichever byte was changed', async () => {
    const secret = createWalletSecret()
    const { device, recovery } = await splitWalletSecret(secret)
    // Each y-value: 32 of the secret, then 4 of its checksum.
    for (let index = 0; index < walletShareBytes - 1; index++) {
      const changed = recovery.slice()
      changed[index]! ^= 0x01
      const error = await expectRefused(() => combineShares(device, changed), 'sharesDoNotMatch')
      expect(error.message).toBe(
        'These two shares do not give a wallet secret back: they are shares of different wallets, or one of them was changed.',
      )
    }
    // The x-coordinate, moved to one neither share has.
    const changed = recovery.slice()
    let x = xOf(recovery)
    do x = (x % 255) + 1
    while (x === xOf(device) || x === xOf(recovery))
    changed[walletShareBytes - 1] = x
    await expectRefused(() => combineShares(device, changed), 'sharesDoNotMatch')
    // The untouched shares still give the secret back.
    expect(await combineShares(device, recovery)).toEqual(secret)
  })

  test('behavior: shares of two different secrets are refused together', async () => {
    const one = await splitWalletSecret(createWalletSecret())
    const other = await splitWalletSecret(createWalletSecret())
    for (const first of roles) {
      for (const second of roles) {
        // Two shares of different splits may share an x-coordinate: refused alike.
        await expectRefused(() => combineShares(one[first], other[second]), 'sharesDoNotMatch')
      }
    }
  })

  test('behavior: shares that are not 37 bytes, or whose x-coordinate is 0, are refused', async () => {
    const { device, auth } = await splitWalletSecret(createWalletSecret())
    const short = await expectRefused(
      () => combineShares(device.subarray(1), auth.subarray(1)),
      'malformed',
    )
    expect(short.message).toBe('The first share is not a wallet share: a share is 37 bytes.')
    const zero = auth.slice()
    zero[walletShareBytes - 1] = 0
    const error = await expectRefused(() => combineShares(device, zero), 'malformed')
    expect(error.message).toMatch(/second share .* x-coordinate is 0/)
  })

  test('behavior: only a 32-byte secret is split', async () => {
    await expect(splitWalletSecret(new Uint8Array(16))).rejects.toThrow(
      'A wallet secret is 32 bytes.',
    )
  })
})

describe('resplitWalletSecret', () => {
  test('behavior: a new split of the same secret: any two of its shares give it back; none combines with a share of the old split', async () => {
    const secret = createWalletSecret()
    const old = await splitWalletSecret(secret)
    const [auth, recovery, first, second] = await resplitWalletSecret(secret, 4)
    for (const [a, b] of [
      [auth, recovery],
      [first, second],
      [second, auth],
    ] as const)
      expect(await combineShares(a as Uint8Array, b as Uint8Array)).toEqual(secret)
    // A revoked device's old share and the new auth share: refused, not a wrong secret.
    await expect(combineShares(old.device, auth as Uint8Array)).rejects.toMatchObject({
      reason: 'sharesDoNotMatch',
    })
    await expect(combineShares(old.recovery, first as Uint8Array)).rejects.toThrow(WalletShareError)
  })

  test('error: 3 to 255 shares', async () => {
    await expect(resplitWalletSecret(createWalletSecret(), 2)).rejects.toThrow(
      'A wallet is split into 3 to 255 shares.',
    )
    await expect(resplitWalletSecret(createWalletSecret(), 256)).rejects.toThrow(RangeError)
  })
})

describe('encodeShare and decodeShare', () => {
  test('behavior: a share is 50 characters of base64url and reads back as the same bytes', async () => {
    const shares = await splitWalletSecret(createWalletSecret())
    for (const role of roles) {
      const text = encodeShare(shares[role])
      expect(text).toHaveLength(walletShareChars)
      expect(walletShareChars).toBe(50)
      expect(text).toMatch(/^[A-Za-z0-9_-]{50}$/)
      expect(decodeShare(text)).toEqual(shares[role])
    }
  })

  test('behavior: decoded shares combine into the secret', async () => {
    const secret = createWalletSecret()
    const { auth, recovery } = await splitWalletSecret(secret)
    const [a, b] = [auth, recovery].map((share) => decodeShare(encodeShare(share)))
    expect(await combineShares(a!, b!)).toEqual(secret)
  })

  test('behavior: the bytes that use base64url\u2019s own characters are written with them', () => {
    const share = new Uint8Array(walletShareBytes).fill(0xff)
    share[0] = 0xfb // 111110 11…: '+' in plain base64
    const text = encodeShare(share)
    expect(text.startsWith('-')).toBe(true)
    expect(text).toContain('_')
    expect(decodeShare(text)).toEqual(share)
  })

  test('behavior: text of another length is refused with its length', async () => {
    const text = encodeShare((await splitWalletSecret(createWalletSecret())).device)
    for (const wrong of ['', text.slice(1), `${text}A`, `${text}==`]) {
      const error = await expectRefused(() => decodeShare(wrong), 'malformed')
      expect(error.message).toBe(
        `Not a wallet share: a share is 50 characters of base64url, this has ${wrong.length}.`,
      )
    }
  })

  test('behavior: characters outside base64url are refused', async () => {
    const text = encodeShare((await splitWalletSecret(createWalletSecret())).device)
    for (const character of ['+', '/', '=', ' ', '.', 'é']) {
      const wrong = `${character}${text.slice(1)}`
      const error = await expectRefused(() => decodeShare(wrong), 'malformed')
      expect(error.message).toBe(
        "Not a wallet share: a share has only the characters A–Z, a–z, 0–9, '-' and '_'.",
      )
    }
  })

  test('behavior: a last character with its unused bits set is refused', async () => {
    const share = (await splitWalletSecret(createWalletSecret())).device
    share[walletShareBytes - 1] = 0x40 // 01000000: the last character is 'A' (000000)
    const text = encodeShare(share)
    expect(text.endsWith('A')).toBe(true)
    const error = await expectRefused(() => decodeShare(`${text.slice(0, -1)}B`), 'malformed')
    expect(error.message).toMatch(/last character/)
  })

  test('behavior: an encoded share whose x-coordinate is 0 is refused', () => {
    const text = `${'A'.repeat(walletShareChars - 2)}AA`
    return expectRefused(() => decodeShare(text), 'malformed')
  })

  test('behavior: only a 37-byte share is encoded', () => {
    return expectRefused(() => encodeShare(new Uint8Array(36).fill(1)), 'malformed')
  })
})
