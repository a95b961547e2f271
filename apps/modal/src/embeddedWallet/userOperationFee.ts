/**
 * A smart account's user operation fee, set before the visitor is asked: the bundler's gas
 * estimate and the operation's fee per gas, which the send then keeps to. A call that reverts
 * still reaches the approval, as an EOA's does (evmFeeEstimate.ts): the bundler's estimate fails
 * on it, so the operation takes fallback gas limits, the screen's simulation shows the revert,
 * and a bundler that refuses it when sent is told after the approval. The site's EOA fields
 * (`gas`, `gasPrice`, `maxFeePerGas`, `maxPriorityFeePerGas`) are held to the EOA's cap against
 * this estimate (evmFees.ts).
 *
 * On a network where the project sponsors gas, the paymaster's policy is asked before the
 * visitor is (ERC-7677's `pm_getPaymasterStubData` through the API's relay, which checks the
 * project's sponsored calls and counts nothing): a call it does not sponsor is shown with the
 * API's reason and the account's own fee, and is sent paying it (no paymaster asked), as
 * Coinbase Smart Wallet falls back; an account that can't pay it either is refused in the
 * sponsor's words, before any screen.
 */
import { type Chain, type PublicClient, type Transport, BaseError as ViemError } from 'viem'
import {
  type BundlerClient,
  getPaymasterStubData,
  type SmartAccount,
} from 'viem/account-abstraction'
import { HttpError } from '../api'
import { apiMessageOf, relayFailureOf } from './bundlerRelay'
import { revertedGasFallback } from './evmFeeEstimate'
import { type FeeEstimate, setFees } from './evmFees'
import type { ApprovalCall, NetworkFee } from './evmSigner'
import type { CheckedTransaction } from './evmTransaction'

/** The gas limits and fees per gas a user operation was shown with, and is sent with. */
export type OperationLimits = {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/**
 * The verification and pre-verification gas of a user operation whose estimate reverts (its call
 * gas is the EOA's fallback, a share of the block's gas limit): enough for the account's
 * validation and a Safe's deployment by its factory on first use, with the bundler's overhead.
 */
export const revertedOperationGas = {
  verificationGasLimit: 1_000_000n,
  preVerificationGas: 100_000n,
}

/**
 * The call gas a user operation is sent with over the bundler's estimate, made against the chain
 * as it is then: the operation runs in a later block, where a call may take more (a Uniswap v2
 * pair writes its two price accumulators in the first swap of a new second, up to 44k gas; a
 * slot another transaction emptied meanwhile). Out of gas, the whole operation reverts after the
 * visitor paid for it; the unused part of this margin costs at most a tenth of itself (EntryPoint
 * v0.8's penalty on unused call gas above 40k).
 */
export const callGasMargin = (estimate: bigint) => estimate / 10n + 50_000n

type OperationClients = {
  chain: PublicClient<Transport, Chain>
  account: SmartAccount
  bundler: BundlerClient
  /** The bundler client for an operation the account pays for: it asks no paymaster. */
  selfPaid: BundlerClient
  sponsored: boolean
}

/**
 * The operation's network fee and the limits it is sent with. A sponsored network's costs the
 * visitor nothing (its paymaster's data is asked only once approved), so it has no limits; one
 * its sponsor refuses costs the account's own fee, with the sponsor's reason (`notSponsored`).
 * @throws the sponsor's refusal (an HttpError) when the account can't pay the fee itself either.
 */
export async function userOperationFee(
  clients: OperationClients,
  calls: ApprovalCall[],
): Promise<{ fee: NetworkFee; limits?: OperationLimits }> {
  if (!clients.sponsored) return selfPaidFee(clients, calls)
  const refusal = await sponsorshipRefusal(clients, calls)
  if (refusal === undefined) return { fee: { maxFee: 0n, sponsored: true } }
  const own = await selfPaidFee(clients, calls).catch(() => {
    throw refusal.error
  })
  return { fee: { ...own.fee, notSponsored: refusal.reason }, limits: own.limits }
}

const operationCallsOf = (calls: ApprovalCall[]) =>
  calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) }))

