/**
 * The Cosmos wallet module (cosmosWallets.ts, built as airlock-cosmos.js) in Chromium, driven
 * through `discover` as the SDK drives it, against Keplr-style wallets made here (`window.keplr`,
 * `window.leap`) that sign for real with fresh secp256k1 keys through cosmjs's own signers
 * (`@cosmjs/amino` Secp256k1Wallet, `@cosmjs/proto-signing` DirectSecp256k1Wallet), as Keplr does:
 * `signArbitrary` is the amino signature of ADR-036's `sign/MsgSignData` document, `signDirect`
 * and `signAmino` sign the document given. Checked as a site would: ADR-036 with
 * `@airlock/protocol/cosmos`'s verifyCosmosMessage, the others with `@cosmjs/crypto` over the
 * document's sign bytes.
 *
 * Keplr's injected API as its docs give it (docs.keplr.app, "Use with Keplr" / "Suggest chain"):
 * `enable(chainIds)` prompts once per site and chain and rejects for a chain it has no info for;
 * `experimentalSuggestChain(chainInfo)` adds one; `getKey(chainId)`; `signArbitrary`,
 * `signDirect`, `signAmino`; `disable(chainIds)`; a `keplr_keystorechange` window event when the
 * visitor switches key (Leap's the same, `leap_` in front).
 */
import { verifyCosmosMessage } from '@airlock/protocol/cosmos'
import {
  makeSignDoc as makeAminoSignDoc,
  Secp256k1Wallet,
  type StdSignature,
  type StdSignDoc,
  serializeSignDoc,
} from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import {
  DirectSecp256k1Wallet,
  encodePubkey,
  makeAuthInfoBytes,
  makeSignBytes,
  Registry,
} from '@cosmjs/proto-signing'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { discover } from './cosmosWallets'
import type { HostWallet } from './hostWallets'

type Call = { method: string; args: unknown[] }
type SignDoc = {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}

/** The local chain's ChainInfo, as the frame sends it for a chain Keplr doesn't know. */
const localChainInfo = {
  chainId: 'airlock-local-1',
  chainName: 'Airlock Local',
  rpc: 'http://127.0.0.1:26657',
  rest: 'http://127.0.0.1:1317',
  bip44: { coinType: 118 },
  bech32Config: { bech32PrefixAccAddr: 'cosmos', bech32PrefixAccPub: 'cosmospub' },
  currencies: [{ coinDenom: 'ATOM', coinMinimalDenom: 'uatom', coinDecimals: 6 }],
  feeCurrencies: [{ coinDenom: 'ATOM', coinMinimalDenom: 'uatom', coinDecimals: 6 }],
}

const randomKey = () => crypto.getRandomValues(new Uint8Array(32))

/**
 * A Keplr-style wallet at `window[global]` (removed when the test ends) that knows Cosmos Hub
 * (and what is suggested to it), remembers the chains this site may use, and holds one key,
 * which `switchKey` replaces as a visitor switching account does.
 */
