/**
 * The modal's English source catalogue: every message of every message module, by id, as ICU.
 * What the locales' catalogues are written and checked against (tests, translation files); not
 * imported by the modal itself, which would pull in every view's words.
 */
import * as accountNames from '../messages/accountNamesText'
import * as account from '../messages/accountText'
import * as allWallets from '../messages/allWalletsText'
import * as apiRefusal from '../messages/apiRefusalText'
import * as approve from '../messages/approveText'
import * as callsStatus from '../messages/callsStatusText'
import * as connecting from '../messages/connectingText'
import * as emailLogin from '../messages/emailLoginText'
import * as farcaster from '../messages/farcasterText'
import * as firstBundle from '../messages/index'
import * as linkedAccounts from '../messages/linkedAccountsText'
import * as loadMore from '../messages/loadMoreText'
import * as onRamp from '../messages/onRampText'
import * as profileWallets from '../messages/profileWalletsText'
import * as receive from '../messages/receiveText'
import * as registerName from '../messages/registerNameText'
import * as send from '../messages/sendText'
import * as siwx from '../messages/siwxText'
import * as socialLogins from '../messages/socialLoginsText'
import * as spec from '../messages/specText'
import * as swap from '../messages/swapText'
import * as switchNetwork from '../messages/switchNetworkText'
import * as transferError from '../messages/transferErrorText'
import * as walletConnect from '../messages/walletConnectText'
import { sourceCatalogue } from './defineMessages'

/** Every message module, by the file it is. */
export const messageModules = {
  accountNames,
  apiRefusal,
  account,
  allWallets,
  approve,
  callsStatus,
  connecting,
  emailLogin,
  farcaster,
  index: firstBundle,
  linkedAccounts,
  loadMore,
  onRamp,
  profileWallets,
  receive,
  registerName,
  send,
  siwx,
  socialLogins,
  spec,
  swap,
  switchNetwork,
  transferError,
  walletConnect,
} as const

/** Each set of messages made by defineMessages, with the export that holds it. */
export function sourceCatalogues(): {
  exportName: string
  messages: object
  catalogue: Record<string, string>
}[] {
  return Object.values(messageModules).flatMap((module) =>
    Object.entries(module)
      .filter(([, value]) => typeof value === 'object' && value !== null)
      .map(([exportName, value]) => ({
        exportName,
        messages: value,
        catalogue: sourceCatalogue(value),
      }))
      .filter(({ catalogue }) => Object.keys(catalogue).length > 0),
  )
}

/**
 * The English source catalogue, message id → ICU, sorted by id. An id declared twice throws: a
 * translation could not say which message it is for.
 * @example englishCatalogue()['send.amount'] // 'Amount'
 */
export function englishCatalogue(): Record<string, string> {
  const entries = sourceCatalogues().flatMap(({ catalogue }) => Object.entries(catalogue))
  const ids = entries.map(([id]) => id)
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index)
  if (repeated.length > 0) throw new Error(`Message ids declared twice: ${repeated.join(', ')}`)
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
