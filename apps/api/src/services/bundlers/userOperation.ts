/**
 * Which relay requests ask for gas sponsorship (issue 33), and the user operation each asks it
 * for: ERC-7677's `pm_getPaymasterStubData` and `pm_getPaymasterData` (when the project's
 * paymaster will be asked), and an `eth_sendUserOperation` that names a paymaster (a paymaster
 * that sponsors everyone, as the dev chain's does, pays for whatever is sent with it). What is
 * counted is the operation's sender, its nonce and its gas: the sum of its gas limits, the most
 * the paymaster can be charged for.
 */
import { type BundlerRequest, paymasterMethods } from '@airlock/protocol'
import { z } from 'zod'
import { SponsorshipError } from './sponsorshipError'

/** A user operation to sponsor, as the caps count it. */
export type OperationToSponsor = {
  /** The smart account, lower case. */
  sender: string
  /** Decimal text: only one operation of a sender and nonce can ever be included. */
  nonce: string
  /** The sum of its gas limits: a whole number below 2^53. */
  gas: number
}

/**
 * A request that asks for sponsorship, and when it is counted: `before` it goes on (a sent
 * operation can't be called back), `after` the paymaster answers (its data is given only once
 * counted), or `never` (the stub, which only estimates).
 */
export type SponsorshipRequest = {
  operation: OperationToSponsor
  /** The operation's callData as sent: the calls the sponsorship policy checks. */
  callData: string | undefined
  /** For a send: the paymaster it names (lower case), which may be a site's own. */
  paymaster?: string
  count: 'before' | 'after' | 'never'
}

const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const zeroAddress = `0x${'0'.repeat(40)}`

/** The fields counted (ERC-7769's RPC form of a v0.7/v0.8 user operation); others pass as they are. */
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  callData: z.string().optional(),
  callGasLimit: quantity.optional(),
  verificationGasLimit: quantity.optional(),
  preVerificationGas: quantity.optional(),
  paymaster: address.nullish(),
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  paymasterAndData: z.string().nullish(),
})
type UserOperation = z.infer<typeof userOperationSchema>

const gasFields = [
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
] as const

/**
 * The sponsorship `request` asks for, if any; `paymaster`: the project's paymaster will be asked
 * (without one, the paymaster methods are refused as before, asking for nothing).
 * @throws SponsorshipError `sponsorshipOperationInvalid` for an operation not of its form.
 */
export function sponsorshipOf(
  request: BundlerRequest,
  { paymaster }: { paymaster: boolean },
): SponsorshipRequest | undefined {
  const forPaymaster = (paymasterMethods as readonly string[]).includes(request.method)
  if (forPaymaster && !paymaster) return undefined
  if (!forPaymaster && request.method !== 'eth_sendUserOperation') return undefined
  const operation = parsed(request.params?.[0])
  if (request.method === 'eth_sendUserOperation')
    return namesPaymaster(operation)
      ? {
          operation: counted(operation),
          callData: operation.callData,
          count: 'before',
          paymaster: namedPaymaster(operation),
        }
      : undefined
  const count = request.method === 'pm_getPaymasterData' ? 'after' : 'never'
  return { operation: counted(operation), callData: operation.callData, count }
}

function parsed(value: unknown): UserOperation {
  const result = userOperationSchema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new SponsorshipError(
    'sponsorshipOperationInvalid',
    `The user operation to sponsor is not of its form: ${issue?.path.join('.') || 'params[0]'} ${issue?.message ?? 'is missing'}.`,
  )
}

/** The paymaster an operation names: its `paymaster`, or the first 20 bytes of `paymasterAndData`. */
const namedPaymaster = (operation: UserOperation) =>
  (operation.paymaster && operation.paymaster !== zeroAddress
    ? operation.paymaster
    : (operation.paymasterAndData ?? '').slice(0, 42)
  ).toLowerCase()

const namesPaymaster = (operation: UserOperation) =>
  (!!operation.paymaster && operation.paymaster !== zeroAddress) ||
  (!!operation.paymasterAndData && operation.paymasterAndData !== '0x')

function counted(operation: UserOperation): OperationToSponsor {
  let gas = 0n
  for (const field of gasFields) gas += BigInt(operation[field] ?? '0x0')
  if (gas > BigInt(Number.MAX_SAFE_INTEGER))
    throw new SponsorshipError(
      'sponsorshipOperationInvalid',
      'The user operation to sponsor asks for more gas than any cap allows.',
    )
  return {
    sender: operation.sender.toLowerCase(),
    nonce: BigInt(operation.nonce).toString(),
    gas: Number(gas),
  }
}
