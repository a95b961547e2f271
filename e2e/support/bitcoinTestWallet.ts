// A test Bitcoin wallet for e2e: a Wallet Standard wallet with the `bitcoin:` features (the
// family Xverse, Leather and Magic Eden implement) registered in the page, whose logic runs in
// the Node test process behind a Playwright binding, with real keys: a P2WPKH payment address and
// a P2TR ordinals address on regtest, BIP-322 message signatures and PSBT signing with
// @scure/btc-signer. Like an extension, it knows the sites it trusts across reloads: the page's
// wallet registers with their accounts already there. Prompts, errors and the binding are
// walletCore.ts's. Also: paying an address and reading balances on the stack's Esplora stand-in.

import { bip322Signature, bip322ToSign, bitcoinNetworkParams } from '@airlock/protocol/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import type { Page } from '@playwright/test'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { ports } from './ports'
import {
  type Approvals,
  type BindingCall,
  type BindingReply,
  callShim,
  createApprovals,
  createSiteAccess,
  errorReply,
  exposeWalletBinding,
  invalidParams,
  type PendingPrompt,
  unauthorized,
} from './walletCore'

/** The stack's Esplora API of regtest. */
export const esploraUrl = `http://127.0.0.1:${ports.esplora}`
/** Regtest's CAIP-2 id. */
export const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

