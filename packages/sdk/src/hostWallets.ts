/**
 * Browser-extension wallets on the host page. A cross-origin frame can't see them, and they
 * authorise the site's origin, not the modal's, so the SDK finds them here and calls them for the
 * frame: EIP-1193 wallets by EIP-6963 (or a legacy `window.ethereum` when nothing announces),
 * and, once a namespace's module is loaded (`standardWallets.ts` on Solana sites,
 * `bitcoinWallets.ts` on Bitcoin sites, `polkadotWallets.ts` and `cosmosWallets.ts` on Polkadot and
 * Cosmos sites), that namespace's wallets. A wallet that speaks several
 * (same name) is one wallet with several namespaces; one without `namespaces` is EVM's.
 */
import {
  type ChainNamespace,
  type HostWalletInfo,
  InvalidParamsError,
  type RequestArguments,
} from '@airlock/protocol'
import type { Wallet } from '@wallet-standard/base'

export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>
  on?(event: string, listener: (payload: unknown) => void): unknown
}
/** A wallet of the page, with what the SDK calls it through (never sent to the frame). */
export type HostWallet = HostWalletInfo & {
  provider?: Eip1193Provider
  /** Its Solana side, by Wallet Standard (standardWallets.ts). */
  standard?: Wallet
  /** Its Bitcoin side: a Wallet Standard wallet or a `window.unisat` (bitcoinWallets.ts). */
  bitcoin?: unknown
  /** Its Polkadot side: an entry of `window.injectedWeb3` (polkadotWallets.ts). */
  polkadot?: unknown
  /** Its Cosmos side: a `window.keplr` or `window.leap` (cosmosWallets.ts). */
  cosmos?: unknown
}

const forwardedEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const
export type WalletEventListener = (
  walletId: string,
  event:
    | (typeof forwardedEvents)[number]
    | 'solanaAccountsChanged'
    | 'bitcoinAccountsChanged'
    | 'polkadotAccountsChanged'
    | 'cosmosAccountsChanged',
  data: unknown,
) => void

/**
 * A namespace's wallets, from the module that finds them (loaded on demand): it adds them to the
 * page's list, and answers the requests that are its own (undefined for any other).
 */
export type WalletModule = {
  merge(wallets: HostWallet[]): HostWallet[]
  request(wallet: HostWallet, request: RequestArguments): Promise<unknown> | undefined
}
/** What a namespace's module exports: the start of its discovery. */
export type WalletModuleExports = {
  discover(onChange: () => void, onEvent: WalletEventListener): WalletModule
}

/**
 * The module (`airlock-<name>.js`, on the modal's origin) that finds a namespace's wallets; EVM's
 * are found by EIP-6963 here.
 */
const walletModuleOf: Partial<Record<ChainNamespace, string>> = {
  solana: 'solana',
  bip122: 'bitcoin',
  polkadot: 'polkadot',
  cosmos: 'cosmos',
}

/**
 * Listens for EIP-6963 announcements (early and late) and asks wallets to announce; `isOwn`:
 * whether a uuid is Airlock's own announcement (announce.ts), never listed.
 */
export function discoverHostWallets(
  onChange: () => void,
  onEvent: WalletEventListener,
  isOwn: (uuid: string) => boolean,
) {
  const announced = new Map<string, HostWallet>()
  const listened = new WeakSet<Eip1193Provider>()
  const modules: WalletModule[] = []
  const loaded = new Set<string>()
  addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = (event as CustomEvent).detail ?? {}
    if (typeof info?.uuid !== 'string' || typeof provider?.request !== 'function') return
    if (announced.has(info.uuid) || isOwn(info.uuid)) return
    announced.set(info.uuid, {
      id: info.uuid,
      name: String(info.name),
      icon: String(info.icon),
      rdns: String(info.rdns),
      type: 'ANNOUNCED',
      provider,
    })
    onChange()
  })
  dispatchEvent(new Event('eip6963:requestProvider'))

  /** Every wallet the page has: the announced ones (else the legacy one), then the modules'. */
  function list(): HostWallet[] {
    const injected = (globalThis as { ethereum?: Eip1193Provider }).ethereum
    const wallets: HostWallet[] = announced.size
      ? [...announced.values()].map((wallet) => ({ ...wallet }))
      : typeof injected?.request === 'function'
        ? [
            {
              id: 'injected',
              name: 'Browser Wallet',
              icon: '',
              type: 'INJECTED',
              provider: injected,
            },
          ]
        : []
    for (const { provider, id } of wallets)
      if (provider && !listened.has(provider)) {
        listened.add(provider)
        for (const event of forwardedEvents)
          provider.on?.(event, (data) => onEvent(id, event, data))
      }
    return modules.reduce((all, module) => module.merge(all), wallets)
  }
  const find = (id: string) => list().find((wallet) => wallet.id === id)
  function use(module: WalletModuleExports) {
    modules.push(module.discover(onChange, onEvent))
    onChange()
  }
  return {
    list,
    // `get` runs on every provider request: announced wallets are a map lookup, not a new list.
    get: (id: string) => announced.get(id) ?? find(id),
    find,
    /** Calls a wallet for the frame: a module's method (`solana_*`, `bitcoin_*`, `polkadot_*`, `cosmos_*`) or EIP-1193. */
    request(id: string, request: RequestArguments) {
      const wallet = find(id)
      for (const module of modules) {
        const answer = wallet && module.request(wallet, request)
        if (answer) return answer
      }
      if (!wallet?.provider)
        throw new InvalidParamsError({ message: `No wallet "${id}" on this page.` })
      return wallet.provider.request(request)
    },
    /** Starts a namespace's discovery with the module that does it (loaded on demand, once). */
    use,
    /**
     * Looks for the wallets of `namespaces` (the page's networks, as the frame says once
     * connected): each namespace's module loads once, from `origin`, and only on pages with a
     * network of its own.
     */
    load(namespaces: ChainNamespace[], origin: string) {
      for (const namespace of namespaces) {
        const name = walletModuleOf[namespace]
        if (!name || loaded.has(name)) continue
        loaded.add(name)
        ;(
          import(
            // A URL on the modal's origin, loaded at run time: no bundler of the site's may follow it.
            /* @vite-ignore */ /* webpackIgnore: true */ /* turbopackIgnore: true */ `${origin}/airlock-${name}.js`
          ) as Promise<WalletModuleExports>
        ).then(use, console.error)
      }
    },
    /** The wallets as the frame sees them: what they are, never what the SDK calls them through. */
    describe: (): HostWalletInfo[] =>
      list().map(
        ({ provider: _, standard: __, bitcoin: ___, polkadot: _p, cosmos: _c, ...info }) => info,
      ),
  }
}
