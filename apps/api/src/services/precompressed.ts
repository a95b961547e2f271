/**
 * Static build files gzipped once, at the best level, and kept: the loader and the modal's
 * hashed assets are on every visitor's critical path, so each answer is the smallest gzip and
 * costs no compression. Keyed by the file and its version (size and modification time), so a
 * rebuild is served fresh; bounded in bytes, oldest out first. A kept answer costs no file read.
 */

import { gzipSync } from 'node:zlib'

export type Precompressed = {
  /** The gzip of what `read` gives, read and made once per `key`. */
  gzip(key: string, read: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>>
}

/** @param maxBytes What the kept gzips may add up to (default 64 MiB). */
export function createPrecompressed(maxBytes = 64 * 1024 * 1024): Precompressed {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>()
  let total = 0
  return {
    async gzip(key, read) {
      const hit = kept.get(key)
      if (hit) return hit
      const gzipped = new Uint8Array(gzipSync(await read(), { level: 9 }))
      if (gzipped.length > maxBytes) return gzipped
      kept.set(key, gzipped)
      total += gzipped.length
      for (const [oldest, value] of kept) {
        if (total <= maxBytes) break
        kept.delete(oldest)
        total -= value.length
      }
      return gzipped
    },
  }
}
