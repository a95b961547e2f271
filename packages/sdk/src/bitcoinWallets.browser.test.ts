/**
 * The Bitcoin wallet module (bitcoinWallets.ts, built as airlock-bitcoin.js) in Chromium, driven
 * through `discover` as the SDK drives it, against wallets made here that sign for real with fresh
 * regtest keys: a UniSat-style `window.unisat`, and Wallet Standard wallets with the `bitcoin:`
 * features registered as extensions register them (the `wallet-standard:register-wallet` event).
 * What comes back is checked as a site would: message signatures with verifyBitcoinMessage, PSBTs
 * by finalizing them and checking each input's signature over its sighash.
 *
 * UniSat's injected API as its docs give it (github.com/unisat-wallet/unisat-dev-docs, commit
 * d751ba6b8c144f2e83b6abe2d0afd15e3bee05d9, wallet-api/api-docs/; published at
 * unisat-wallet.github.io/unisat-dev-docs): connect-extension.md (`requestAccounts()` prompts,
 * `disconnect()`), access-accounts.md (`getAccounts()` never prompts and is [] when not
 * connected; `getPublicKey()` in hex; `on('accountsChanged', (accounts: string[]) => …)`),
 * sign-message.md (`signMessage(msg, 'ecdsa' | 'bip322-simple')` → base64, ECDSA by default),
 * sign-transaction.md (`signPsbt(psbtHex, { autoFinalized, toSignInputs: [{ index, address }] })`
 * → the signed PSBT in hex, finalized unless `autoFinalized` is false).
 */
