/**
 * LinkedAccounts (issue 33): the ways into the embedded wallet's account — its email, when it was
 * made with one, and each social account linked to it, Farcaster's too — with Unlink (asked
 * twice, then signed for by the wallet's key: an inbox alone unlinks nothing) for each but the
 * one the wallet was made with, which is its own way in; and the project's social logins to link
 * another account: the same sign-in as Connect's, which asks the visitor before it links
 * (LinkQuestion) and comes back here.
 */
import { type LinkedIdentity, socialProviderNames } from '@airlock/protocol'
import { skipToken, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { HttpError } from '../../api'
import { SocialMark } from '../../components/SocialMark'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
import { formatDay } from '../../i18n/localNumbers'
import { connectionErrors } from '../../messages'
import { emailLoginErrors } from '../../messages/emailLoginText'
import { accountLabel, linkedAccountsText as text } from '../../messages/linkedAccountsText'
import { queryClientOf } from '../../queries/queryClient'
import { activeConnection } from '../../stores/connections'
import { featureEnabled } from '../../stores/controllers'
import { showToast } from '../../stores/toasts'
import SocialLogins from '../Connect/SocialLogins'
import form from '../form.module.css'
import list from '../list.module.css'

/** The ways into the account signed in as `login`, kept per modal until one changes. */
const linkedKey = (login: string | undefined) =>
  ['embeddedWallet', 'linkedAccounts', login] as const

/** A linked account as the list names it: "Google · ada". */
const labelOf = (identity: LinkedIdentity) =>
  accountLabel(socialProviderNames[identity.provider], identity.handle)

/** What names an identity in the list and in the API. */
const idOf = (identity: LinkedIdentity) => `${identity.provider}:${identity.subject}`

/**
 * Why an unlink failed, in words: the API's refusal by its code (a proof of the wallet refused,
 * the session ended, the account's own way in, one unlinked meanwhile), a wallet locked here, or
 * a retry.
 */
function unlinkFailure(error: unknown): string {
  const code = error instanceof HttpError ? error.code : undefined
  if (code === 'socialIdentityPrimary') return text.ownWayIn
  if (code === 'socialIdentityNotFound') return text.notLinked
  const said = code && emailLoginErrors[code]
  if (said) return said
  if ((error as Partial<Error> | null)?.message === connectionErrors.notConnectedToEmailOrSocial)
    return connectionErrors.notConnectedToEmailOrSocial
  return text.unlinkFailed
}

export function LinkedAccounts() {
  const modal = useModal()
  const queries = queryClientOf(modal.store)
  const login = useModalState((state) => activeConnection(state)?.authName)
  const socialsOn = useModalState((state) => featureEnabled(state, 'socials'))
  const project = useModalState((state) => state.config.project)
  const [confirming, setConfirming] = useState<string | undefined>()
  const accounts = useQuery(
    {
      queryKey: linkedKey(login),
      queryFn: login
        ? async () => (await modal.embeddedWallet.load()).api.linkedAccounts()
        : skipToken,
    },
    queries,
  )
  const unlinking = useMutation(
    {
      // The wallet's key signs for it (issue 33, point 3): the frame proves the wallet first.
      mutationFn: async (identity: LinkedIdentity) =>
        (await modal.embeddedWallet.load()).unlinkIdentity(identity.provider, identity.subject),
      onSuccess: (left, identity) => {
        queries.setQueryData(linkedKey(login), left)
        showToast(modal.store, {
          message: text.unlinked(labelOf(identity)),
          variant: 'success',
          autoClose: true,
        })
      },
      onError: async (error) => {
        // Unlinked elsewhere meanwhile: the list shows what is left.
        if (error instanceof HttpError && error.code === 'socialIdentityNotFound')
          await queries.invalidateQueries({ queryKey: linkedKey(login) })
      },
      onSettled: () => setConfirming(undefined),
    },
    queries,
  )
  const busy = unlinking.isPending ? unlinking.variables && idOf(unlinking.variables) : undefined

  if (!login)
    return (
      <p className={list.warning} role="alert">
        {connectionErrors.notConnectedToEmailOrSocial}
      </p>
    )
  const data = accounts.data
  return (
    <>
      <p className={list.note}>{text.explain}</p>
      {accounts.isError && (
        <p className={list.warning} role="alert">
          {text.failed}
        </p>
      )}
      {unlinking.isError && (
        <p className={list.warning} role="alert">
          {unlinkFailure(unlinking.error)}
        </p>
      )}
      {!data && !accounts.isError && <p className={list.note}>{text.loading}</p>}
      <ul className={list.list} aria-label={text.listLabel}>
        {data?.email && (
          <li className={list.item} data-linked="email">
            <WalletIcon name={text.email} icon="" />
            <span className={`${list.name} ${form.stacked}`}>
              <span>{data.email}</span>
              <small>{text.email}</small>
            </span>
            <span className={list.tag}>{text.madeWith}</span>
          </li>
        )}
        {data?.identities.map((identity) => (
          <li key={idOf(identity)} className={list.item} data-linked={identity.provider}>
            <SocialMark provider={identity.provider} />
            <span className={`${list.name} ${form.stacked}`}>
              <span>{labelOf(identity)}</span>
              <small>{text.linkedOn(formatDay(identity.linkedAt))}</small>
            </span>
            {identity.primary ? (
              <span className={list.tag}>{text.madeWith}</span>
            ) : (
              <button
                type="button"
                className={list.button}
                disabled={busy !== undefined}
                onClick={() =>
                  confirming === idOf(identity)
                    ? unlinking.mutate(identity)
                    : setConfirming(idOf(identity))
                }
              >
                {busy === idOf(identity)
                  ? text.unlinking
                  : confirming === idOf(identity)
                    ? text.confirmUnlink
                    : text.unlink}
              </button>
            )}
          </li>
        ))}
      </ul>
      {socialsOn && project?.features.socials.length ? (
        <>
          <h2 className={list.section}>{text.linkAnother}</h2>
          <ul className={list.list} aria-label={text.linkAnother}>
            <li>
              <SocialLogins socials={project.features.socials} returnBack />
            </li>
          </ul>
        </>
      ) : null}
    </>
  )
}
