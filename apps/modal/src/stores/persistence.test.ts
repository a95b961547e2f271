import { describe, expect, test } from 'vitest'
import { createPersistence, type KeyValueStore } from './persistence'

/** A Map-backed KeyValueStore, synchronous like localStorage. */
function memoryStorage(data = new Map<string, string>()): KeyValueStore & {
  data: Map<string, string>
} {
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value)
    },
  }
}

/** The same, asynchronous, like the host page's storage reached through the bridge. */
function bridgedStorage(data = new Map<string, string>()): KeyValueStore {
  return {
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => {
      data.set(key, value)
    },
  }
}

const recent = [
  { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
  { id: 'Frame', name: 'Frame' },
]
const saved = {
  active: 'io.metamask',
  ids: [
    { id: 'io.metamask', name: 'MetaMask' },
    { id: 'io.rabby', name: 'Rabby' },
    // An embedded wallet remembers how it was signed in to, for its login once locked.
    { id: 'email', name: 'Email', authProvider: 'google' },
  ],
}

describe('persistence', () => {
  test('behavior: recent wallets and connections round-trip through a synchronous store', async () => {
    const storage = memoryStorage()
    const persistence = createPersistence(() => storage)
    await persistence.saveRecentWallets(recent)
    await persistence.saveConnections(saved)
    expect(await persistence.recentWallets()).toEqual(recent)
    expect(await persistence.connections()).toEqual(saved)
    // What a later page load reads from the same storage.
    const later = createPersistence(() => memoryStorage(storage.data))
    expect(await later.recentWallets()).toEqual(recent)
    expect(await later.connections()).toEqual(saved)
  })

  test('behavior: they round-trip through an asynchronous store too', async () => {
    const data = new Map<string, string>()
    const persistence = createPersistence(() => bridgedStorage(data))
    await persistence.saveRecentWallets(recent)
    await persistence.saveConnections({ ids: [{ id: 'io.rabby', name: 'Rabby' }] })
    expect(await persistence.recentWallets()).toEqual(recent)
    expect(await persistence.connections()).toEqual({ ids: [{ id: 'io.rabby', name: 'Rabby' }] })
  })

  test('behavior: everything is kept under airlock: keys', async () => {
    const storage = memoryStorage()
    const persistence = createPersistence(() => storage)
    await persistence.saveRecentWallets(recent)
    await persistence.saveConnections(saved)
    expect(storage.data.size).toBe(2)
    for (const key of storage.data.keys()) expect(key.startsWith('airlock:')).toBe(true)
  })

  test('behavior: an empty store gives the defaults', async () => {
    const persistence = createPersistence(() => memoryStorage())
    expect(await persistence.recentWallets()).toEqual([])
    expect(await persistence.connections()).toEqual({ ids: [] })
  })

  test('behavior: without any storage, reads give the defaults and writes are dropped', async () => {
    const persistence = createPersistence(() => undefined)
    await expect(persistence.saveRecentWallets(recent)).resolves.toBeUndefined()
    await expect(persistence.saveConnections(saved)).resolves.toBeUndefined()
    expect(await persistence.recentWallets()).toEqual([])
    expect(await persistence.connections()).toEqual({ ids: [] })
  })

  test('behavior: the storage is looked up on every use, so it can change after start', async () => {
    let storage: KeyValueStore | undefined
    const persistence = createPersistence(() => storage)
    await persistence.saveRecentWallets(recent)
    storage = memoryStorage()
    expect(await persistence.recentWallets()).toEqual([])
    await persistence.saveRecentWallets(recent)
    expect(await persistence.recentWallets()).toEqual(recent)
  })

  test.each([
    ['malformed JSON', '{"ids": ['],
    ['an empty string', ''],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"io.metamask"'],
    ['an array', '[]'],
    ['no ids', '{"active":"io.metamask"}'],
    ['ids not an array', '{"ids":{"id":"io.metamask","name":"MetaMask"}}'],
    ['an id without a name', '{"ids":[{"id":"io.metamask"}]}'],
    ['a numeric id', '{"ids":[{"id":1,"name":"MetaMask"}]}'],
    ['a null entry', '{"ids":[null]}'],
    ['a numeric authProvider', '{"ids":[{"id":"email","name":"Email","authProvider":7}]}'],
  ])('behavior: saved connections holding %s fall back to no connections', async (_, stored) => {
    const storage = memoryStorage()
    storage.data.set('airlock:v1:connections', stored)
    const persistence = createPersistence(() => storage)
    expect(await persistence.connections()).toEqual({ ids: [] })
  })

  test.each([
    ['malformed JSON', '[{"id":'],
    ['null', 'null'],
    ['an object', '{"id":"io.metamask","name":"MetaMask"}'],
    ['an entry without a name', '[{"id":"io.metamask"}]'],
    ['an entry with a numeric name', '[{"id":"io.metamask","name":7}]'],
    ['a string entry', '["io.metamask"]'],
  ])('behavior: recent wallets holding %s fall back to none', async (_, stored) => {
    const storage = memoryStorage()
    storage.data.set('airlock:v1:recentWallets', stored)
    const persistence = createPersistence(() => storage)
    expect(await persistence.recentWallets()).toEqual([])
  })

  test('behavior: one malformed entry does not spoil the other entry', async () => {
    const storage = memoryStorage()
    const persistence = createPersistence(() => storage)
    await persistence.saveConnections(saved)
    storage.data.set('airlock:v1:recentWallets', 'not json')
    expect(await persistence.recentWallets()).toEqual([])
    expect(await persistence.connections()).toEqual(saved)
  })

  test('behavior: a storage that throws never throws out of persistence', async () => {
    const throwing: KeyValueStore = {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      set: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
    }
    const persistence = createPersistence(() => throwing)
    await expect(persistence.saveRecentWallets(recent)).resolves.toBeUndefined()
    await expect(persistence.saveConnections(saved)).resolves.toBeUndefined()
    await expect(persistence.recentWallets()).resolves.toEqual([])
    await expect(persistence.connections()).resolves.toEqual({ ids: [] })
  })

  test('behavior: a storage that rejects never rejects out of persistence', async () => {
    const rejecting: KeyValueStore = {
      get: () => Promise.reject(new Error('The host page is not connected.')),
      set: () => Promise.reject(new Error('The host page is not connected.')),
    }
    const persistence = createPersistence(() => rejecting)
    await expect(persistence.saveConnections(saved)).resolves.toBeUndefined()
    await expect(persistence.connections()).resolves.toEqual({ ids: [] })
    await expect(persistence.recentWallets()).resolves.toEqual([])
  })

  test('behavior: a storage lookup that throws counts as no storage', async () => {
    const persistence = createPersistence(() => {
      throw new Error('storage unavailable')
    })
    await expect(persistence.saveRecentWallets(recent)).resolves.toBeUndefined()
    await expect(persistence.recentWallets()).resolves.toEqual([])
  })
})

describe('persistence: nothing to remember costs nothing', () => {
  test('behavior: saving what the storage already holds does not write it again', async () => {
    const writes: string[] = []
    const data = new Map<string, string>()
    const storage: KeyValueStore = {
      get: (key) => data.get(key) ?? null,
      set: (key, value) => {
        writes.push(key)
        data.set(key, value)
      },
    }
    const persistence = createPersistence(() => storage)
    // A visitor with nothing saved: reading, then saving the same empty list, writes nothing.
    expect(await persistence.connections()).toEqual({ ids: [] })
    await persistence.saveConnections({ ids: [] })
    expect(writes).toEqual([])
    await persistence.saveConnections({ ids: [{ id: 'io.rabby', name: 'Rabby' }] })
    await persistence.saveConnections({ ids: [{ id: 'io.rabby', name: 'Rabby' }] })
    await persistence.saveConnections({ ids: [] })
    expect(writes).toEqual(['airlock:v1:connections', 'airlock:v1:connections'])
    expect(await persistence.connections()).toEqual({ ids: [] })
  })
})

describe('persistence: what is stored is the last thing saved', () => {
  /** An asynchronous store whose writes land in order, each a moment after it was made. */
  function orderedSlowStorage() {
    const data = new Map<string, string>()
    let tail: Promise<void> = Promise.resolve()
    const storage: KeyValueStore = {
      get: async (key) => data.get(key) ?? null,
      set: (key, value) => {
        tail = tail
          .then(() => new Promise((resolve) => setTimeout(resolve, 5)))
          .then(() => void data.set(key, value))
        return tail
      },
    }
    return { storage, data }
  }
  const connected = { active: 'io.rabby', ids: [{ id: 'io.rabby', name: 'Rabby' }] }
  const disconnected = { ids: [{ id: 'io.rabby', name: 'Rabby' }] }

  test('behavior: connected, disconnected, connected again before the second write landed: connected is stored', async () => {
    const { storage, data } = orderedSlowStorage()
    const persistence = createPersistence(() => storage)
    await persistence.saveConnections(connected)
    const leaving = persistence.saveConnections(disconnected)
    const back = persistence.saveConnections(connected)
    await Promise.all([leaving, back])
    expect(JSON.parse(data.get('airlock:v1:connections') ?? 'null')).toEqual(connected)
  })

  test('behavior: a read that ends after a save does not make the next save look done', async () => {
    const { storage, data } = orderedSlowStorage()
    const persistence = createPersistence(() => storage)
    // Read (nothing stored yet) while a save is under way.
    const reading = persistence.connections()
    await persistence.saveConnections(connected)
    expect(await reading).toEqual({ ids: [] })
    await persistence.saveConnections({ ids: [] })
    expect(JSON.parse(data.get('airlock:v1:connections') ?? 'null')).toEqual({ ids: [] })
  })
})
