/**
 * The EIP-1193 provider of the embedded wallet's smart account (smartAccount.ts): the same
 * requests as the EOA's provider (evmSigner.ts), answered for the smart account's address.
 * Signatures are the account's (a Safe's: the owner's over its SafeMessage), wrapped in ERC-6492
 * until a Safe is deployed (ERC-1271 after); the approval names the Safe ('Safe 1.4.1').
 * `eth_sendTransaction` and EIP-5792's `wallet_sendCalls` become user operations sent through
 * the bundler relay, after the visitor's yes. On an EIP-7702 network the account is the
 * EOA's own address: its first user operation is shown and sent with the upgrade
 * (accountUpgrade.ts). The network, its switch and chain reads are the EOA provider's, so both
 * accounts are always on the same network. A pending user operation may be sped up or cancelled
 * while the bundler holds it (sentOperations.ts): the site then gets what landed.
 */
import {
  ChainDisconnectedError,
  errorCodes,
  evmChainId,
  type NetworkConfig,
  ProviderRpcError,
  parseCaipNetworkId,
  type RequestArguments,
  type SmartAccountKind,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@airlock/protocol'
import { type Hex, type PrivateKeyAccount, type Transport, BaseError as ViemError } from 'viem'
import { HttpError } from '../api'
import type { Asker } from '../connectors/types'
import { callsStatusText } from '../messages/callsStatusText'
import { type AccountUpgrade, signUpgrade, upgradeOf } from './accountUpgrade'
import { afterApproval, type ReportFailure } from './afterApproval'
import { readBatchCalls } from './batchCalls'
import { batchIds } from './batchId'
import { apiMessageOf, relayFailureOf } from './bundlerRelay'
import {
  type ApprovalCall,
  type ApprovalRequest,
  type Approve,
  assertSiteNonce,
  codedErrorOf,
  type EvmSigner,
  messageText,
  ownAddressCheck,
  providerErrorOf,
  readCapabilitiesRequest,
  readPersonalSign,
} from './evmSigner'
import { readTransaction } from './evmTransaction'
import { readTypedData } from './evmTypedData'
import { askedBy, positional, type RequestHandler, requestDispatcher } from './requestDispatcher'
import {
  type PaymasterService,
  paymasterServiceBundler,
  paymasterServiceOf,
  smartAccountCapabilities,
  withoutPaymasterService,
} from './sendCallsCapabilities'
import {
  landedInstead,
  OperationNotReplaceableError,
  type Replacement,
  sentOperations,
} from './sentOperations'
import { smartAccountCallsStatus } from './smartAccountCallsStatus'
import { smartAccountClients } from './smartAccountClients'
import { checkSiteFees, type OperationLimits, userOperationFee } from './userOperationFee'
import { followUserOperation } from './userOperationFollower'

/**
 * How long a sent user operation may take to be included before the visitor is told it is
 * pending (it is followed still: userOperationFollower.ts).
 */
export const userOperationTimeoutMs = 60_000

export type SmartAccountSignerOptions = {
  /** The wallet's EVM key, the account's owner. */
  owner: PrivateKeyAccount
  /** The EOA's provider: the network, its switch and chain reads are its. */
  eoa: EvmSigner
  networks: readonly NetworkConfig[]
  /** The bundler relay's transport for a network. */
  bundlerTransport(network: NetworkConfig): Transport
  /** How the network's smart accounts are made, as the API's bundler info says. */
  accountKind(network: NetworkConfig): Promise<SmartAccountKind>
  /** Whether a paymaster sponsors the gas on a network. */
  sponsored?(network: NetworkConfig): Promise<boolean>
  /** The ERC-7677 paymaster services the project lets its sites name (its config's). */
  paymasterServices?(): readonly string[]
  approve: Approve
  /** Told a failure after the visitor approved (the request still rejects to the site). */
  onFailedAfterApproval?: ReportFailure | undefined
  /**
   * A user operation was not included within `timeoutMs`: the visitor is told it is pending
   * (`status` asks how it is now, as `wallet_getCallsStatus` of `id`); the site's request waits
   * on, and it is followed by its hash.
   */
  onPending(pending: {
    hash: Hex
    id: string
    status: () => Promise<unknown>
    /** Speeds it up or cancels it (sentOperations.ts), after the visitor approves. */
    replace: ReplacePending
  }): void
  /**
   * Shows a batch's status to the visitor (`wallet_showCallsStatus`), with `replace` when it was
   * sent from this frame; without it, 4200.
   */
  showCallsStatus?(
    id: string,
    status: () => Promise<unknown>,
    replace?: ReplacePending,
  ): Promise<void>
  /**
   * A user operation the visitor was told was pending landed: its real outcome (`cancelled` when
   * what landed is the no-op the visitor sent in its place).
   */
  onIncluded(hash: Hex, outcome: IncludedOutcome): void
  /** How long before a user operation not yet included is called pending. */
  timeoutMs?: number
  /** How long a pending one is followed before the site's request gives up on it. */
  followMs?: number
}

/** How a user operation the visitor was told was pending ended. */
export type IncludedOutcome = { success: boolean; transactionHash: Hex; cancelled?: true }

/** Speeds up or cancels a pending user operation; resolves once its replacement is sent. */
export type ReplacePending = (how: Replacement) => Promise<void>

/**
 * The smart account's provider, its address the account's on the EOA's network (the EOA's own
 * with EIP-7702, else the owner's Safe).
 *
 * @example
 * const smart = await createSmartAccountSigner({ owner, eoa, networks, bundlerTransport, approve, onTimeout })
 * await smart.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls }] })
 * // { id: '0x…' } once the visitor approves; wallet_getCallsStatus follows it
 */
export async function createSmartAccountSigner(
  options: SmartAccountSignerOptions,
): Promise<EvmSigner> {
  const { owner, eoa, networks, approve, onFailedAfterApproval } = options
  const { timeoutMs = userOperationTimeoutMs } = options
  const thenReported = <result>(work: () => Promise<result>) =>
    afterApproval(onFailedAfterApproval, work)
  const networkOf = (id = eoa.network()) => {
    const network = networks.find(({ caipNetworkId }) => caipNetworkId === id)
    if (!network) throw new ChainDisconnectedError({ message: `The wallet is on no network.` })
    return network
  }

  const clientsOf = smartAccountClients(options)
  const start = networkOf()
  const address = await clientsOf(start).then(
    ({ account }) => account.address,
    (error: unknown) => {
      throw providerErrorOf(error, start)
    },
  )

  const ids = await batchIds(owner, address)

  const assertOwnAddress = ownAddressCheck(address)

  /** Asks the visitor, naming the account's contract where it is a Safe (a second address). */
  async function approved(request: ApprovalRequest) {
    const network = networkOf(request.network)
    const { kind } = await clientsOf(network).catch((error: unknown) => {
      throw providerErrorOf(error, network)
    })
    const named = kind.kind === 'safe' ? { ...request, account: `Safe ${kind.version}` } : request
    if (!(await approve(named)))
      throw new UserRejectedRequestError({ message: 'The visitor rejected the request.' })
  }

  const operations = sentOperations({
    text: { bundled: callsStatusText.notReplaceable, unknown: callsStatusText.notSentHere },
    approve: approved,
  })

  /** The user operation's network fee and limits (userOperationFee.ts), before the visitor is asked. */
  async function operationFee(network: NetworkConfig, calls: ApprovalCall[]) {
    try {
      return await userOperationFee(await clientsOf(network), calls)
    } catch (error) {
      throw userOperationError(error, network)
    }
  }

  /** Asks the visitor about a send, with the EIP-7702 upgrade its operation needs: returns that. */
  async function approvedSend(
    network: NetworkConfig,
    request: Extract<ApprovalRequest, { kind: 'transaction' | 'calls' }>,
  ) {
    const upgrade = await upgradeOf(await clientsOf(network), address).catch((error: unknown) => {
      throw providerErrorOf(error, network)
    })
    await approved(upgrade ? { ...request, upgrade } : request)
    return upgrade
  }

  /**
   * Sends `calls` as one user operation; resolves to its hash, the block it was sent at and its
   * nonce once the bundler took it (sentOperations.ts keeps it, to replace). With a site's
   * paymaster `service`, that service is asked for the paymaster, not the network's; with an
   * approved `upgrade`, the EIP-7702 authorization is signed now and sent with it.
   */
  async function sendCalls(
    network: NetworkConfig,
    calls: ApprovalCall[],
    limits?: OperationLimits,
    service?: PaymasterService,
    upgrade?: AccountUpgrade,
  ) {
    const clients = await clientsOf(network)
    const { chain, bundler: own, selfPaid } = clients
    // Limits were set for an operation the account pays for itself (userOperationFee.ts): no
    // paymaster is asked, even on a network the project sponsors.
    const bundler = service
      ? paymasterServiceBundler(chain, options.bundlerTransport(network), service)
      : limits
        ? selfPaid
        : own
    try {
      const authorization = upgrade ? await signUpgrade(owner, chain, upgrade) : undefined
      const fromBlock = await chain.getBlockNumber()
      const sent = await operations.send(clients, {
        calls,
        limits,
        bundler,
        paymasterContext: service?.context,
        authorization,
        sponsored: limits === undefined,
      })
      const [hash] = sent.hashes as [Hex]
      return { hash, sent: { nonce: sent.nonce, fromBlock } }
    } catch (error) {
      throw userOperationError(error, network)
    }
  }

  /** The batch id of a sent operation: its hash, nonce and block under this account's tag. */
  const idOf = (network: NetworkConfig, hash: Hex, sent: { nonce: bigint; fromBlock: bigint }) =>
    ids.idOf({ kind: 'userOperation', chainId: chainIdOf(network), hashes: [hash], sent })

  /**
   * Speeds up or cancels the operation first sent as `hash`, the visitor approving it. Its
   * failure is the caller's to show (CallsStatus, where the visitor asked): 4001 when declined,
   * OperationNotReplaceableError once bundled, else the bundler's, as a send's.
   */
  const replacer =
    (network: NetworkConfig, hash: Hex): ReplacePending =>
    async (how) => {
      const context = { network: network.caipNetworkId, from: address }
      try {
        await operations.replace(await clientsOf(network), hash, how, context)
      } catch (error) {
        if (error instanceof UserRejectedRequestError) throw error
        if (error instanceof OperationNotReplaceableError) throw error
        throw userOperationError(error, network)
      }
    }

  /**
   * The operation's receipt once included, however long it takes (userOperationFollower.ts), by
   * any of its hashes (a replacement's too); `cancelled` when what landed is its cancellation.
   */
  async function included(
    network: NetworkConfig,
    hash: Hex,
    sent: { nonce: bigint; fromBlock: bigint },
  ) {
    const { bundler } = await clientsOf(network)
    const record = operations.sentAs(hash)
    try {
      const landed = await followUserOperation({
        bundler,
        hash,
        hashes: () => record?.hashes ?? [hash],
        pendingAfterMs: timeoutMs,
        ...(options.followMs === undefined ? {} : { followMs: options.followMs }),
        onPending: () => {
          const id = idOf(network, hash, sent)
          const replace = replacer(network, hash)
          options.onPending({ hash, id, status: () => callsStatus([id]), replace })
        },
      })
      const { receipt, wasPending } = landed
      const cancelled = record?.cancels.includes(landed.hash) === true
      if (wasPending)
        options.onIncluded(landed.hash, {
          success: receipt.success,
          transactionHash: receipt.receipt.transactionHash,
          ...(cancelled ? { cancelled } : {}),
        })
      return { receipt, cancelled }
    } catch (error) {
      throw userOperationError(error, network)
    }
  }

  async function personalSign(params: RequestArguments['params']) {
    const message = readPersonalSign(params, assertOwnAddress)
    const network = networkOf()
    await approved({
      kind: 'message',
      network: network.caipNetworkId,
      from: address,
      message: messageText(message),
    })
    return thenReported(async () => {
      const { account } = await clientsOf(network)
      return account.signMessage({ message: { raw: message } })
    })
  }

  async function signTypedData(params: RequestArguments['params']) {
    const method = 'eth_signTypedData_v4'
    const [from, value] = positional(method, params, ['address', 'typedData'])
    assertOwnAddress(method, from)
    const network = networkOf()
    const typedData = readTypedData(value)
    await approved({
      kind: 'typedData',
      network: network.caipNetworkId,
      from: address,
      domain: typedData.domain,
      primaryType: typedData.primaryType,
      message: typedData.message,
    })
    return thenReported(async () => {
      const { account } = await clientsOf(network)
      return account.signTypedData(typedData)
    })
  }

  async function sendTransaction(
    params: RequestArguments['params'],
    _method: string,
    asker: Asker,
  ) {
    const method = 'eth_sendTransaction'
    const [value] = positional(method, params, ['transaction'])
    const network = networkOf()
    const transaction = readTransaction(value, network, assertOwnAddress)
    const { to, value: amount, data } = transaction
    const calls = [{ to, value: amount, ...(data ? { data } : {}) }]
    const { fee, limits } = await operationFee(network, calls)
    // The site's EOA fields are held to the EOA's rules, though the operation is sent with its own
    // gas, fees and nonce: fees within 3× the operation's estimate, and a nonce that is the one
    // the chain gives the account's address (what a site's library fills in), else refused.
    checkSiteFees(method, transaction, limits)
    if (transaction.nonce !== undefined)
      await assertSiteNonce(method, transaction.nonce, {
        chain: (await clientsOf(network)).chain,
        address,
        network,
      })
    const upgrade = await approvedSend(network, {
      kind: 'transaction',
      network: network.caipNetworkId,
      from: address,
      ...askedBy(asker),
      to,
      value: amount,
      ...(data ? { data } : {}),
      fee,
    })
    const { receipt, cancelled } = await thenReported(async () => {
      const { hash, sent } = await sendCalls(network, calls, limits, undefined, upgrade)
      const landed = await included(network, hash, sent)
      if (!landed.cancelled && !landed.receipt.success)
        throw new ProviderRpcError(
          errorCodes.internal,
          `The user operation ${hash} was included but its call reverted${landed.receipt.reason ? `: ${landed.receipt.reason}` : ''}.`,
        )
      return landed
    })
    // The visitor's own choice, not a failure: the site hears 4001, the visitor is told nothing failed.
    if (cancelled)
      throw new UserRejectedRequestError({
        message: `The visitor cancelled the transaction: a no-op took its place (${receipt.receipt.transactionHash}).`,
      })
    return receipt.receipt.transactionHash
  }

  async function walletSendCalls(params: RequestArguments['params']) {
    const [batch] = positional('wallet_sendCalls', params, ['{ version, chainId, calls }'])
    const network = networkOf()
    const calls = readBatchCalls(batch, {
      network,
      assertOwnAddress,
      atomic: true,
      unsupported: withoutPaymasterService,
    })
    const allowed = options.paymasterServices?.() ?? []
    const service = paymasterServiceOf('wallet_sendCalls', (batch as Batch).capabilities, allowed)
    // A site's paymaster pays: the visitor is shown no fee, as on a network the project sponsors.
    const { fee, limits } = service
      ? { fee: { maxFee: 0n, sponsored: true } as const, limits: undefined }
      : await operationFee(network, calls)
    const upgrade = await approvedSend(network, {
      kind: 'calls',
      network: network.caipNetworkId,
      from: address,
      calls,
      fee,
    })
    const { hash, sent } = await thenReported(() =>
      sendCalls(network, calls, limits, service, upgrade),
    )
    return { id: idOf(network, hash, sent) }
  }

  const { callsStatus, showCallsStatus } = smartAccountCallsStatus({
    ids,
    networks,
    bundlerOf: async (network) => (await clientsOf(network)).bundler,
    landedInstead: async (network, sent) => landedInstead(await clientsOf(network), sent),
    replaceOf: (network, hash) => (operations.sentAs(hash) ? replacer(network, hash) : undefined),
    errorOf: userOperationError,
    showCallsStatus: options.showCallsStatus,
  })

  function capabilities(params: RequestArguments['params']) {
    const asked = readCapabilitiesRequest(params, assertOwnAddress)
    // EIP-5792: the calls of a batch are one user operation, so they happen together or not.
    const network = networkOf()
    if (asked && !asked.includes(network.caipNetworkId)) return {}
    const allowed = options.paymasterServices?.() ?? []
    return { [evmChainId(network.caipNetworkId)]: smartAccountCapabilities(allowed) }
  }

  const refuseEoaSigning: RequestHandler = (_, method) => {
    throw new UnsupportedMethodError({
      message: `A smart account does not support ${method}: it sends user operations.`,
    })
  }
  const request = requestDispatcher(
    {
      eth_accounts: () => [address],
      eth_requestAccounts: () => [address],
      personal_sign: personalSign,
      eth_signTypedData_v4: signTypedData,
      eth_sendTransaction: sendTransaction,
      wallet_sendCalls: walletSendCalls,
      wallet_getCallsStatus: callsStatus,
      wallet_showCallsStatus: showCallsStatus,
      wallet_getCapabilities: capabilities,
      eth_signTransaction: refuseEoaSigning,
      eth_sign: refuseEoaSigning,
    },
    // The network, its switch and chain reads: the EOA's provider, which the account shares.
    { otherwise: (args, asker) => eoa.request(args, asker) },
  )
  return { address, network: () => eoa.network(), request }
}

/** A `wallet_sendCalls` batch, once `readBatchCalls` read it. */
type Batch = { capabilities?: unknown }

const chainIdOf = (network: NetworkConfig) =>
  BigInt(parseCaipNetworkId(network.caipNetworkId).reference)

/**
 * An error of a user operation as the site reads it: the bundler unreachable is 4901 with the
 * network named; a sponsorship the API refused is 4100 in its words; the bundler's refusal (a reverting call, too little to pay for gas) keeps its
 * words, viem's reading of the ERC-4337 codes.
 */
function userOperationError(error: unknown, network: NetworkConfig): Error {
  const relay = relayFailureOf(error)
  const code = relay instanceof HttpError ? relay.code : undefined
  // The paymaster's refusal (not signed in, another account, today's caps used up): its words.
  if (relay instanceof HttpError && code?.startsWith('sponsorship'))
    return new ProviderRpcError(errorCodes.unauthorized, apiMessageOf(relay), { cause: error })
  if (relay)
    return new ChainDisconnectedError({
      message:
        code === 'bundlerNotConfigured' || code === 'smartAccountsDisabled'
          ? `Smart accounts are not available on ${network.name}.`
          : `The bundler of ${network.name} can't be reached: try again later.`,
      ...(relay instanceof HttpError ? { details: apiMessageOf(relay) } : {}),
      cause: error,
    })
  // The bundler's own JSON-RPC code (ERC-7769: -32500 for a validation the account failed, …).
  if (error instanceof ViemError) return codedErrorOf(error)
  return providerErrorOf(error, network)
}
