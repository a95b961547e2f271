/**
 * The words of LinkedAccounts and of the question a sign-in asks before it links a social account
 * to the wallet this frame is signed in to (issue 33): here, beside the views, so they load with
 * them and not in the modal's first bundle. The spec has no words for these.
 */
import { defineMessages, message } from '../i18n/defineMessages'

/** An account as the visitor knows it: its email, or "Google · ada". */
export const accountLabel = (provider: string | undefined, handle: string | undefined) =>
  [provider, handle].filter(Boolean).join(' · ')

export const linkedAccountsText = defineMessages('linkedAccounts', {
  explain:
    'You can sign in to your wallet in each of these ways. Link another account to sign in with it too.',
  listLabel: 'Ways in',
  loading: 'Loading your accounts…',
  email: 'Email',
  madeWith: 'Made with',
  linkedOn: message('Linked {date}', 'date'),
  unlink: 'Unlink',
  confirmUnlink: 'Unlink for good',
  unlinking: 'Unlinking…',
  unlinked: message('{account} unlinked', 'account'),
  linkAnother: 'Link another account',
  failed: 'Your accounts could not be loaded. Try again.',
  unlinkFailed: 'This account could not be unlinked. Try again.',
  /** Refused by the API (`socialIdentityPrimary`): the list had it wrong. */
  ownWayIn: "Your wallet was made with this account: it is its own way in and can't be unlinked.",
  /** Refused by the API (`socialIdentityNotFound`): unlinked meanwhile, elsewhere. */
  notLinked: 'This account is no longer linked to your wallet.',
})

/** The question before a link: what would be linked to which wallet. */
export const linkQuestionText = defineMessages('linkQuestion', {
  title: message('Link {account} to this wallet?', 'account'),
  explain: message(
    'From now on, signing in with it opens the wallet of {wallet}. Say yes only if you started this sign-in yourself, here.',
    'wallet',
  ),
  thisWallet: 'this wallet',
  link: 'Link account',
  linking: 'Linking…',
  cancel: 'Cancel',
})
