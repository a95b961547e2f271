/**
 * The embedded wallet's two EVM accounts and which one is active (spec §3 preferred account
 * type, §4 "Other", §6): the EOA of its key, and the smart account that key owns. On an EIP-7702
 * network both have the EOA's address (the smart account is the EOA upgraded): a switch changes
 * no address, so the site hears no accountsChanged (its wallet_getCapabilities answer changes),
 * and switching back to EOA offers to remove the upgrade. The visitor's choice is kept per
 * account and network; without one, the default is spec §9's (eip155: smartAccount). The smart
 * account is offered only where the project has smart accounts on and the API has a bundler for
 * the network; elsewhere the EOA is the account. The AUTH connector holds `provider`, which
 * always answers as the active account.
 */
import {
  type AccountType,
  type BundlerInfo,
  type CaipNetworkId,
  ChainDisconnectedError,
  defaultAccountTypes,
  type NetworkConfig,
  namespaceOf,
} from '@airlock/protocol'
import type { PrivateKeyAccount, Transport } from 'viem'
import { type ApiFetch, HttpError } from '../api'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { offerDelegationRemoval } from './accountUpgrade'
import type { ReportFailure } from './afterApproval'
import { bundlerInfo, bundlerRelayTransport } from './bundlerRelay'
import type { Approve, EvmSigner } from './evmSigner'
import { createSmartAccountSigner, type SmartAccountSignerOptions } from './smartAccountSigner'

/** The types the embedded wallet's EVM side switches between. */
export type EvmAccountType = Extract<AccountType, 'eoa' | 'smartAccount'>

/** Where the visitor's choices are kept: `{ '<owner>|<network>': type }`. */
const preferencesKey = 'airlock:v1:accountTypes'

const isPreferences = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((type) => type === 'eoa' || type === 'smartAccount')

export type EvmAccountsOptions = {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
  owner: PrivateKeyAccount
  eoa: EvmSigner
  approve: Approve
  /** Told a failure after the visitor approved (the request still rejects to the site). */
  onFailedAfterApproval?: ReportFailure | undefined
  /** The active account changed (a switch, or a network with another type): its address. */
  onAccountChanged(address: string): void
  /** A user operation was not included in time: it is followed still (smartAccountSigner.ts). */
  onPending: SmartAccountSignerOptions['onPending']
  /** Shows a batch's status to the visitor (`wallet_showCallsStatus`). */
  showCallsStatus?: SmartAccountSignerOptions['showCallsStatus']
  /** A user operation told pending landed. */
  onIncluded: SmartAccountSignerOptions['onIncluded']
}

