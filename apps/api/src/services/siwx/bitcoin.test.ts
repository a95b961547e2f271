// Bitcoin sign-ins' signatures (bip122): the frame's message, signed by fresh regtest and
// mainnet keys the way wallets sign it (BIP-322 simple through scure's signIdx on to_sign, or a
// legacy BIP-137 signature), is the address's; anything else is not, or is refused in words.
import type { CaipNetworkId, SiwxMessageData } from '@airlock/protocol'
import {
  type BitcoinNetworkParams,
  bip322Signature,
  bip322ToSign,
  bitcoinNetworkParams,
  bitcoinSignedMessageHash,
} from '@airlock/protocol/bitcoin'
import { createSiwxMessage, parseSiwxMessage } from '@airlock/protocol/siwx-messages'
import { p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { bytesToHex, hexToBytes } from 'viem'
import { sign } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { isSignedBy } from './signatures'
import { frameMessage, refusal } from './testMessages'

const regtestId: CaipNetworkId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const mainnetId: CaipNetworkId = 'bip122:000000000019d6689c085ae165831e93'
const { regtest, mainnet } = bitcoinNetworkParams

type Kind = 'p2wpkh' | 'p2tr' | 'p2pkh' | 'p2sh-p2wpkh'

/** A fresh key's address of `kind` on `network`, and how its wallet signs a message. */
function wallet(kind: Kind, network: BitcoinNetworkParams, privateKey = randomPrivateKeyBytes()) {
  const key = pubECDSA(privateKey)
  const address = {
    p2wpkh: () => p2wpkh(key, network).address,
    p2tr: () => p2tr(pubSchnorr(privateKey), undefined, network).address,
    p2pkh: () => p2pkh(key, network).address,
    'p2sh-p2wpkh': () => p2sh(p2wpkh(key, network), network).address,
  }[kind]() as string
  const signMessage = async (message: string) => {
    if (kind === 'p2wpkh' || kind === 'p2tr') {
      const toSign = bip322ToSign(message, address, network, {
        tapInternalKey: pubSchnorr(privateKey),
      })
      toSign.signIdx(privateKey, 0)
      toSign.finalizeIdx(0)
      return bip322Signature(toSign)
    }
    // Legacy (BIP-137): header 31 (P2PKH, compressed) or 35 (P2SH-P2WPKH), plus the recovery id,
    // then r and s (viem's secp256k1 signature of the hash, as r, s and v 27 or 28).
    const rsv = hexToBytes(
      await sign({
        hash: bytesToHex(bitcoinSignedMessageHash(message)),
        privateKey: bytesToHex(privateKey),
        to: 'hex',
      }),
    )
    const header = (kind === 'p2pkh' ? 31 : 35) + ((rsv[64] ?? 27) - 27)
    return btoa(String.fromCharCode(header, ...rsv.subarray(0, 64)))
  }
  return { address, sign: signMessage }
}

describe.each([
  ['regtest', regtest, regtestId],
  ['mainnet', mainnet, mainnetId],
] as const)('a Bitcoin sign-in on %s', (_, network, chainId) => {
  test.each(['p2wpkh', 'p2tr', 'p2pkh', 'p2sh-p2wpkh'] as const)(
    'behavior: a %s wallet’s signature of the frame’s message is the address’s',
    async (kind) => {
      const { address, sign } = wallet(kind, network)
      const { data, message } = frameMessage(address, chainId)
      expect(message).toContain(' wants you to sign in with your Bitcoin account:\n')
      expect(data.accountAddress).toBe(address)
      expect(await isSignedBy(data, message, await sign(message), undefined)).toBe(true)
      expect(
        await isSignedBy(data, message, await sign(message), undefined, { offline: true }),
      ).toBe(true)
    },
  )

  test.each(['p2wpkh', 'p2tr', 'p2pkh', 'p2sh-p2wpkh'] as const)(
    'security: a %s signature of another message, or by another key, is not',
    async (kind) => {
      const privateKey = randomPrivateKeyBytes()
      const { address, sign } = wallet(kind, network, privateKey)
      const { data, message } = frameMessage(address, chainId)
      const other = createSiwxMessage({ ...data, nonce: 'an0therNonce' })
      expect(await isSignedBy(data, message, await sign(other), undefined)).toBe(false)
      const stranger = wallet(kind, network)
      expect(await isSignedBy(data, message, await stranger.sign(message), undefined)).toBe(false)
    },
  )
})

describe('refusals', () => {
  const { address, sign } = wallet('p2wpkh', regtest)
  const { data, message } = frameMessage(address, regtestId)

  test('error: a signature that is not base64 is refused as a signature', async () => {
    const error = await refusal(isSignedBy(data, message, 'not-valid-base64!!!', undefined))
    expect(error).toMatchObject({
      code: 'siwxInvalidSignature',
      message:
        'Invalid signature: a BIP-322 signature is base64 of a witness stack (a legacy one, base64 of 65 bytes).',
    })
  })

  test('error: a witness of another shape is refused as a signature', async () => {
    const error = await refusal(isSignedBy(data, message, 'AA==', undefined))
    expect(error).toMatchObject({
      code: 'siwxInvalidSignature',
      message:
        'Invalid signature: a P2WPKH signature is a witness of two items, a signature and a public key.',
    })
  })

  test('security: a message for a mainnet address on regtest is refused, naming both', async () => {
    const mainnetWallet = wallet('p2wpkh', mainnet)
    const text = createSiwxMessage({ ...data, accountAddress: mainnetWallet.address })
    const read = parseSiwxMessage(text)
    const error = await refusal(isSignedBy(read, text, await mainnetWallet.sign(text), undefined))
    expect(error).toMatchObject({
      code: 'siwxInvalidMessage',
      message: `Malformed sign-in message: "${mainnetWallet.address}" is not a regtest address: it is a mainnet one.`,
    })
  })

  test('error: a bip122 chain other than the four Bitcoin networks is refused', async () => {
    const litecoin: SiwxMessageData = {
      ...data,
      chainId: 'bip122:12a765e31ffd4059bada1e25190f6e98',
    }
    const error = await refusal(isSignedBy(litecoin, message, await sign(message), undefined))
    expect(error).toMatchObject({
      code: 'siwxInvalidSignature',
      message:
        'Invalid signature: bip122:12a765e31ffd4059bada1e25190f6e98 is not a Bitcoin network whose signatures are checked here (mainnet, testnet, signet, regtest).',
    })
  })
})
