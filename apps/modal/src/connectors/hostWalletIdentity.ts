/** What a connector of a wallet on the host page is called by, whatever it speaks. */
import type { HostWalletInfo } from '@airlock/protocol'
import { stableWalletId } from '../navigation/ordering'
import type { Connector } from './types'

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