export function createEvmAccounts(options: EvmAccountsOptions) {
  const { store, persistence, owner, eoa } = options
  const networkOf = (id: CaipNetworkId) =>
    store.getState().networks.find(({ caipNetworkId }) => caipNetworkId === id)
  const preferenceOf = (network: CaipNetworkId) => `${owner.address.toLowerCase()}|${network}`

  // What the API offers a smart account on each network (asked once per network): undefined
  // where it has no bundler, or the project has smart accounts off.
  const offers = new Map<CaipNetworkId, Promise<BundlerInfo | undefined>>()
  let smart: Promise<EvmSigner> | undefined
  let active: EvmSigner = eoa
  let type: EvmAccountType = 'eoa'

  const relayTarget = (network: CaipNetworkId) => {
    const { config, host } = store.getState()
    return { projectId: config.projectId ?? '', hostOrigin: host?.origin ?? '', chainId: network }
  }
  const relay = (network: NetworkConfig): Transport =>
    bundlerRelayTransport(options.apiFetch, relayTarget(network.caipNetworkId))

  function offerOn(network: CaipNetworkId): Promise<BundlerInfo | undefined> {
    if (!store.getState().config.project?.features.smartAccounts) return Promise.resolve(undefined)
    if (!networkOf(network) || namespaceOf(network) !== 'eip155') return Promise.resolve(undefined)
    const known = offers.get(network)
    if (known) return known
    const asked = bundlerInfo(options.apiFetch, relayTarget(network)).catch((error: unknown) => {
      offers.delete(network)
      const code = error instanceof HttpError ? error.code : undefined
      if (code === 'bundlerNotConfigured' || code === 'smartAccountsDisabled') return undefined
      throw error
    })
    offers.set(network, asked)
    return asked
  }

  /**
   * Whether the smart account may be used on `network`: the project's switch, then the API's
   * bundler. When the API can't be asked now, it is offered still: the visitor's smart account
   * is there, and sending says why it fails.
   */
  const available = (network: CaipNetworkId) =>
    offerOn(network).then(
      (offer) => offer !== undefined,
      () => true,
    )

  function smartSigner() {
    smart ??= createSmartAccountSigner({
      owner,
      eoa,
      networks: store.getState().networks,
      bundlerTransport: relay,
      accountKind: async (network) => {
        const offer = await offerOn(network.caipNetworkId)
        if (!offer) throw smartAccountsUnavailable(network.name)
        return offer.account
      },
      sponsored: async (network) =>
        (await offerOn(network.caipNetworkId).catch(() => undefined))?.paymaster === true,
      paymasterServices: () => store.getState().config.project?.paymasterServices ?? [],
      approve: options.approve,
      onFailedAfterApproval: options.onFailedAfterApproval,
      onPending: options.onPending,
      onIncluded: options.onIncluded,
      ...(options.showCallsStatus ? { showCallsStatus: options.showCallsStatus } : {}),
    }).catch((error: unknown) => {
      smart = undefined
      throw error
    })
    return smart
  }

  /**
   * Back on the EOA of an EIP-7702 network: offers to remove the EOA's delegation (approved on
   * the approval screen). Once removed, the smart account is made again when next chosen: the
   * one made knew the address as upgraded.
   */
  async function offerRemoval(network: CaipNetworkId) {
    const config = networkOf(network)
    const offer = await offerOn(network).catch(() => undefined)
    if (!config || offer?.account.kind !== 'eip7702') return
    const removed = await offerDelegationRemoval({
      owner,
      network: config,
      approve: options.approve,
      report: options.onFailedAfterApproval,
    })
    if (removed) smart = undefined
  }

  async function preferred(network: CaipNetworkId): Promise<EvmAccountType> {
    const kept = await persistence.read<Record<string, EvmAccountType>>(
      preferencesKey,
      {},
      isPreferences,
    )
    return kept[preferenceOf(network)] ?? defaultAccountTypes.eip155
  }

  /** Makes `to` the active account (the EOA where the smart account can't be); says so when it changed. */
  async function activate(to: EvmAccountType, network: CaipNetworkId, canUseSmart: boolean) {
    const next = to === 'smartAccount' && canUseSmart ? await smartSigner() : eoa
    const changed = next.address !== active.address
    active = next
    type = next === eoa ? 'eoa' : 'smartAccount'
    store.setState({ accountType: type, smartAccountAvailable: canUseSmart })
    if (changed) options.onAccountChanged(next.address)
    return network
  }

  return {
    /** The EIP-1193 provider of the active account. */
    provider: {
      get address() {
        return active.address
      },
      network: () => eoa.network(),
      request: (...asked: Parameters<EvmSigner['request']>) => active.request(...asked),
    } satisfies EvmSigner,
    type: () => type,
    /**
     * The account for the wallet's network, as the visitor last chose there (or the default);
     * at unlock and after each change of network.
     */
    async settle() {
      const network = eoa.network()
      const canUseSmart = await available(network)
      try {
        await activate(canUseSmart ? await preferred(network) : 'eoa', network, canUseSmart)
      } catch {
        // The smart account's address could not be read (the network's RPC is down): the
        // wallet opens on its EOA rather than not at all; the visitor may switch back later.
        await activate('eoa', network, canUseSmart)
      }
    },
    /**
     * The visitor's switch (Account): `to` becomes the active account on the wallet's network,
     * and is kept as their choice there.
     * @throws ChainDisconnectedError (4901) when the smart account is not available on the network.
     */
    async switchTo(to: EvmAccountType) {
      const network = eoa.network()
      const canUseSmart = await available(network)
      if (to === 'smartAccount' && !canUseSmart)
        throw smartAccountsUnavailable(networkOf(network)?.name ?? network)
      await activate(to, network, canUseSmart)
      const kept = await persistence.read<Record<string, EvmAccountType>>(
        preferencesKey,
        {},
        isPreferences,
      )
      await persistence.write(preferencesKey, { ...kept, [preferenceOf(network)]: to })
      if (to === 'eoa') await offerRemoval(network)
    },
  }
}
export type EvmAccounts = ReturnType<typeof createEvmAccounts>

/**
 * A network with no smart account (the project's switch off, or no bundler for it): 4901, the
 * provider not connected to that chain for this account, in the words the smart account's own
 * provider uses for the same refusal from the bundler relay (smartAccountSigner.ts).
 */
function smartAccountsUnavailable(network: string) {
  return new ChainDisconnectedError({ message: `Smart accounts are not available on ${network}.` })
}
