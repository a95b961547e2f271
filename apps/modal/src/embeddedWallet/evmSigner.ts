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
  type RequestArguments,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@airlock/protocol'
import {
  type AccessList,
  type Address,
  ChainMismatchError,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  HttpRequestError,
  hashTypedData,
  hexToBytes,
  http,
  isAddress,
  isHex,
  type PublicClient,
  TimeoutError,
  type TypedDataDomain,
  BaseError as ViemError,
  validateTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { invalid, isRecord, networkList, readableText, shown } from './signerInput'

/** An ERC-20 call a transaction makes, read from its data with the standard ERC-20 ABI. */
export type Erc20Call =
  | { name: 'transfer'; token: Address; to: Address; amount: bigint }
  | { name: 'approve'; token: Address; spender: Address; amount: bigint }

/** Where a request would be signed: the network it is for and the wallet's account. */
type ApprovalContext = { network: CaipNetworkId; from: Address }

/**
 * What the visitor is asked to approve, in data, for the view that shows it (ApproveTransaction).
 * - `message`: a personal_sign; `message` is the text when the bytes are readable UTF-8, else
 *   their hex.
 * - `typedData`: an EIP-712 signature; `message` holds the typed data's fields.
 * - `transaction`: a transaction to send; `call` is its ERC-20 transfer or approve, when it is one.
 * - `calls`: a smart account's batch (EIP-5792 `wallet_sendCalls`), sent as one user operation.
 */
export type ApprovalRequest =
  | (ApprovalContext & { kind: 'message'; message: string })
  | (ApprovalContext & {
      kind: 'typedData'
      domain: TypedDataDomain
      primaryType: string
      message: Record<string, unknown>
    })
  | (ApprovalContext & { kind: 'transaction' } & ApprovalCall)
  | (ApprovalContext & { kind: 'calls'; calls: ApprovalCall[] })

/** One call a transaction or a smart account's batch makes, as the visitor is shown it. */
export type ApprovalCall = { to: Address; value: bigint; data?: Hex; call?: Erc20Call }

/** Asks the visitor; resolves true only when they approve. */
export type Approve = (request: ApprovalRequest) => Promise<boolean>

export type EvmSignerOptions = {
  /** The account's secp256k1 key (`deriveWalletAccounts(secret).evm.privateKey`). */
  privateKey: Hex
  /** The site's networks; the wallet uses the eip155 ones and can be on no other. */
  networks: readonly NetworkConfig[]
  /** The CAIP-2 id of the network it starts on, one of `networks`. */
  network: CaipNetworkId
  approve: Approve
}

export type EvmSigner = {
  /** The account's address, checksummed (EIP-55). */
  address: Address
  /** An EIP-1193 request; fails with the EIP-1193 error of its case. */
  request(args: RequestArguments): Promise<unknown>
  /** The network it is on now. */
  network(): CaipNetworkId
}

/**
 * Chain reads a site may make through the wallet: forwarded to the active network's RPC as they
 * are. None of them signs or changes anything on chain.
 */
const readMethods: readonly string[] = [
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
]

/** The fields of an `eth_sendTransaction` the wallet sends; any other is refused, not dropped. */
const transactionFields: readonly string[] = [
  'from',
  'to',
  'value',
  'data',
  'input',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
  'chainId',
  'type',
  'accessList',
]

/** A transaction whose every field was checked, as viem's `sendTransaction` takes it. */
type CheckedTransaction = {
  to: Address
  value: bigint
  data?: Hex
  gas?: bigint
  nonce?: number
  accessList?: AccessList
} & (
  | { type?: 'legacy' | 'eip2930'; gasPrice?: bigint }
  | { type?: 'eip1559'; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint }
)

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
    return account.signMessage({ message: { raw: message } })
  }

  async function signTypedData(params: RequestArguments['params']) {
    const method = 'eth_signTypedData_v4'
    const [address, value] = positional(method, params, ['address', 'typedData'])
    assertOwnAddress(method, address)
    const on = active
    const typedData = readTypedData(value, on)
    await approved({
      kind: 'typedData',
      network: on.caipNetworkId,
      from,
      domain: typedData.domain,
      primaryType: typedData.primaryType,
      message: typedData.message,
    })
    return account.signTypedData(typedData)
  }

  async function sendTransaction(params: RequestArguments['params']) {
    const [value] = positional('eth_sendTransaction', params, ['transaction'])
    // The network of the request, kept to the end even if the wallet switches meanwhile.
    const on = active
    const transaction = readTransaction(value, on, assertOwnAddress)
    const { wallet } = clientsOf(on)
    // Estimated before the visitor is asked, so a call that can only fail fails now.
    const gas =
      transaction.gas ??
      (
        await wallet
          .prepareTransactionRequest({ ...transaction, parameters: ['gas'] } as PrepareRequest)
          .catch((error: unknown) => {
            throw providerErrorOf(error, on)
          })
      ).gas
    const call = transaction.data ? erc20CallOf(transaction.to, transaction.data) : undefined
    await approved({
      kind: 'transaction',
      network: on.caipNetworkId,
      from,
      to: transaction.to,
      value: transaction.value,
      ...(transaction.data ? { data: transaction.data } : {}),
      ...(call ? { call } : {}),
    })
    // Nonce and fees are taken now, after the visitor's yes, as they would be stale otherwise.
    return inTurn(() =>
      wallet.sendTransaction({ ...transaction, gas } as SendRequest).catch((error: unknown) => {
        throw providerErrorOf(error, on)
      }),
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
    // EIP-5792: no capability beyond plain transactions, on each of the wallet's chains asked.
    return Object.fromEntries(
      evmNetworks
        .filter(({ caipNetworkId }) => !asked || asked.includes(caipNetworkId))
        .map(({ caipNetworkId }) => [evmChainId(caipNetworkId), {}]),
    )
  }

  async function read(method: string, params: RequestArguments['params']) {
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

  return {
    address: from,
    network: () => active.caipNetworkId,
    async request(args) {
      const { method, params } = args ?? {}
      if (typeof method !== 'string') throw invalid('A request needs a method name.')
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [from]
        case 'eth_chainId':
          return evmChainId(active.caipNetworkId)
        case 'personal_sign':
          return personalSign(params)
        case 'eth_signTypedData_v4':
          return signTypedData(params)
        case 'eth_sendTransaction':
          return sendTransaction(params)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        case 'wallet_getCapabilities':
          return capabilities(params)
      }
      if (readMethods.includes(method)) return read(method, params)
      throw new UnsupportedMethodError({
        message: `The embedded wallet does not support ${method}.`,
      })
    },
  }
}

