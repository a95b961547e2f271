/**
 * The transaction of an `eth_sendTransaction`, read and checked field by field before the visitor
 * is asked to send it. Shared by the EOA's and the smart account's providers.
 */
import { type NetworkConfig, parseCaipNetworkId } from '@airlock/protocol'
import { type AccessList, type Address, getAddress, type Hex, isAddress, isHex } from 'viem'
import { invalid, isRecord, shown } from './signerInput'

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
export type CheckedTransaction = {
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
  const networkChainId = BigInt(parseCaipNetworkId(network.caipNetworkId).reference)
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
