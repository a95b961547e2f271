/**
 * A transaction or a smart account's batch simulated before the visitor approves it: on a node
 * with `eth_simulateV1` (anvil, geth, reth…) through viem's `simulateCalls` with
 * `traceTransfers`, giving the account's balance changes, NFTs in and out and approvals granted
 * (simulationEffects.ts), or the call that reverts and why. viem's `traceAssetChanges` is not
 * used: it reads balances through a deployless call, which anvil 1.7's eth_simulateV1 refuses
 * ("missing keys: [to]"). Where the node has no `eth_simulateV1`, the fallback is `eth_call`
 * of the first call: it tells a revert, not balance changes (`traced: false`). A batch's later
 * calls depend on the earlier ones' state, which `eth_call` does not carry, so they are not
 * checked there. A simulation that takes longer than its timeout fails with
 * `SimulationTimeoutError`; the approval screen says so and never waits on it to decline.
 */
import { type NetworkConfig, nodeLacksMethod } from '@airlock/protocol'
import type { Address, Hex } from 'viem'
import { chainClient } from '../chainClient'
import {
  revertReason,
  type SimulatedLog,
  type SimulationEffects,
  simulationEffects,
} from './simulationEffects'

export type {
  ApprovalGranted,
  BalanceChange,
  NftMove,
  SimulationEffects,
} from './simulationEffects'

/** One call to simulate, from the account. */
export type SimulatedCall = { to: Address; value: bigint; data?: Hex }

/**
 * What the simulation found:
 * - `succeeds` and `traced`: the calls go through, with what they do to the account;
 * - `succeeds` and not `traced`: the node can't trace (no `eth_simulateV1`); only a revert of
 *   the first call would have been seen;
 * - `reverts`: the request reverts, for `reason`; in a batch, `call` (0-based) is the call that does.
 */
export type Simulation =
  | ({ outcome: 'succeeds'; traced: true } & SimulationEffects)
  | { outcome: 'succeeds'; traced: false }
  | { outcome: 'reverts'; reason: string; call?: number }

/** How long the approval screen waits for a simulation before saying it timed out. */
export const simulationTimeoutMs = 3_000

export class SimulationTimeoutError extends Error {
  override name = 'SimulationTimeoutError' as const
  constructor(timeoutMs: number) {
    super(`The simulation took longer than ${timeoutMs / 1000} s.`)
  }
}

export type SimulateOptions = {
  network: NetworkConfig
  /** The account the calls are made from (msg.sender). */
  from: Address
  calls: readonly SimulatedCall[]
  timeoutMs?: number
}

/**
 * Simulates `calls` from `from` on the network's latest block.
 *
 * @example
 * await simulate({ network, from, calls: [{ to, value: parseEther('0.5') }] })
 * // { outcome: 'succeeds', traced: true, changes: [{ kind: 'native', diff: -500000000000000000n }], … }
 */
export function simulate(options: SimulateOptions): Promise<Simulation> {
  return withTimeout(simulateOnNode(options), options.timeoutMs ?? simulationTimeoutMs)
}

/** `simulation`, or `SimulationTimeoutError` once `timeoutMs` passed first. */
export async function withTimeout<result>(simulation: Promise<result>, timeoutMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SimulationTimeoutError(timeoutMs)), timeoutMs)
  })
  try {
    return await Promise.race([simulation, timeout])
  } finally {
    clearTimeout(timer)
  }
}

async function simulateOnNode({ network, from, calls }: SimulateOptions): Promise<Simulation> {
  const client = await chainClient(network)
  const { simulateCalls } = await import('viem/actions')
  const simulated = await simulateCalls(client, {
    account: from,
    calls: calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) })),
    traceTransfers: true,
  }).catch(async (error: unknown) => {
    if (!(await lacksSimulateV1(error))) throw error
    return undefined
  })
  if (!simulated) return callFallback(client, from, calls)
  const failed = simulated.results.findIndex((result) => result.status === 'failure')
  if (failed >= 0) {
    const result = simulated.results[failed]
    const reason = revertReason(revertDataOf(result))
    return { outcome: 'reverts', reason, ...(calls.length > 1 ? { call: failed } : {}) }
  }
  const logs = simulated.results.flatMap(
    (result) => ((result as { logs?: SimulatedLog[] }).logs ?? []) as SimulatedLog[],
  )
  return {
    outcome: 'succeeds',
    traced: true,
    ...simulationEffects(from, logs),
  }
}

type ChainClient = Awaited<ReturnType<typeof chainClient>>

/** `eth_call` of the first call: a revert is seen; what it changes is not. */
async function callFallback(
  client: ChainClient,
  from: Address,
  calls: readonly SimulatedCall[],
): Promise<Simulation> {
  const [first] = calls
  if (!first) return { outcome: 'succeeds', traced: false }
  try {
    await client.call({
      account: from,
      to: first.to,
      value: first.value,
      ...(first.data ? { data: first.data } : {}),
    })
    return { outcome: 'succeeds', traced: false }
  } catch (error) {
    const { BaseError, ExecutionRevertedError, CallExecutionError } = await import('viem')
    const reverted =
      error instanceof BaseError &&
      error.walk((cause) => cause instanceof ExecutionRevertedError) !== null
    if (!reverted && !(error instanceof CallExecutionError && /revert/i.test(error.details)))
      throw error
    const reason = revertReason(revertDataOf(error))
    return { outcome: 'reverts', reason, ...(calls.length > 1 ? { call: 0 } : {}) }
  }
}

/** The node has no `eth_simulateV1`: the method is unknown or unsupported there. */
async function lacksSimulateV1(error: unknown): Promise<boolean> {
  const { BaseError } = await import('viem')
  return error instanceof BaseError && nodeLacksMethod(error, (cause) => cause instanceof BaseError)
}

/** A failed call's revert data, wherever viem put it (the result, or an error's `data`). */
function revertDataOf(failure: unknown): Hex | undefined {
  const seen = new Set<unknown>()
  let current: unknown = failure
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { data, raw, error, cause } = current as Record<string, unknown>
    for (const candidate of [raw, data])
      if (typeof candidate === 'string' && /^0x([0-9a-f]{2})*$/i.test(candidate))
        return candidate as Hex
    if (data && typeof data === 'object' && 'data' in data) {
      const nested = (data as { data?: unknown }).data
      if (typeof nested === 'string' && /^0x([0-9a-f]{2})*$/i.test(nested)) return nested as Hex
    }
    current = error ?? cause
  }
  return undefined
}
