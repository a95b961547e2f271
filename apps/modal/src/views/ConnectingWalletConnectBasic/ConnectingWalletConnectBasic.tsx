/** ConnectingWalletConnectBasic: the QR code for mobile wallets. It arrives with WalletConnect. */
import { ui } from '../../messages'
import list from '../list.module.css'

export function ConnectingWalletConnectBasic() {
  return <p className={list.note}>{ui.walletConnectComing}</p>
}
