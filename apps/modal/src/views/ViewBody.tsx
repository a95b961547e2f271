/** Picks the component for a view name. Views that later issues build say so. */
import type { View } from '@airlock/protocol'
import { Account } from './Account/Account'
import { AllWallets } from './AllWallets/AllWallets'
import { Connect } from './Connect/Connect'
import { ConnectingExternal } from './ConnectingExternal/ConnectingExternal'
import { ConnectingWalletConnect } from './ConnectingWalletConnect/ConnectingWalletConnect'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic/ConnectingWalletConnectBasic'
import { ProfileWallets } from './ProfileWallets/ProfileWallets'
import { SwitchActiveChain } from './SwitchActiveChain/SwitchActiveChain'
import { SwitchNetwork } from './SwitchNetwork/SwitchNetwork'
import { WalletSend } from './WalletSend/WalletSend'
import { WalletSendPreview } from './WalletSend/WalletSendPreview'

const components: Partial<Record<View, (props: object) => React.JSX.Element>> = {
  Connect,
  Account,
  AllWallets,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  ConnectingExternal,
  ProfileWallets,
  SwitchNetwork,
  SwitchActiveChain,
  WalletSend,
  WalletSendPreview,
}

export function ViewBody({ view }: { view: View }) {
  const Component = components[view] ?? Connect
  return <Component />
}