function installKeplr(global: 'keplr' | 'leap') {
  const calls: Call[] = []
  const known = new Map([['cosmoshub-4', 'cosmos']])
  const allowed = new Set<string>()
  let approve = true
  let privateKey = randomKey()
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args })
  const signers = async (chainId: string) => {
    const prefix = known.get(chainId)
    if (!prefix || !allowed.has(chainId)) throw new Error(`${chainId} is not enabled`)
    return {
      amino: await Secp256k1Wallet.fromKey(privateKey, prefix),
      direct: await DirectSecp256k1Wallet.fromKey(privateKey, prefix),
    }
  }
  /** The signers of the chain, once `signer` is the key's address on it (Keplr checks it too). */
  const signing = async (chainId: string, signer: string) => {
    const held = await signers(chainId)
    const [account] = await held.amino.getAccounts()
    if (account?.address !== signer) throw new Error('Signer mismatched')
    return held
  }
  const keplr = {
    async enable(chainIds: string | string[]) {
      record('enable', chainIds)
      for (const chainId of [chainIds].flat()) {
        if (!known.has(chainId)) throw new Error(`There is no chain info for ${chainId}`)
        if (!allowed.has(chainId) && !approve) throw new Error('Request rejected')
        allowed.add(chainId)
      }
    },
    async experimentalSuggestChain(chainInfo: typeof localChainInfo) {
      record('experimentalSuggestChain', chainInfo)
      known.set(chainInfo.chainId, chainInfo.bech32Config.bech32PrefixAccAddr)
    },
    async getKey(chainId: string) {
      const [account] = await (await signers(chainId)).amino.getAccounts()
      return {
        name: 'Visitor',
        algo: account!.algo,
        pubKey: account!.pubkey,
        address: new Uint8Array(20),
        bech32Address: account!.address,
        isNanoLedger: false,
      }
    },
    async signArbitrary(chainId: string, signer: string, data: string) {
      record('signArbitrary', chainId, signer, data)
      const { amino } = await signing(chainId, signer)
      const adr036 = makeAminoSignDoc(
        [
          {
            type: 'sign/MsgSignData',
            value: { signer, data: toBase64(new TextEncoder().encode(data)) },
          },
        ],
        { gas: '0', amount: [] },
        '',
        '',
        0,
        0,
      )
      return (await amino.signAmino(signer, adr036)).signature
    },
    async signDirect(chainId: string, signer: string, signDoc: SignDoc) {
      record('signDirect', chainId, signer, signDoc)
      return (await signing(chainId, signer)).direct.signDirect(signer, signDoc)
    },
    async signAmino(chainId: string, signer: string, signDoc: StdSignDoc) {
      record('signAmino', chainId, signer, signDoc)
      return (await signing(chainId, signer)).amino.signAmino(signer, signDoc)
    },
    async disable(chainIds?: string | string[]) {
      record('disable', chainIds)
      for (const chainId of [chainIds ?? [...allowed]].flat()) allowed.delete(chainId)
    },
  }
  const page = globalThis as Record<string, unknown>
  page[global] = keplr
  onTestFinished(() => {
    delete page[global]
  })
  return {
    calls,
    keplr,
    refuse: () => {
      approve = false
    },
    switchKey() {
      privateKey = randomKey()
      dispatchEvent(new Event(`${global}_keystorechange`))
    },
  }
}

/** The error `run` rejects with (any other outcome fails the test). */
async function refusal(run: () => Promise<unknown> | undefined) {
  const outcome = await run()?.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof Error)) throw new Error('expected a refusal')
  return outcome as Error & { code?: number }
}

function started() {
  const onEvent = vi.fn()
  return { module: discover(() => {}, onEvent), onEvent }
}

function listed(module: ReturnType<typeof discover>, named: string, wallets: HostWallet[] = []) {
  const wallet = module.merge(wallets).find(({ name }) => name === named)
  if (!wallet) throw new Error(`No wallet "${named}" listed.`)
  return wallet
}

type Connected = { address: string; publicKey: string; algo: string }

/** A wallet listed and connected on Cosmos Hub, with its account. */
async function connectedKeplr(global: 'keplr' | 'leap' = 'keplr') {
  const installed = installKeplr(global)
  const { module, onEvent } = started()
  const wallet = listed(module, global === 'keplr' ? 'Keplr' : 'Leap')
  const [account] = (await module.request(wallet, {
    method: 'cosmos_connect',
    params: { chainId: 'cosmoshub-4' },
  })) as Connected[]
  installed.calls.length = 0
  return { ...installed, module, onEvent, wallet, account: account! }
}

/** Whether `signature` is the account's over `signBytes`' SHA-256, as a chain checks it. */
function signs(signature: StdSignature, signBytes: Uint8Array, account: Connected) {
  expect(signature.pub_key).toEqual({
    type: 'tendermint/PubKeySecp256k1',
    value: account.publicKey,
  })
  return Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
    sha256(signBytes),
    fromBase64(account.publicKey),
  )
}

/** A bank send's transaction body and auth info, as a dapp's signer builds them. */
function directSignDoc(account: Connected) {
  const bodyBytes = new Registry().encodeTxBody({
    messages: [
      {
        typeUrl: '/cosmos.bank.v1beta1.MsgSend',
        value: {
          fromAddress: account.address,
          toAddress: account.address,
          amount: [{ denom: 'uatom', amount: '1000' }],
        },
      },
    ],
    memo: 'from the frame',
  })
  const authInfoBytes = makeAuthInfoBytes(
    [
      {
        pubkey: encodePubkey({ type: 'tendermint/PubKeySecp256k1', value: account.publicKey }),
        sequence: 7n,
      },
    ],
    [{ denom: 'uatom', amount: '500' }],
    200_000,
    undefined,
    undefined,
  )
  return { bodyBytes, authInfoBytes }
}

