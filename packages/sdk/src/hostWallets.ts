/**
 * Browser-extension wallets on the host page. A cross-origin frame can't see them, and they
 * authorise the site's origin, not the modal's, so the SDK finds them here and calls them for the
 * frame: EIP-1193 wallets by EIP-6963 (or a legacy `window.ethereum` when nothing announces),
 * and, once `standardWallets.ts` is loaded (Solana sites), Wallet Standard wallets. A wallet that
 * speaks both (same name) is one wallet with both namespaces; one without `namespaces` is EVM's.
 */
import { type HostWalletInfo, InvalidParamsError, type RequestArguments } from '@airlock/protocol'
import type { MergedWallet, StandardWallets } from './standardWallets'

export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>
  on?(event: string, listener: (payload: unknown) => void): unknown
}
export type HostWallet = MergedWallet & HostWalletInfo & { provider?: Eip1193Provider }

const forwardedEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const
export type WalletEventListener = (
  walletId: string,
  event: (typeof forwardedEvents)[number] | 'solanaAccountsChanged',
  data: unknown,
) => void

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
  let standard: StandardWallets | undefined
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

  /** Every wallet the page has: the announced ones (else the legacy one), then Solana's. */
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
    return standard ? (standard.merge(wallets) as HostWallet[]) : wallets
  }
  const find = (id: string) => list().find((wallet) => wallet.id === id)
  return {
    list,
    // `get` runs on every provider request: announced wallets are a map lookup, not a new list.
    get: (id: string) => announced.get(id) ?? find(id),
    find,
    /** Calls a wallet for the frame: Wallet Standard methods (`solana_*`, `standard_*`) or EIP-1193. */
    request(id: string, request: RequestArguments) {
      const wallet = find(id)
      if (wallet?.standard && /^s[a-z]+_/.test(request.method))
        return standard!.request(wallet.standard, request)
      if (!wallet?.provider)
        throw new InvalidParamsError({ message: `No wallet "${id}" on this page.` })
      return wallet.provider.request(request)
    },
    /** Starts Wallet Standard discovery with the module that does it (loaded on demand). */
    useStandard(module: typeof import('./standardWallets')) {
      standard ??= module.discoverStandardWallets(onChange, (id, addresses) =>
        onEvent(id, 'solanaAccountsChanged', addresses),
      )
      onChange()
    },
  }
}
