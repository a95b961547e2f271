/**
 * The name registry tests' signed requests: a name message `account` really signed (viem), as a
 * wallet's personal_sign would, with `change` applied after signing to make it wrong.
 */
import {
  evmCoinTypeFlag,
  type NameAttributes,
  type NameMessageData,
  type NameRegisterRequest,
  nameMessage,
} from '@airlock/protocol'
import type { PrivateKeyAccount } from 'viem'

/** The site the tests' projects allow and their requests are made on. */
export const testSite = 'https://shop.example'

/** The chain a coin type is for as the message says it; 1 for one that is no EVM chain's. */
const chainIdOf = (coinType: number) =>
  coinType >= evmCoinTypeFlag ? coinType - evmCoinTypeFlag : 1

export async function signedNameRequest(
  account: PrivateKeyAccount,
  name: string,
  {
    timestamp,
    attributes = {},
    coinType = 60,
    change = {},
    message: said = {},
  }: {
    /** Unix seconds. */
    timestamp: number
    attributes?: NameAttributes
    coinType?: number
    change?: Partial<NameRegisterRequest>
    /** What the signed message says other than the request (the action, site, chain, address). */
    message?: Partial<NameMessageData>
  },
): Promise<NameRegisterRequest> {
  const message = nameMessage({
    action: 'register',
    name,
    address: account.address,
    chainId: chainIdOf(coinType),
    site: testSite,
    attributes,
    timestamp,
    ...said,
  })
  const signature = await account.signMessage({ message })
  return { coinType, address: account.address, signature, message, ...change }
}
