/**
 * The EIP-1193 provider of the embedded wallet's smart account (smartAccount.ts): the same
 * requests as the EOA's provider (evmSigner.ts), answered for the smart account's address.
 * Signatures are the owner's, wrapped in ERC-6492 until a factory's account is deployed (ERC-1271
 * after); `eth_sendTransaction` and EIP-5792's `wallet_sendCalls` become user operations sent
 * through the bundler relay, after the visitor's yes. On an EIP-7702 network the account is the
 * EOA's own address: its first user operation is shown and sent with the upgrade
 * (accountUpgrade.ts). The network, its switch and chain reads are the EOA provider's, so both
 * accounts are always on the same network.
 */
import {
  ChainDisconnectedError,
  errorCodes,
  evmChainId,
  type NetworkConfig,
  ProviderRpcError,
  parseCaipNetworkId,
  type RequestArguments,
  RequestTimeoutError,
  type SmartAccountKind,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@airlock/protocol'
import {
  getAddress,
  type Hex,
  isAddress,
  isHex,
  type PrivateKeyAccount,
  type Transport,
  BaseError as ViemError,
} from 'viem'
import {
  UserOperationReceiptNotFoundError,
  WaitForUserOperationReceiptTimeoutError,
} from 'viem/account-abstraction'
import { HttpError } from '../api'
import type { Asker } from '../connectors/types'
import { type AccountUpgrade, signUpgrade, upgradeOf } from './accountUpgrade'
import { afterApproval, type ReportFailure } from './afterApproval'
import { relayFailureOf } from './bundlerRelay'
import { assertNextNonce } from './evmFees'
import {
  type ApprovalCall,
  type ApprovalRequest,
  type Approve,
  codedErrorOf,
  type EvmSigner,
  isChainIdHex,
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
  assertCapabilities,
  type PaymasterService,
  paymasterServiceBundler,
  paymasterServiceOf,
  smartAccountCapabilities,
  withoutPaymasterService,
} from './sendCallsCapabilities'
import { invalid, isRecord, shown } from './signerInput'
import { smartAccountClients } from './smartAccountClients'
import { checkSiteFees, type OperationLimits, userOperationFee } from './userOperationFee'

/** How long a sent user operation may take to be included before the request fails. */
export const userOperationTimeoutMs = 60_000

/** The most calls one `wallet_sendCalls` batch may make. */
const maxCalls = 16

/** EIP-5792's code for a batch id this wallet never sent. */
const unknownBundleId = 5730

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
  /** A user operation was not included in time: the alert says so. */
  onTimeout(): void
  timeoutMs?: number
}

/** A batch this wallet sent: its user operation and the network it went to. */
type SentBatch = { hash: Hex; network: NetworkConfig }

/**
 * The smart account's provider, its address read from the factory on the EOA's network.
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

  const sent = new Map<Hex, SentBatch>()

  const assertOwnAddress = ownAddressCheck(address)

  async function approved(request: ApprovalRequest) {
    if (!(await approve(request)))
      throw new UserRejectedRequestError({ message: 'The visitor rejected the request.' })
  }

  const operationCalls = (calls: ApprovalCall[]) =>
    calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) }))

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
   * Sends `calls` as one user operation; resolves to its hash once the bundler took it. With a
   * site's paymaster `service`, that service is asked for the paymaster, not the network's; with
   * an approved `upgrade`, the EIP-7702 authorization is signed now and sent with it.
   */
  async function sendCalls(
    network: NetworkConfig,
    calls: ApprovalCall[],
    limits?: OperationLimits,
    service?: PaymasterService,
    upgrade?: AccountUpgrade,
  ) {
    const { chain, account, bundler: own } = await clientsOf(network)
    const bundler = service
      ? paymasterServiceBundler(chain, options.bundlerTransport(network), service)
      : own
    const context = service?.context ? { paymasterContext: service.context } : {}
    try {
      const authorization = upgrade ? await signUpgrade(owner, chain, upgrade) : undefined
      const signed = authorization ? { authorization } : {}
      const operation = { account, calls: operationCalls(calls), ...limits, ...context, ...signed }
      return await bundler.sendUserOperation(operation)
    } catch (error) {
      throw userOperationError(error, network)
    }
  }

  async function included(network: NetworkConfig, hash: Hex) {
    const { bundler } = await clientsOf(network)
    try {
      return await bundler.waitForUserOperationReceipt({ hash, timeout: timeoutMs })
    } catch (error) {
      if (error instanceof WaitForUserOperationReceiptTimeoutError) {
        options.onTimeout()
        throw new RequestTimeoutError({
          message: `The user operation ${hash} was not included within ${timeoutMs / 1000} s.`,
          cause: error,
        })
      }
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
    if (transaction.nonce !== undefined) {
      const { chain } = await clientsOf(network)
      const next = await chain
        .getTransactionCount({ address, blockTag: 'pending' })
        .catch((error: unknown) => {
          throw providerErrorOf(error, network)
        })
      assertNextNonce(method, transaction.nonce, next)
    }
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
    return thenReported(async () => {
      const hash = await sendCalls(network, calls, limits, undefined, upgrade)
      const receipt = await included(network, hash)
      if (!receipt.success)
        throw new ProviderRpcError(
          errorCodes.internal,
          `The user operation ${hash} was included but its call reverted${receipt.reason ? `: ${receipt.reason}` : ''}.`,
        )
      return receipt.receipt.transactionHash
    })
  }

  async function walletSendCalls(params: RequestArguments['params']) {
    const [batch] = positional('wallet_sendCalls', params, ['{ version, chainId, calls }'])
    const network = networkOf()
    const calls = readCalls(batch, network, assertOwnAddress)
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
    const hash = await thenReported(() => sendCalls(network, calls, limits, service, upgrade))
    sent.set(hash, { hash, network })
    return { id: hash }
  }

  async function callsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_getCallsStatus', params, ['id'])
    const batch =
      typeof id === 'string'
        ? (sent.get(id.toLowerCase() as Hex) ?? sent.get(id as Hex))
        : undefined
    if (!batch)
      throw new ProviderRpcError(
        unknownBundleId,
        `Unknown bundle id ${shown(id)}: this wallet sent no such batch.`,
      )
    const { bundler } = await clientsOf(batch.network)
    const base = {
      version: '2.0.0',
      id: batch.hash,
      chainId: evmChainId(batch.network.caipNetworkId),
      atomic: true,
    }
    try {
      const { success, receipt } = await bundler.getUserOperationReceipt({ hash: batch.hash })
      return {
        ...base,
        // EIP-5792: 200 confirmed, 500 reverted on chain (the batch is atomic: all or nothing).
        status: success ? 200 : 500,
        receipts: [
          {
            logs: receipt.logs.map(({ address: logAddress, data, topics }) => ({
              address: logAddress,
              data,
              topics,
            })),
            status: success ? '0x1' : '0x0',
            blockHash: receipt.blockHash,
            blockNumber: `0x${receipt.blockNumber.toString(16)}`,
            gasUsed: `0x${receipt.gasUsed.toString(16)}`,
            transactionHash: receipt.transactionHash,
          },
        ],
      }
    } catch (error) {
      if (error instanceof UserOperationReceiptNotFoundError) return { ...base, status: 100 }
      throw userOperationError(error, batch.network)
    }
  }

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
      wallet_getCapabilities: capabilities,
      eth_signTransaction: refuseEoaSigning,
      eth_sign: refuseEoaSigning,
    },
    // The network, its switch and chain reads: the EOA's provider, which the account shares.
    { otherwise: (args, asker) => eoa.request(args, asker) },
  )
  return { address, network: () => eoa.network(), request }
}