// viem's request types, which infer the fee kind from a literal: a CheckedTransaction has one
// kind (a union), which they can't infer from, so it is passed as them.
type WalletClient = ReturnType<typeof clientsOn>['wallet']
type PrepareRequest = Parameters<WalletClient['prepareTransactionRequest']>[0]
type SendRequest = Parameters<WalletClient['sendTransaction']>[0]

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
    id: Number(network.caipNetworkId.slice('eip155:'.length)),
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

/**
 * A method's positional parameters: an array with at least one entry per name in `names` (the
 * names say in the error what was expected).
 */
export function positional(
  method: string,
  params: RequestArguments['params'],
  names: readonly string[],
): unknown[] {
  if (!Array.isArray(params) || params.length < names.length)
    throw invalid(`${method} takes the parameters [${names.join(', ')}].`)
  return params
}

/** A personal_sign message as the visitor reads it: its text when it is plain UTF-8, else its hex. */
export function messageText(message: Hex): string {
  return readableText(hexToBytes(message)) ?? message
}

/**
 * EIP-712 typed data from `eth_signTypedData_v4`'s JSON (or an object), checked in full: its
 * shape, its values against its types (viem's `validateTypedData`, then hashed once as signing
 * will), and a domain chainId that is the active network's.
 */
export function readTypedData(value: unknown, network: NetworkConfig) {
  const method = 'eth_signTypedData_v4'
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch (error) {
      throw invalid(`${method}: the typed data is not valid JSON.`, (error as Error).message)
    }
  }
  if (!isRecord(parsed))
    throw invalid(
      `${method}: the typed data must be an object with types, primaryType, domain and message.`,
    )
  const { types, primaryType, domain, message } = parsed
  if (!isRecord(types) || !Object.values(types).every(isFieldList))
    throw invalid(`${method}: types must map each type name to a list of { name, type } fields.`)
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType))
    throw invalid(`${method}: primaryType ${shown(primaryType)} is not one of the types.`)
  if (!isRecord(domain)) throw invalid(`${method}: domain must be an object.`)
  if (!isRecord(message)) throw invalid(`${method}: message must be an object.`)
  if (domain.chainId !== undefined) {
    const chainId = chainIdOf(domain.chainId)
    const expected = BigInt(network.caipNetworkId.slice('eip155:'.length))
    if (chainId === undefined)
      throw invalid(`${method}: the domain's chainId ${shown(domain.chainId)} is not a chain id.`)
    if (chainId !== expected)
      throw invalid(
        `${method}: the domain's chainId ${chainId} is not the active network's (${expected}, ${network.name}).`,
      )
  }
  const fields = types as Record<string, TypedDataField[]>
  const mismatch =
    (fields.EIP712Domain && valueMismatch(fields, 'EIP712Domain', domain, 'domain')) ||
    (primaryType !== 'EIP712Domain' && valueMismatch(fields, primaryType, message, 'message'))
  if (mismatch) throw invalid(`${method}: ${mismatch}.`)
  const typedData = { domain: domain as TypedDataDomain, types: fields, primaryType, message }
  try {
    validateTypedData(typedData)
    hashTypedData(typedData)
  } catch (error) {
    throw invalid(
      `${method}: the typed data does not match its types.`,
      error instanceof ViemError ? error.shortMessage : (error as Error).message,
    )
  }
  return typedData
}

