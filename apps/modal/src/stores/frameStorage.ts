/**
 * Where the frame keeps what it remembers (recent wallets, connections, the WalletConnect
 * session), scoped to one project on one host origin, and never readable by the host page:
 *
 * - the frame's own localStorage when the browser allows it (first-party or partitioned);
 * - otherwise (third-party storage denied: incognito, Safari, Brave, Playwright's default
 *   contexts) the host page's localStorage, through the bridge, but only sealed: AES-GCM under
 *   a key derived (HKDF, per project and host origin) from a secret the API keeps in a
 *   `Partitioned` HttpOnly cookie of the modal's origin. Host scripts can read the ciphertext,
 *   never the key, so a copy taken to another browser restores nothing (docs/threat-model.md).
 *
 * Callers use the logical keys of persistence.ts (`airlock:v1:<name>`); this maps them.
 */
import type { ApiFetch } from '../api'
import type { KeyValueStore } from './persistence'

/** The host page's localStorage as the bridge offers it (`airlock:v1:` keys only). */
export type HostStorage = {
  get(key: string): Promise<string | null>
  set(key: string, value: string): Promise<void>
}

export type FrameStorageScope = {
  projectId: string
  /** The host origin the bridge observed (never one the host reported). */
  hostOrigin: string
}

const logicalKey = /^airlock:v1:([A-Za-z]{1,40})$/

function nameOf(key: string): string {
  const name = logicalKey.exec(key)?.[1]
  if (!name) throw new Error(`Not a storage key: ${key}`)
  return name
}

/** The frame's localStorage, or undefined when the browser denies it to this frame. */
export function frameLocalStorage(): Storage | undefined {
  try {
    const storage = window.localStorage
    storage.getItem('airlock:v1:probe')
    return storage
  } catch {
    return undefined
  }
}

/** Frame storage: one key per project, host origin and name. */
export function scopedFrameStorage(storage: Storage, scope: FrameStorageScope): KeyValueStore {
  const key = (logical: string) =>
    `airlock:v1:${scope.projectId}:${scope.hostOrigin}:${nameOf(logical)}`
  return {
    get: (logical) => storage.getItem(key(logical)),
    set: (logical, value) => storage.setItem(key(logical), value),
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

/** The sealed value's format: version, IV and ciphertext, base64. */
const sealedPrefix = 'airlock-sealed:1:'

/**
 * Derives the AES-GCM key for one project on one host origin from the frame secret (32 bytes).
 * @example
 * const key = await deriveStorageKey(secret, { projectId: 'demo', hostOrigin: 'https://a.example' })
 */
export async function deriveStorageKey(
  secret: Uint8Array,
  scope: FrameStorageScope,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', secret as BufferSource, 'HKDF', false, [
    'deriveKey',
  ])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new TextEncoder().encode('airlock frame storage v1'),
      info: new TextEncoder().encode(`${scope.projectId}\n${scope.hostOrigin}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

export async function seal(key: CryptoKey, name: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) },
    key,
    new TextEncoder().encode(plaintext),
  )
  return `${sealedPrefix}${toBase64(iv)}:${toBase64(new Uint8Array(ciphertext))}`
}

/** The plaintext, or null for anything that is not ours under this key and name. */
export async function unseal(key: CryptoKey, name: string, sealed: string): Promise<string | null> {
  if (!sealed.startsWith(sealedPrefix)) return null
  const [iv, ciphertext] = sealed.slice(sealedPrefix.length).split(':')
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: fromBase64(iv ?? '') as BufferSource,
        additionalData: new TextEncoder().encode(name),
      },
      key,
      fromBase64(ciphertext ?? '') as BufferSource,
    )
    return new TextDecoder().decode(plaintext)
  } catch {
    return null
  }
}

/**
 * Host storage, sealed. The secret is fetched on first need, or when the visitor opens the
 * modal (`prepare`), so a connection is saved at once: a visitor with nothing stored who never
 * opens the modal costs no request.
 *
 * Each write is sealed as soon as it is made, but reaches the host in the order the writes were
 * made, and a read comes after every write made before it: a connect quickly followed by a
 * disconnect never leaves the connect stored. `settled` resolves once every write made so far
 * is in the host's storage (or has failed): what the host is told waits for it (bridge/).
 */
export function sealedHostStorage(
  host: HostStorage,
  scope: FrameStorageScope,
  fetchSecret: () => Promise<Uint8Array>,
): KeyValueStore {
  let key: Promise<CryptoKey> | undefined
  const cryptoKey = () => {
    key ??= fetchSecret()
      .then((secret) => deriveStorageKey(secret, scope))
      .catch((error) => {
        key = undefined
        throw error
      })
    return key
  }
  const hostKey = (name: string) => `airlock:v1:${scope.projectId}:${name}`
  // The tail of the host's reads and writes, one after the other; never rejects.
  let queue: Promise<unknown> = Promise.resolve()
  function inOrder<value>(step: () => Promise<value>): Promise<value> {
    const result = queue.then(step)
    queue = result.catch(() => {})
    return result
  }
  return {
    prepare: () => void cryptoKey().catch(() => {}),
    async get(logical) {
      const name = nameOf(logical)
      return inOrder(async () => {
        const sealed = await host.get(hostKey(name))
        if (sealed === null) return null
        return unseal(await cryptoKey(), name, sealed)
      })
    },
    async set(logical, value) {
      const name = nameOf(logical)
      const sealed = cryptoKey().then((cryptoKey) => seal(cryptoKey, name, value))
      // Its failure is the write's, reported in its turn.
      sealed.catch(() => {})
      return inOrder(async () => host.set(hostKey(name), await sealed))
    },
    // Writes made while it waits are waited for too: once it resolves, nothing is under way.
    async settled() {
      let tail: Promise<unknown>
      do {
        tail = queue
        await tail
      } while (tail !== queue)
    },
  }
}

/** The frame secret from the API (`POST /v1/frame-key`, same origin, cookie-bound). */
export async function fetchFrameSecret(apiFetch: ApiFetch): Promise<Uint8Array> {
  // Quiet: remembering is a convenience, so its failure is no alert for the visitor.
  const body = await apiFetch<{ key?: unknown }>('POST', '/v1/frame-key', { quiet: true })
  const key = body?.key
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(key))
    throw new Error('The frame key is malformed.')
  const secret = fromBase64(key.replaceAll('-', '+').replaceAll('_', '/'))
  if (secret.length !== 32) throw new Error('The frame key is malformed.')
  return secret
}

/** The store the frame uses for this project on this host origin. */
export function openFrameStorage(
  scope: FrameStorageScope,
  host: HostStorage,
  fetchSecret: () => Promise<Uint8Array>,
  local: Storage | undefined = frameLocalStorage(),
): KeyValueStore {
  return local ? scopedFrameStorage(local, scope) : sealedHostStorage(host, scope, fetchSecret)
}