/**
 * The calls of a `wallet_sendCalls` batch (EIP-5792), every field checked: the version, the
 * chain (the active network's), `from` (this account, when given), 1 to 16 calls of an address,
 * a hex value and hex data. A capability the wallet does not have, if required, is refused.
 */
function readCalls(
  batch: unknown,
  network: NetworkConfig,
  assertOwnAddress: (method: string, value: unknown) => void,
): ApprovalCall[] {
  const method = 'wallet_sendCalls'
  if (!isRecord(batch)) throw invalid(`${method} takes [{ version, chainId, calls }].`)
  if (batch.version !== undefined && typeof batch.version !== 'string')
    throw invalid(`${method}: version must be a string such as "2.0.0".`)
  if (!isChainIdHex(batch.chainId))
    throw invalid(
      `${method}: chainId must be a hex chain id such as 0x1, not ${shown(batch.chainId)}.`,
    )
  const chainId = BigInt(batch.chainId)
  const networkChainId = BigInt(parseCaipNetworkId(network.caipNetworkId).reference)
  if (chainId !== networkChainId)
    throw new ProviderRpcError(
      errorCodes.unrecognizedChain,
      `${method}: chainId ${chainId} is not the active network's (${networkChainId}, ${network.name}).`,
    )
  if (batch.from !== undefined) assertOwnAddress(method, batch.from)
  assertCapabilities(method, withoutPaymasterService(batch.capabilities))
  const { calls } = batch
  if (!Array.isArray(calls) || calls.length === 0)
    throw invalid(`${method}: calls must be a non-empty list of { to, value, data }.`)
  if (calls.length > maxCalls)
    throw invalid(`${method}: a batch makes at most ${maxCalls} calls, not ${calls.length}.`)
  return calls.map((call, index) => {
    const at = `${method}: calls[${index}]`
    if (!isRecord(call)) throw invalid(`${at} must be { to, value, data }.`)
    if (typeof call.to !== 'string' || !isAddress(call.to))
      throw invalid(`${at}.to ${shown(call.to)} is not an address.`)
    const value = call.value ?? '0x0'
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
      throw invalid(`${at}.value must be a hex quantity such as 0x1, not ${shown(call.value)}.`)
    const data = call.data ?? undefined
    if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0))
      throw invalid(`${at}.data must be 0x-prefixed hex bytes, not ${shown(data)}.`)
    assertCapabilities(at, call.capabilities)
    const to = getAddress(call.to)
    const bytes = data && data !== '0x' ? (data.toLowerCase() as Hex) : undefined
    return { to, value: BigInt(value), ...(bytes ? { data: bytes } : {}) }
  })
}

/** A `wallet_sendCalls` batch, once `readCalls` read it. */
type Batch = { capabilities?: unknown }

/** The API's own words in its error body, else the HTTP status. */
function apiMessageOf(error: HttpError): string {
  const message = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof message === 'string' ? message : error.message
}

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