type TypedDataField = { name: string; type: string }

/**
 * Why `value` (at `path`) is not of the EIP-712 `type`: a field missing, a struct that is not an
 * object, a list that is not one or not of its length, a text, bool, number, address or bytes of
 * the wrong kind. Undefined when it is of the type; ranges, sizes and checksums are left to
 * viem's `validateTypedData`.
 */
function valueMismatch(
  types: Record<string, TypedDataField[]>,
  type: string,
  value: unknown,
  path: string,
): string | undefined {
  if (value === undefined || value === null) return `${path} is missing (${type})`
  const list = /^(.*)\[(\d*)\]$/.exec(type)
  if (list) {
    const [, item = '', length = ''] = list
    if (!Array.isArray(value)) return `${path} must be a list (${type}), not ${shown(value)}`
    if (length !== '' && value.length !== Number(length))
      return `${path} must have ${length} entries (${type}), not ${value.length}`
    for (const [index, entry] of value.entries()) {
      const mismatch = valueMismatch(types, item, entry, `${path}[${index}]`)
      if (mismatch) return mismatch
    }
    return undefined
  }
  const struct = Object.hasOwn(types, type) ? types[type] : undefined
  if (struct) {
    if (!isRecord(value)) return `${path} must be an object (${type}), not ${shown(value)}`
    for (const field of struct) {
      const mismatch = valueMismatch(types, field.type, value[field.name], `${path}.${field.name}`)
      if (mismatch) return mismatch
    }
    return undefined
  }
  const fits =
    type === 'string'
      ? typeof value === 'string'
      : type === 'bool'
        ? typeof value === 'boolean'
        : type === 'address' || type.startsWith('bytes')
          ? typeof value === 'string'
          : /^u?int\d*$/.test(type)
            ? (typeof value === 'number' && Number.isSafeInteger(value)) ||
              typeof value === 'bigint' ||
              (typeof value === 'string' && /^(-?\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value))
            : true
  return fits
    ? undefined
    : `${path} must be ${/^[ai]/.test(type) ? 'an' : 'a'} ${type}, not ${shown(value)}`
}

function isFieldList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (field) =>
        isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string',
    )
  )
}

/** A typed data domain's chainId, as JSON gives it (a number, decimal or hex); undefined if none. */
function chainIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && /^(\d{1,20}|0x[0-9a-fA-F]{1,16})$/.test(value))
    return BigInt(value)
  return undefined
}

/**
 * The transaction of an `eth_sendTransaction`, every field checked: `from` is this wallet, `to`
 * an address (no contract creation), numbers are hex quantities, fees of one kind, and a
 * chainId, if any, the network's.
 */
