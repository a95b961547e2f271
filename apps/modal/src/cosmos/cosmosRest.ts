/**
 * A Cosmos network's REST API (the Cosmos SDK's gRPC gateway, "LCD"; the network's `rpcUrl`), for
 * what the modal builds and sends: an account's number and sequence, a simulation's gas, and
 * broadcasting a signed transaction, then waiting for it in a block (balance and activity come
 * through the API). Answers are checked for the fields the modal reads; anything else is the
 * network failing, said in words.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { toBase64 } from '@cosmjs/encoding'

/** The REST API could not be reached, answered what a Cosmos node does not, or refused. */
export class CosmosRestError extends Error {
  override name = 'CosmosRestError'
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** What the SDK answers for a refused or failed transaction: its code and log. */
type TxResult = { txhash: string; code: number; raw_log?: string; height?: string }

/** How often, and how long, a broadcast transaction is looked for in a block. */
const inclusionPollMs = 500
const inclusionTimeoutMs = 60_000

/** The REST API of `network`. */
export function cosmosRest(network: Pick<NetworkConfig, 'rpcUrl' | 'name'>) {
  const base = network.rpcUrl.replace(/\/+$/, '')
  async function call(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...init?.headers },
      })
    } catch {
      throw new CosmosRestError(`${network.name} could not be reached.`)
    }
    return { status: response.status, body: await response.json().catch(() => undefined) }
  }
  const unexpected = () => new CosmosRestError(`${network.name} did not answer as expected.`)
  /** A gRPC gateway error's message (`{ code, message }`), else the generic words. */
  const refusal = (body: unknown) =>
    isObject(body) && typeof body.message === 'string'
      ? new CosmosRestError(body.message)
      : unexpected()

  return {
    /**
     * An account's number and sequence (both 0 for one the chain has never seen: its first
     * transaction is then refused by the chain, which the simulation reports first).
     */
    async account(address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
      const { status, body } = await call(
        `/cosmos/auth/v1beta1/accounts/${encodeURIComponent(address)}`,
      )
      if (status === 404) return { accountNumber: 0n, sequence: 0n }
      const account = isObject(body) && isObject(body.account) ? body.account : undefined
      // A base account, or a vesting one holding it.
      const base = account && isObject(account.base_account) ? account.base_account : account
      const number = base?.account_number
      const sequence = base?.sequence
      if (typeof number !== 'string' || typeof sequence !== 'string') throw refusal(body)
      return { accountNumber: BigInt(number), sequence: BigInt(sequence) }
    },

    /** The gas a transaction uses, by the node's simulation; its refusal in the SDK's words. */
    async simulate(txBytes: Uint8Array): Promise<bigint> {
      const { body } = await call('/cosmos/tx/v1beta1/simulate', {
        method: 'POST',
        body: JSON.stringify({ tx_bytes: toBase64(txBytes) }),
      })
      const used = isObject(body) && isObject(body.gas_info) ? body.gas_info.gas_used : undefined
      if (typeof used !== 'string' || !/^\d+$/.test(used)) throw refusal(body)
      return BigInt(used)
    },

    /** Broadcasts a signed transaction and waits for it in a block: its hash, once it landed. */
    async broadcast(txBytes: Uint8Array): Promise<string> {
      const { body } = await call('/cosmos/tx/v1beta1/txs', {
        method: 'POST',
        body: JSON.stringify({ tx_bytes: toBase64(txBytes), mode: 'BROADCAST_MODE_SYNC' }),
      })
      const result = isObject(body) && isObject(body.tx_response) ? body.tx_response : undefined
      if (typeof result?.txhash !== 'string' || typeof result.code !== 'number') throw refusal(body)
      if (result.code !== 0)
        throw new CosmosRestError(String(result.raw_log ?? `code ${result.code}`))
      const landed = await this.waitFor(result.txhash)
      if (landed.code !== 0)
        throw new CosmosRestError(
          `The transaction failed: ${landed.raw_log ?? `code ${landed.code}`}`,
        )
      return result.txhash
    },

    /** A transaction once a block holds it. */
    async waitFor(hash: string): Promise<TxResult> {
      const deadline = Date.now() + inclusionTimeoutMs
      for (;;) {
        const { status, body } = await call(`/cosmos/tx/v1beta1/txs/${hash}`)
        const result = isObject(body) && isObject(body.tx_response) ? body.tx_response : undefined
        if (status === 200 && typeof result?.code === 'number') return result as TxResult
        if (Date.now() > deadline)
          throw new CosmosRestError(`${network.name} has not included ${hash} within a minute.`)
        await new Promise((resolve) => setTimeout(resolve, inclusionPollMs))
      }
    },
  }
}
