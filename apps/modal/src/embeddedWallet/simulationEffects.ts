/**
 * What a simulated transaction does to the visitor, read from the logs the node simulated with
 * `traceTransfers` (eth_simulateV1 then logs each native-currency transfer as an ERC-20
 * `Transfer` from 0xeeee…eeee, ERC-7528): the balance changes (the native currency and
 * ERC-20s, net per asset), the NFTs that move in or out (ERC-721 `Transfer`, ERC-1155
 * `TransferSingle`/`TransferBatch`) and the approvals granted (ERC-20 and ERC-721 `Approval`,
 * `ApprovalForAll`); and a revert's reason in words. Pure: simulation.ts asks the node, this
 * reads its answer. A token that moves balances without its standard events is not seen.
 */
import {
  type Address,
  decodeAbiParameters,
  decodeErrorResult,
  getAddress,
  type Hex,
  isHex,
  parseAbi,
  toEventSelector,
} from 'viem'

/**
 * A balance the transaction changes, net: the network's currency, an ERC-20 token's, or (on
 * Solana) an SPL token's, whose decimals its account states.
 */
export type BalanceChange =
  | { kind: 'native'; diff: bigint }
  | { kind: 'token'; token: Address; diff: bigint }
  | { kind: 'splToken'; mint: string; decimals: number; diff: bigint }

/** An NFT that leaves or reaches the account. */
export type NftMove = {
  direction: 'in' | 'out'
  token: Address
  tokenId: bigint
  /** 1 for an ERC-721; an ERC-1155's amount. */
  amount: bigint
}

/** An approval the account grants: who may then move its tokens. */
export type ApprovalGranted =
  | { kind: 'token'; token: Address; spender: Address; amount: bigint }
  | { kind: 'nft'; token: Address; spender: Address; tokenId: bigint }
  | { kind: 'all'; token: Address; operator: Address; approved: boolean }

export type SimulationEffects = {
  changes: BalanceChange[]
  nfts: NftMove[]
  approvals: ApprovalGranted[]
}

/** A log as the node answers it. */
export type SimulatedLog = { address: Address; topics: readonly Hex[]; data: Hex }

const nativeAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const transfer = toEventSelector('Transfer(address,address,uint256)')
const approval = toEventSelector('Approval(address,address,uint256)')
const approvalForAll = toEventSelector('ApprovalForAll(address,address,bool)')
const transferSingle = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
const transferBatch = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')

/** An indexed address topic as an address; undefined when the topic is not one. */
function addressOf(topic: Hex | undefined): Address | undefined {
  if (topic?.length !== 66 || !/^0x0{24}/i.test(topic)) return undefined
  return getAddress(`0x${topic.slice(26)}`)
}

const same = (a: Address | undefined, b: Address) => !!a && a.toLowerCase() === b.toLowerCase()

/**
 * The account's balance changes, NFT moves and approvals granted, from the simulated logs.
 * Balances that end where they started are left out.
 *
 * @example
 * simulationEffects(account, logs)
 * // { changes: [{ kind: 'native', diff: -500000000000000000n }], nfts: [], approvals: [] }
 */
