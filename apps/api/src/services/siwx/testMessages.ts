/**
 * What the sign-in signature tests share (bitcoin.test.ts, polkadotCosmos.test.ts): the frame's
 * message as the API reads it back, and a promise's refusal read as the API's error.
 */
import { type CaipNetworkId, siwxMessageData } from '@airlock/protocol'
import { createSiwxMessage, parseSiwxMessage } from '@airlock/protocol/siwx-messages'

/** The message the frame asks the wallet to sign, read back as the API reads it. */
export function frameMessage(address: string, chainId: CaipNetworkId) {
  const data = siwxMessageData({
    hostOrigin: 'https://shop.example',
    address,
    chainId,
    nonce: 'n0nce1234abc',
    now: Date.UTC(2026, 10, 29, 4, 0, 0),
  })
  const message = createSiwxMessage(data)
  return { data: parseSiwxMessage(message), message }
}

/** The error `promise` rejects with; an Error saying so when it resolves. */
export async function refusal(promise: Promise<unknown>) {
  const outcome = await promise.then(
    () => new Error('expected a refusal, but it resolved'),
    (error: unknown) => error,
  )
  return outcome as { code?: string; message: string }
}
