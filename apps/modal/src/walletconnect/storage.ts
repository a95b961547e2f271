/**
 * The WalletConnect client's storage, kept so a session survives a reload of the host page.
 * The client's entries are kept in memory and persisted as one JSON value through the modal's
 * key-value store (stores/frameStorage.ts: the frame's own storage, or sealed in the host's, so
 * no host script can read the session's keys and take it elsewhere). Bulky and short-lived
 * entries (message history) stay in memory.
 */
import type { KeyValueStore } from '../stores/persistence'

export const walletConnectStorageKey = 'airlock:v1:walletConnect'

/** Entries the client rebuilds or never needs after a reload. */
const ephemeral = /history|messages|proposal|pendingRequest/i

/** What `@walletconnect/core` needs of its storage (IKeyValueStorage). */
export type ClientStorage = {
  getKeys(): Promise<string[]>
  getEntries<value = unknown>(): Promise<[string, value][]>
  getItem<value = unknown>(key: string): Promise<value | undefined>
  setItem<value = unknown>(key: string, value: value): Promise<void>
  removeItem(key: string): Promise<void>
}

export async function createClientStorage(
  backend: () => KeyValueStore | undefined,
): Promise<ClientStorage & { flush(): Promise<void> }> {
  const entries = new Map<string, unknown>()
  try {
    const saved: unknown = JSON.parse((await backend()?.get(walletConnectStorageKey)) ?? '{}')
    if (saved && typeof saved === 'object' && !Array.isArray(saved))
      for (const [key, value] of Object.entries(saved)) entries.set(key, value)
  } catch {
    // A corrupt copy is a lost session, not a broken modal.
  }

  // Writes go out one at a time, the newest state last; bursts coalesce into one write.
  let writing: Promise<void> = Promise.resolve()
  let scheduled = false
  function persist() {
    if (scheduled) return writing
    scheduled = true
    writing = writing.then(async () => {
      // Entries set in the same task go out in one write.
      await Promise.resolve()
      scheduled = false
      const kept = Object.fromEntries([...entries].filter(([key]) => !ephemeral.test(key)))
      try {
        await backend()?.set(walletConnectStorageKey, JSON.stringify(kept))
      } catch {
        // Remembering the session is a convenience; the live session works without it.
      }
    })
    return writing
  }

  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <value>() => [...entries] as [string, value][],
    getItem: async <value>(key: string) => entries.get(key) as value | undefined,
    async setItem(key, value) {
      entries.set(key, value)
      if (!ephemeral.test(key)) void persist()
    },
    async removeItem(key) {
      if (entries.delete(key) && !ephemeral.test(key)) void persist()
    },
    flush: () => writing,
  }
}
