// What the fault trials check after a fault: every write the API acknowledged is there, read back
// through the load balancer as its visitor would (the session works, the wallet opens with the
// shares last acknowledged, the name resolves to its address) and in PostgreSQL; and nothing in the database is half-written (a
// wallet without its device, a device without its wallet, a session on a device that is gone, a
// revoked device with its key still sealed or a session still open on it, a wallet whose shares
// are of two different splits). Returns the problems found, each a sentence; none: all held.
import type pg from 'pg'
import type { Acknowledged, Ledger } from './journeys'
import { jsonOf, type Visitor } from './visitor'

/** The half-written states, each a query counting rows in it. */
const halfWritten: Record<string, string> = {
  'a wallet without a device': `select count(*) from embedded_wallets w where not exists (
    select 1 from embedded_wallet_devices d where d.project_id = w.project_id and d.email = w.email)`,
  'a device without its wallet': `select count(*) from embedded_wallet_devices d where not exists (
    select 1 from embedded_wallets w where w.project_id = d.project_id and w.email = d.email)`,
  'a session on a device that does not exist': `select count(*) from email_sessions s
    where s.device_id is not null and not exists (
      select 1 from embedded_wallet_devices d where d.device_id = s.device_id)`,
  'a revoked device whose key is still sealed': `select count(*) from embedded_wallet_devices
    where revoked_at is not null and sealed_key is not null`,
  'an open session on a revoked device': `select count(*) from email_sessions s
    join embedded_wallet_devices d on d.device_id = s.device_id
    where d.revoked_at is not null and s.revoked_at is null`,
}

/** Problems with the database as a whole: each half-written state found, with its count. */
export async function halfWrittenRows(db: pg.Pool): Promise<string[]> {
  const found: string[] = []
  for (const [state, query] of Object.entries(halfWritten)) {
    const { rows } = await db.query<{ count: string }>(query)
    const count = Number(rows[0]?.count ?? 0)
    if (count > 0) found.push(`${count} × ${state}`)
  }
  return found
}

/**
 * Problems with the acknowledged writes of `ledger`: each one not found, or found other than it
 * was acknowledged. `sharesSent` holds every split each email's wallet was sent (acknowledged or
 * not): the wallet must open with one of them, whole.
 */
export async function missingWrites(
  ledger: Ledger,
  db: pg.Pool,
  reader: Visitor,
  hostOrigin: string,
): Promise<string[]> {
  const problems: string[] = []
  const acknowledged = ledger.acknowledged
  const byEmail = (kind: Acknowledged['kind'], email: string) =>
    acknowledged.filter((write) => write.kind === kind && 'email' in write && write.email === email)
  const site = encodeURIComponent(hostOrigin)

  const eventIds = acknowledged.flatMap((write) => (write.kind === 'event' ? [write.eventId] : []))
  if (eventIds.length > 0) {
    const { rows } = await db.query<{ event_id: string }>(
      'select event_id from events where event_id = any($1)',
      [eventIds],
    )
    const kept = new Set(rows.map((row) => row.event_id))
    for (const eventId of eventIds)
      if (!kept.has(eventId)) problems.push(`event ${eventId} was acknowledged but is not stored`)
  }

  for (const write of acknowledged) {
    switch (write.kind) {
      case 'emailSignIn': {
        const { rows } = await db.query<{ count: string }>(
          'select count(*) from email_sessions where project_id = $1 and email = $2',
          [write.projectId, write.email],
        )
        const signIns = byEmail('emailSignIn', write.email).length
        if (Number(rows[0]?.count) < signIns)
          problems.push(
            `${write.email}: ${signIns} sign-ins acknowledged, ${rows[0]?.count} sessions stored`,
          )
        // The first session of a journey is never revoked: it must work.
        if (byEmail('emailSignIn', write.email)[0] === write) {
          const read = await reader.send(
            'GET',
            `/v1/projects/${write.projectId}/email/session?hostOrigin=${site}`,
            undefined,
            { Cookie: write.cookie },
          )
          if (read.status !== 200)
            problems.push(`${write.email}: its session reads ${read.status}, not 200`)
        }
        break
      }
      case 'walletCreated': {
        const cookie = byEmail('emailSignIn', write.email)[0]
        const read = await reader.send(
          'GET',
          `/v1/projects/${write.projectId}/embedded-wallet?hostOrigin=${site}&deviceId=${write.deviceId}`,
          undefined,
          { Cookie: cookie?.kind === 'emailSignIn' ? cookie.cookie : '' },
        )
        const wallet = jsonOf<{ evmAddress: string; authShare: string; recoveryShare: string }>(
          read,
        )
        if (read.status !== 200 || wallet === undefined) {
          problems.push(`${write.email}: its wallet reads ${read.status}, not 200`)
          break
        }
        const revoked = byEmail('deviceRevoked', write.email)[0]
        const expected =
          revoked?.kind === 'deviceRevoked'
            ? [revoked]
            : [write, ...(ledger.sharesSent[write.email] ?? [])]
        if (
          !expected.some(
            (split) =>
              split.authShare === wallet.authShare && split.recoveryShare === wallet.recoveryShare,
          )
        )
          problems.push(
            `${write.email}: its wallet opens with shares of no split it was sent whole` +
              (revoked ? ' (the acknowledged re-split expected)' : ''),
          )
        if (wallet.evmAddress.toLowerCase() !== write.evmAddress.toLowerCase())
          problems.push(
            `${write.email}: its wallet is ${wallet.evmAddress}, not ${write.evmAddress}`,
          )
        break
      }
      case 'walletConfirmed': {
        const { rows } = await db.query<{ confirmed_at: unknown }>(
          'select confirmed_at from embedded_wallets where project_id = $1 and email = $2',
          [write.projectId, write.email],
        )
        if (rows[0]?.confirmed_at == null)
          problems.push(`${write.email}: its wallet's confirmation was acknowledged, not stored`)
        break
      }
      case 'deviceAdded':
      case 'deviceRevoked': {
        const { rows } = await db.query<{ revoked_at: unknown }>(
          'select revoked_at from embedded_wallet_devices where project_id = $1 and email = $2 and device_id = $3',
          [write.projectId, write.email, write.deviceId],
        )
        if (rows.length === 0)
          problems.push(`${write.email}: device ${write.deviceId} was acknowledged, not stored`)
        else if (write.kind === 'deviceRevoked' && rows[0]?.revoked_at == null)
          problems.push(`${write.email}: device ${write.deviceId}'s revocation was not stored`)
        break
      }
      case 'siwxSignIn': {
        const read = await reader.send('GET', '/v1/siwx/session', undefined, {
          Authorization: `Bearer ${write.token}`,
        })
        if (read.status !== 200)
          problems.push(`SIWX session of ${write.address} reads ${read.status}, not 200`)
        break
      }
      case 'nameRegistered': {
        // Read as any ENS client would, through the API, and in the registry's table.
        const read = await reader.send('GET', `/v1/names/${write.name}`, undefined)
        const record = jsonOf<{ address: string }>(read)
        if (read.status !== 200 || record?.address.toLowerCase() !== write.address.toLowerCase())
          problems.push(`name ${write.name} reads ${read.status}, not 200 for ${write.address}`)
        const { rows } = await db.query<{ address: string }>(
          'select address from account_names where name = $1',
          [write.name],
        )
        if (rows[0]?.address.toLowerCase() !== write.address.toLowerCase())
          problems.push(`name ${write.name} was acknowledged, not stored for ${write.address}`)
        break
      }
      case 'event':
        break
    }
  }
  return problems
}
