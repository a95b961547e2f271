/**
 * What a view of the email or social wallet (its devices, recovery code, keys, address) shows
 * while the active connection is not that wallet: the spec's words, as an alert.
 */
import { connectionErrors } from '@airlock/protocol'
import list from '../list.module.css'

export function NotEmailWallet() {
  return (
    <p className={list.warning} role="alert">
      {connectionErrors.notConnectedToEmailOrSocial}
    </p>
  )
}
