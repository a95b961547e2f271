/**
 * The question a social or Farcaster sign-in asks before it links a new social account to the
 * wallet this frame is signed in to (issue 33), in ConnectingSocial and ConnectingFarcaster: what
 * would be linked, to which wallet, and that only the visitor who started it should say yes.
 * Link is the visitor's yes (the API links it then, not before); Cancel leaves everything as it
 * was.
 */
import type { SocialLinkConfirmation } from '@airlock/protocol'
import { socialProviderNames } from '@airlock/protocol'
import { HttpError } from '../../api'
import { accountLabel, linkQuestionText as text } from '../../messages/linkedAccountsText'
import { useFormWork } from '../EmailLogin/useFormWork'
import { messageOf } from '../EmailLogin/WalletOpeningSteps'
import styles from '../form.module.css'
import list from '../list.module.css'

/** Why the link failed: the API's words when it gave some (a Farcaster failure's cause). */
function whyNot(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  const said =
    cause instanceof HttpError
      ? (cause.body as { error?: { message?: unknown } } | undefined)?.error?.message
      : undefined
  return typeof said === 'string' && said ? said : messageOf(error)
}

/** The wallet a link goes to, as the visitor knows it: its email, or its own social account. */
function walletOf({ account }: SocialLinkConfirmation): string {
  if (account.email) return account.email
  const name = account.provider && socialProviderNames[account.provider]
  return accountLabel(name, account.handle) || text.thisWallet
}

export function LinkQuestion({
  link,
  confirm,
  cancel,
}: {
  link: SocialLinkConfirmation
  /** The visitor's yes: links, and goes on. */
  confirm: () => Promise<void>
  cancel: () => void
}) {
  const { busy, run, status } = useFormWork(whyNot)
  const account = accountLabel(socialProviderNames[link.provider], link.handle)
  return (
    <div className={styles.form} data-link-question={link.provider}>
      <p className={styles.title}>{text.title(account)}</p>
      <p className={list.note}>{text.explain(walletOf(link))}</p>
      {status}
      <div className={styles.buttons}>
        <button type="button" className={list.button} disabled={!!busy} onClick={cancel}>
          {text.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={!!busy}
          onClick={() => run(text.linking, confirm)}
        >
          {text.link}
        </button>
      </div>
    </div>
  )
}
