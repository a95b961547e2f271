/**
 * The EIP-1193 provider of an embedded wallet's EVM account: it signs with the key derived in
 * the frame (walletAccounts.ts) and sends through the active network's RPC. Each signature or
 * transaction a site asks for is checked in full first, then described in data
 * (`ApprovalRequest`) and put to the visitor (`approve`); nothing is signed or sent without
 * their yes. Chain reads go to the network's RPC unchanged. Not wired yet: the AUTH connector
 * will hold one.
 */
import {
  BaseError as AirlockError,
  type CaipNetworkId,
  ChainDisconnectedError,
  errorCodes,
  evmChainId,
  InternalError,
  InvalidParamsError,
  type NetworkConfig,
  ProviderRpcError,
  parseCaipNetworkId,
  type RequestArguments,
  UnauthorizedError,
  UserRejectedRequestError,
} from '@airlock/protocol'
import {
  type Address,
  ChainMismatchError,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  HttpRequestError,
  hexToBytes,
  http,
  isAddress,
  isHex,
  type PublicClient,
  TimeoutError,
  type TypedDataDomain,
  BaseError as ViemError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Asker } from '../connectors/types'
import type { AccountUpgrade, DelegationRemoval } from './accountUpgrade'
import { afterApproval, type ReportFailure } from './afterApproval'
import { eoaBatch } from './eoaBatch'
import { feeEstimate } from './evmFeeEstimate'
import { assertNextNonce, setFees } from './evmFees'
import { readMethods } from './evmReadMethods'
import { readTransaction } from './evmTransaction'
import { readTypedData } from './evmTypedData'
import {
  type AccountProvider,
  type ApprovalContext,
  type AskVisitor,
  askedBy,
  type ProviderOptions,
  positional,
  type RequestHandlers,
  requestDispatcher,
} from './requestDispatcher'
import { invalid, networkList, readableText, shown } from './signerInput'

/**
 * What the visitor is asked to approve, in data, for the view that shows it (ApproveTransaction).
 * - `message`: a personal_sign; `message` is the text when the bytes are readable UTF-8, else
 *   their hex.
 * - `typedData`: an EIP-712 signature; `message` holds the typed data's fields.
 * - `transaction`: a transaction to send (the view decodes its data: embeddedWallet/decode/).
 * - `calls`: a smart account's batch (EIP-5792 `wallet_sendCalls`), sent as one user operation.
 * A smart account's `transaction` or `calls` with `upgrade` first upgrades the EOA to a smart
 * account (EIP-7702, accountUpgrade.ts): the view names the contract and its address. The EOA's
 * `transaction` with `removal` (to itself, offered on switching back to EOA) removes it.
 */
export type ApprovalRequest = ApprovalContext<Address> &
  (
    | { kind: 'message'; message: string }
    | {
        kind: 'typedData'
        domain: TypedDataDomain
        primaryType: string
        message: Record<string, unknown>
      }
    | ({
        kind: 'transaction'
        fee?: NetworkFee
        upgrade?: AccountUpgrade
        removal?: DelegationRemoval
      } & ApprovalCall)
    | {
        kind: 'calls'
        calls: ApprovalCall[]
        fee?: NetworkFee
        upgrade?: AccountUpgrade
        /** A pending user operation sped up or cancelled by these calls (sentOperations.ts). */
        replacing?: 'speedUp' | 'cancel'
      }
  )

/**
 * The network fee of a transaction or user operation, in the network's native currency's
 * smallest unit: the most it can cost (gas limit × fee per gas), or `sponsored` when a
 * paymaster pays it and the visitor pays none.
 */
export type NetworkFee = {
  maxFee: bigint
  sponsored?: true
  /** Why the project's sponsor does not pay this one (its words): the account pays `maxFee`. */
  notSponsored?: string
}

/** One call a transaction or a smart account's batch makes, as the visitor is shown it. */
export type ApprovalCall = { to: Address; value: bigint; data?: Hex }

export type Approve = AskVisitor<ApprovalRequest>

export type EvmSignerOptions = ProviderOptions<ApprovalRequest> & {
  /** The account's secp256k1 key (`deriveWalletAccounts(secret).evm.privateKey`). */
  privateKey: Hex
  /** Told a failure after the visitor approved (the request still rejects to the site). */
  onFailedAfterApproval?: ReportFailure | undefined
  /** Shows a batch's status to the visitor (`wallet_showCallsStatus`, eoaBatch.ts). */
  showCallsStatus?: ((id: string, status: () => Promise<unknown>) => Promise<void>) | undefined
}

