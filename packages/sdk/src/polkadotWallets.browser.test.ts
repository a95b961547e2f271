/**
 * The Polkadot wallet module (polkadotWallets.ts, built as airlock-polkadot.js) in Chromium,
 * driven through `discover` as the SDK drives it, against extensions made here that inject
 * themselves into `window.injectedWeb3` by the `@polkadot/extension-dapp` protocol and sign for
 * real with fresh sr25519 keys (`@polkadot/util-crypto`), as polkadot{.js} signs: `signRaw` over
 * the data wrapped in `<Bytes>…</Bytes>` (64 bytes, no type byte), `signPayload` over the
 * payload's SCALE bytes (with the sr25519 type byte 0x01 in front). Signatures are checked as a
 * site would, with `@airlock/protocol/polkadot`'s verifyPolkadotMessage.
 */
import { verifyPolkadotMessage } from '@airlock/protocol/polkadot'
import {
  bnToU8a,
  compactToU8a,
  hexToU8a,
  stringToU8a,
  u8aConcat,
  u8aToHex,
  u8aWrapBytes,
} from '@polkadot/util'
import {
  blake2AsU8a,
  cryptoWaitReady,
  encodeAddress,
  randomAsU8a,
  sr25519PairFromSeed,
  sr25519Sign,
} from '@polkadot/util-crypto'
import { beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import type { HostWallet } from './hostWallets'
import { discover } from './polkadotWallets'

type Account = { address: string; name: string; type: 'sr25519'; sign(data: Uint8Array): string }
type Call = { method: string; args: unknown[] }

beforeAll(() => cryptoWaitReady())

/** A fresh sr25519 account, its address with the generic prefix 42 (Westend's and local's). */
function account(name: string): Account {
  const pair = sr25519PairFromSeed(randomAsU8a(32))
  return {
    address: encodeAddress(pair.publicKey, 42),
    name,
    type: 'sr25519',
    sign: (data) => u8aToHex(sr25519Sign(data, pair)),
  }
}

/** A signer payload (SignerPayloadJSON) for a transfer on a chain of prefix 42. */
function signerPayload(address: string) {
  return {
    address,
    blockHash: u8aToHex(randomAsU8a(32)),
    blockNumber: '0x00000010',
    era: '0x0500',
    genesisHash: u8aToHex(randomAsU8a(32)),
    method: u8aToHex(u8aConcat([0x05, 0x00], randomAsU8a(33), compactToU8a(10n ** 10n))),
    nonce: '0x00000003',
    signedExtensions: ['CheckNonce', 'CheckMortality', 'ChargeTransactionPayment'],
    specVersion: '0x000f4240',
    tip: '0x00000000000000000000000000000000',
    transactionVersion: '0x00000019',
    version: 4,
  }
}
type SignerPayload = ReturnType<typeof signerPayload>

/**
 * The bytes an extension signs for a payload, as ExtrinsicPayload encodes them (method, era,
 * compact nonce and tip, spec and transaction versions as u32, genesis and block hash), hashed
 * with blake2-256 when longer than 256 bytes.
 */
function payloadBytes(payload: SignerPayload) {
  const u32 = (hex: string) => bnToU8a(BigInt(hex), { bitLength: 32 })
  const bytes = u8aConcat(
    hexToU8a(payload.method),
    hexToU8a(payload.era),
    compactToU8a(BigInt(payload.nonce)),
    compactToU8a(BigInt(payload.tip)),
    u32(payload.specVersion),
    u32(payload.transactionVersion),
    hexToU8a(payload.genesisHash),
    hexToU8a(payload.blockHash),
  )
  return bytes.length > 256 ? blake2AsU8a(bytes) : bytes
}

/**
 * A polkadot{.js}-style extension under `key` of `window.injectedWeb3` (removed when the test
 * ends), holding `accounts`. It remembers whether this site is authorised, as the extension does:
 * `enable` prompts the first time (`approve` answers the prompt) and not after.
 */
function installExtension(key: string, accounts = [account('Alice')]) {
  const calls: Call[] = []
  const listeners = new Set<(accounts: Omit<Account, 'sign'>[]) => void>()
  let authorised = false
  let approve = true
  let cancel = false
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args })
  const shared = () =>
    authorised ? accounts.map(({ address, name, type }) => ({ address, name, type })) : []
  const holder = (address: string) => {
    const found = accounts.find((known) => known.address === address)
    if (!found) throw new Error(`Unable to find a keypair for ${address}`)
    return found
  }
  const injected = {
    accounts: {
      get: async () => shared(),
      subscribe(listener: (accounts: Omit<Account, 'sign'>[]) => void) {
        listeners.add(listener)
        listener(shared())
        return () => listeners.delete(listener)
      },
    },
    signer: {
      async signRaw(raw: { address: string; data: string; type: 'bytes' }) {
        record('signRaw', raw)
        if (cancel) throw new Error('Cancelled')
        return { id: 1, signature: holder(raw.address).sign(u8aWrapBytes(raw.data)) }
      },
      async signPayload(payload: SignerPayload) {
        record('signPayload', payload)
        const signature = holder(payload.address).sign(payloadBytes(payload))
        return { id: 2, signature: u8aToHex(u8aConcat([0x01], hexToU8a(signature))) }
      },
    },
  }
  const extension = {
    version: '0.58.1',
    async enable(originName: string) {
      record('enable', originName)
      if (!authorised && !approve) throw new Error('Rejected')
      authorised = true
      return injected
    },
  }
  const page = globalThis as { injectedWeb3?: Record<string, unknown> }
  page.injectedWeb3 = { ...page.injectedWeb3, [key]: extension }
  onTestFinished(() => {
    delete page.injectedWeb3?.[key]
  })
  return {
    accounts,
    calls,
    extension,
    refuse: () => {
      approve = false
    },
    /** The visitor cancels the signing prompts from now on. */
    cancelSigning: () => {
      cancel = true
    },
    setAccounts(next: Account[]) {
      accounts = next
      for (const listener of listeners) listener(shared())
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

const dappName = 'shop.example'

describe('Polkadot extensions in window.injectedWeb3', () => {
  test('behavior: known keys are listed by their wallets’ names, others by their key; a page without any lists none', () => {
    const { module } = started()
    expect(module.merge([])).toEqual([])
    const polkadotJs = installExtension('polkadot-js')
    const talisman = installExtension('talisman')
    const subwallet = installExtension('subwallet-js')
    const other = installExtension('fearless-wallet')

    expect(module.merge([])).toEqual(
      [
        ['polkadot{.js}', polkadotJs],
        ['Talisman', talisman],
        ['SubWallet', subwallet],
        ['fearless-wallet', other],
      ].map(([name, installed]) => ({
        id: `polkadot:${name}`,
        name,
        icon: '',
        type: 'ANNOUNCED',
        namespaces: ['polkadot'],
        polkadot: (installed as ReturnType<typeof installExtension>).extension,
      })),
    )
  })

  test('behavior: a Talisman that also announces over EIP-6963 is one wallet, gaining polkadot (by name, whatever its case)', () => {
    const { module } = started()
    const talisman = installExtension('talisman')
    const announced: HostWallet = {
      id: 'uuid-talisman',
      name: 'TALISMAN',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      rdns: 'xyz.talisman',
      type: 'ANNOUNCED',
    }

    expect(module.merge([announced])).toEqual([
      { ...announced, namespaces: ['eip155', 'polkadot'], polkadot: talisman.extension },
    ])
  })

  test('behavior: connect enables the extension with the dapp’s name and answers its accounts; the answer is JSON', async () => {
    const { accounts, calls } = installExtension('polkadot-js', [account('Alice'), account('Bob')])
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')

    const answer = await module.request(wallet, {
      method: 'polkadot_connect',
      params: { dappName },
    })

    expect(answer).toEqual(
      accounts.map(({ address, name }) => ({ address, type: 'sr25519', name })),
    )
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer)
    expect(calls).toEqual([{ method: 'enable', args: [dappName] }])
  })

  test('behavior: a silent connect answers [] when the extension refuses the site, and its accounts once the site is authorised', async () => {
    const installed = installExtension('talisman')
    const { module } = started()
    const wallet = listed(module, 'Talisman')
    const connect = (params: object) =>
      module.request(wallet, { method: 'polkadot_connect', params: { dappName, ...params } })
    installed.refuse()

    expect(await connect({ silent: true })).toEqual([])
    // The extension's refusal has no code: the frame hears the visitor's no as 4001.
    const error = await refusal(() => connect({}))
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4001,
      message: 'Rejected',
    })

    const authorised = installExtension('talisman')
    const again = started().module
    const accounts = [{ address: authorised.accounts[0]!.address, type: 'sr25519', name: 'Alice' }]
    const authorisedWallet = listed(again, 'Talisman')
    expect(
      await again.request(authorisedWallet, {
        method: 'polkadot_connect',
        params: { dappName },
      }),
    ).toEqual(accounts)
    expect(
      await again.request(authorisedWallet, {
        method: 'polkadot_connect',
        params: { dappName, silent: true },
      }),
    ).toEqual(accounts)
  })

  test('behavior: signRaw asks for bytes and answers a signature that verifies for the address over the message', async () => {
    const { accounts, calls } = installExtension('polkadot-js')
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    const address = accounts[0]!.address
    const message = 'Sign in to shop.example\nNonce: 8f2c'
    const data = u8aToHex(stringToU8a(message))

    const answer = (await module.request(wallet, {
      method: 'polkadot_signRaw',
      params: { address, data },
    })) as { signature: string }

    expect(calls.at(-1)).toEqual({ method: 'signRaw', args: [{ address, data, type: 'bytes' }] })
    expect(Object.keys(answer)).toEqual(['signature'])
    const verify = (signed: string, by = address) =>
      verifyPolkadotMessage({
        address: by,
        message: signed,
        signature: answer.signature,
        network: 'westend',
      })
    expect(verify(message)).toBe(true)
    expect(verify(`${message}.`)).toBe(false)
    expect(verify(message, account('Eve').address)).toBe(false)
  })

  test('behavior: signPayload hands the extension the payload and answers its signature, valid over the payload’s bytes', async () => {
    const { accounts, calls } = installExtension('subwallet-js')
    const { module } = started()
    const wallet = listed(module, 'SubWallet')
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    const payload = signerPayload(accounts[0]!.address)

    const answer = (await module.request(wallet, {
      method: 'polkadot_signPayload',
      params: { payload },
    })) as { signature: string }

    expect(calls.at(-1)).toEqual({ method: 'signPayload', args: [payload] })
    expect(Object.keys(answer)).toEqual(['signature'])
    const verify = (bytes: Uint8Array) =>
      verifyPolkadotMessage({
        address: payload.address,
        message: bytes,
        signature: answer.signature,
        network: 'westend',
      })
    expect(verify(payloadBytes(payload))).toBe(true)
    expect(verify(payloadBytes({ ...payload, nonce: '0x00000004' }))).toBe(false)
  })

  test('behavior: a signature the visitor cancels is 4001 with the extension’s words', async () => {
    const installed = installExtension('polkadot-js')
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    installed.cancelSigning()

    const error = await refusal(() =>
      module.request(wallet, {
        method: 'polkadot_signRaw',
        params: { address: installed.accounts[0]!.address, data: '0x01' },
      }),
    )
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4001,
      message: 'Cancelled',
    })
  })

  test('behavior: an address the extension did not give this site (or any before connect) is 4100, and the extension is not asked to sign', async () => {
    const { accounts, calls } = installExtension('polkadot-js')
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')
    const address = accounts[0]!.address
    const stranger = account('Eve').address
    const refused = async (method: string, params: object) => {
      const error = await refusal(() => module.request(wallet, { method, params }))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4100,
        message: 'The account is not connected to this site.',
      })
    }

    await refused('polkadot_signRaw', { address, data: '0x01' })
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    await refused('polkadot_signRaw', { address: stranger, data: '0x01' })
    await refused('polkadot_signPayload', { payload: signerPayload(stranger) })
    expect(calls.map(({ method }) => method)).toEqual(['enable'])
  })

  test('behavior: the accounts the extension shares reach onEvent as polkadotAccountsChanged, under the id it is listed by now, until disconnect', async () => {
    const installed = installExtension('talisman')
    const { module, onEvent } = started()
    const wallet = listed(module, 'Talisman')
    const alice = installed.accounts[0]!
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    await module.request(wallet, { method: 'polkadot_connect', params: { dappName } })
    const announced: HostWallet = {
      id: 'uuid-talisman',
      name: 'Talisman',
      icon: '',
      type: 'ANNOUNCED',
    }
    module.merge([announced])
    const bob = account('Bob')

    installed.setAccounts([alice, bob])
    expect(await module.request(wallet, { method: 'polkadot_disconnect' })).toBeNull()
    installed.setAccounts([bob])

    expect(onEvent.mock.calls).toEqual([
      ['polkadot:Talisman', 'polkadotAccountsChanged', [alice.address]],
      ['uuid-talisman', 'polkadotAccountsChanged', [alice.address, bob.address]],
    ])
    // Forgotten: signing needs a connect again.
    const error = await refusal(() =>
      module.request(wallet, {
        method: 'polkadot_signRaw',
        params: { address: bob.address, data: '0x01' },
      }),
    )
    expect(error.code).toBe(4100)
  })

  test('behavior: parameters the frame got wrong are -32602 naming what is expected, and the extension is not asked', async () => {
    const { accounts, calls } = installExtension('polkadot-js')
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')
    const address = accounts[0]!.address
    for (const [method, params, message] of [
      ['polkadot_connect', {}, 'dappName must be the name the extension shows the visitor.'],
      [
        'polkadot_signRaw',
        { address, data: 'hello' },
        'data must be the bytes to sign as 0x and hex.',
      ],
      [
        'polkadot_signRaw',
        { address, data: '0x123' },
        'data must be the bytes to sign as 0x and hex.',
      ],
      ['polkadot_signPayload', {}, 'payload must be a SignerPayloadJSON, with its address.'],
    ] as const) {
      const error = await refusal(() => module.request(wallet, { method, params }))
      expect({ code: error.code, message: error.message }).toEqual({ code: -32602, message })
    }
    expect(calls).toEqual([])
  })

  test('behavior: an unknown polkadot_ method is 4200; other namespaces’ methods, and wallets without a Polkadot side, are not this module’s', async () => {
    const { calls } = installExtension('polkadot-js')
    const { module } = started()
    const wallet = listed(module, 'polkadot{.js}')

    const error = await refusal(() =>
      module.request(wallet, { method: 'polkadot_signTransaction', params: {} }),
    )
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4200,
      message: 'The wallet does not support polkadot_signTransaction.',
    })
    expect(module.request(wallet, { method: 'eth_accounts' })).toBeUndefined()
    expect(module.request(wallet, { method: 'cosmos_connect', params: {} })).toBeUndefined()
    const evm: HostWallet = { id: 'uuid-1', name: 'EVM Only', icon: '', type: 'ANNOUNCED' }
    expect(
      module.request(evm, { method: 'polkadot_connect', params: { dappName } }),
    ).toBeUndefined()
    expect(calls).toEqual([])
  })
})
