/** What a connector of a wallet on the host page is called by, whatever it speaks. */
import type { HostWalletInfo } from '@airlock/protocol'
import type { Connector } from './types'

/** The id a wallet keeps across page loads: EIP-6963 uuids are per load, rdns is not. */
export function stableWalletId(wallet: { id: string; name: string; rdns?: string }): string {
  return wallet.rdns || wallet.name
}

export function hostWalletIdentity(
  wallet: HostWalletInfo,
): Pick<Connector, 'id' | 'connectionId' | 'type' | 'name' | 'icon' | 'rdns'> {
  return {
    id: wallet.id,
    connectionId: stableWalletId(wallet),
    type: wallet.type,
    name: wallet.name,
    icon: wallet.icon,
    ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
  }
}