/** An EIP-1193 provider of the account; its address checksummed (EIP-55). */
export type EvmSigner = AccountProvider<Address>

/**
 * The EIP-1193 provider of an embedded wallet's EVM account, on the site's EVM networks.
 * Signatures (`personal_sign`, `eth_signTypedData_v4`) and transactions (`eth_sendTransaction`)
 * go through `approve` first; false rejects them with 4001 and nothing is signed or sent.
 *
 * @example
 * const { evm } = deriveWalletAccounts(secret)
 * const signer = createEvmSigner({
 *   privateKey: evm.privateKey,
 *   networks: config.networks,
 *   network: 'eip155:1',
 *   approve: (request) => askTheVisitor(request),
 * })
 * await signer.request({ method: 'eth_chainId' }) // '0x1'
 * await signer.request({ method: 'personal_sign', params: ['0x6869', signer.address] })
 * // '0x…' once the visitor approves "hi"
 */
export function createEvmSigner({
  privateKey,
  networks,
  network,
  approve,
  onFailedAfterApproval,
  showCallsStatus,
}: EvmSignerOptions): EvmSigner {
  const account = privateKeyToAccount(privateKey)
  const from = account.address
  const evmNetworks = networks.filter(({ caipNetworkId }) => /^eip155:\d+$/.test(caipNetworkId))
  const start = evmNetworks.find(({ caipNetworkId }) => caipNetworkId === network)
  if (!start)
    throw new InvalidParamsError({
      message: `The embedded wallet can't start on ${network}: it is not one of the site's EVM networks (${networkList(evmNetworks)}).`,
    })
  let active: NetworkConfig = start

  // viem clients per network, made on first use and kept.
  const clients = new Map<CaipNetworkId, ReturnType<typeof clientsOn>>()
  const clientsOf = (on: NetworkConfig) => {
    const made = clients.get(on.caipNetworkId) ?? clientsOn(on, account)
    clients.set(on.caipNetworkId, made)
    return made
  }

  // Sends one at a time, so each takes its nonce after the last one reached the RPC.
  let lastSend: Promise<unknown> = Promise.resolve()
  const inTurn = <result>(send: () => Promise<result>): Promise<result> => {
    const turn = lastSend.then(send, send)
    lastSend = turn.catch(() => undefined)
    return turn
  }

  async function approved(request: ApprovalRequest) {
    if ((await approve(request)) !== true) throw new UserRejectedRequestError()
  }

  /** `value` is an address, and this wallet's; 4100 when it is another account's. */
  const assertOwnAddress = ownAddressCheck(from)

  async function personalSign(params: RequestArguments['params']) {
    const message = readPersonalSign(params, assertOwnAddress)
    await approved({
      kind: 'message',
      network: active.caipNetworkId,
      from,
      message: messageText(message),
    })
    return afterApproval(onFailedAfterApproval, () =>
      account.signMessage({ message: { raw: message } }),
    )
  }

  async function signTypedData(params: RequestArguments['params']) {
    const method = 'eth_signTypedData_v4'
    const [address, value] = positional(method, params, ['address', 'typedData'])
    assertOwnAddress(method, address)
    const on = active
    const typedData = readTypedData(value)
    await approved({
      kind: 'typedData',
      network: on.caipNetworkId,
      from,
      domain: typedData.domain,
      primaryType: typedData.primaryType,
      message: typedData.message,
    })
    return afterApproval(onFailedAfterApproval, () => account.signTypedData(typedData))
  }

  async function sendTransaction(
    params: RequestArguments['params'],
    _method: string,
    asker: Asker,
  ) {
    const method = 'eth_sendTransaction'
    const [value] = positional(method, params, ['transaction'])
    // The network of the request, kept to the end even if the wallet switches meanwhile.
    const on = active
    const transaction = readTransaction(value, on, assertOwnAddress)
    const { wallet, chain } = clientsOf(on)
    const estimate = await feeEstimate(chain, wallet, transaction).catch((error: unknown) => {
      throw providerErrorOf(error, on)
    })
    // The site's gas and fees within the cap, else refused before the visitor is asked.
    const { maxFee, ...fees } = setFees(method, transaction, estimate)
    await assertSiteNonce(method, transaction.nonce, { chain, address: from, network: on })
    await approved({
      kind: 'transaction',
      network: on.caipNetworkId,
      from,
      ...askedBy(asker),
      to: transaction.to,
      value: transaction.value,
      ...(transaction.data ? { data: transaction.data } : {}),
      fee: { maxFee },
    })
    // Sent with the gas and fees shown, so the fee can't exceed the maximum approved; the nonce
    // is taken now, after the visitor's yes, as it would be stale otherwise.
    return afterApproval(onFailedAfterApproval, () =>
      inTurn(() =>
        wallet
          .sendTransaction({ ...transaction, ...fees } as SendRequest)
          .catch((error: unknown) => {
            throw providerErrorOf(error, on)
          }),
      ),
    )
  }

  function switchChain(params: RequestArguments['params']) {
    const method = 'wallet_switchEthereumChain'
    const [target] = positional(method, params, ['{ chainId }'])
    const chainId = (target as { chainId?: unknown } | null)?.chainId
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId))
      throw invalid(`${method} takes [{ chainId }] with a hex chain id such as 0x1.`)
    const to = evmNetworks.find(
      ({ caipNetworkId }) => caipNetworkId === `eip155:${BigInt(chainId)}`,
    )
    if (!to)
      throw new ProviderRpcError(
        errorCodes.unrecognizedChain,
        `Unrecognized chain ${chainId}: the embedded wallet is only on the site's networks (${networkList(evmNetworks)}).`,
      )
    active = to
    return null
  }

  function capabilities(params: RequestArguments['params']) {
    const asked = readCapabilitiesRequest(params, assertOwnAddress)
    // EIP-5792: batches, as transactions one after another (eoaBatch.ts), not atomically.
    return Object.fromEntries(
      evmNetworks
        .filter(({ caipNetworkId }) => !asked || asked.includes(caipNetworkId))
        .map(({ caipNetworkId }) => [
          evmChainId(caipNetworkId),
          { atomic: { status: 'unsupported' } },
        ]),
    )
  }

  const batches = eoaBatch({
    account,
    networks: evmNetworks,
    active: () => active,
    assertOwnAddress,
    clientsOf,
    feeEstimate,
    inTurn,
    approved,
    onFailedAfterApproval,
    showCallsStatus,
    providerErrorOf,
  })

  async function read(params: RequestArguments['params'], method: string) {
    if (params !== undefined && !Array.isArray(params))
      throw invalid(`${method} takes its parameters as an array.`)
    const on = active
    const { chain } = clientsOf(on)
    try {
      return await chain.request({ method, params: params ?? [] } as Parameters<
        PublicClient['request']
      >[0])
    } catch (error) {
      throw providerErrorOf(error, on)
    }
  }

  const handlers: RequestHandlers = {
    ...Object.fromEntries(readMethods.map((method) => [method, read])),
    eth_accounts: () => [from],
    eth_requestAccounts: () => [from],
    eth_chainId: () => evmChainId(active.caipNetworkId),
    personal_sign: personalSign,
    eth_signTypedData_v4: signTypedData,
    eth_sendTransaction: sendTransaction,
    wallet_switchEthereumChain: switchChain,
    wallet_getCapabilities: capabilities,
    wallet_sendCalls: batches.sendCalls,
    wallet_getCallsStatus: batches.callsStatus,
    wallet_showCallsStatus: batches.showCallsStatus,
  }
  return {
    address: from,
    network: () => active.caipNetworkId,
    request: requestDispatcher(handlers),
  }
}

