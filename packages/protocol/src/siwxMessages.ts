/**
 * The text of a CAIP-122 sign-in message, as wallets show and sign it: EIP-4361 (SIWE, built by
 * viem) on eip155, Sign In With Solana (the Wallet Standard's text) on solana, SIWE's lines for a
 * Bitcoin, Polkadot or Cosmos account on bip122, polkadot and cosmos (siwxChainMessage.ts); and,
 * from their
 * own modules, reading one back (siwxMessageParser.ts) and holding it to its site, account and
 * time (siwxMessageChecks.ts). Its own entry (`@airlock/protocol/siwx-messages`), so only what
 * signs in loads viem's, Solana's and the SIWE grammar's code.
 */
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { parseCaipNetworkId } from './caip'
import type { SiwxMessageData } from './siwx'
import { createChainSiwxMessage, isChainSiwxNamespace } from './siwxChainMessage'

export {
  assertSiwxForAccount,
  assertSiwxForHost,
  assertSiwxInTime,
  siwxClockSkewMs,
} from './siwxMessageChecks'
export { parseSiwxMessage } from './siwxMessageParser'

const date = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso))
/** The fields that are set: the Solana text's types don't take an unset one. */
const setFields = <fields extends object>(value: fields) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as {
    [name in keyof fields]: Exclude<fields[name], undefined>
  }

/**
 * @example
 * createSiwxMessage(siwxMessageData({ hostOrigin: 'https://shop.example', address, chainId: 'eip155:1', nonce, now: Date.now() }))
 * // 'shop.example wants you to sign in with your Ethereum account:\n0x…'
 */
export function createSiwxMessage(data: SiwxMessageData): string {
  const { chainId, accountAddress, issuedAt, expirationTime, notBefore, ...fields } = data
  const { namespace, reference } = parseCaipNetworkId(chainId)
  if (namespace === 'eip155')
    return createSiweMessage({
      ...fields,
      address: getAddress(accountAddress),
      chainId: Number(reference),
      issuedAt: date(issuedAt),
      expirationTime: date(expirationTime),
      notBefore: date(notBefore),
    })
  if (namespace === 'solana')
    return createSignInMessageText(
      setFields({
        ...fields,
        address: accountAddress,
        chainId,
        issuedAt,
        expirationTime,
        notBefore,
      }),
    )
  if (isChainSiwxNamespace(namespace)) return createChainSiwxMessage(data)
  throw new Error(`Sign-in is not supported on ${namespace} networks.`)
}
