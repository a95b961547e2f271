// The server key's fingerprint on both dialects: the first start records it, a start with the
// same key passes, a start with another key is refused with the message an operator reads, and
// two replicas starting at once with one key both pass.
import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import type { Storage } from '../storage/storage'
import {
  checkServerKeyFingerprint,
  ServerKeyMismatchError,
  serverKeyFingerprint,
} from './serverKeyFingerprint'

const keyA = randomBytes(32)
const keyB = randomBytes(32)
const recordedAt = new Date('2026-11-29T11:00:00.000Z')
const now = () => recordedAt.getTime()

describe('serverKeyFingerprint', () => {
  test('behavior: it is HMAC-SHA256 of its label under the key, and never contains the key', () => {
    const fingerprint = serverKeyFingerprint(keyA)
    expect(fingerprint).toBe(
      createHmac('sha256', keyA).update('airlock server key fingerprint v1').digest('hex'),
    )
    expect(fingerprint).not.toContain(keyA.toString('hex'))
    expect(serverKeyFingerprint(keyB)).not.toBe(fingerprint)
  })
})

describe.each(testDatabases())('the server key check on $name', (database) => {
  let storage: Storage | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(async () => {
    await storage?.close()
    storage = undefined
  })

  test('behavior: the first start records its key, and starts with the same key pass', async () => {
    storage = await database.open()
    await checkServerKeyFingerprint(storage.db, keyA, { now })
    await checkServerKeyFingerprint(storage.db, keyA)
    const rows = await storage.db.selectFrom('server_key_fingerprints').selectAll().execute()
    expect(rows).toEqual([
      { id: 'server_key', fingerprint: serverKeyFingerprint(keyA), created_at: expect.anything() },
    ])
    expect(new Date(rows[0]?.created_at ?? '').toISOString()).toBe(recordedAt.toISOString())
  })

  test('error: a start with another key is refused, naming both fingerprints, and changes nothing', async () => {
    storage = await database.open()
    await checkServerKeyFingerprint(storage.db, keyA, { now })
    const refused = await checkServerKeyFingerprint(storage.db, keyB).catch((error) => error)
    expect(refused).toBeInstanceOf(ServerKeyMismatchError)
    expect(refused.message).toBe(
      `AIRLOCK_SERVER_KEY is not the key this database's replicas use (this key's fingerprint ${serverKeyFingerprint(keyB).slice(0, 12)}…, the database's ${serverKeyFingerprint(keyA).slice(0, 12)}…, recorded 2026-11-29T11:00:00.000Z). Start every replica with the same AIRLOCK_SERVER_KEY. A new key cannot open what the old one sealed (embedded wallets, email sessions); to replace it anyway, stop every replica and delete the row of server_key_fingerprints.`,
    )
    expect(refused.message).not.toContain(keyB.toString('hex'))
    const rows = await storage.db.selectFrom('server_key_fingerprints').selectAll().execute()
    expect(rows.map((row) => row.fingerprint)).toEqual([serverKeyFingerprint(keyA)])
    // The right key still passes after a refusal.
    await checkServerKeyFingerprint(storage.db, keyA)
  })

  test('behavior: replicas starting at once with one key record it once and all pass', async () => {
    storage = await database.open()
    const db = storage.db
    await Promise.all(Array.from({ length: 5 }, () => checkServerKeyFingerprint(db, keyA)))
    const rows = await db.selectFrom('server_key_fingerprints').selectAll().execute()
    expect(rows).toHaveLength(1)
  })
})
