/**
 * The signers of an unlocked wallet's accounts: the EOA and the smart account its key owns (the
 * active one answers for the EVM side) and the Solana signer, each starting on the active network
 * of its namespace (else the site's first), every request put to the visitor first. The Solana
 * key is handed over and wiped here.
 */
import { type HostWalletEvent, namespaceOf } from '@airlock/protocol'
import { privateKeyToAccount } from 'viem/accounts'
import type { ApiFetch } from '../api'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import { callsStatusText } from '../messages/callsStatusText'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { hideToast, showToast } from '../stores/toasts'
import type { Approvals } from './approvals'
import { createEvmAccounts, type EvmAccounts } from './evmAccounts'
import { createEvmSigner } from './evmSigner'
import { createSolanaSigner, type SolanaSigner } from './solanaSigner'
import type { WalletAccounts } from './walletAccounts'

export type WalletSignersDeps = {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
  approvals: Approvals
  onWalletEvent(event: HostWalletEvent): void
}

/** The network a signer starts on: the active one when of its namespace, else the site's first. */
function startNetwork(store: ModalStore, namespace: 'eip155' | 'solana') {
  const { networks, activeNetwork } = store.getState()
  if (namespaceOf(activeNetwork) === namespace) return activeNetwork
  return networks.find((network) => namespaceOf(network.caipNetworkId) === namespace)?.caipNetworkId
}

export async function createWalletSigners(
  { store, apiFetch, persistence, approvals, onWalletEvent }: WalletSignersDeps,
  accounts: WalletAccounts,
): Promise<{ evm: EvmAccounts | undefined; solana: SolanaSigner | undefined }> {
  const { networks } = store.getState()
  const evmNetwork = startNetwork(store, 'eip155')
  const solanaNetwork = startNetwork(store, 'solana')
  const eoa =
    evmNetwork &&
    createEvmSigner({
      privateKey: accounts.evm.privateKey,
      networks,
      network: evmNetwork,
      approve: approvals.ask,
      onFailedAfterApproval: approvals.failedAfterApproval,
      showCallsStatus: approvals.showCallsStatus,
    })
  const evm =
    eoa &&
    createEvmAccounts({
      store,
      apiFetch,
      persistence,
      owner: privateKeyToAccount(accounts.evm.privateKey),
      eoa,
      approve: approvals.ask,
      onFailedAfterApproval: approvals.failedAfterApproval,
      onAccountChanged: (address) =>
        onWalletEvent({ walletId: embeddedWalletId, event: 'accountsChanged', data: [address] }),
      // Not failed: the site's request waits on while it is followed, and then says how it ended.
      // Pending, not failed: CallsStatus shows it (the toast, if its status can't be asked now);
      // the site's request waits on while it is followed.
      onPending: ({ id, status, replace }) =>
        void approvals.showCallsStatus(id, status, replace).catch(() =>
          showToast(store, {
            message: callsStatusText.pendingToast,
            variant: 'loading',
            autoClose: false,
          }),
        ),
      showCallsStatus: approvals.showCallsStatus,
      onIncluded: (_, { success, cancelled }) => {
        // A revert is told as every failure after approval is (approvals.failedAfterApproval); a
        // cancellation that landed, by CallsStatus (Cancelled).
        if (success && !cancelled)
          showToast(store, {
            message: callsStatusText.confirmedToast,
            variant: 'success',
            autoClose: true,
          })
        else hideToast(store)
      },
    })
  const solana =
    solanaNetwork &&
    createSolanaSigner({
      secretKey: accounts.solana.secretKey,
      networks,
      network: solanaNetwork,
      approve: approvals.ask,
      onFailedAfterApproval: approvals.failedAfterApproval,
    })
  accounts.solana.secretKey.fill(0)
  if (evm) await evm.settle()
  return { evm: evm || undefined, solana: solana || undefined }
}
