/**
 * Bitcoin wallets on the host page: Wallet Standard wallets with the `bitcoin:` features (the
 * family Xverse, Leather, Magic Eden and Phantom implement) and a UniSat-style `window.unisat`.
 * Built as its own module (`airlock-bitcoin.js`) that the SDK imports only on pages whose
 * networks include Bitcoin. The frame calls them with `bitcoin_*` bridge methods, in one shape
 * whatever the wallet: PSBTs and signatures in base64, public keys in hex.
 */
import type { RequestArguments } from '@airlock/protocol'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { HostWallet, WalletEventListener, WalletModule } from './hostWallets'

/** The part of UniSat's injected API (`window.unisat`) Airlock uses. */
type Unisat = {
  requestAccounts(): Promise<string[]>
  getAccounts(): Promise<string[]>
  getPublicKey(): Promise<string>
  signMessage(message: string, type: 'ecdsa' | 'bip322-simple'): Promise<string>
  signPsbt(
    psbtHex: string,
    options: { autoFinalized: boolean; toSignInputs: { index: number; address: string }[] },
  ): Promise<string>
  disconnect?(): Promise<void>
  on?(event: 'accountsChanged', listener: (accounts: string[]) => void): void
}

type Feature = Record<string, (...inputs: object[]) => Promise<unknown>>
type Events = {
  on(event: 'change', listener: (change: { accounts?: WalletAccount[] }) => void): void
}
type SignInput = { address: string; index: number }
type Params = {
  /** A connect that never prompts: the accounts the wallet already gave this site. */
  silent?: boolean
  message: string
  protocol?: 'bip322' | 'ecdsa'
  address: string
  psbt: string
  signInputs: SignInput[]
  network: string
}

const hex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16))
const base64 = (bytes: Uint8Array) =>
  btoa(bytes.reduce((text, byte) => text + String.fromCharCode(byte), ''))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
/**
 * Its Bitcoin accounts (Wallet Standard's `bitcoin:mainnet`… chains): a wallet of several chains
 * holds its other accounts in the same list.
 */
const accountsOf = (accounts: readonly WalletAccount[]) =>
  accounts
    .filter(({ chains }) => chains.some((chain) => chain.startsWith('bitcoin:')))
    .map(({ address, publicKey }) => ({ address, publicKey: hex(publicKey) }))
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const notConnected = () => rpcError(4100, 'The account is not connected to this site.')

/**
 * Watches the page's Bitcoin wallets; `onChange` runs when one registers or leaves, `onEvent`
 * (`bitcoinAccountsChanged`, with their addresses, as Solana's) when a wallet's accounts change.
 */
export function discover(onChange: () => void, onEvent: WalletEventListener): WalletModule {
  const registry = getWallets()
  registry.on('register', onChange)
  registry.on('unregister', onChange)
  /** Each Bitcoin side's id as last listed: it changes when a same-named wallet appears later. */
  const ids = new WeakMap<object, string>()
  /**
   * A wallet of the same name gains bip122; others are listed as Bitcoin-only. A wallet found
   * both ways (Wallet Standard and `window.unisat`) keeps the first.
   */
  const add = (wallets: HostWallet[], name: string, icon: string, bitcoin: object) => {
    let same = wallets.find((known) => known.name.toLowerCase() === name.toLowerCase())
    if (same?.bitcoin) return
    if (same) same.namespaces = [...(same.namespaces ?? ['eip155']), 'bip122']
    else {
      same = { id: `bitcoin:${name}`, name, icon, type: 'ANNOUNCED', namespaces: ['bip122'] }
      wallets.push(same)
    }
    same.bitcoin = bitcoin
    const watched = ids.has(bitcoin)
    ids.set(bitcoin, same.id)
    if (watched) return
    const changed = (addresses: string[]) =>
      onEvent(ids.get(bitcoin)!, 'bitcoinAccountsChanged', addresses)
    const standard = bitcoin as Wallet
    if ('features' in bitcoin)
      (
        (standard.features['bitcoin:events'] ?? standard.features['standard:events']) as
          | Events
          | undefined
      )?.on(
        'change',
        ({ accounts }) => accounts && changed(accountsOf(accounts).map(({ address }) => address)),
      )
    else (bitcoin as Unisat).on?.('accountsChanged', changed)
  }
  return {
    merge(wallets) {
      for (const wallet of registry.get())
        if ('bitcoin:connect' in wallet.features) add(wallets, wallet.name, wallet.icon, wallet)
      const unisat = (globalThis as { unisat?: Unisat }).unisat
      if (typeof unisat?.requestAccounts === 'function') add(wallets, 'UniSat', '', unisat)
      return wallets
    },
    request({ bitcoin }, { method, params }: RequestArguments) {
      if (!bitcoin || !method.startsWith('bitcoin_')) return
      const input = (params ?? {}) as Params
      return 'features' in (bitcoin as object)
        ? standardCall(bitcoin as Wallet, method, input)
        : unisatCall(bitcoin as Unisat, method, input)
    },
  }
}