// viem's request type, which infers the fee kind from a literal: a CheckedTransaction has one
// kind (a union), which it can't infer from, so it is passed as it.
/** A network's public and wallet clients (eoaBatch.ts sends with them). */
export type EvmClients = ReturnType<typeof clientsOn>
type WalletClient = EvmClients['wallet']
export type SendRequest = Parameters<WalletClient['sendTransaction']>[0]

/**
 * A site's `nonce`, when it gave one, must be `address`'s next on `network` (pending included);
 * -32602 otherwise, before the visitor is asked.
 */
export async function assertSiteNonce(
  method: string,
  nonce: number | undefined,
  { chain, address, network }: { chain: PublicClient; address: Address; network: NetworkConfig },
) {
  if (nonce === undefined) return
  const next = await chain
    .getTransactionCount({ address, blockTag: 'pending' })
    .catch((error: unknown) => {
      throw providerErrorOf(error, network)
    })
  assertNextNonce(method, nonce, next)
}

/** A public client for reads and a wallet client that signs with the account, on one network. */
function clientsOn(network: NetworkConfig, account: ReturnType<typeof privateKeyToAccount>) {
  const chain = chainOf(network)
  return {
    chain: createPublicClient({ chain, transport: http(network.rpcUrl) }),
    wallet: createWalletClient({ account, chain, transport: http(network.rpcUrl) }),
  }
}