/**
 * The sponsor's refusal of `calls` (the API's `sponsorshipCallNotAllowed`, its reason in its
 * words), or undefined when it sponsors them. Any other failure is thrown on.
 */
async function sponsorshipRefusal(
  { chain, account, bundler }: OperationClients,
  calls: ApprovalCall[],
): Promise<{ reason: string; error: HttpError } | undefined> {
  try {
    const [nonce, callData, factory] = await Promise.all([
      account.getNonce(),
      account.encodeCalls(operationCallsOf(calls)),
      account.getFactoryArgs(),
    ])
    await getPaymasterStubData(bundler, {
      chainId: chain.chain.id,
      entryPointAddress: account.entryPoint.address,
      sender: account.address,
      nonce,
      callData,
      ...(factory.factory ? factory : {}),
    })
    return undefined
  } catch (error) {
    const relay = relayFailureOf(error)
    if (!(relay instanceof HttpError) || relay.code !== 'sponsorshipCallNotAllowed') throw error
    return { reason: apiMessageOf(relay), error: relay }
  }
}

/** The bundler's estimate of the operation the account pays for; fallback limits if it reverts. */
async function selfPaidFee(
  { chain, account, selfPaid: bundler }: OperationClients,
  calls: ApprovalCall[],
): Promise<{ fee: NetworkFee; limits: OperationLimits }> {
  const operation = { account, calls: operationCallsOf(calls) }
  const prepared = await bundler
    .prepareUserOperation(operation)
    .then((estimated) => ({
      ...estimated,
      callGasLimit: estimated.callGasLimit + callGasMargin(estimated.callGasLimit),
    }))
    .catch(async (error: unknown) => {
      if (!isUserOperationRevert(error)) throw error
      // All three limits given: viem asks the bundler for no estimate. The fallback is generous
      // already: no margin on it.
      return bundler.prepareUserOperation({
        ...operation,
        callGasLimit: await revertedGasFallback(chain, {}),
        ...revertedOperationGas,
      })
    })
  const limits = {
    callGasLimit: prepared.callGasLimit,
    verificationGasLimit: prepared.verificationGasLimit,
    preVerificationGas: prepared.preVerificationGas,
    maxFeePerGas: prepared.maxFeePerGas,
    maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
  }
  return { fee: { maxFee: operationGas(limits) * limits.maxFeePerGas }, limits }
}

/**
 * Holds a site's EOA gas and fee fields to the EOA's rule (at most 3× the estimate, else
 * refused), against the user operation's own: its total gas and its fees per gas. A sponsored
 * operation (no limits) costs the visitor no fee, so its fields are not held to one.
 *
 * @throws InvalidParamsError (-32602), in the EOA's words (evmFees.ts).
 */
export function checkSiteFees(
  method: string,
  transaction: CheckedTransaction,
  limits: OperationLimits | undefined,
) {
  if (!limits) return
  const estimate: FeeEstimate = {
    gas: operationGas(limits),
    maxFeePerGas: limits.maxFeePerGas,
    maxPriorityFeePerGas: limits.maxPriorityFeePerGas,
  }
  setFees(method, transaction, estimate)
}

const operationGas = (limits: OperationLimits) =>
  limits.callGasLimit + limits.verificationGasLimit + limits.preVerificationGas

/**
 * Whether the bundler said the operation's call reverts (ERC-7769's -32521, viem's bundler
 * `ExecutionRevertedError`, which viem/account-abstraction does not export), not another refusal
 * (the account can't pay, -32500, stays one).
 */
function isUserOperationRevert(error: unknown): boolean {
  return (
    error instanceof ViemError &&
    error.walk(
      (cause) =>
        cause instanceof ViemError &&
        cause.name === 'ExecutionRevertedError' &&
        (cause.constructor as { code?: unknown }).code === -32521,
    ) !== null
  )
}
