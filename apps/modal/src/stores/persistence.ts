/**
 * What the modal remembers between visits: recent wallets and the visitor's connections, so a
 * reload reconnects without a prompt. Where it is kept (the frame's storage, or sealed in the
 * host's) is frameStorage.ts's business; this names the entries and checks what it reads back.
 * Only wallet names and ids (and how an embedded wallet was signed in to, so a locked one offers
 * its own login): the wallet itself decides whether the site is still authorised.
 */
import type { RecentWallet } from './recentWallets'

export type SavedConnections = {
  active?: string
  /** `authProvider`: how an embedded wallet was signed in to ('email', 'google', …). */
  ids: {
    id: string
    name: string
    namespace?: 'solana' | 'bip122' | 'cosmos' | 'polkadot'
    authProvider?: string
  }[]
}

/** A string key-value store, synchronous or not. */
export type KeyValueStore = {
  get(key: string): Promise<string | null> | string | null
  set(key: string, value: string): Promise<void> | void
  /** Gets ready to write soon (the visitor opened the modal), so the write itself is quick. */
  prepare?(): void
  /**
   * Resolves once no write is under way: each made so far (or while it waits) is stored, or has
   * failed. A store whose writes are done when `set` returns (the frame's localStorage) has none.
   */
  settled?(): Promise<void>
}

const keys = { recent: 'airlock:v1:recentWallets', connections: 'airlock:v1:connections' }

const isNamed = (item: unknown) =>
  typeof (item as { id?: unknown })?.id === 'string' &&
  typeof (item as { name?: unknown })?.name === 'string'

const isSaved = (value: unknown) => {
  const saved = value as SavedConnections | null
  return (
    Array.isArray(saved?.ids) &&
    saved.ids.every(
      (item) =>
        isNamed(item) &&
        (item.authProvider === undefined || typeof item.authProvider === 'string') &&
        [undefined, 'solana', 'bip122', 'cosmos', 'polkadot'].includes(item.namespace),
    ) &&
    (saved.active === undefined || typeof saved.active === 'string')
  )
}

const isRecent = (item: unknown) => {
  const rdns = (item as { rdns?: unknown })?.rdns
  return isNamed(item) && (rdns === undefined || typeof rdns === 'string')
}

export function createPersistence(backend: () => KeyValueStore | undefined) {
  // What each key holds as far as we know (read, or the last write made through this backend,
  // done or under way): writing the same again is skipped, so a visitor with nothing to remember
  // costs no storage work at all. A read never overrides a write made meanwhile.
  const known = new Map<string, string>()
  let knownFor: KeyValueStore | undefined
  const knownOf = (storage: KeyValueStore) => {
    if (knownFor !== storage) known.clear()
    knownFor = storage
    return known
  }
  async function read<value>(key: string, fallback: value, valid: (value: unknown) => boolean) {
    try {
      const storage = backend()
      const parsed: unknown = JSON.parse((await storage?.get(key)) ?? 'null')
      const result = valid(parsed) ? (parsed as value) : fallback
      if (storage && !knownOf(storage).has(key)) known.set(key, JSON.stringify(result))
      return result
    } catch {
      return fallback
    }
  }
  async function write(key: string, value: unknown) {
    let text: string | undefined
    try {
      const storage = backend()
      if (!storage) return
      text = JSON.stringify(value)
      if (knownOf(storage).get(key) === text) return
      // Known from now on: the store keeps its writes in order, so this is what it will hold.
      known.set(key, text)
      await storage.set(key, text)
    } catch {
      // Remembering is a convenience, never a requirement; not stored, it is not known either.
      if (text !== undefined && known.get(key) === text) known.delete(key)
    }
  }
  return {
    recentWallets: () =>
      read<RecentWallet[]>(
        keys.recent,
        [],
        (value) => Array.isArray(value) && value.every(isRecent),
      ),
    saveRecentWallets: (list: RecentWallet[]) => write(keys.recent, list),
    connections: () => read<SavedConnections>(keys.connections, { ids: [] }, isSaved),
    saveConnections: (saved: SavedConnections) => write(keys.connections, saved),
    /**
     * An entry of its own, for code that loads on demand and names its entry itself (the sign-in
     * sessions, `airlock:v1:siwxSessions`): what `valid` refuses reads as `fallback`.
     */
    read,
    write,
  }
}
export type Persistence = ReturnType<typeof createPersistence>
