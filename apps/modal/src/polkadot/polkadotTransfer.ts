/**
 * A Polkadot transfer as the modal builds it for an extension to sign: `balances.transferKeepAlive`
 * through @polkadot/api over the network's node (its `rpcUrl`; the WebSocket of the same host
 * when it is the dev node, else HTTP), signed by the wallet's `signPayload` (the host's
 * `polkadot_signPayload`), its fee from the node's `paymentInfo`, and the extrinsic submitted
 * and waited for until a block holds it. Loaded with the first Polkadot send, never before.
 */
import '@polkadot/api-augment/polkadot'
import type { NetworkConfig } from '@airlock/protocol'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { ApiOptions } from '@polkadot/api/types'
import type { SignerPayloadJSON, SignerResult } from '@polkadot/types/types'

/** How long a submitted transfer is looked for in a block. */
const inclusionTimeoutMs = 60_000

/**
 * An API over the network's node (HTTP: no subscriptions are needed). Without WebAssembly: the
 * modal's CSP allows none, and the extension signs, so util-crypto's JS hashing is all it needs.
 */
async function apiOf(network: Pick<NetworkConfig, 'rpcUrl'>) {
  const provider = new HttpProvider(network.rpcUrl) as NonNullable<ApiOptions['provider']>
  return ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true, initWasm: false })
}

/** The fee of sending `amount` plancks from `from` to `to`, by the node's `paymentInfo`. */
export async function estimatePolkadotTransfer(
  network: NetworkConfig,
  from: string,
  to: string,
  amount: bigint,
): Promise<bigint> {
  const api = await apiOf(network)
  try {
    const info = await api.tx.balances.transferKeepAlive(to, amount).paymentInfo(from)
    return info.partialFee.toBigInt()
  } finally {
    await api.disconnect()
  }
}

/**
 * Sends `amount` plancks from `from` to `to`: the wallet signs the payload (`signPayload`), the
 * node takes the extrinsic, and the transfer is looked for until a block holds it. Its hash.
 * @throws Error with the node's or the runtime's words when the transfer is refused or fails.
 */
export async function sendPolkadotTransfer(
  network: NetworkConfig,
  from: string,
  to: string,
  amount: bigint,
  signPayload: (payload: SignerPayloadJSON) => Promise<string>,
): Promise<string> {
  const api = await apiOf(network)
  try {
    const tx = api.tx.balances.transferKeepAlive(to, amount)
    let id = 0
    await tx.signAsync(from, {
      signer: {
        signPayload: async (payload): Promise<SignerResult> => ({
          id: ++id,
          signature: (await signPayload(payload)) as `0x${string}`,
        }),
      },
    })
    // HTTP has no subscriptions: the blocks after submission are read until one holds it.
    let next = (await api.rpc.chain.getHeader()).number.toNumber() + 1
    const hash = await api.rpc.author.submitExtrinsic(tx)
    const deadline = Date.now() + inclusionTimeoutMs
    for (;;) {
      const head = (await api.rpc.chain.getHeader()).number.toNumber()
      for (; next <= head; next += 1) {
        const blockHash = await api.rpc.chain.getBlockHash(next)
        const { block } = await api.rpc.chain.getBlock(blockHash)
        const index = block.extrinsics.findIndex((extrinsic) => extrinsic.hash.eq(hash))
        if (index === -1) continue
        const events = await (await api.at(blockHash)).query.system.events()
        const failed = events.find(
          ({ phase, event }) =>
            phase.isApplyExtrinsic &&
            phase.asApplyExtrinsic.eqn(index) &&
            api.events.system.ExtrinsicFailed.is(event),
        )
        if (failed && api.events.system.ExtrinsicFailed.is(failed.event)) {
          const [error] = failed.event.data
          const reason = error.isModule
            ? (() => {
                const { section, name } = api.registry.findMetaError(error.asModule)
                return `${section}.${name}`
              })()
            : error.toString()
          throw new Error(`The transfer failed: ${reason}. Only its fee was taken.`)
        }
        return hash.toHex()
      }
      if (Date.now() > deadline)
        throw new Error(`${network.name} has not included the transfer within a minute.`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  } finally {
    await api.disconnect()
  }
}
