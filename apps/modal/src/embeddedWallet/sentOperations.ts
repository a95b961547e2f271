/**
 * The user operations the smart account sent from this frame, kept while they are followed, and
 * their replacement (issue 35 point 6): while the bundler still holds one in its mempool (not yet
 * bundled), an operation of the same account with the same nonce and fees at least 10 % higher
 * takes its place (alto's rule, as ERC-7562 mempools have it). "Speed up" sends the same calls
 * with higher fees; "Cancel" sends a no-op in its place — a call of 0 to the account itself, as a
 * wallet cancels a transaction with a 0-value send to itself. Each is approved by the visitor
 * first. Once bundled, its bundle transaction is sent and it can no longer be replaced: the
 * visitor is told so. Each operation is sent with its nonce and fees set here, so a replacement
 * knows them; whichever of its hashes lands is its outcome (userOperationFollower.ts), and the
 * status of its batch id after a reload is found by its nonce (`landedInstead`).
 */
import {
  type Address,
  type Chain,
  type Client,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  type PublicClient,
  type SignedAuthorization,
  type Transport,
} from 'viem'
import { type BundlerClient, entryPoint08Abi, type SmartAccount } from 'viem/account-abstraction'
import type { ApprovalCall, ApprovalRequest, NetworkFee } from './evmSigner'
import { bundlerGasPrice } from './smartAccount'
import type { OperationLimits } from './userOperationFee'

/** How a pending operation is replaced: the same calls with higher fees, or a no-op. */
export type Replacement = 'speedUp' | 'cancel'

/** A replacement's fees per gas, in percent of the one it replaces (alto wants at least 110). */
export const replacementFeePercent = 125n

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** One operation as sent, and the hashes it was sent under since (its replacements'). */
export type SentOperation = {
  calls: ApprovalCall[]
  nonce: bigint
  fees: Fees
  /** The gas limits it was shown with; none where a paymaster pays (its gas is estimated). */
  gas: Omit<OperationLimits, keyof Fees> | undefined
  /** The EIP-7702 authorization it carried (its replacement carries it too). */
  authorization: SignedAuthorization | undefined
  /** The bundler it was sent to: the network's, or the one of a site's paymaster service. */
  bundler: BundlerClient
  paymasterContext: Record<string, unknown> | undefined
  sponsored: boolean
  /** Every hash it was sent under, the original first. */
  hashes: Hex[]
  /** Those of them that are cancellations (no-ops). */
  cancels: Hex[]
}

/** The pending operation was bundled already (or was not sent from here): it can't be replaced. */
export class OperationNotReplaceableError extends Error {
  override name = 'OperationNotReplaceableError' as const
}

/** What `sentOperations` needs of the smart account on the operation's network. */
export type OperationClients = {
  chain: PublicClient<Transport, Chain>
  account: SmartAccount
  bundler: BundlerClient
}

/** The no-op that takes a cancelled operation's place: 0 to the account itself. */
export const cancelCalls = (account: Address): ApprovalCall[] => [{ to: account, value: 0n }]

/** The bundler's fees per gas now (alto's `fast`, as the operations are sent with). */
const currentFees = (bundler: BundlerClient): Promise<Fees> =>
  bundlerGasPrice(bundler as unknown as Client)

const raised = (fee: bigint) => (fee * replacementFeePercent + 99n) / 100n
const higher = (a: bigint, b: bigint) => (a > b ? a : b)

/**
 * A replacement's fees: each at least `replacementFeePercent` of the one it replaces, and no
 * less than the bundler asks now.
 */
export function replacementFees(previous: Fees, now: Fees): Fees {
  return {
    maxFeePerGas: higher(raised(previous.maxFeePerGas), now.maxFeePerGas),
    maxPriorityFeePerGas: higher(raised(previous.maxPriorityFeePerGas), now.maxPriorityFeePerGas),
  }
}

/**
 * Whether the bundler still holds `hash` in its mempool, not yet bundled (alto's
 * `pimlico_getUserOperationStatus`: `not_submitted` or `queued`). A bundler that can't say is
 * taken as no: replacing one it bundled already would send two.
 */
async function inMempool(bundler: BundlerClient, hash: Hex): Promise<boolean> {
  const answer = await (bundler as unknown as Client)
    .request<{
      Method: 'pimlico_getUserOperationStatus'
      Parameters: [Hex]
      ReturnType: { status: string }
    }>({ method: 'pimlico_getUserOperationStatus', params: [hash] })
    .catch(() => undefined)
  return answer?.status === 'not_submitted' || answer?.status === 'queued'
}

/** What the visitor is told when a pending operation can no longer be replaced. */
export type NotReplaceableText = { bundled: string; unknown: string }

/**
 * The operations sent from this frame, and their replacement.
 *
 * @example
 * const operations = sentOperations({ text, approve })
 * const sent = await operations.send(clients, { calls, limits, bundler })
 * await operations.replace(clients, sent.hashes[0], 'cancel', { network: 'eip155:1', from })
 */
export function sentOperations(options: {
  text: NotReplaceableText
  /** Asks the visitor about a replacement; rejects (4001) when they decline. */
  approve(request: ApprovalRequest): Promise<void>
}) {
  const sent = new Map<Hex, SentOperation>()

  async function sendAs(
    { account }: OperationClients,
    operation: Omit<SentOperation, 'hashes' | 'cancels'>,
  ): Promise<Hex> {
    const { calls, nonce, fees, gas, authorization, bundler, paymasterContext } = operation
    return bundler.sendUserOperation({
      account,
      calls: calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) })),
      nonce,
      ...fees,
      ...gas,
      ...(paymasterContext ? { paymasterContext } : {}),
      ...(authorization ? { authorization } : {}),
    })
  }

  /**
   * Sends `calls` as a new user operation, its nonce and fees set here (the limits' fees when
   * the visitor was shown them, else the bundler's now); kept for its replacement.
   */
  async function send(
    clients: OperationClients,
    operation: {
      calls: ApprovalCall[]
      limits: OperationLimits | undefined
      bundler: BundlerClient
      paymasterContext?: Record<string, unknown> | undefined
      authorization?: SignedAuthorization | undefined
      sponsored: boolean
    },
  ): Promise<SentOperation> {
    const { limits } = operation
    const nonce = await clients.account.getNonce()
    const fees = limits
      ? { maxFeePerGas: limits.maxFeePerGas, maxPriorityFeePerGas: limits.maxPriorityFeePerGas }
      : await currentFees(clients.bundler)
    const gas = limits && {
      callGasLimit: limits.callGasLimit,
      verificationGasLimit: limits.verificationGasLimit,
      preVerificationGas: limits.preVerificationGas,
    }
    const kept = {
      calls: operation.calls,
      nonce,
      fees,
      gas,
      authorization: operation.authorization,
      bundler: operation.bundler,
      paymasterContext: operation.paymasterContext,
      sponsored: operation.sponsored,
    }
    const hash = await sendAs(clients, kept)
    const record = { ...kept, hashes: [hash], cancels: [] }
    sent.set(hash, record)
    return record
  }

  /** The operation sent under `hash` from this frame (its first hash), if any. */
  const sentAs = (hash: Hex) => sent.get(hash)

  /**
   * Replaces the pending operation first sent as `hash`, after the visitor approves: resolves to
   * the replacement's hash. Refused, with the visitor's words, once it is bundled.
   * @throws OperationNotReplaceableError, or 4001 when the visitor declines.
   */
  async function replace(
    clients: OperationClients,
    hash: Hex,
    how: Replacement,
    context: Pick<ApprovalRequest, 'network' | 'from'>,
  ): Promise<Hex> {
    const record = sent.get(hash)
    if (!record) throw new OperationNotReplaceableError(options.text.unknown)
    const stillHeld = async () => {
      const latest = record.hashes.at(-1) ?? hash
      if (!(await inMempool(clients.bundler, latest)))
        throw new OperationNotReplaceableError(options.text.bundled)
    }
    await stillHeld()
    // A cancelled one stays cancelled: speeding it up speeds up its no-op.
    const cancelling = how === 'cancel' || record.cancels.includes(record.hashes.at(-1) ?? hash)
    const calls = cancelling ? cancelCalls(clients.account.address) : record.calls
    const fees = replacementFees(record.fees, await currentFees(clients.bundler))
    const gas = record.gas
    const fee: NetworkFee = record.sponsored
      ? { maxFee: 0n, sponsored: true }
      : {
          maxFee:
            ((gas?.callGasLimit ?? 0n) +
              (gas?.verificationGasLimit ?? 0n) +
              (gas?.preVerificationGas ?? 0n)) *
            fees.maxFeePerGas,
        }
    await options.approve({ kind: 'calls', ...context, calls, fee, replacing: how })
    // The visitor took their time: it may have been bundled meanwhile.
    await stillHeld()
    const replacement = await sendAs(clients, { ...record, calls, fees })
    record.fees = fees
    record.hashes.push(replacement)
    if (cancelling) record.cancels.push(replacement)
    return replacement
  }

  return { send, sentAs, replace }
}

