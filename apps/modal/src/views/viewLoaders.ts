/**
 * The views that load on demand, and their code by view name. Connect is not here: opening
 * shows it to every visitor who is not connected, so it is in the first bundle and renders at
 * once. Account (with TanStack Query and the account data) loads as soon as a wallet connects,
 * so a connected visitor's next open finds it there.
 *
 * Each view's import is made once and its promise kept: ViewBody reads it with `use`, which
 * renders without suspending once the promise is marked settled, and whatever foresees a view (a
 * pointer on its button, a focus, the modal opening) preloads it through the navigation, so the
 * code is there before it is needed. Each modal's navigation keeps its own (navigation/viewCode.ts).
 */
import type { View } from '@airlock/protocol'
import type { ComponentType } from 'react'

const embeddedWalletViews = () => import('./embeddedWalletViews')

/** Each view's code, by name; navigation/viewCode.ts keeps the imports one navigation made. */
export const viewLoaders = {
  Account: async () => (await import('./Account/Account')).Account,
  AllWallets: async () => (await import('./AllWallets/AllWallets')).AllWallets,
  ConnectingWalletConnect: async () =>
    (await import('./ConnectingWalletConnect/ConnectingWalletConnect')).ConnectingWalletConnect,
  ConnectingWalletConnectBasic: async () =>
    (await import('./ConnectingWalletConnectBasic/ConnectingWalletConnectBasic'))
      .ConnectingWalletConnectBasic,
  EmailLogin: async () => (await embeddedWalletViews()).EmailLogin,
  UpdateEmailWallet: async () => (await embeddedWalletViews()).UpdateEmailWallet,
  ConnectingSocial: async () => (await embeddedWalletViews()).ConnectingSocial,
  ConnectingFarcaster: async () => (await embeddedWalletViews()).ConnectingFarcaster,
  WalletDevices: async () => (await embeddedWalletViews()).WalletDevices,
  LinkedAccounts: async () => (await embeddedWalletViews()).LinkedAccounts,
  WalletRecoveryCode: async () => (await embeddedWalletViews()).WalletRecoveryCode,
  WalletExportKey: async () => (await embeddedWalletViews()).WalletExportKey,
  ApproveTransaction: async () => (await embeddedWalletViews()).ApproveTransaction,
  CallsStatus: async () => (await embeddedWalletViews()).CallsStatus,
  ConnectingExternal: async () =>
    (await import('./ConnectingExternal/ConnectingExternal')).ConnectingExternal,
  ProfileWallets: async () => (await import('./ProfileWallets/ProfileWallets')).ProfileWallets,
  AccountNames: async () => (await import('./AccountNames/AccountNames')).AccountNames,
  RegisterAccountName: async () =>
    (await import('./RegisterAccountName/RegisterAccountName')).RegisterAccountName,
  RegisterAccountNameSuccess: async () =>
    (await import('./RegisterAccountName/RegisterAccountNameSuccess')).RegisterAccountNameSuccess,
  SIWXSignMessage: async () => (await import('./SIWXSignMessage/SIWXSignMessage')).SIWXSignMessage,
  SwitchNetwork: async () => (await import('./SwitchNetwork/SwitchNetwork')).SwitchNetwork,
  SwitchActiveChain: async () =>
    (await import('./SwitchActiveChain/SwitchActiveChain')).SwitchActiveChain,
  Receive: async () => (await import('./Receive/Receive')).Receive,
  OnRamp: async () => (await import('./OnRamp/OnRamp')).OnRamp,
  Swap: async () => (await import('./Swap/Swap')).Swap,
  WalletSend: async () => (await import('./WalletSend/WalletSend')).WalletSend,
  WalletSendPreview: async () => (await import('./WalletSend/WalletSendPreview')).WalletSendPreview,
} satisfies Partial<Record<View, () => Promise<ComponentType>>>

export type LazyView = keyof typeof viewLoaders

export function isLazyView(view: View): view is LazyView {
  return Object.hasOwn(viewLoaders, view)
}
