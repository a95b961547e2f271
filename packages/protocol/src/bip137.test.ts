// Legacy "Bitcoin Signed Message" signatures (BIP-137): vectors from Bitcoin Core and Trezor,
// round trips signed with fresh regtest keys for each address type, and what is refused.
//
// - Bitcoin Core, test/functional/rpc_signmessagewithprivkey.py (commit
//   0a789eebaefb917b548c362bbe7228fc5eff69b7): `signmessagewithprivkey` of "This is just a test
//   message" by mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB (a P2PKH address of testnet and regtest).
// - Trezor, trezor/trezor-suite packages/connect/e2e/__fixtures__/verifyMessageSegwit.ts and
//   verifyMessageSegwitNative.ts: P2SH-P2WPKH (header 36) and P2WPKH (header 40) signatures of
//   one key, on mainnet and testnet.
import { secp256k1 } from '@noble/curves/secp256k1'
import { p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { describe, expect, test } from 'vitest'
import { encodeBase64 } from './base64'
import {
  BitcoinSignatureError,
  bitcoinNetworkParams,
  bitcoinSignedMessageHash,
  verifyBitcoinMessage,
} from './bitcoin'
import type { BitcoinNetworkParams } from './bitcoinNetworks'

const { mainnet, testnet, regtest } = bitcoinNetworkParams
const fromHex = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
const trezorMessage = 'This is an example of a signed message.'
const trezorSignature = (header: string, last = '80') =>
  encodeBase64(
    fromHex(
      `${header}9e23edf0e4e47ff1dec27f32cd78c50e74ef018ee8a6adf35ae17c7a9b0dd96f48b493fd7dbab03efb6f439c6383c9523b3bbc5f1a7d158a6af90ab154e9be${last}`,
    ),
  )

const verify = (
  address: string,
  message: string,
  signature: string,
  network: BitcoinNetworkParams = mainnet,
) => verifyBitcoinMessage({ address, message, signature, network })

describe('vectors', () => {
  test('behavior: Bitcoin Core’s signmessagewithprivkey signature verifies for its P2PKH address', async () => {
    const signature =
      'INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0='
    const address = 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB'
    expect(await verify(address, 'This is just a test message', signature, regtest)).toBe(true)
    expect(await verify(address, 'This is just a test message', signature, testnet)).toBe(true)
    expect(await verify(address, 'This is just a test message.', signature, regtest)).toBe(false)
  })

  test.each([
    ['P2SH-P2WPKH', '3CwYaeWxhpXXiHue3ciQez1DLaTEAXcKa1', '24', mainnet],
    ['P2WPKH', 'bc1qyjjkmdpu7metqt5r36jf872a34syws33s82q2j', '28', mainnet],
    ['P2WPKH on testnet', 'tb1qyjjkmdpu7metqt5r36jf872a34syws336p3n3p', '28', testnet],
  ] as const)(
    'behavior: Trezor’s %s signature verifies; tampered or of another message, false',
    async (_, address, header, network) => {
      expect(await verify(address, trezorMessage, trezorSignature(header), network)).toBe(true)
      expect(await verify(address, trezorMessage, trezorSignature(header, '00'), network)).toBe(
        false,
      )
      expect(
        await verify(
          address,
          'This is an example of a signed message!',
          trezorSignature(header),
          network,
        ),
      ).toBe(false)
    },
  )

  test('behavior: Trezor’s long-message P2WPKH signature verifies', async () => {
    const signature = encodeBase64(
      fromHex(
        '285ff795c29aef7538f8b3bdb2e8add0d0722ad630a140b6aefd504a5a895cbd867cbb00981afc50edd0398211e8d7c304bb8efa461181bc0afa67ea4a720a89ed',
      ),
    )
    expect(
      await verify(
        'bc1qyjjkmdpu7metqt5r36jf872a34syws33s82q2j',
        'VeryLongMessage!'.repeat(64),
        signature,
      ),
    ).toBe(true)
  })

  test('behavior: the header’s address type is not held to (as Electrum writes 31–34 for segwit); the key is', async () => {
    // bip322-js, which AppKit's Bitcoin SIWX verifies with, ignores it the same way by default.
    expect(
      await verify(
        'bc1qyjjkmdpu7metqt5r36jf872a34syws33s82q2j',
        trezorMessage,
        trezorSignature('20'),
      ),
    ).toBe(true)
    expect(
      await verify('3CwYaeWxhpXXiHue3ciQez1DLaTEAXcKa1', trezorMessage, trezorSignature('20')),
    ).toBe(true)
  })
})

/** A BIP-137 signature: the header (its type's first, plus the recovery id) and r and s. */
function signLegacy(privateKey: Uint8Array, message: string, firstHeader: 27 | 31 | 35 | 39) {
  const signature = secp256k1.sign(bitcoinSignedMessageHash(message), privateKey)
  return encodeBase64(
    new Uint8Array([firstHeader + signature.recovery, ...signature.toCompactRawBytes()]),
  )
}

describe('round trips on regtest', () => {
  const privateKey = randomPrivateKeyBytes()
  const compressed = pubECDSA(privateKey)
  const addresses = {
    p2pkh: p2pkh(compressed, regtest).address as string,
    p2pkhUncompressed: p2pkh(pubECDSA(privateKey, false), regtest).address as string,
    p2shP2wpkh: p2sh(p2wpkh(compressed, regtest), regtest).address as string,
    p2wpkh: p2wpkh(compressed, regtest).address as string,
  }
  const message = 'Sign in to shop.example'

  test.each([
    ['P2PKH', addresses.p2pkh, 31],
    ['P2PKH of an uncompressed key', addresses.p2pkhUncompressed, 27],
    ['P2SH-P2WPKH', addresses.p2shP2wpkh, 35],
    ['P2WPKH', addresses.p2wpkh, 39],
  ] as const)(
    'behavior: a %s signature verifies; of another message, or by another key, false',
    async (_, address, header) => {
      expect(await verify(address, message, signLegacy(privateKey, message, header), regtest)).toBe(
        true,
      )
      expect(
        await verify(address, `${message}.`, signLegacy(privateKey, message, header), regtest),
      ).toBe(false)
      expect(
        await verify(
          address,
          message,
          signLegacy(randomPrivateKeyBytes(), message, header),
          regtest,
        ),
      ).toBe(false)
    },
  )

  test('behavior: an uncompressed key’s signature is no segwit address’s', async () => {
    const signature = signLegacy(privateKey, message, 27)
    expect(await verify(addresses.p2wpkh, message, signature, regtest)).toBe(false)
    expect(await verify(addresses.p2shP2wpkh, message, signature, regtest)).toBe(false)
    expect(await verify(addresses.p2pkh, message, signature, regtest)).toBe(false)
  })

  test('behavior: a header out of 27–42 is refused as malformed', async () => {
    for (const header of [26, 43]) {
      const bytes = new Uint8Array(65).fill(1)
      bytes[0] = header
      const refusal = await verify(addresses.p2wpkh, message, encodeBase64(bytes), regtest).catch(
        (error: unknown) => error,
      )
      expect(refusal).toBeInstanceOf(BitcoinSignatureError)
      expect((refusal as Error).message).toBe(
        'Invalid signature: a legacy signature is 65 bytes whose first is from 27 to 42.',
      )
    }
  })

  test('behavior: a legacy signature for a Taproot address is refused: BIP-322 only', async () => {
    const taproot = p2tr(pubSchnorr(privateKey), undefined, regtest).address as string
    const refusal = await verify(
      taproot,
      message,
      signLegacy(privateKey, message, 39),
      regtest,
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(BitcoinSignatureError)
    expect((refusal as Error).message).toBe(
      'Invalid signature: a legacy signature is for a P2PKH, P2SH-P2WPKH or P2WPKH address, not for this one (tr); sign with BIP-322.',
    )
  })
})