import {
  bip322Signature,
  bip322ToSign,
  bitcoinNetworkParams,
  bitcoinSignedMessageHash,
  verifyBitcoinMessage,
} from '@airlock/protocol/bitcoin'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { OutScript, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer'
import { hash160, pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { discover } from './bitcoinWallets'
import type { HostWallet } from './hostWallets'

const regtest = bitcoinNetworkParams.regtest
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
const icon = 'data:image/svg+xml;base64,PHN2Zy8+' as const

type Key = { privateKey: Uint8Array; publicKey: Uint8Array; address: string }

/** A P2WPKH payment key, as wallets give their payment address. */
function paymentKey(): Key {
  const privateKey = randomPrivateKeyBytes()
  const publicKey = pubECDSA(privateKey)
  return { privateKey, publicKey, address: p2wpkh(publicKey, regtest).address as string }
}

/** A P2TR ordinals key (its public key x-only, untweaked, as wallets give it). */
function ordinalsKey(): Key {
  const privateKey = randomPrivateKeyBytes()
  const publicKey = pubSchnorr(privateKey)
  return { privateKey, publicKey, address: p2tr(publicKey, undefined, regtest).address as string }
}

/** A BIP-322 simple signature, made as wallets make it (base64 of `to_sign`'s witness). */
function signBip322(key: Key, message: string) {
  const toSign = bip322ToSign(message, key.address, regtest, { tapInternalKey: key.publicKey })
  toSign.signIdx(key.privateKey, 0)
  toSign.finalizeIdx(0)
  return bip322Signature(toSign)
}

/** A legacy (BIP-137) signature for a P2WPKH address: header 39 plus the recovery id, r, s. */
function signLegacy(key: Key, message: string) {
  const signature = secp256k1.sign(bitcoinSignedMessageHash(message), key.privateKey)
  return base64(new Uint8Array([39 + signature.recovery, ...signature.toCompactRawBytes()]))
}

/** An unsigned PSBT spending an output of 50,000 sats paid to each key, to someone else. */
function psbtSpending(...keys: Key[]) {
  const tx = new Transaction()
  for (const key of keys) {
    const spend =
      key.publicKey.length === 32
        ? p2tr(key.publicKey, undefined, regtest)
        : p2wpkh(key.publicKey, regtest)
    tx.addInput({
      txid: randomPrivateKeyBytes(),
      index: 0,
      witnessUtxo: { script: spend.script, amount: 50_000n },
      ...('tapInternalKey' in spend ? { tapInternalKey: spend.tapInternalKey } : {}),
    })
  }
  tx.addOutputAddress(paymentKey().address, BigInt(keys.length) * 40_000n, regtest)
  return tx
}

/**
 * A PSBT a wallet returned, finalized, once it is shown to be `requested` signed: the same
 * transaction, and each input's signature valid over its sighash for the key its output pays
 * (P2WPKH: ECDSA over BIP-143's, SIGHASH_ALL; P2TR key path: Schnorr over BIP-341's).
 */
function finalizedSpend(psbt: string, requested: Transaction) {
  const tx = Transaction.fromPSBT(fromBase64(psbt))
  expect(hex(tx.unsignedTx)).toBe(hex(requested.unsignedTx))
  tx.finalize()
  const prevouts = Array.from({ length: tx.inputsLength }, (_, index) => {
    const { script, amount } = tx.getInput(index).witnessUtxo ?? {}
    return { script: script as Uint8Array, amount: amount as bigint }
  })
  prevouts.forEach(({ script, amount }, index) => {
    const [signature, publicKey] = tx.getInput(index).finalScriptWitness ?? []
    const output = OutScript.decode(script)
    if (output.type === 'wpkh') {
      expect(hex(hash160(publicKey as Uint8Array))).toBe(hex(output.hash))
      const pkh = OutScript.encode({ type: 'pkh', hash: output.hash })
      const sighash = tx.preimageWitnessV0(index, pkh, SigHash.ALL, amount)
      expect(signature?.at(-1)).toBe(SigHash.ALL)
      expect(
        secp256k1.verify(
          (signature as Uint8Array).subarray(0, -1),
          sighash,
          publicKey as Uint8Array,
        ),
      ).toBe(true)
    } else if (output.type === 'tr') {
      const sighash = tx.preimageWitnessV1(
        index,
        prevouts.map((prevout) => prevout.script),
        SigHash.DEFAULT,
        prevouts.map((prevout) => prevout.amount),
      )
      expect(schnorr.verify(signature as Uint8Array, sighash, output.pubkey)).toBe(true)
    } else throw new Error(`No check for a ${output.type} input.`)
  })
  return tx
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

/** The module, as the SDK starts it, with spies for what it reports. */
function started() {
  const onChange = vi.fn()
  const onEvent = vi.fn()
  return { module: discover(onChange, onEvent), onChange, onEvent }
}

/** The page's only wallet that has a Bitcoin side, from a fresh list. */
function bitcoinWallet(module: ReturnType<typeof discover>, named: string) {
  const wallet = module.merge([]).find(({ name }) => name === named)
  if (!wallet) throw new Error(`No wallet "${named}" listed.`)
  return wallet
}

type UnisatCall = { method: string; args: unknown[] }

/**
 * A UniSat-style wallet at `window.unisat`, with one P2WPKH account; removed when the test ends.
 * It knows whether this site is connected, as the extension does.
 */
function installUnisat() {
  const key = paymentKey()
  const calls: UnisatCall[] = []
  const accountListeners: ((accounts: string[]) => void)[] = []
  let connected = false
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args })
  const unisat = {
    async requestAccounts() {
      record('requestAccounts')
      connected = true
      return [key.address]
    },
    async getAccounts() {
      record('getAccounts')
      return connected ? [key.address] : []
    },
    async getPublicKey() {
      record('getPublicKey')
      return hex(key.publicKey)
    },
    async signMessage(message: string, type: 'ecdsa' | 'bip322-simple' = 'ecdsa') {
      record('signMessage', message, type)
      return type === 'ecdsa' ? signLegacy(key, message) : signBip322(key, message)
    },
    async signPsbt(
      psbtHex: string,
      options: { autoFinalized?: boolean; toSignInputs?: { index: number; address: string }[] },
    ) {
      record('signPsbt', psbtHex, options)
      const tx = Transaction.fromPSBT(fromHex(psbtHex))
      for (const { index, address } of options.toSignInputs ?? []) {
        if (address !== key.address) throw new Error(`UniSat has no key for ${address}.`)
        tx.signIdx(key.privateKey, index)
        if (options.autoFinalized !== false) tx.finalizeIdx(index)
      }
      return hex(tx.toPSBT())
    },
    on(event: string, listener: (accounts: string[]) => void) {
      if (event === 'accountsChanged') accountListeners.push(listener)
    },
    async disconnect() {
      record('disconnect')
      connected = false
    },
  }
  const page = globalThis as { unisat?: unknown }
  page.unisat = unisat
  onTestFinished(() => {
    delete page.unisat
  })
  return {
    key,
    calls,
    unisat,
    connect: () => {
      connected = true
    },
    changeAccounts: (accounts: string[]) => {
      for (const listener of accountListeners) listener(accounts)
    },
  }
}

describe('a UniSat-style window.unisat', () => {
  test('behavior: it is listed as UniSat, a Bitcoin wallet; a page without one lists none', () => {
    const { module } = started()
    expect(module.merge([])).toEqual([])
    const { unisat } = installUnisat()
    const listed = module.merge([])
    expect(listed).toEqual([
      {
        id: 'bitcoin:UniSat',
        name: 'UniSat',
        icon: '',
        type: 'ANNOUNCED',
        namespaces: ['bip122'],
        bitcoin: unisat,
      },
    ])
  })

  test('behavior: a silent connect reads getAccounts and never prompts ([] until connected); a plain one prompts with requestAccounts', async () => {
    const { key, calls } = installUnisat()
    const { module } = started()
    const wallet = bitcoinWallet(module, 'UniSat')
    const connect = (params: object) =>
      module.request(wallet, { method: 'bitcoin_connect', params })

    expect(await connect({ silent: true })).toEqual([])
    expect(calls.map(({ method }) => method)).toEqual(['getAccounts'])

    const account = { address: key.address, publicKey: hex(key.publicKey) }
    expect(await connect({})).toEqual([account])
    expect(calls.map(({ method }) => method)).toEqual([
      'getAccounts',
      'requestAccounts',
      'getPublicKey',
    ])

    calls.length = 0
    expect(await connect({ silent: true })).toEqual([account])
    expect(calls.map(({ method }) => method)).toEqual(['getAccounts', 'getPublicKey'])
  })

  test('behavior: signMessage asks BIP-322 by default and ECDSA when asked; both signatures verify for the address', async () => {
    const { key, calls, connect } = installUnisat()
    connect()
    const { module } = started()
    const wallet = bitcoinWallet(module, 'UniSat')
    const message = 'Sign in to shop.example'

    for (const [protocol, type] of [
      [undefined, 'bip322-simple'],
      ['bip322', 'bip322-simple'],
      ['ecdsa', 'ecdsa'],
    ] as const) {
      calls.length = 0
      const answer = (await module.request(wallet, {
        method: 'bitcoin_signMessage',
        params: { address: key.address, message, ...(protocol ? { protocol } : {}) },
      })) as { address: string; signature: string }
      expect(calls.filter(({ method }) => method === 'signMessage')).toEqual([
        { method: 'signMessage', args: [message, type] },
      ])
      expect(answer.address).toBe(key.address)
      const verify = (signed: string) =>
        verifyBitcoinMessage({
          address: key.address,
          message: signed,
          signature: answer.signature,
          network: regtest,
        })
      expect(await verify(message)).toBe(true)
      expect(await verify(`${message}.`)).toBe(false)
      // A legacy signature is 65 bytes; a BIP-322 one is a witness stack (of two items here).
      expect(fromBase64(answer.signature).length === 65).toBe(type === 'ecdsa')
    }
  })

  test('behavior: signPsbt hands UniSat the PSBT in hex with its toSignInputs, unfinalized, and answers it signed in base64', async () => {
    const { key, calls, connect } = installUnisat()
    connect()
    const { module } = started()
    const wallet = bitcoinWallet(module, 'UniSat')
    const requested = psbtSpending(key, key)
    const signInputs = [
      { address: key.address, index: 0 },
      { address: key.address, index: 1 },
    ]

    const answer = (await module.request(wallet, {
      method: 'bitcoin_signPsbt',
      params: { psbt: base64(requested.toPSBT()), signInputs, network: 'regtest' },
    })) as { psbt: string }

    expect(calls.filter(({ method }) => method === 'signPsbt')).toEqual([
      {
        method: 'signPsbt',
        args: [hex(requested.toPSBT()), { autoFinalized: false, toSignInputs: signInputs }],
      },
    ])
    const spend = finalizedSpend(answer.psbt, requested)
    expect(spend.isFinal).toBe(true)
  })

  test('behavior: its accountsChanged reaches onEvent as bitcoinAccountsChanged with the addresses, once however often it is listed', () => {
    const { changeAccounts } = installUnisat()
    const { module, onEvent } = started()
    module.merge([])
    module.merge([])
    const next = paymentKey().address

    changeAccounts([next])
    changeAccounts([])

    expect(onEvent.mock.calls).toEqual([
      ['bitcoin:UniSat', 'bitcoinAccountsChanged', [next]],
      ['bitcoin:UniSat', 'bitcoinAccountsChanged', []],
    ])
  })

  test('behavior: an address that is not UniSat’s current account (or a site not connected) is 4100 before UniSat is asked to sign', async () => {
    const { key, calls, connect } = installUnisat()
    const { module } = started()
    const wallet = bitcoinWallet(module, 'UniSat')
    const other = paymentKey()
    const signMessage = (address: string) => ({
      method: 'bitcoin_signMessage',
      params: { address, message: 'Sign in to shop.example' },
    })
    const signPsbt = (...addresses: string[]) => ({
      method: 'bitcoin_signPsbt',
      params: {
        psbt: base64(psbtSpending(key, other).toPSBT()),
        signInputs: addresses.map((address, index) => ({ address, index })),
        network: 'regtest',
      },
    })

    const refused = async (request: { method: string; params: object }) => {
      const error = await refusal(() => module.request(wallet, request))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4100,
        message: 'The account is not connected to this site.',
      })
    }
    await refused(signMessage(key.address))
    connect()
    await refused(signMessage(other.address))
    await refused(signPsbt(key.address, other.address))
    expect(calls.map(({ method }) => method)).toEqual(['getAccounts', 'getAccounts', 'getAccounts'])
  })

  test('behavior: disconnect calls UniSat’s; an unknown bitcoin_ method is 4200 with UniSat not asked; another namespace’s method is not this module’s', async () => {
    const { calls, connect } = installUnisat()
    connect()
    const { module } = started()
    const wallet = bitcoinWallet(module, 'UniSat')

    expect(await module.request(wallet, { method: 'bitcoin_disconnect' })).toBeNull()
    expect(calls.map(({ method }) => method)).toEqual(['disconnect'])

    calls.length = 0
    const error = await refusal(() =>
      module.request(wallet, { method: 'bitcoin_sendTransfer', params: {} }),
    )
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4200,
      message: 'The wallet does not support bitcoin_sendTransfer.',
    })
    expect(module.request(wallet, { method: 'solana_signMessage', params: {} })).toBeUndefined()
    expect(module.request(wallet, { method: 'eth_accounts' })).toBeUndefined()
    expect(calls).toEqual([])
  })
})