describe('Keplr-style wallets (window.keplr, window.leap)', () => {
  test('behavior: Keplr and Leap are listed by name as Cosmos wallets; a page without them lists none', () => {
    const { module } = started()
    expect(module.merge([])).toEqual([])
    const keplr = installKeplr('keplr')
    const leap = installKeplr('leap')

    expect(module.merge([])).toEqual([
      {
        id: 'cosmos:Keplr',
        name: 'Keplr',
        icon: '',
        type: 'ANNOUNCED',
        namespaces: ['cosmos'],
        cosmos: keplr.keplr,
      },
      {
        id: 'cosmos:Leap',
        name: 'Leap',
        icon: '',
        type: 'ANNOUNCED',
        namespaces: ['cosmos'],
        cosmos: leap.keplr,
      },
    ])
  })

  test('behavior: a Keplr that also announces over EIP-6963 is one wallet, gaining cosmos', () => {
    const { module } = started()
    const { keplr } = installKeplr('keplr')
    const announced: HostWallet = {
      id: 'uuid-keplr',
      name: 'keplr',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      rdns: 'app.keplr',
      type: 'ANNOUNCED',
    }

    expect(module.merge([announced])).toEqual([
      { ...announced, namespaces: ['eip155', 'cosmos'], cosmos: keplr },
    ])
  })

  test('behavior: a connect the visitor refuses is 4001, a silent one []; neither suggests a chain', async () => {
    const { calls, refuse } = installKeplr('keplr')
    const { module } = started()
    const wallet = listed(module, 'Keplr')
    const connect = (params: object) =>
      module.request(wallet, {
        method: 'cosmos_connect',
        params: { chainId: 'cosmoshub-4', ...params },
      })
    refuse()

    expect(await connect({ silent: true })).toEqual([])
    // Keplr's refusal has no code: the frame hears the visitor's no as 4001. Not a chain to
    // suggest either, ChainInfo or not.
    for (const params of [{}, { chainInfo: localChainInfo }]) {
      const error = await refusal(() => connect(params))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4001,
        message: 'Request rejected',
      })
    }
    expect(calls.map(({ method }) => method)).toEqual(['enable', 'enable', 'enable'])
  })

  test('behavior: a prompted connect answers the key, which a later silent connect answers without a prompt; the answer is JSON', async () => {
    const installed = installKeplr('leap')
    const { module } = started()
    const wallet = listed(module, 'Leap')
    const connect = (params: object) =>
      module.request(wallet, {
        method: 'cosmos_connect',
        params: { chainId: 'cosmoshub-4', ...params },
      })

    const answer = (await connect({})) as Connected[]
    const key = await installed.keplr.getKey('cosmoshub-4')
    expect(answer).toEqual([
      { address: key.bech32Address, publicKey: toBase64(key.pubKey), algo: 'secp256k1' },
    ])
    expect(answer[0]?.address).toMatch(/^cosmos1/)
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer)
    installed.refuse()
    expect(await connect({ silent: true })).toEqual(answer)
  })

  test('behavior: a chain the wallet does not know is suggested with the frame’s ChainInfo, then enabled; without a ChainInfo the wallet’s refusal comes back', async () => {
    const { calls } = installKeplr('keplr')
    const { module } = started()
    const wallet = listed(module, 'Keplr')

    const error = await refusal(() =>
      module.request(wallet, { method: 'cosmos_connect', params: { chainId: 'airlock-local-1' } }),
    )
    expect(error.message).toBe('There is no chain info for airlock-local-1')
    expect(
      await module.request(wallet, {
        method: 'cosmos_connect',
        params: { chainId: 'airlock-local-1', chainInfo: localChainInfo, silent: true },
      }),
    ).toEqual([])
    calls.length = 0

    const [account] = (await module.request(wallet, {
      method: 'cosmos_connect',
      params: { chainId: 'airlock-local-1', chainInfo: localChainInfo },
    })) as Connected[]

    expect(calls).toEqual([
      { method: 'enable', args: ['airlock-local-1'] },
      { method: 'experimentalSuggestChain', args: [localChainInfo] },
      { method: 'enable', args: ['airlock-local-1'] },
    ])
    // Signs on the suggested chain: an ADR-036 signature of the local network's address.
    const signature = await module.request(wallet, {
      method: 'cosmos_signArbitrary',
      params: { chainId: 'airlock-local-1', address: account!.address, message: 'hi' },
    })
    expect(
      verifyCosmosMessage({
        address: account!.address,
        message: 'hi',
        signature: JSON.stringify(signature),
        network: 'local',
      }),
    ).toBe(true)
  })

  test('behavior: signArbitrary answers the wallet’s StdSignature, an ADR-036 signature that verifies for the address over the message only', async () => {
    const { module, wallet, account, calls } = await connectedKeplr()
    const message = 'Sign in to shop.example\nNonce: 8f2c'

    const signature = await module.request(wallet, {
      method: 'cosmos_signArbitrary',
      params: { chainId: 'cosmoshub-4', address: account.address, message },
    })

    expect(calls).toEqual([
      { method: 'signArbitrary', args: ['cosmoshub-4', account.address, message] },
    ])
    const verify = (signed: string) =>
      verifyCosmosMessage({
        address: account.address,
        message: signed,
        signature: JSON.stringify(signature),
        network: 'cosmoshub',
      })
    expect(verify(message)).toBe(true)
    expect(verify(`${message}.`)).toBe(false)
  })

  test('behavior: signDirect takes base64 bytes and a decimal account number, hands the wallet bytes and a bigint, and answers the signed document in the same JSON shape with a valid signature', async () => {
    const { module, wallet, account, calls } = await connectedKeplr()
    const { bodyBytes, authInfoBytes } = directSignDoc(account)
    const signDoc = {
      bodyBytes: toBase64(bodyBytes),
      authInfoBytes: toBase64(authInfoBytes),
      chainId: 'cosmoshub-4',
      accountNumber: '18446744073709551615',
    }

    const answer = (await module.request(wallet, {
      method: 'cosmos_signDirect',
      params: { chainId: 'cosmoshub-4', address: account.address, signDoc },
    })) as { signed: typeof signDoc; signature: StdSignature }

    const given = {
      bodyBytes,
      authInfoBytes,
      chainId: 'cosmoshub-4',
      accountNumber: 2n ** 64n - 1n,
    }
    expect(calls).toEqual([{ method: 'signDirect', args: ['cosmoshub-4', account.address, given] }])
    expect(answer.signed).toEqual(signDoc)
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer)
    expect(signs(answer.signature, makeSignBytes(given), account)).toBe(true)
    expect(signs(answer.signature, makeSignBytes({ ...given, accountNumber: 1n }), account)).toBe(
      false,
    )
  })

  test('behavior: signAmino hands the wallet the StdSignDoc and answers what it signed with a valid signature', async () => {
    const { module, wallet, account } = await connectedKeplr('leap')
    const signDoc = makeAminoSignDoc(
      [
        {
          type: 'cosmos-sdk/MsgSend',
          value: {
            from_address: account.address,
            to_address: account.address,
            amount: [{ denom: 'uatom', amount: '1000' }],
          },
        },
      ],
      { gas: '200000', amount: [{ denom: 'uatom', amount: '500' }] },
      'cosmoshub-4',
      'from the frame',
      12,
      7,
    )

    const answer = (await module.request(wallet, {
      method: 'cosmos_signAmino',
      params: { chainId: 'cosmoshub-4', address: account.address, signDoc },
    })) as { signed: StdSignDoc; signature: StdSignature }

    expect(answer.signed).toEqual(signDoc)
    expect(signs(answer.signature, serializeSignDoc(signDoc), account)).toBe(true)
    expect(signs(answer.signature, serializeSignDoc({ ...signDoc, sequence: '8' }), account)).toBe(
      false,
    )
  })

  test('behavior: an address that is not the wallet’s key on the chain (or a chain not enabled) is 4100, and the wallet is not asked to sign', async () => {
    const { module, wallet, account, calls } = await connectedKeplr()
    const stranger = (await (await Secp256k1Wallet.fromKey(randomKey())).getAccounts())[0]!.address
    const refused = async (method: string, params: object) => {
      const error = await refusal(() => module.request(wallet, { method, params }))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4100,
        message: 'The account is not connected to this site.',
      })
    }

    await refused('cosmos_signArbitrary', {
      chainId: 'cosmoshub-4',
      address: stranger,
      message: 'hi',
    })
    await refused('cosmos_signAmino', { chainId: 'cosmoshub-4', address: stranger, signDoc: {} })
    const { bodyBytes, authInfoBytes } = directSignDoc(account)
    await refused('cosmos_signDirect', {
      chainId: 'osmosis-1',
      address: account.address,
      signDoc: {
        bodyBytes: toBase64(bodyBytes),
        authInfoBytes: toBase64(authInfoBytes),
        chainId: 'osmosis-1',
        accountNumber: '1',
      },
    })
    expect(calls).toEqual([])
  })

  test('behavior: a key change reaches onEvent as cosmosAccountsChanged with the new addresses of the chains enabled through the module; disconnect disables the chain', async () => {
    const installed = await connectedKeplr()
    const { module, wallet, onEvent, account } = installed

    installed.switchKey()
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1))
    const next = (await installed.keplr.getKey('cosmoshub-4')).bech32Address
    expect(next).not.toBe(account.address)
    expect(onEvent.mock.calls).toEqual([['cosmos:Keplr', 'cosmosAccountsChanged', [next]]])

    expect(
      await module.request(wallet, {
        method: 'cosmos_disconnect',
        params: { chainId: 'cosmoshub-4' },
      }),
    ).toBeNull()
    expect(installed.calls).toEqual([{ method: 'disable', args: ['cosmoshub-4'] }])
    installed.switchKey()
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledTimes(2))
    expect(onEvent.mock.calls[1]).toEqual(['cosmos:Keplr', 'cosmosAccountsChanged', []])
  })

  test('behavior: parameters the frame got wrong are -32602 naming what is expected, and the wallet is not asked', async () => {
    const { module, wallet, account, calls } = await connectedKeplr()
    const { address } = account
    const signDoc = {
      bodyBytes: 'AQID',
      authInfoBytes: 'BAUG',
      chainId: 'cosmoshub-4',
      accountNumber: '1',
    }
    const directDoc =
      'signDoc must have bodyBytes and authInfoBytes in base64, its chainId, and accountNumber as a decimal string.'
    for (const [method, params, message] of [
      ['cosmos_connect', {}, 'chainId must be a Cosmos chain id.'],
      ['cosmos_signArbitrary', { chainId: 'cosmoshub-4', address }, 'message must be text.'],
      ['cosmos_signDirect', { chainId: 'cosmoshub-4', address }, directDoc],
      [
        'cosmos_signDirect',
        { chainId: 'cosmoshub-4', address, signDoc: { ...signDoc, bodyBytes: '0x0102' } },
        directDoc,
      ],
      [
        'cosmos_signDirect',
        { chainId: 'cosmoshub-4', address, signDoc: { ...signDoc, accountNumber: -1 } },
        directDoc,
      ],
      ['cosmos_signAmino', { chainId: 'cosmoshub-4', address }, 'signDoc must be a StdSignDoc.'],
    ] as const) {
      const error = await refusal(() => module.request(wallet, { method, params }))
      expect({ code: error.code, message: error.message }).toEqual({ code: -32602, message })
    }
    expect(calls).toEqual([])
  })

  test('behavior: an unknown cosmos_ method is 4200; other namespaces’ methods, and wallets without a Cosmos side, are not this module’s', async () => {
    const { calls } = installKeplr('keplr')
    const { module } = started()
    const wallet = listed(module, 'Keplr')

    const error = await refusal(() =>
      module.request(wallet, { method: 'cosmos_sendTx', params: {} }),
    )
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4200,
      message: 'The wallet does not support cosmos_sendTx.',
    })
    expect(module.request(wallet, { method: 'polkadot_connect', params: {} })).toBeUndefined()
    const evm: HostWallet = { id: 'uuid-1', name: 'EVM Only', icon: '', type: 'ANNOUNCED' }
    expect(
      module.request(evm, { method: 'cosmos_connect', params: { chainId: 'cosmoshub-4' } }),
    ).toBeUndefined()
    expect(calls).toEqual([])
  })
})
