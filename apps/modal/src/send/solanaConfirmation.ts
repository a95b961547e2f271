// Waiting for a sent Solana transfer: the wallet's signature bytes as the transaction's id, then
// getSignatureStatuses polled until the cluster confirms it, fails it, or the wait runs out.
import {
  createSolanaRpc,
  getBase58Decoder,
  isSignature,
  signature as toSignature,
} from '@solana/kit'
import { describeTransactionError, errorText, SolanaTransferError } from './solanaTransferErrors'

const CONFIRM_TIMEOUT_MS = 30_000
const CONFIRM_POLL_MS = 500

/**
 * Polls getSignatureStatuses until the transaction is confirmed (or finalized).
 * @throws {SolanaTransferError} with a readable reason when the transaction failed on chain, or
 *   `timeout` after `timeoutMs` (30 s by default) without confirmation. Rejects with the signal's
 *   reason when `signal` aborts.
 * @example
 * await confirmSolanaTransfer(rpcUrl, signatureToString(signatureBytes), { signal })
 */
export async function confirmSolanaTransfer(
  rpcUrl: string,
  signature: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  if (!isSignature(signature)) throw new SolanaTransferError('invalidSignature')
  const { timeoutMs = CONFIRM_TIMEOUT_MS, signal } = options
  const rpc = createSolanaRpc(rpcUrl)
  const deadline = Date.now() + timeoutMs
  let lastNetworkError: unknown
  for (;;) {
    signal?.throwIfAborted()
    try {
      const { value } = await rpc
        .getSignatureStatuses([toSignature(signature)])
        .send(signal ? { abortSignal: signal } : undefined)
      const status = value[0]
      // A status without a confirmation level is rooted (older RPCs report it so).
      const confirmed =
        status &&
        (status.confirmationStatus === null ||
          status.confirmationStatus === 'confirmed' ||
          status.confirmationStatus === 'finalized')
      if (status && confirmed) {
        if (status.err !== null) throw describeTransactionError(status.err)
        return
      }
      lastNetworkError = undefined
    } catch (error) {
      if (error instanceof SolanaTransferError) throw error
      signal?.throwIfAborted()
      // A dropped request is no verdict on the transaction: keep asking until the deadline.
      lastNetworkError = error
    }
    const left = deadline - Date.now()
    if (left <= 0) {
      throw new SolanaTransferError('timeout', {
        ...(lastNetworkError === undefined ? {} : { details: errorText(lastNetworkError) }),
        cause: lastNetworkError,
      })
    }
    await sleep(Math.min(CONFIRM_POLL_MS, left), signal)
  }
}

/**
 * The base58 text of a 64-byte transaction signature, as solana:signAndSendTransaction returns
 * it in bytes.
 * @example
 * const signature = signatureToString(output.signature)
 */
export function signatureToString(signature: Uint8Array): string {
  if (signature.length !== 64) throw new SolanaTransferError('invalidSignature')
  return getBase58Decoder().decode(signature)
}

function sleep(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}