type StandardCall = { feature: string; input: unknown }
type ChangeListener = (change: { accounts: readonly WalletAccount[] }) => void

/**
 * A Wallet Standard wallet with the `bitcoin:` features (the family Xverse, Leather and Magic
 * Eden implement): a P2WPKH payment and a P2TR ordinals account on regtest, shown once connected.
 * `omit` leaves features out; `also`: accounts of other chains it holds beside them.
 */
function standardBitcoinWallet(
  name: string,
  { omit = [] as string[], also = [] as WalletAccount[] } = {},
) {
  const payment = paymentKey()
  const ordinals = ordinalsKey()
  const calls: StandardCall[] = []
  const listeners = new Set<ChangeListener>()
  const accountOf = ({ address, publicKey }: Key): WalletAccount =>
    Object.freeze({
      address,
      publicKey,
      chains: ['bitcoin:regtest'] as const,
      features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
    })
  let accounts: readonly WalletAccount[] = []
  const keyOf = (account: WalletAccount) => {
    const key = [payment, ordinals].find(({ address }) => address === account.address)
    if (!key) throw new Error(`The wallet has no account ${account.address}.`)
    return key
  }
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = [...next, ...also]
    for (const listener of listeners) listener({ accounts })
  }
  const features: Record<string, object> = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input: { purposes: string[] }) {
        calls.push({ feature: 'bitcoin:connect', input })
        setAccounts([accountOf(payment), accountOf(ordinals)])
        return { accounts }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
        calls.push({ feature: 'bitcoin:signMessage', input: inputs })
        return inputs.map(({ account, message }) => ({
          signedMessage: message,
          signature: fromBase64(signBip322(keyOf(account), new TextDecoder().decode(message))),
        }))
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(
        ...inputs: {
          psbt: Uint8Array
          inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
          chain: string
        }[]
      ) {
        calls.push({ feature: 'bitcoin:signTransaction', input: inputs })
        return inputs.map(({ psbt, inputsToSign }) => {
          const tx = Transaction.fromPSBT(psbt)
          for (const { account, signingIndexes } of inputsToSign)
            for (const index of signingIndexes) tx.signIdx(keyOf(account).privateKey, index)
          return { signedPsbt: tx.toPSBT() }
        })
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(_event: 'change', listener: ChangeListener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        calls.push({ feature: 'standard:disconnect', input: undefined })
        setAccounts([])
      },
    },
  }
  for (const feature of omit) delete features[feature]
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon,
    chains: ['bitcoin:regtest'],
    get accounts() {
      return accounts
    },
    features: features as Wallet['features'],
  }
  return {
    wallet,
    payment,
    ordinals,
    calls,
    /** The site already trusted: the wallet registers with its accounts there. */
    connected() {
      accounts = [accountOf(payment), accountOf(ordinals), ...also]
    },
    setAccounts: (keys: Key[]) => setAccounts(keys.map(accountOf)),
  }
}

