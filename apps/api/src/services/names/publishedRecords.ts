/**
 * What the names gateway publishes for a name (issue 36 point 3): its records, with the owner's
 * address only on the chain the owner's signature was checked on (ensRecordsOfName).
 */
import { type EnsRecords, ensRecordsOfName } from './ensGateway'
import { lookupName, type NameRegistry } from './names'

/** The records of `name` (normalised, under the parent), or undefined when it is not registered. */
export async function publishedRecords(
  registry: Pick<NameRegistry, 'db'>,
  name: string,
): Promise<EnsRecords | undefined> {
  const record = await lookupName(registry, name)
  return record && ensRecordsOfName(record)
}
