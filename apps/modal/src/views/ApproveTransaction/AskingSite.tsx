/**
 * AskingSite: which site asks for the approval — its origin exactly as the bridge observed it in
 * the handshake (scheme, host and port: never a name the site gave itself) and its icon; or, for
 * the visitor's own Send or Swap built in the modal (`fromModal`), that no site asks for it.
 */

import { SiteIcon } from '../../components/SiteIcon'
import { useModalState } from '../../components/useModalState'
import { approveText as text } from '../../messages/approveText'
import styles from './ApproveTransaction.module.css'

export function AskingSite({ fromModal }: { fromModal: boolean }) {
  const origin = useModalState((state) => state.host?.origin)
  const host = origin ? new URL(origin).host : ''
  if (fromModal)
    return (
      <div className={styles.site}>
        <span data-asked-by-you="">{text.askedByYou}</span>
      </div>
    )
  return (
    <div className={styles.site}>
      <span className={styles.siteIcon} aria-hidden="true">
        <SiteIcon origin={origin} domain={host} />
      </span>
      <span>
        {text.askedBy}{' '}
        <strong data-asking-origin={origin ?? ''}>{origin ?? text.unknownSite}</strong>
      </span>
    </div>
  )
}