/** A site's EVM network as viem's chain. */
export function chainOf(network: NetworkConfig) {
  return defineChain({
    id: Number(parseCaipNetworkId(network.caipNetworkId).reference),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
}

export function isChainIdHex(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)
}

/**
 * Checks that a request names this wallet's account (`from`): an address, or invalid params;
 * another account, 4100.
 */
export function ownAddressCheck(from: Address) {
  return (method: string, value: unknown) => {
    if (typeof value !== 'string' || !isAddress(value))
      throw invalid(`${method}: ${shown(value)} is not an address.`)
    if (getAddress(value) !== getAddress(from))
      throw new UnauthorizedError({
        message: `${method}: ${value} is not this wallet's account (${from}).`,
      })
  }
}

/** `personal_sign`'s [message, address]: the message's hex bytes, for this wallet's account. */
export function readPersonalSign(
  params: RequestArguments['params'],
  assertOwnAddress: (method: string, value: unknown) => void,
): Hex {
  const [message, address] = positional('personal_sign', params, ['message', 'address'])
  if (typeof message !== 'string' || !isHex(message) || message.length % 2 !== 0)
    throw invalid(
      `personal_sign: the message must be 0x-prefixed hex bytes (a text as its UTF-8), not ${shown(message)}.`,
    )
  assertOwnAddress('personal_sign', address)
  return message
}

/**
 * `wallet_getCapabilities`'s [address, chainIds?]: the CAIP-2 networks asked about (undefined:
 * every one), for this wallet's account.
 */
export function readCapabilitiesRequest(
  params: RequestArguments['params'],
  assertOwnAddress: (method: string, value: unknown) => void,
): string[] | undefined {
  const method = 'wallet_getCapabilities'
  const [address, chainIds] = positional(method, params, ['address'])
  assertOwnAddress(method, address)
  if (chainIds !== undefined && !(Array.isArray(chainIds) && chainIds.every(isChainIdHex)))
    throw invalid(`${method}: the chain ids must be a list of hex chain ids such as ["0x1"].`)
  return (chainIds as string[] | undefined)?.map((chainId) => `eip155:${BigInt(chainId)}`)
}

/** A personal_sign message as the visitor reads it: its text when it is plain UTF-8, else its hex. */
export function messageText(message: Hex): string {
  return readableText(hexToBytes(message)) ?? message
}

/**
 * An error of viem's (from the RPC or a send) as the EIP-1193 error a site expects: its RPC
 * code and short message; an RPC that can't be reached, or is on another chain, is 4901.
 */
export function providerErrorOf(error: unknown, network: NetworkConfig): Error {
  if (error instanceof AirlockError) return error
  if (!(error instanceof ViemError)) return new InternalError({ cause: error })
  if (
    error.walk(
      (cause) =>
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof ChainMismatchError,
    )
  )
    return new ChainDisconnectedError({
      message: `The RPC of ${network.name} (${network.caipNetworkId}) can't be used.`,
      details: error.shortMessage,
      cause: error,
    })
  return codedErrorOf(error)
}

/**
 * An error of viem's as the EIP-1193 error of the JSON-RPC code it carries (the RPC's, or a
 * bundler's), in its short message; internal (-32603) when none does.
 */
export function codedErrorOf(error: ViemError): ProviderRpcError {
  const coded = error.walk((cause) => typeof (cause as { code?: unknown }).code === 'number') as {
    code: number
  } | null
  return new ProviderRpcError(coded?.code ?? errorCodes.internal, error.shortMessage, {
    cause: error,
    ...(error.details ? { details: error.details } : {}),
  })
}
