/** AllWallets: the wallet directory. It arrives with WalletConnect; until then it says so. */
import { ui } from '../../messages'
import list from '../list.module.css'

export function AllWallets() {
  return <p className={list.note}>{ui.allWalletsComing}</p>
}
