/**
 * Reads a file of a static build (the modal's or the SDK's) for a request path, refusing any path
 * that would leave the build folder: `..` segments however encoded, absolute paths, NUL bytes,
 * dot-files, and symlinks pointing outside.
 */

import { existsSync } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

export type StaticFile = {
  contentType: string
  /** The file's path and version (size, modification time): changes when the build does. */
  version: string
  /** Its bytes, read when asked: an answer kept by version needs no read. */
  read(): Promise<Uint8Array<ArrayBuffer>>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
}

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/** Whether a build folder exists at all; a missing one means `npm run build` has not run. */
export function buildExists(root: string): boolean {
  return existsSync(root)
}

/**
 * The file at `encodedPath` (percent-encoded, relative to `root`), or undefined when there is
 * no such file or the path is refused. Its bytes are read only when `read()` is called.
 */
export async function readStaticFile(
  root: string,
  encodedPath: string,
): Promise<StaticFile | undefined> {
  let path: string
  try {
    path = decodeURIComponent(encodedPath)
  } catch {
    return undefined
  }
  if (path.includes('\0') || path.includes('\\')) return undefined
  const segments = path.split('/').filter((segment) => segment !== '')
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return undefined

  const base = resolve(root)
  const candidate = resolve(base, ...segments)
  if (!isInside(base, candidate)) return undefined
  try {
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(candidate)])
    if (!isInside(realBase, realFile)) return undefined
    const stats = await stat(realFile)
    if (!stats.isFile()) return undefined
    return {
      contentType: contentTypeFor(realFile),
      version: `${realFile}:${stats.size}:${stats.mtimeMs}`,
      read: async () => new Uint8Array(await readFile(realFile)),
    }
  } catch {
    return undefined
  }
}

function isInside(base: string, path: string): boolean {
  const fromBase = relative(base, path)
  return (
    fromBase !== '' &&
    !fromBase.startsWith(`..${sep}`) &&
    fromBase !== '..' &&
    !isAbsolute(fromBase)
  )
}
