/**
 * The name registry tests' signed requests: a name message `account` really signed (viem), as a
 * wallet's personal_sign would, with `change` applied after signing to make it wrong.
 */
import { type NameAttributes, type NameRegisterRequest, nameMessage } from '@airlock/protocol'
import type { PrivateKeyAccount } from 'viem'

export async function signedNameRequest(
  account: PrivateKeyAccount,
  name: string,
  {
    timestamp,
    attributes = {},
    coinType = 60,
    change = {},
  }: {
    /** Unix seconds. */
    timestamp: number
    attributes?: NameAttributes
    coinType?: number
    change?: Partial<NameRegisterRequest>
  },
): Promise<NameRegisterRequest> {
  const message = nameMessage({ name, attributes, timestamp })
  const signature = await account.signMessage({ message })
  return { coinType, address: account.address, signature, message, ...change }
}
