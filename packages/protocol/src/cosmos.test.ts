// `@airlock/protocol/cosmos` on real keys: bech32 addresses held to their chain's prefix, and
// ADR-036 signatures made by cosmjs's amino signer (what Keplr's and Leap's signArbitrary sign)
// checked; another key's, another message's and other forms refused.
import { Secp256k1Wallet, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, sha256 } from '@cosmjs/crypto'
import { fromBech32, toBase64, toBech32 } from '@cosmjs/encoding'
import { describe, expect, test } from 'vitest'
import * as exports from './cosmos'
import {
  adr036SignDoc,
  CosmosAddressError,
  CosmosSignatureError,
  cosmosAddressOn,
  cosmosCaipNetworkIds,
  cosmosNetworkOf,
  decodeCosmosAddress,
  verifyCosmosMessage,
} from './cosmos'

test('behavior: the cosmos entry exports exactly these names', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "CosmosAddressError",
      "CosmosSignatureError",
      "adr036SignDoc",
      "cosmosAddressOn",
      "cosmosCaipNetworkIds",
      "cosmosNetworkLabels",
      "cosmosNetworkNames",
      "cosmosNetworkOf",
      "cosmosNetworkParams",
      "decodeCosmosAddress",
      "parseCosmosSignature",
      "verifyCosmosMessage",
    ]
  `)
})

const accountBytes = new Uint8Array(20).fill(9)
const hub = toBech32('cosmos', accountBytes)
const osmo = toBech32('osmo', accountBytes)

describe('addresses', () => {
  test('dependency: @cosmjs/encoding 0.39 reads no address at its default limit (its @scure/base 2.4 refuses Infinity); cosmosAddresses.ts passes 90', () => {
    // When this fails the default works again and the explicit limit can go.
    expect(() => fromBech32(hub)).toThrow('limit: expected safe integer, got Infinity')
    expect(fromBech32(hub, 90).prefix).toBe('cosmos')
  })

  test('behavior: an address is its prefix and its account bytes', () => {
    expect(decodeCosmosAddress(hub)).toEqual({ prefix: 'cosmos', data: accountBytes })
    expect(cosmosAddressOn(hub, 'cosmoshub')).toBe(hub)
    expect(cosmosAddressOn(hub, 'local')).toBe(hub)
    expect(cosmosAddressOn(osmo, 'osmosis')).toBe(osmo)
  })

  test("error: another chain's address is refused, naming the chain it is of", () => {
    expect(() => cosmosAddressOn(osmo, 'cosmoshub')).toThrow(
      `"${osmo}" is not a Cosmos Hub address: it is an Osmosis one.`,
    )
    expect(() => cosmosAddressOn(hub, 'osmosis')).toThrow(
      `"${hub}" is not an Osmosis address: it is a Cosmos Hub one.`,
    )
    const juno = toBech32('juno', accountBytes)
    expect(() => cosmosAddressOn(juno, 'cosmoshub')).toThrow(
      `"${juno}" is not a Cosmos Hub address: its prefix is juno, not cosmos.`,
    )
  })

  test.each([
    ['a checksum off by a letter', `${hub.slice(0, -1)}${hub.endsWith('q') ? 'p' : 'q'}`],
    ['10 bytes', toBech32('cosmos', new Uint8Array(10))],
    ['a Polkadot address', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
    ['nothing', ''],
  ])('error: %s is no Cosmos address', (_, address) => {
    expect(() => decodeCosmosAddress(address)).toThrow(CosmosAddressError)
    expect(() => decodeCosmosAddress(address)).toThrow(`"${address}" is not a Cosmos address.`)
  })
})

describe('ADR-036 message signatures', async () => {
  const wallet = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(3), 'cosmos')
  const [account] = await wallet.getAccounts()
  const other = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(4), 'cosmos')
  const [otherAccount] = await other.getAccounts()
  if (!account || !otherAccount) throw new Error('no account')
  const message = 'shop.example wants you to sign in with your Cosmos account:\n…'
  const signArbitrary = async (signer: Secp256k1Wallet, address: string, text: string) =>
    JSON.stringify((await signer.signAmino(address, adr036SignDoc(address, text))).signature)

  test('behavior: the amino signer’s StdSignature of the ADR-036 document verifies', async () => {
    const signature = await signArbitrary(wallet, account.address, message)
    expect(
      verifyCosmosMessage({ address: account.address, message, signature, network: 'cosmoshub' }),
    ).toBe(true)
  })

  test('behavior: the ADR-036 document is the one Keplr signs (sorted amino JSON, no chain)', () => {
    expect(new TextDecoder().decode(serializeSignDoc(adr036SignDoc(hub, 'hi')))).toBe(
      `{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"aGk=","signer":"${hub}"}}],"sequence":"0"}`,
    )
  })

  test("behavior: another key's, another message's or a tampered signature is false", async () => {
    // Another key signing a document that names this address: its public key is not the address's.
    const byOther = JSON.stringify(
      (await other.signAmino(otherAccount.address, adr036SignDoc(account.address, message)))
        .signature,
    )
    expect(
      verifyCosmosMessage({
        address: account.address,
        message,
        signature: byOther,
        network: 'cosmoshub',
      }),
    ).toBe(false)
    const signature = await signArbitrary(wallet, account.address, message)
    expect(
      verifyCosmosMessage({
        address: account.address,
        message: `${message}!`,
        signature,
        network: 'cosmoshub',
      }),
    ).toBe(false)
    // This key's public key beside a signature of another text.
    const parsed = JSON.parse(signature)
    const otherText = JSON.parse(await signArbitrary(wallet, account.address, 'another text'))
    const swapped = JSON.stringify({ ...parsed, signature: otherText.signature })
    expect(
      verifyCosmosMessage({
        address: account.address,
        message,
        signature: swapped,
        network: 'cosmoshub',
      }),
    ).toBe(false)
  })

  test('behavior: a signature made from the raw key over the document verifies (no wallet between)', async () => {
    const key = new Uint8Array(32).fill(3)
    const { pubkey } = await Secp256k1.makeKeypair(key)
    const compressed = Secp256k1.compressPubkey(pubkey)
    const raw = await Secp256k1.createSignature(
      sha256(serializeSignDoc(adr036SignDoc(account.address, message))),
      key,
    )
    const signature = JSON.stringify({
      pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(compressed) },
      signature: toBase64(raw.toFixedLength().slice(0, 64)),
    })
    expect(
      verifyCosmosMessage({ address: account.address, message, signature, network: 'cosmoshub' }),
    ).toBe(true)
  })

  test.each([
    ['not JSON', 'c2lnbmF0dXJl', "a Cosmos signature is the wallet's StdSignature as JSON"],
    [
      'an ed25519 key',
      JSON.stringify({
        pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(new Uint8Array(32)) },
        signature: toBase64(new Uint8Array(64)),
      }),
      'only secp256k1 keys',
    ],
    [
      'a short key',
      JSON.stringify({
        pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(new Uint8Array(20)) },
        signature: toBase64(new Uint8Array(64)),
      }),
      'the public key is not 33 bytes of base64.',
    ],
    [
      'a 65-byte signature',
      JSON.stringify({
        pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(new Uint8Array(33)) },
        signature: toBase64(new Uint8Array(65)),
      }),
      'the signature is not 64 bytes of base64.',
    ],
  ])('error: a signature of %s is refused in words', (_, signature, words) => {
    expect(() =>
      verifyCosmosMessage({ address: account.address, message, signature, network: 'cosmoshub' }),
    ).toThrow(CosmosSignatureError)
    expect(() =>
      verifyCosmosMessage({ address: account.address, message, signature, network: 'cosmoshub' }),
    ).toThrow(`Invalid signature: ${words}`)
  })

  test("error: an address of another chain's prefix is refused before the signature", async () => {
    const signature = await signArbitrary(wallet, account.address, message)
    const onOsmosis = toBech32('osmo', decodeCosmosAddress(account.address).data)
    expect(() =>
      verifyCosmosMessage({ address: onOsmosis, message, signature, network: 'cosmoshub' }),
    ).toThrow(CosmosAddressError)
  })
})

test('behavior: a CAIP-2 id names its network', () => {
  expect(cosmosNetworkOf(cosmosCaipNetworkIds.osmosis)).toBe('osmosis')
  expect(cosmosNetworkOf('cosmos:juno-1')).toBeUndefined()
})