export function readTransaction(
  value: unknown,
  network: NetworkConfig,
  assertOwnAddress: (method: string, value: unknown) => void,
): CheckedTransaction {
  const method = 'eth_sendTransaction'
  if (!isRecord(value)) throw invalid(`${method} takes [{ from, to, value, data }].`)
  // Null is taken as absent, as some libraries write it for a field they leave out.
  const field = (name: string) => value[name] ?? undefined
  const unknown = Object.keys(value).filter(
    (name) => !transactionFields.includes(name) && field(name) !== undefined,
  )
  if (unknown.length > 0)
    throw invalid(
      `${method}: the embedded wallet does not send transactions with ${unknown.join(', ')}.`,
    )

  if (field('from') === undefined) throw invalid(`${method}: from is required.`)
  assertOwnAddress(method, field('from'))
  const to = field('to')
  if (to === undefined)
    throw invalid(`${method}: to is required (the embedded wallet does not deploy contracts).`)
  if (typeof to !== 'string' || !isAddress(to))
    throw invalid(`${method}: to ${shown(to)} is not an address.`)

  const quantity = (name: string, max = 2n ** 256n - 1n) => {
    const given = field(name)
    if (given === undefined) return undefined
    if (typeof given !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(given) || BigInt(given) > max)
      throw invalid(`${method}: ${name} must be a hex quantity such as 0x1, not ${shown(given)}.`)
    return BigInt(given)
  }
  const bytes = (name: string) => {
    const given = field(name)
    if (given === undefined) return undefined
    if (typeof given !== 'string' || !isHex(given) || given.length % 2 !== 0)
      throw invalid(`${method}: ${name} must be 0x-prefixed hex bytes, not ${shown(given)}.`)
    return given.toLowerCase() as Hex
  }

  const data = bytes('data')
  const input = bytes('input')
  if (data !== undefined && input !== undefined && data !== input)
    throw invalid(`${method}: data and input differ; give one of them.`)
  const calldata = data ?? input

  const chainId = quantity('chainId')
  const networkChainId = BigInt(network.caipNetworkId.slice('eip155:'.length))
  if (chainId !== undefined && chainId !== networkChainId)
    throw invalid(
      `${method}: chainId ${chainId} is not the active network's (${networkChainId}, ${network.name}).`,
    )

  const gasPrice = quantity('gasPrice')
  const maxFeePerGas = quantity('maxFeePerGas')
  const maxPriorityFeePerGas = quantity('maxPriorityFeePerGas')
  if (gasPrice !== undefined && (maxFeePerGas ?? maxPriorityFeePerGas) !== undefined)
    throw invalid(`${method}: give gasPrice or maxFeePerGas and maxPriorityFeePerGas, not both.`)
  if (
    maxFeePerGas !== undefined &&
    maxPriorityFeePerGas !== undefined &&
    maxPriorityFeePerGas > maxFeePerGas
  )
    throw invalid(`${method}: maxPriorityFeePerGas is more than maxFeePerGas.`)

  const typeNumber = quantity('type')
  const type =
    typeNumber === undefined
      ? undefined
      : (['legacy', 'eip2930', 'eip1559'] as const)[Number(typeNumber)]
  if (typeNumber !== undefined && type === undefined)
    throw invalid(
      `${method}: the embedded wallet sends transactions of type 0x0, 0x1 and 0x2, not ${shown(field('type'))}.`,
    )
  if (type === 'eip1559' && gasPrice !== undefined)
    throw invalid(`${method}: a type 0x2 transaction takes maxFeePerGas, not gasPrice.`)
  if (
    type !== undefined &&
    type !== 'eip1559' &&
    (maxFeePerGas ?? maxPriorityFeePerGas) !== undefined
  )
    throw invalid(
      `${method}: a type ${shown(field('type'))} transaction takes gasPrice, not maxFeePerGas.`,
    )

  const accessList = field('accessList')
  if (accessList !== undefined && !isAccessList(accessList))
    throw invalid(`${method}: accessList must be a list of { address, storageKeys }.`)

  const nonce = quantity('nonce', BigInt(Number.MAX_SAFE_INTEGER))
  const gas = quantity('gas')
  // Fees of one kind; with none given, viem picks the kind the network takes.
  const fees =
    type === 'eip1559' || (type === undefined && gasPrice === undefined)
      ? {
          ...(type ? { type } : {}),
          ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
          ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
        }
      : { ...(type ? { type } : {}), ...(gasPrice !== undefined ? { gasPrice } : {}) }
  return {
    to: getAddress(to),
    value: quantity('value') ?? 0n,
    ...(calldata !== undefined && calldata !== '0x' ? { data: calldata } : {}),
    ...(gas !== undefined ? { gas } : {}),
    ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
    ...(accessList !== undefined ? { accessList } : {}),
    ...fees,
  }
}

function isAccessList(value: unknown): value is AccessList {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        isRecord(entry) &&
        typeof entry.address === 'string' &&
        isAddress(entry.address) &&
        Array.isArray(entry.storageKeys) &&
        entry.storageKeys.every(
          (key) => typeof key === 'string' && /^0x[0-9a-fA-F]{64}$/.test(key),
        ),
    )
  )
}

/** The ERC-20 `transfer` or `approve` that `data` calls on `token`; undefined for any other data. */
export function erc20CallOf(token: Address, data: Hex): Erc20Call | undefined {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer')
      return { name: 'transfer', token, to: call.args[0], amount: call.args[1] }
    if (call.functionName === 'approve')
      return { name: 'approve', token, spender: call.args[0], amount: call.args[1] }
  } catch {
    // Not a call of the ERC-20 ABI: the view shows the data as it is.
  }
  return undefined
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
  const coded = error.walk((cause) => typeof (cause as { code?: unknown }).code === 'number') as {
    code: number
  } | null
  return new ProviderRpcError(coded?.code ?? errorCodes.internal, error.shortMessage, {
    cause: error,
    ...(error.details ? { details: error.details } : {}),
  })
}
