/**
 * Browser-extension wallets on the host page. A cross-origin frame can't see them, and they
 * authorise the site's origin, not the modal's, so the SDK finds them here (EIP-6963, or a
 * legacy `window.ethereum` when nothing announces) and calls them for the frame.
 */
import type { HostWalletInfo, RequestArguments } from '@airlock/protocol'

export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>
  on?(event: string, listener: (payload: unknown) => void): unknown
}
export type HostWallet = HostWalletInfo & { provider: Eip1193Provider }

const forwardedEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const
export type WalletEventListener = (
  walletId: string,
  event: (typeof forwardedEvents)[number],
  data: unknown,
) => void

/** Listens for EIP-6963 announcements (early and late) and asks wallets to announce. */
export function discoverHostWallets(onChange: () => void, onEvent: WalletEventListener) {
  const announced = new Map<string, HostWallet>()
  const listened = new WeakSet<Eip1193Provider>()
  const listen = (wallet: HostWallet) => {
    if (listened.has(wallet.provider)) return
    listened.add(wallet.provider)
    for (const event of forwardedEvents)
      wallet.provider.on?.(event, (data) => onEvent(wallet.id, event, data))
  }
  addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = (event as CustomEvent).detail ?? {}
    if (typeof info?.uuid !== 'string' || typeof provider?.request !== 'function') return
    if (announced.has(info.uuid)) return
    const wallet: HostWallet = {
      id: info.uuid,
      name: String(info.name),
      icon: String(info.icon),
      rdns: String(info.rdns),
      type: 'ANNOUNCED',
      provider,
    }
    announced.set(info.uuid, wallet)
    listen(wallet)
    onChange()
  })
  dispatchEvent(new Event('eip6963:requestProvider'))

  /** Every wallet the page has: the announced ones, else the legacy injected one. */
  function list(): HostWallet[] {
    if (announced.size) return [...announced.values()]
    const injected = (globalThis as { ethereum?: Eip1193Provider }).ethereum
    if (typeof injected?.request !== 'function') return []
    const wallet: HostWallet = {
      id: 'injected',
      name: 'Browser Wallet',
      icon: '',
      type: 'INJECTED',
      provider: injected,
    }
    listen(wallet)
    return [wallet]
  }
  // `get` runs on every provider request: announced wallets are a map lookup, not a new list.
  return {
    list,
    get: (id: string) => announced.get(id) ?? list().find((wallet) => wallet.id === id),
  }
}
