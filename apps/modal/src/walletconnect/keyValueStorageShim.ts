/**
 * Stands in for `@walletconnect/keyvaluestorage` in the modal's build (vite alias). The real
 * module reads `globalThis.localStorage` as it loads, which throws in a frame the browser denies
 * storage, and would break the lazy WalletConnect chunk. Airlock always hands the client its own
 * storage (storage.ts), so this default is never used for data; it keeps entries in memory.
 */
export default class MemoryKeyValueStorage {
  private readonly entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.entries.keys()]
  }
  async getEntries() {
    return [...this.entries]
  }
  async getItem(key: string) {
    return this.entries.get(key)
  }
  async setItem(key: string, value: unknown) {
    this.entries.set(key, value)
  }
  async removeItem(key: string) {
    this.entries.delete(key)
  }
}