/** Registers a wallet as extensions do (`wallet-standard:register-wallet`); gone after the test. */
function register(wallet: Wallet) {
  let unregister = () => {}
  dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: (api: { register(...wallets: Wallet[]): () => void }) => {
        unregister = api.register(wallet)
      },
    }),
  )
  onTestFinished(() => unregister())
}

/** An EIP-6963 wallet of the page, as hostWallets.ts lists it. */
function announced(name: string): HostWallet {
  return {
    id: 'b4c5f3e2-6963-4e1b-9a4d-0c1d2e3f4a5b',
    name,
    icon,
    rdns: 'com.example.wallet',
    type: 'ANNOUNCED',
    provider: { request: async () => null },
  }
}

describe('a Wallet Standard bitcoin wallet', () => {
  test('behavior: its registration reaches onChange; it joins the EIP-6963 wallet of its name (any case) as eip155 and bip122', () => {
    const { module, onChange } = started()
    const { wallet } = standardBitcoinWallet('Test Bitcoin Wallet')
    register(wallet)
    expect(onChange).toHaveBeenCalledTimes(1)

    const evm = announced('test bitcoin wallet')
    const asAnnounced = { ...evm }
    const listed = module.merge([evm])
    expect(listed).toEqual([{ ...asAnnounced, namespaces: ['eip155', 'bip122'], bitcoin: wallet }])
    expect(listed[0]).toBe(evm)
  })

  test('behavior: without a same-named wallet it is listed alone, Bitcoin-only; a Wallet Standard wallet without bitcoin:connect is not listed', () => {
    const { module } = started()
    const { wallet } = standardBitcoinWallet('Lone Bitcoin Wallet')
    const solanaOnly = standardBitcoinWallet('Solana Only', { omit: ['bitcoin:connect'] })
    register(wallet)
    register(solanaOnly.wallet)

    const listed = module.merge([announced('Another Wallet')])
    expect(listed.map(({ name }) => name)).toEqual(['Another Wallet', 'Lone Bitcoin Wallet'])
    expect(listed[0]?.namespaces).toBeUndefined()
    expect(listed[1]).toEqual({
      id: 'bitcoin:Lone Bitcoin Wallet',
      name: 'Lone Bitcoin Wallet',
      icon,
      type: 'ANNOUNCED',
      namespaces: ['bip122'],
      bitcoin: wallet,
    })
  })

  test('behavior: a silent connect answers the accounts it has without calling connect; a plain one asks for payment and ordinals', async () => {
    const { module } = started()
    const { wallet, payment, ordinals, calls } = standardBitcoinWallet('Connecting Wallet')
    register(wallet)
    const listed = bitcoinWallet(module, 'Connecting Wallet')
    const connect = (params: object) =>
      module.request(listed, { method: 'bitcoin_connect', params })

    expect(await connect({ silent: true })).toEqual([])
    expect(calls).toEqual([])

    const accounts = [
      { address: payment.address, publicKey: hex(payment.publicKey) },
      { address: ordinals.address, publicKey: hex(ordinals.publicKey) },
    ]
    expect(await connect({})).toEqual(accounts)
    expect(calls).toEqual([
      { feature: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } },
    ])
    expect(await connect({ silent: true })).toEqual(accounts)
    expect(calls).toHaveLength(1)
  })

  test('behavior: signMessage signs with the account named; the BIP-322 signature verifies for the payment and the ordinals address', async () => {
    const { module } = started()
    const standard = standardBitcoinWallet('Signing Wallet')
    standard.connected()
    register(standard.wallet)
    const listed = bitcoinWallet(module, 'Signing Wallet')
    const message = 'Sign in to shop.example\nNonce: 8f2c'

    for (const key of [standard.payment, standard.ordinals]) {
      const answer = (await module.request(listed, {
        method: 'bitcoin_signMessage',
        params: { address: key.address, message },
      })) as { address: string; signature: string }
      expect(answer.address).toBe(key.address)
      const verify = (address: string) =>
        verifyBitcoinMessage({ address, message, signature: answer.signature, network: regtest })
      expect(await verify(key.address)).toBe(true)
      // Another key's address of the same type: the signature is not its.
      const stranger = key.publicKey.length === 32 ? ordinalsKey() : paymentKey()
      expect(await verify(stranger.address)).toBe(false)
    }
    expect(
      standard.calls.map(({ input }) => (input as { account: WalletAccount }[])[0]?.account),
    ).toEqual(standard.wallet.accounts)
  })

  test('behavior: signPsbt groups signInputs by address into inputsToSign on bitcoin:<network>; every input comes back signed by its key', async () => {
    const { module } = started()
    const standard = standardBitcoinWallet('PSBT Wallet')
    standard.connected()
    register(standard.wallet)
    const listed = bitcoinWallet(module, 'PSBT Wallet')
    const { payment, ordinals } = standard
    const requested = psbtSpending(payment, ordinals, payment)

    const answer = (await module.request(listed, {
      method: 'bitcoin_signPsbt',
      params: {
        psbt: base64(requested.toPSBT()),
        signInputs: [
          { address: payment.address, index: 0 },
          { address: ordinals.address, index: 1 },
          { address: payment.address, index: 2 },
        ],
        network: 'regtest',
      },
    })) as { psbt: string }

    const [paymentAccount, ordinalsAccount] = standard.wallet.accounts
    expect(standard.calls).toEqual([
      {
        feature: 'bitcoin:signTransaction',
        input: [
          {
            psbt: requested.toPSBT(),
            inputsToSign: [
              { account: paymentAccount, signingIndexes: [0, 2] },
              { account: ordinalsAccount, signingIndexes: [1] },
            ],
            chain: 'bitcoin:regtest',
          },
        ],
      },
    ])
    expect(finalizedSpend(answer.psbt, requested).isFinal).toBe(true)
  })

  test('behavior: an address that is not one of its accounts is 4100, and the wallet is not asked', async () => {
    const { module } = started()
    const standard = standardBitcoinWallet('Guarded Wallet')
    standard.connected()
    register(standard.wallet)
    const listed = bitcoinWallet(module, 'Guarded Wallet')
    const stranger = paymentKey()

    for (const request of [
      { method: 'bitcoin_signMessage', params: { address: stranger.address, message: 'hi' } },
      {
        method: 'bitcoin_signPsbt',
        params: {
          psbt: base64(psbtSpending(standard.payment, stranger).toPSBT()),
          signInputs: [
            { address: standard.payment.address, index: 0 },
            { address: stranger.address, index: 1 },
          ],
          network: 'regtest',
        },
      },
    ]) {
      const error = await refusal(() => module.request(listed, request))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4100,
        message: 'The account is not connected to this site.',
      })
    }
    expect(standard.calls).toEqual([])
  })

  test('behavior: its account changes reach onEvent as bitcoinAccountsChanged with their addresses', () => {
    const { module, onEvent } = started()
    const standard = standardBitcoinWallet('Changing Wallet')
    register(standard.wallet)
    module.merge([])
    module.merge([])

    standard.setAccounts([standard.ordinals])
    standard.setAccounts([])

    expect(onEvent.mock.calls).toEqual([
      ['bitcoin:Changing Wallet', 'bitcoinAccountsChanged', [standard.ordinals.address]],
      ['bitcoin:Changing Wallet', 'bitcoinAccountsChanged', []],
    ])
  })

  test('behavior: once a same-named EIP-6963 wallet appears, its account changes go to the id it is listed under now', () => {
    const { module, onEvent } = started()
    const standard = standardBitcoinWallet('Late Announcer')
    register(standard.wallet)
    expect(module.merge([]).map(({ id }) => id)).toEqual(['bitcoin:Late Announcer'])
    const evm = announced('Late Announcer')
    expect(module.merge([evm]).map(({ id }) => id)).toEqual([evm.id])

    standard.setAccounts([standard.payment])

    expect(onEvent.mock.calls).toEqual([
      [evm.id, 'bitcoinAccountsChanged', [standard.payment.address]],
    ])
  })

  test('behavior: a wallet found both as a Wallet Standard wallet and as window.unisat is listed once, by its Wallet Standard side', () => {
    const { module } = started()
    const standard = standardBitcoinWallet('UniSat')
    register(standard.wallet)
    installUnisat()

    expect(module.merge([])).toEqual([
      {
        id: 'bitcoin:UniSat',
        name: 'UniSat',
        icon,
        type: 'ANNOUNCED',
        namespaces: ['bip122'],
        bitcoin: standard.wallet,
      },
    ])
  })

  test('behavior: a wallet of several chains answers its Bitcoin accounts only, never its Solana one', async () => {
    const { module, onEvent } = started()
    const solana: WalletAccount = Object.freeze({
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      publicKey: new Uint8Array(32).fill(7),
      chains: ['solana:devnet'] as const,
      features: ['solana:signMessage'] as const,
    })
    const standard = standardBitcoinWallet('Many Chains Wallet', { also: [solana] })
    register(standard.wallet)
    const listed = bitcoinWallet(module, 'Many Chains Wallet')
    const { payment, ordinals } = standard
    const bitcoinAccounts = [
      { address: payment.address, publicKey: hex(payment.publicKey) },
      { address: ordinals.address, publicKey: hex(ordinals.publicKey) },
    ]

    expect(await module.request(listed, { method: 'bitcoin_connect', params: {} })).toEqual(
      bitcoinAccounts,
    )
    expect(standard.wallet.accounts).toContain(solana)
    expect(
      await module.request(listed, { method: 'bitcoin_connect', params: { silent: true } }),
    ).toEqual(bitcoinAccounts)
    expect(onEvent.mock.calls).toEqual([
      [
        'bitcoin:Many Chains Wallet',
        'bitcoinAccountsChanged',
        bitcoinAccounts.map(({ address }) => address),
      ],
    ])
  })

  test('behavior: disconnect calls standard:disconnect; a feature it lacks and an unknown bitcoin_ method are 4200; other requests, and wallets without a Bitcoin side, are not this module’s', async () => {
    const { module } = started()
    const standard = standardBitcoinWallet('Partial Wallet', { omit: ['bitcoin:signMessage'] })
    standard.connected()
    register(standard.wallet)
    const listed = bitcoinWallet(module, 'Partial Wallet')

    for (const method of ['bitcoin_signMessage', 'bitcoin_sendTransfer']) {
      const error = await refusal(() =>
        module.request(listed, {
          method,
          params: { address: standard.payment.address, message: 'hi' },
        }),
      )
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4200,
        message: `The wallet does not support ${method}.`,
      })
    }
    expect(module.request(listed, { method: 'standard_connect' })).toBeUndefined()
    expect(module.request(listed, { method: 'eth_requestAccounts' })).toBeUndefined()
    const evm = announced('EVM Only')
    expect(module.request(evm, { method: 'bitcoin_connect', params: {} })).toBeUndefined()
    expect(standard.calls).toEqual([])

    expect(await module.request(listed, { method: 'bitcoin_disconnect' })).toBeNull()
    expect(standard.calls).toEqual([{ feature: 'standard:disconnect', input: undefined }])
    expect(standard.wallet.accounts).toEqual([])
  })
})
