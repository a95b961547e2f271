/**
 * What the frame remembers in its own storage (partitioned per site by the browser): recent
 * wallets and the visitor's connections, so a reload reconnects without a prompt.
 */
import type { RecentWallet } from '../navigation/ordering'

export type SavedConnections = { active?: string; ids: { id: string; name: string }[] }

const keys = { recent: 'airlock:v1:recentWallets', connections: 'airlock:v1:connections' }

function read<value>(key: string, fallback: value, valid: (value: unknown) => boolean): value {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
    return valid(parsed) ? (parsed as value) : fallback
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage can be full or blocked; remembering is a convenience, never a requirement.
  }
}

const isNamed = (item: unknown) =>
  typeof (item as { id?: unknown })?.id === 'string' &&
  typeof (item as { name?: unknown })?.name === 'string'

export const persistence = {
  recentWallets: () =>
    read<RecentWallet[]>(keys.recent, [], (value) => Array.isArray(value) && value.every(isNamed)),
  saveRecentWallets: (list: RecentWallet[]) => write(keys.recent, list),
  connections: () =>
    read<SavedConnections>(
      keys.connections,
      { ids: [] },
      (value) =>
        Array.isArray((value as SavedConnections)?.ids) &&
        (value as SavedConnections).ids.every(isNamed),
    ),
  saveConnections: (saved: SavedConnections) => write(keys.connections, saved),
}