export function simulationEffects(
  account: Address,
  logs: readonly SimulatedLog[],
): SimulationEffects {
  const nfts: NftMove[] = []
  const approvals: ApprovalGranted[] = []
  // Net change per asset, in the order each first moved.
  const diffs = new Map<string, bigint>()
  const add = (asset: string, diff: bigint) => diffs.set(asset, (diffs.get(asset) ?? 0n) + diff)
  for (const log of logs) {
    const [selector, first, second, third] = log.topics
    const token = getAddress(log.address)
    try {
      if (selector === transfer && third === undefined) {
        // The native currency (traceTransfers' 0xeeee…eeee) or an ERC-20.
        const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data)
        const asset = token.toLowerCase() === nativeAddress ? nativeAddress : token
        if (same(addressOf(first), account)) add(asset, -amount)
        if (same(addressOf(second), account)) add(asset, amount)
      } else if (selector === transfer && third !== undefined) {
        // ERC-721: the token id is indexed (an ERC-20's Transfer has three topics).
        const [from, to] = [addressOf(first), addressOf(second)]
        const tokenId = BigInt(third)
        if (same(from, account)) nfts.push({ direction: 'out', token, tokenId, amount: 1n })
        if (same(to, account)) nfts.push({ direction: 'in', token, tokenId, amount: 1n })
      } else if (selector === transferSingle || selector === transferBatch) {
        const [from, to] = [addressOf(second), addressOf(third)]
        const moved =
          selector === transferSingle
            ? [decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)]
            : zip(...decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data))
        for (const [tokenId, amount] of moved) {
          if (same(from, account)) nfts.push({ direction: 'out', token, tokenId, amount })
          if (same(to, account)) nfts.push({ direction: 'in', token, tokenId, amount })
        }
      } else if (selector === approval && same(addressOf(first), account)) {
        const spender = addressOf(second)
        if (!spender) continue
        if (third !== undefined)
          approvals.push({ kind: 'nft', token, spender, tokenId: BigInt(third) })
        else {
          const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data)
          approvals.push({ kind: 'token', token, spender, amount })
        }
      } else if (selector === approvalForAll && same(addressOf(first), account)) {
        const operator = addressOf(second)
        if (!operator) continue
        const [approved] = decodeAbiParameters([{ type: 'bool' }], log.data)
        approvals.push({ kind: 'all', token, operator, approved })
      }
    } catch {
      // A log that only looks like a standard event (its data is not the event's) says nothing.
    }
  }
  const changes = [...diffs].flatMap(([asset, diff]): BalanceChange[] =>
    diff === 0n
      ? []
      : asset === nativeAddress
        ? [{ kind: 'native', diff }]
        : [{ kind: 'token', token: asset as Address, diff }],
  )
  return { changes, nfts, approvals }
}

function zip(ids: readonly bigint[], amounts: readonly bigint[]): [bigint, bigint][] {
  return ids.map((id, index) => [id, amounts[index] ?? 0n])
}

/** A contract's own revert text is shown, but no longer than this. */
const reasonMaxLength = 200

/** Solidity's panic codes, as the visitor reads them. */
const panics: Record<number, string> = {
  1: 'an assertion failed',
  17: 'an arithmetic overflow or underflow',
  18: 'a division by zero',
  33: 'an invalid enum value',
  49: 'pop on an empty array',
  50: 'an array index out of bounds',
  65: 'out of memory',
  81: 'a call to an invalid function',
}

/** Custom errors common enough to name (OpenZeppelin 5's token errors, and their short forms). */
const knownErrors = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error InsufficientBalance(uint256 balance, uint256 needed)',
  'error InsufficientAllowance(uint256 allowance, uint256 needed)',
])

/**
 * Why a call reverts, from its revert data: an `Error(string)`'s text (cut to 200 characters),
 * a panic's cause, a well-known custom error with its arguments, another's selector, or that the
 * contract gave no reason.
 *
 * @example
 * revertReason('0x08c379a0…') // 'ERC20: transfer amount exceeds balance'
 * revertReason('0x') // 'The contract gave no reason.'
 */
export function revertReason(data: Hex | undefined): string {
  if (!data || data === '0x' || !isHex(data)) return 'The contract gave no reason.'
  try {
    // viem adds Solidity's own Error(string) and Panic(uint256) to the ABI it decodes with.
    const { errorName, args } = decodeErrorResult({ abi: knownErrors, data }) as {
      errorName: string
      args: readonly unknown[] | undefined
    }
    if (errorName === 'Error') {
      const text = String(args?.[0] ?? '').trim()
      if (!text) return 'The contract gave no reason.'
      return text.length > reasonMaxLength ? `${text.slice(0, reasonMaxLength)}…` : text
    }
    if (errorName === 'Panic') {
      const code = Number(args?.[0])
      return `The contract panicked: ${panics[code] ?? `code 0x${code.toString(16)}`}.`
    }
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    // Not one of Solidity's own errors: a custom error, named by its selector below.
  }
  return `The contract reverted with error ${data.slice(0, 10)}.`
}
