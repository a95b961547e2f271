import { describe, expect, test } from 'vitest'
import type { KeyValueStore } from '../stores/persistence'
import { createClientStorage, walletConnectStorageKey } from './storage'

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
  }
}

describe('WalletConnect client storage', () => {
  test('behavior: entries survive a reload through the modal store, under one airlock: key', async () => {
    const backend = memoryStore()
    const first = await createClientStorage(() => backend)
    await first.setItem('wc@2:client:0.3:session', [{ topic: 'abc' }])
    await first.setItem('wc@2:core:0.3:keychain', { abc: 'key' })
    await first.flush()
    expect([...backend.values.keys()]).toEqual([walletConnectStorageKey])

    const reloaded = await createClientStorage(() => backend)
    expect(await reloaded.getItem('wc@2:client:0.3:session')).toEqual([{ topic: 'abc' }])
    expect(await reloaded.getKeys()).toEqual(['wc@2:client:0.3:session', 'wc@2:core:0.3:keychain'])
    await reloaded.removeItem('wc@2:core:0.3:keychain')
    await reloaded.flush()
    const again = await createClientStorage(() => backend)
    expect(await again.getEntries()).toEqual([['wc@2:client:0.3:session', [{ topic: 'abc' }]]])
  })

  test('behavior: message history stays in memory only', async () => {
    const backend = memoryStore()
    const storage = await createClientStorage(() => backend)
    await storage.setItem('wc@2:core:0.3:history', [{ id: 1 }])
    await storage.setItem('wc@2:core:0.3:messages', { topic: {} })
    await storage.setItem('wc@2:client:0.3:session', [])
    await storage.flush()
    expect(await storage.getItem('wc@2:core:0.3:history')).toEqual([{ id: 1 }])
    expect(JSON.parse(backend.values.get(walletConnectStorageKey)!)).toEqual({
      'wc@2:client:0.3:session': [],
    })
  })

  test('edge: a corrupt saved copy starts empty; no storage at all still works in memory', async () => {
    const backend = memoryStore()
    backend.values.set(walletConnectStorageKey, '{not json')
    expect(await (await createClientStorage(() => backend)).getKeys()).toEqual([])
    const storage = await createClientStorage(() => undefined)
    await storage.setItem('wc@2:client:0.3:session', [1])
    await storage.flush()
    expect(await storage.getItem('wc@2:client:0.3:session')).toEqual([1])
  })

  test('edge: a store that refuses writes loses the copy, not the live session', async () => {
    const refusing: KeyValueStore = {
      get: () => null,
      set: () => {
        throw new Error('quota')
      },
    }
    const storage = await createClientStorage(() => refusing)
    await storage.setItem('wc@2:client:0.3:session', [1])
    await expect(storage.flush()).resolves.toBeUndefined()
    expect(await storage.getItem('wc@2:client:0.3:session')).toEqual([1])
  })
})
