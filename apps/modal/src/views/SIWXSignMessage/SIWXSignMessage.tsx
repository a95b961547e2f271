/**
 * SIWXSignMessage: the site asks the visitor to sign in with the connected account. It shows
 * who asks (the host site's domain and icon), which account signs, and what signing does; Sign
 * asks the wallet ('Authenticating...' meanwhile), Cancel leaves as the project's mode says.
 */
import { siwxDomain, siwxStatement, toastMessages, truncateAddress } from '@airlock/protocol'
import { useState } from 'react'
import { SiteIcon } from '../../components/SiteIcon'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { signInWithWallet } from '../../flows/signInWithWallet'
import { siwxText } from '../../messages/siwxText'
import list from '../list.module.css'
import styles from './SIWXSignMessage.module.css'

export function SIWXSignMessage() {
  const modal = useModal()
  const host = useModalState((state) => state.host)
  const address = useModalState((state) => state.address)
  const required = useModalState((state) => state.siwx === 'required')
  const [signing, setSigning] = useState(false)
  const domain = host ? siwxDomain(host.origin) : ''

  async function sign() {
    setSigning(true)
    try {
      await signInWithWallet(modal)
    } finally {
      setSigning(false)
    }
  }

  return (
    <div className={styles.signIn}>
      <div className={styles.site} aria-hidden="true">
        <SiteIcon origin={host?.origin} domain={domain} />
      </div>
      <p className={styles.title}>{siwxText.title(domain)}</p>
      <p className={list.note}>{siwxStatement}</p>
      {address && (
        <p className={styles.account}>
          {siwxText.account} <span data-address={address}>{truncateAddress(address)}</span>
        </p>
      )}
      <p className={list.note}>{required ? siwxText.required : siwxText.optional}</p>
      <div className={list.actions}>
        <button
          type="button"
          className={list.button}
          onClick={() => modal.closeModal({ fromFrame: true })}
        >
          {siwxText.cancel}
        </button>
        <button
          type="button"
          className={`${list.button} ${styles.primary}`}
          disabled={signing}
          onClick={sign}
        >
          {signing ? toastMessages.authenticating : siwxText.sign}
        </button>
      </div>
    </div>
  )
}
