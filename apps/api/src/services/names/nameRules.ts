/**
 * The registry's rules on what a name request says, with no storage: the signed message's
 * canonical form and what it binds (action, address, chain, site), the name (ENSIP-15 normalised, one label under the project's parent, §5's
 * account name rule), its timestamp, and the coin type and address it is for. Each refusal is a
 * `NameError` with its own code.
 */
import {
  ethereumCoinType,
  evmCoinTypeFlag,
  NameError,
  type NameMessageAction,
  type NameMessageData,
  nameChainIdLimit,
  nameLabelMaxChars,
  nameMessageActions,
  nameMessageMaxAgeSeconds,
  nameMessageMaxSkewSeconds,
  readNameMessage,
  validateAccountName,
} from '@airlock/protocol'
import { type Address, getAddress, isAddress } from 'viem'
import { normalize } from 'viem/ens'

/**
 * The data of a name message, which must be exactly what `nameMessage` builds from it.
 * @throws NameError `nameMessageInvalid`
 */
export function parseNameMessage(message: string): NameMessageData {
  const { data, problem } = readNameMessage(message)
  if (data === undefined) throw new NameError('nameMessageInvalid', problem)
  return data
}

/**
 * Throws unless the message binds what the request is: the action of the route it was sent to,
 * the address that sends it, the chain of its coin type, and the site the request is made on,
 * so a message signed for one of these can't be replayed for another.
 * @throws NameError `nameMessageMismatch`
 */
export function assertBound(
  data: NameMessageData,
  bound: { action: NameMessageAction; address: Address; chainId: number; site: string },
): void {
  if (data.action !== bound.action)
    throw new NameError(
      'nameMessageMismatch',
      `The message asks to ${nameMessageActions[data.action]}, not to ${nameMessageActions[bound.action]}.`,
    )
  if (data.address !== bound.address)
    throw new NameError(
      'nameMessageMismatch',
      `The message is signed for the account ${data.address}, not ${bound.address}.`,
    )
  if (data.chainId !== bound.chainId)
    throw new NameError(
      'nameMessageMismatch',
      `The message is signed for chain ${data.chainId}, but its coin type is chain ${bound.chainId}'s.`,
    )
  if (data.site !== bound.site)
    throw new NameError(
      'nameMessageMismatch',
      `The message was signed on ${data.site}, not on ${bound.site}.`,
    )
}

/**
 * ENSIP-15's normal form of `name`.
 * @throws NameError `nameInvalid` when ENSIP-15 refuses it (a disallowed character, mixed
 *   scripts, a whole-script confusable, an empty label).
 */
export function normaliseName(name: string): string {
  try {
    return normalize(name)
  } catch (error) {
    throw new NameError(
      'nameInvalid',
      `"${name}" is not a valid name: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
}

/**
 * The label of a full name under `parent`, which a registration must give exactly as ENSIP-15
 * normalises it: `Alice.airlock.eth` or a look-alike letter is refused with the normal form
 * named, never taken as another name than the one the wallet showed.
 * @throws NameError `nameInvalid`, `nameNotNormalised`, `nameMessageMismatch`
 */
export function labelOfName(name: string, parent: string): string {
  const normalised = normaliseName(name)
  if (normalised !== name)
    throw new NameError(
      'nameNotNormalised',
      `"${name}" is not in normal form (ENSIP-15): it would be "${normalised}". Register "${normalised}" instead.`,
    )
  const suffix = `.${parent}`
  if (!name.endsWith(suffix))
    throw new NameError(
      'nameMessageMismatch',
      `The message is for "${name}"; names here end in "${suffix}".`,
    )
  const label = name.slice(0, -suffix.length)
  assertLabel(label)
  return label
}

/**
 * Throws unless `label` (normalised) is one the registry takes: one label of at most
 * `nameLabelMaxChars` characters, passing §5's account name rule.
 * @throws NameError `nameInvalid`
 */
export function assertLabel(label: string): void {
  if (label.includes('.'))
    throw new NameError('nameInvalid', `"${label}" is not one label: a name has no dots.`)
  if ([...label].length > nameLabelMaxChars)
    throw new NameError(
      'nameInvalid',
      `"${label}" is too long: a name has at most ${nameLabelMaxChars} characters.`,
    )
  const rule = validateAccountName(label)
  if (rule !== undefined) throw new NameError('nameInvalid', rule)
}

/** Whether `label` passes {@link assertLabel}. */
export function isValidLabel(label: string): boolean {
  try {
    assertLabel(label)
    return true
  } catch {
    return false
  }
}

/**
 * Throws unless the message was signed within `nameMessageMaxAgeSeconds` of `now`, and not more
 * than `nameMessageMaxSkewSeconds` ahead of it.
 * @throws NameError `nameMessageStale`
 */
export function assertFresh(timestamp: number, now: number): void {
  const nowSeconds = Math.floor(now / 1000)
  if (timestamp < nowSeconds - nameMessageMaxAgeSeconds)
    throw new NameError(
      'nameMessageStale',
      `The message was signed more than ${nameMessageMaxAgeSeconds / 60} minutes ago: sign a new one.`,
    )
  if (timestamp > nowSeconds + nameMessageMaxSkewSeconds)
    throw new NameError(
      'nameMessageStale',
      "The message's timestamp is in the future: check the device's clock and sign again.",
    )
}

/**
 * The EVM chain id of an ENSIP-11 coin type: 1 for 60, `coinType - 0x80000000` above it (0 is
 * ENSIP-19's default EVM coin type: any chain).
 * @throws NameError `nameCoinTypeInvalid` for another coin type (or 0x80000001, which ENSIP-11
 *   spells 60), `invalidChainId` when its chain id is 2^31 or more.
 */
export function chainIdOfCoinType(coinType: number): number {
  if (coinType === ethereumCoinType) return 1
  if (!Number.isSafeInteger(coinType) || coinType < evmCoinTypeFlag)
    throw new NameError(
      'nameCoinTypeInvalid',
      `Coin type ${coinType} is not an EVM chain's (ENSIP-11): names are for EVM addresses.`,
    )
  const chainId = coinType - evmCoinTypeFlag
  if (chainId >= nameChainIdLimit) throw new NameError('invalidChainId', 'Invalid chainId')
  if (chainId === 1)
    throw new NameError(
      'nameCoinTypeInvalid',
      `Coin type ${coinType} is Ethereum mainnet's, which ENSIP-11 spells ${ethereumCoinType}.`,
    )
  return chainId
}

/**
 * The EIP-55 form of an EVM address, any case accepted.
 * @throws NameError `nameAddressInvalid`
 */
export function evmAddress(address: string): Address {
  if (!isAddress(address, { strict: false }))
    throw new NameError('nameAddressInvalid', `"${address}" is not an EVM address.`)
  return getAddress(address)
}
