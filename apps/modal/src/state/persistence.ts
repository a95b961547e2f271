/**
 * What the modal remembers between visits: recent wallets and the visitor's connections, so a
 * reload reconnects without a prompt. It lives in the frame's own storage when the browser
 * allows it; many browsers deny storage to third-party frames (incognito, Safari), and then it
 * is kept by the host page through the bridge, under `airlock:` keys. Neither holds secrets:
 * only wallet names and ids; the wallet itself decides whether the site is still authorised.
 */
import type { RecentWallet } from '../navigation/ordering'

export type SavedConnections = {
  active?: string
  ids: { id: string; name: string; namespace?: 'solana' }[]
}

/** A string key-value store, synchronous or not. */
export type KeyValueStore = {
  get(key: string): Promise<string | null> | string | null
  set(key: string, value: string): Promise<void> | void
}

const keys = { recent: 'airlock:v1:recentWallets', connections: 'airlock:v1:connections' }

/** The frame's localStorage, or undefined when the browser denies it to this frame. */
export function frameStorage(): KeyValueStore | undefined {
  try {
    const storage = window.localStorage
    storage.getItem(keys.recent)
    return {
      get: (key) => storage.getItem(key),
      set: (key, value) => storage.setItem(key, value),
    }
  } catch {
    return undefined
  }
}

const isNamed = (item: unknown) =>
  typeof (item as { id?: unknown })?.id === 'string' &&
  typeof (item as { name?: unknown })?.name === 'string'

const isSaved = (value: unknown) => {
  const saved = value as SavedConnections | null
  return (
    Array.isArray(saved?.ids) &&
    saved.ids.every(isNamed) &&
    (saved.active === undefined || typeof saved.active === 'string')
  )
}

const isRecent = (item: unknown) => {
  const rdns = (item as { rdns?: unknown })?.rdns
  return isNamed(item) && (rdns === undefined || typeof rdns === 'string')
}

export function createPersistence(backend: () => KeyValueStore | undefined) {
  async function read<value>(key: string, fallback: value, valid: (value: unknown) => boolean) {
    try {
      const parsed: unknown = JSON.parse((await backend()?.get(key)) ?? 'null')
      return valid(parsed) ? (parsed as value) : fallback
    } catch {
      return fallback
    }
  }
  async function write(key: string, value: unknown) {
    try {
      await backend()?.set(key, JSON.stringify(value))
    } catch {
      // Remembering is a convenience, never a requirement.
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
  }
}
export type Persistence = ReturnType<typeof createPersistence>