/**
 * The user operation of `account` that landed with `nonce` since `fromBlock`, when it is not
 * `hash` (a replacement did), and whether it was a cancellation (its calls the no-op): what a
 * batch id's status answers after its operation was replaced, after a reload too.
 */
export async function landedInstead(
  { chain, account }: Pick<OperationClients, 'chain' | 'account'>,
  { hash, nonce, fromBlock }: { hash: Hex; nonce: bigint; fromBlock: bigint },
): Promise<{ hash: Hex; cancelled: boolean } | undefined> {
  const events = await chain.getContractEvents({
    address: account.entryPoint.address,
    abi: entryPoint08Abi,
    eventName: 'UserOperationEvent',
    args: { sender: account.address },
    fromBlock,
  })
  const event = events.find(({ args }) => args.nonce === nonce)
  const landed = event?.args.userOpHash
  if (!event || !landed || landed === hash) return undefined
  // Its calls, read from its bundle's handleOps (a bundler's eth_getUserOperationByHash may not
  // decode every bundle: alto's finds none in a bundle of an EIP-7702 account's first operation).
  const bundle = await chain.getTransaction({ hash: event.transactionHash })
  const { args } = decodeFunctionData({ abi: entryPoint08Abi, data: bundle.input })
  const operations = (args?.[0] ?? []) as readonly {
    sender: Address
    nonce: bigint
    callData: Hex
  }[]
  const operation = operations.find(
    (op) => isAddressEqual(op.sender, account.address) && op.nonce === nonce,
  )
  const noOp = await account.encodeCalls(
    cancelCalls(account.address).map(({ to, value }) => ({ to, value })),
  )
  return { hash: landed, cancelled: operation?.callData === noOp }
}