const network = bitcoinNetworkParams.regtest
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** Pays `address` `sats` on regtest (a mined coinbase-like payment); its txid. */
export async function fundBitcoin(address: string, sats: number): Promise<string> {
  const response = await fetch(`${esploraUrl}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, sats }),
  })
  if (!response.ok) throw new Error(`fund: ${response.status} ${await response.text()}`)
  return (await response.text()).trim()
}

/** An address's confirmed and unconfirmed balance on regtest, in sats. */
export async function bitcoinBalance(address: string): Promise<number> {
  const response = await fetch(`${esploraUrl}/address/${address}`)
  const { chain_stats: chain, mempool_stats: mempool } = (await response.json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  return chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
}

/** A fresh regtest key and its P2WPKH address: someone to pay. */
export function freshBitcoinAddress(): string {
  return p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), network).address!
}

export type BitcoinFeature = 'bitcoin:connect' | 'bitcoin:signMessage' | 'bitcoin:signTransaction'

/** One request from the page, as the wallet saw it. */
export type BitcoinWalletRequest = { origin: string } & (
  | { method: 'bitcoin:connect'; params: { purposes: string[] } }
  | { method: 'bitcoin:accounts'; params: null }
  | { method: 'standard:disconnect'; params: null }
  | { method: 'bitcoin:signMessage'; params: { account: string; message: string } }
  | {
      method: 'bitcoin:signTransaction'
      params: { psbt: string; inputsToSign: { account: string; signingIndexes: number[] }[] }
    }
)

export type BitcoinTestWallet = {
  readonly name: string
  /** The P2WPKH payment address and the P2TR ordinals address, on regtest. */
  readonly payment: string
  readonly ordinals: string
  readonly requests: readonly BitcoinWalletRequest[]
  isAuthorized(origin: string): boolean
  rejectNext(feature?: BitcoinFeature): void
  nextApproval(feature?: BitcoinFeature): Promise<PendingPrompt<BitcoinWalletRequest>>
  setAutoApprove(value: boolean): void
  /** Switches the wallet to another key: a connected page hears its accounts change. */
  setKey(privateKey: Uint8Array): Promise<void>
  /**
   * The next PSBT it is asked to sign comes back as `tamper` makes it (signed or not): a wallet
   * that changes what it was given.
   */
  tamperNext(tamper: (psbt: Transaction, sign: (tx: Transaction) => void) => void): void
}

type Key = { privateKey: Uint8Array; address: string; publicKey: Uint8Array }

function keysFrom(privateKey: Uint8Array) {
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const xOnly = publicKey.slice(1)
  return {
    payment: { privateKey, publicKey, address: p2wpkh(publicKey, network).address! },
    ordinals: { privateKey, publicKey: xOnly, address: p2tr(xOnly, undefined, network).address! },
  }
}

type ShimConfig = { key: string; binding: string; name: string; icon: string }
type AccountInfo = { address: string; publicKey: string }

/** Runs in the page (serialised by addInitScript): no imports, classes or outer references. */
function installShim(config: ShimConfig) {
  if (window.top !== window) return
  const scope = window as unknown as Record<string, unknown>
  const fromB64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const toB64 = (bytes: Uint8Array) => {
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  }
  const call = async (method: string, params: unknown) => {
    const binding = scope[config.binding] as (request: BindingCall) => Promise<BindingReply>
    const reply = await binding({ method, params })
    if ('error' in reply)
      throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
    return reply.result
  }
  const listeners = new Set<(change: { accounts: readonly WalletAccount[] }) => void>()
  let accounts: readonly WalletAccount[] = []
  const setAccounts = (next: AccountInfo[]) => {
    accounts = next.map(({ address, publicKey }) =>
      Object.freeze({
        address,
        publicKey: fromB64(publicKey),
        chains: ['bitcoin:regtest'] as const,
        features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
      }),
    )
    for (const listener of listeners) listener({ accounts })
  }
  // The test switches the wallet's account through here (callShim).
  Object.defineProperty(window, Symbol.for(config.key), {
    value: { setAccounts },
    configurable: true,
  })
  const addressOf = (account: unknown) => String((account as WalletAccount | undefined)?.address)
  const wallet = {
    version: '1.0.0',
    name: config.name,
    icon: config.icon as WalletIcon,
    chains: ['bitcoin:regtest'],
    get accounts() {
      return accounts
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect({ purposes }: { purposes: string[] }) {
          setAccounts((await call('bitcoin:connect', { purposes })) as AccountInfo[])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await call('standard:disconnect', null)
          setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (change: { accounts: readonly WalletAccount[] }) => void) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          return Promise.all(
            inputs.map(async ({ account, message }) => {
              const { signature } = (await call('bitcoin:signMessage', {
                account: addressOf(account),
                message: toB64(message),
              })) as { signature: string }
              return { signedMessage: message, signature: fromB64(signature) }
            }),
          )
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(
          ...inputs: {
            psbt: Uint8Array
            inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
          }[]
        ) {
          return Promise.all(
            inputs.map(async ({ psbt, inputsToSign }) => {
              const { signedPsbt } = (await call('bitcoin:signTransaction', {
                psbt: toB64(psbt),
                inputsToSign: inputsToSign.map(({ account, signingIndexes }) => ({
                  account: addressOf(account),
                  signingIndexes,
                })),
              })) as { signedPsbt: string }
              return { signedPsbt: fromB64(signedPsbt) }
            }),
          )
        },
      },
    },
  } as unknown as Wallet
  type RegisterApi = { register(wallet: Wallet): () => void }
  const registerWith = (api: RegisterApi | undefined) => api?.register(wallet)
  // Like an extension's content script: it knows the sites it trusts before it registers.
  void call('bitcoin:accounts', null)
    .then((known) => setAccounts(known as AccountInfo[]))
    .catch(() => {})
    .finally(() => {
      window.addEventListener('wallet-standard:app-ready', (event) =>
        registerWith((event as CustomEvent<RegisterApi>).detail),
      )
      window.dispatchEvent(
        new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }),
      )
    })
}

const defaultIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">B</text></svg>',
).toString('base64')}`

/**
 * Installs a Bitcoin Wallet Standard test wallet in `page` (before page.goto), with a fresh key
 * unless `privateKey` is given.
 */
export async function installBitcoinTestWallet(
  page: Page,
  options: { name: string; privateKey?: Uint8Array; autoApprove?: boolean },
): Promise<BitcoinTestWallet> {
  let keys = keysFrom(options.privateKey ?? secp256k1.utils.randomPrivateKey())
  const sites = createSiteAccess()
  const approvals: Approvals<BitcoinWalletRequest> = createApprovals(options.autoApprove ?? true)
  const requests: BitcoinWalletRequest[] = []
  let tamper: ((psbt: Transaction, sign: (tx: Transaction) => void) => void) | undefined
  const accountInfo = ({ address, publicKey }: Key): AccountInfo => ({
    address,
    publicKey: toBase64(publicKey),
  })
  const keyOf = (address: string) => {
    const key = [keys.payment, keys.ordinals].find((known) => known.address === address)
    if (!key) throw invalidParams(`${address} is not this wallet's`)
    return key
  }
  const signInputs = (
    tx: Transaction,
    inputsToSign: { account: string; signingIndexes: number[] }[],
  ) => {
    for (const { account, signingIndexes } of inputsToSign)
      for (const index of signingIndexes) tx.signIdx(keyOf(account).privateKey, index)
  }

  async function dispatch(request: BitcoinWalletRequest): Promise<unknown> {
    const { origin } = request
    switch (request.method) {
      case 'bitcoin:accounts':
        return sites.isAuthorized(origin) ? [keys.payment, keys.ordinals].map(accountInfo) : []
      case 'bitcoin:connect':
        if (!sites.isAuthorized(origin))
          await sites.prompt(origin, request.method, () => approvals.consent(request))
        sites.authorize(origin)
        return [keys.payment, keys.ordinals].map(accountInfo)
      case 'standard:disconnect':
        sites.forget(origin)
        return null
      case 'bitcoin:signMessage': {
        if (!sites.isAuthorized(origin)) throw unauthorized()
        await approvals.consent(request)
        const key = keyOf(request.params.account)
        const toSign = bip322ToSign(fromBase64(request.params.message), key.address, network, {
          tapInternalKey: key.address === keys.ordinals.address ? key.publicKey : undefined,
        })
        toSign.signIdx(key.privateKey, 0)
        toSign.finalizeIdx(0)
        return { signature: bip322Signature(toSign) }
      }
      case 'bitcoin:signTransaction': {
        if (!sites.isAuthorized(origin)) throw unauthorized()
        await approvals.consent(request)
        const tx = Transaction.fromPSBT(fromBase64(request.params.psbt))
        const sign = (signed: Transaction) => signInputs(signed, request.params.inputsToSign)
        if (tamper) {
          const change = tamper
          tamper = undefined
          change(tx, sign)
        } else sign(tx)
        return { signedPsbt: toBase64(tx.toPSBT()) }
      }
    }
  }

  const id = options.name.replace(/[^a-zA-Z0-9]/g, '_')
  const binding = `__bitcoinTestWallet_${id}`
  await exposeWalletBinding(page, binding, async (call, origin, topLevel) => {
    try {
      const request = { method: call.method, params: call.params, origin } as BitcoinWalletRequest
      requests.push(request)
      if (!topLevel) throw unauthorized()
      return { result: (await dispatch(request)) ?? null }
    } catch (error) {
      const { code, message } = errorReply(error, `Internal error: ${String(error)}`).error
      return { error: { code, message } }
    }
  })
  const config: ShimConfig = {
    key: `airlock.bitcoinTestWallet.${options.name}`,
    binding,
    name: options.name,
    icon: defaultIcon,
  }
  await page.addInitScript(installShim, config)
  return {
    name: options.name,
    get payment() {
      return keys.payment.address
    },
    get ordinals() {
      return keys.ordinals.address
    },
    async setKey(privateKey) {
      keys = keysFrom(privateKey)
      await callShim(
        page,
        config.key,
        'setAccounts',
        [keys.payment, keys.ordinals].map(accountInfo),
      )
    },
    requests,
    isAuthorized: (origin) => sites.isAuthorized(origin),
    rejectNext: (feature) => approvals.rejectNext(feature),
    nextApproval: (feature) => approvals.nextApproval(feature),
    setAutoApprove: (value) => approvals.setAutoApprove(value),
    tamperNext(change) {
      tamper = change
    },
  }
}
