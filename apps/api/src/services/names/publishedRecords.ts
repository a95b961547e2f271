/**
 * What the names gateway publishes for a name (issue 35 point 8): its records, with the owner's
 * address only on the chains where the owner's signature proves it theirs — every EVM chain for a
 * key's signature (an EOA, or one upgraded in place by EIP-7702), the registered chain only for a
 * contract wallet's (ensRecordsOfName).
 */
import type { Address } from 'viem'
import { type EnsRecords, ensRecordsOfName } from './ensGateway'
import { isEoaSignature } from './nameSignatures'
import { lookupSignedName, type NameRegistry } from './names'

/** The records of `name` (normalised, under the parent), or undefined when it is not registered. */
export async function publishedRecords(
  registry: Pick<NameRegistry, 'db'>,
  name: string,
): Promise<EnsRecords | undefined> {
  const signed = await lookupSignedName(registry, name)
  if (!signed) return undefined
  const { record, message, signature } = signed
  const keySigned = await isEoaSignature({
    address: record.address as Address,
    message,
    signature,
  })
  return ensRecordsOfName(record, { keySigned })
}
