// Polkadot and Cosmos sign-ins' signatures: the frame's message, signed as extensions sign it
// (polkadot{.js} signRaw: `<Bytes>`-wrapped sr25519 with its type byte; Keplr's signArbitrary:
// cosmjs's amino signer over the ADR-036 document), is the address's; another key's is not; an
// address of another network or a signature of the wrong form is refused in words.
import type { CaipNetworkId } from '@airlock/protocol'
import { adr036SignDoc } from '@airlock/protocol/cosmos'
import { polkadotAddressOf } from '@airlock/protocol/polkadot'
import { Secp256k1Wallet } from '@cosmjs/amino'
import { stringToU8a, u8aConcat, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { sr25519PairFromSeed, sr25519Sign } from '@polkadot/util-crypto'
import { describe, expect, test } from 'vitest'
import { isSignedBy } from './signatures'
import { frameMessage, refusal } from './testMessages'

describe('polkadot', () => {
  const pair = sr25519PairFromSeed(new Uint8Array(32).fill(1))
  const other = sr25519PairFromSeed(new Uint8Array(32).fill(2))
  const chainId: CaipNetworkId = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
  const address = polkadotAddressOf(pair.publicKey, 'polkadot')
  // What polkadot{.js}, Talisman and SubWallet return from signRaw({ type: 'bytes' }).
  const signRaw = (key: typeof pair, message: string) =>
    u8aToHex(u8aConcat([1], sr25519Sign(u8aWrapBytes(stringToU8a(message)), key)))

  test("behavior: an extension's signRaw of the message is the address's", async () => {
    const { data, message } = frameMessage(address, chainId)
    expect(message.split('\n')[0]).toBe(
      'shop.example wants you to sign in with your Polkadot account:',
    )
    expect(await isSignedBy(data, message, signRaw(pair, message), undefined)).toBe(true)
  })

  test("behavior: another key's signature is not", async () => {
    const { data, message } = frameMessage(address, chainId)
    expect(await isSignedBy(data, message, signRaw(other, message), undefined)).toBe(false)
  })

  test('error: a Kusama address on Polkadot is a malformed message', async () => {
    const kusama = polkadotAddressOf(pair.publicKey, 'kusama')
    const { data, message } = frameMessage(kusama, chainId)
    const error = await refusal(isSignedBy(data, message, signRaw(pair, message), undefined))
    expect(error.code).toBe('siwxInvalidMessage')
    expect(error.message).toBe(
      `Malformed sign-in message: "${kusama}" is not a Polkadot address: it is a Kusama one.`,
    )
  })

  test('error: a signature that is not hex is refused in words', async () => {
    const { data, message } = frameMessage(address, chainId)
    const error = await refusal(isSignedBy(data, message, 'not-a-signature', undefined))
    expect(error.code).toBe('siwxInvalidSignature')
    expect(error.message).toContain('Invalid signature: a Polkadot signature is 0x and the hex')
  })

  test('error: a Substrate chain not in the catalogue is refused in words', async () => {
    const { data, message } = frameMessage(address, 'polkadot:ffffffffffffffffffffffffffffffff')
    const error = await refusal(isSignedBy(data, message, signRaw(pair, message), undefined))
    expect(error.code).toBe('siwxInvalidSignature')
    expect(error.message).toContain('is not a Polkadot network whose signatures are checked here')
  })
})

describe('cosmos', async () => {
  const wallet = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(5), 'cosmos')
  const other = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(6), 'cosmos')
  const [account] = await wallet.getAccounts()
  const [otherAccount] = await other.getAccounts()
  if (!account || !otherAccount) throw new Error('no account')
  const chainId: CaipNetworkId = 'cosmos:cosmoshub-4'
  // What Keplr's and Leap's signArbitrary return, as JSON.
  const signArbitrary = async (signer: Secp256k1Wallet, from: string, message: string) =>
    JSON.stringify(
      (await signer.signAmino(from, adr036SignDoc(account.address, message))).signature,
    )

  test("behavior: a wallet's signArbitrary of the message is the address's", async () => {
    const { data, message } = frameMessage(account.address, chainId)
    expect(message.split('\n')[0]).toBe(
      'shop.example wants you to sign in with your Cosmos account:',
    )
    const signature = await signArbitrary(wallet, account.address, message)
    expect(await isSignedBy(data, message, signature, undefined)).toBe(true)
  })

  test("behavior: another key's signature of the same document is not", async () => {
    const { data, message } = frameMessage(account.address, chainId)
    const signature = await signArbitrary(other, otherAccount.address, message)
    expect(await isSignedBy(data, message, signature, undefined)).toBe(false)
  })

  test('error: an Osmosis address on the Cosmos Hub is a malformed message', async () => {
    const { data, message } = frameMessage(account.address, 'cosmos:osmosis-1')
    const error = await refusal(
      isSignedBy(data, message, await signArbitrary(wallet, account.address, message), undefined),
    )
    expect(error.code).toBe('siwxInvalidMessage')
    expect(error.message).toBe(
      `Malformed sign-in message: "${account.address}" is not an Osmosis address: it is a Cosmos Hub one.`,
    )
  })

  test('error: a bare base64 signature (no public key) is refused in words', async () => {
    const { data, message } = frameMessage(account.address, chainId)
    const { signature } = JSON.parse(await signArbitrary(wallet, account.address, message))
    const error = await refusal(isSignedBy(data, message, signature, undefined))
    expect(error.code).toBe('siwxInvalidSignature')
    expect(error.message).toContain(
      "Invalid signature: a Cosmos signature is the wallet's StdSignature",
    )
  })
})