/** A `bitcoin_*` request to a Wallet Standard wallet, by its `bitcoin:` features. */
async function standardCall(wallet: Wallet, method: string, input: Params) {
  const feature = (name: string) => {
    const found = wallet.features[name as `bitcoin:${string}`] as Feature | undefined
    if (!found) throw rpcError(4200, `The wallet does not support ${method}.`)
    return found
  }
  const account = (address: string) => {
    const found = wallet.accounts.find((known) => known.address === address)
    if (!found) throw notConnected()
    return found
  }
  if (method === 'bitcoin_connect') {
    if (input.silent) return accountsOf(wallet.accounts)
    const { accounts } = (await feature('bitcoin:connect').connect!({
      purposes: ['payment', 'ordinals'],
    })) as { accounts: WalletAccount[] }
    return accountsOf(accounts)
  }
  if (method === 'bitcoin_signMessage') {
    const [signed] = (await feature('bitcoin:signMessage').signMessage!({
      account: account(input.address),
      message: new TextEncoder().encode(input.message),
    })) as { signature: Uint8Array }[]
    return { address: input.address, signature: base64(signed!.signature) }
  }
  if (method === 'bitcoin_signPsbt') {
    const byAddress = new Map<string, number[]>()
    for (const { address, index } of input.signInputs)
      byAddress.set(address, [...(byAddress.get(address) ?? []), index])
    const [signed] = (await feature('bitcoin:signTransaction').signTransaction!({
      psbt: fromBase64(input.psbt),
      inputsToSign: [...byAddress].map(([address, signingIndexes]) => ({
        account: account(address),
        signingIndexes,
      })),
      chain: `bitcoin:${input.network}`,
    })) as { signedPsbt: Uint8Array }[]
    return { psbt: base64(signed!.signedPsbt) }
  }
  if (method === 'bitcoin_disconnect')
    return (
      (await (wallet.features['standard:disconnect'] as Feature | undefined)?.disconnect?.()) ??
      null
    )
  throw rpcError(4200, `The wallet does not support ${method}.`)
}

/**
 * A `bitcoin_*` request to UniSat's injected API (hex PSBTs, base64 signatures). UniSat signs
 * with its current account whatever address is named: one that isn't it is refused first.
 */
async function unisatCall(unisat: Unisat, method: string, input: Params) {
  if (method === 'bitcoin_connect') {
    const [address] = await (input.silent ? unisat.getAccounts() : unisat.requestAccounts())
    return address ? [{ address, publicKey: await unisat.getPublicKey() }] : []
  }
  const current = async (addresses: string[]) => {
    const [address] = await unisat.getAccounts()
    if (addresses.some((named) => named !== address)) throw notConnected()
  }
  if (method === 'bitcoin_signMessage') {
    await current([input.address])
    return {
      address: input.address,
      signature: await unisat.signMessage(
        input.message,
        input.protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple',
      ),
    }
  }
  if (method === 'bitcoin_signPsbt') {
    await current(input.signInputs.map(({ address }) => address))
    const signed = await unisat.signPsbt(hex(fromBase64(input.psbt)), {
      autoFinalized: false,
      toSignInputs: input.signInputs,
    })
    return { psbt: base64(fromHex(signed)) }
  }
  if (method === 'bitcoin_disconnect') return (await unisat.disconnect?.()) ?? null
  throw rpcError(4200, `The wallet does not support ${method}.`)
}
