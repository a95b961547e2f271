import { describe, expect, test } from 'vitest'
import {
  frameLocalStorage,
  type HostStorage,
  openFrameStorage,
  scopedFrameStorage,
  sealedHostStorage,
} from './frameStorage'
import { createPersistence } from './persistence'

/** The host page's localStorage as the bridge reaches it, with what a host script can read. */
function hostStorage(): HostStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => {
      data.set(key, value)
    },
  }
}

/** A Storage-like map, standing for the frame's own localStorage. */
function localStorageLike(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  } as unknown as Storage & { data: Map<string, string> }
}

const secret = (fill: number) => async () => new Uint8Array(32).fill(fill)
const demo = { projectId: 'demo', hostOrigin: 'https://shop.example' }
const session = JSON.stringify({ 'wc@2:core:0.3:keychain': { topic: 'symmetric-key-abc123' } })

describe('frame storage', () => {
  test('behavior: with storage denied, the host holds only ciphertext under a project key', async () => {
    const host = hostStorage()
    const storage = sealedHostStorage(host, demo, secret(1))
    await storage.set('airlock:v1:walletConnect', session)
    expect([...host.data.keys()]).toEqual(['airlock:v1:demo:walletConnect'])
    const stored = host.data.get('airlock:v1:demo:walletConnect')!
    expect(stored).not.toContain('symmetric-key-abc123')
    expect(stored).not.toContain('keychain')
    // The next page load, with the same cookie-held secret, reads it back.
    expect(await sealedHostStorage(host, demo, secret(1)).get('airlock:v1:walletConnect')).toBe(
      session,
    )
  })

  test('behavior: a copy of the host storage restores nothing without the secret', async () => {
    const host = hostStorage()
    await sealedHostStorage(host, demo, secret(1)).set('airlock:v1:walletConnect', session)
    // Another browser: the attacker's, with every host key copied but its own cookie.
    const elsewhere = sealedHostStorage(host, demo, secret(2))
    expect(await elsewhere.get('airlock:v1:walletConnect')).toBeNull()
  })

  test('behavior: another project or another host origin cannot open the sealed entry', async () => {
    const host = hostStorage()
    await sealedHostStorage(host, demo, secret(1)).set('airlock:v1:connections', '{"ids":[]}')
    // Same secret (same browser, same site), another origin: the derived key differs.
    const otherOrigin = sealedHostStorage(
      host,
      { ...demo, hostOrigin: 'https://blog.shop.example' },
      secret(1),
    )
    expect(await otherOrigin.get('airlock:v1:connections')).toBeNull()
    // Another project reads its own key, not demo's; moving demo's value there fails too.
    host.data.set('airlock:v1:other:connections', host.data.get('airlock:v1:demo:connections')!)
    const otherProject = sealedHostStorage(host, { ...demo, projectId: 'other' }, secret(1))
    expect(await otherProject.get('airlock:v1:connections')).toBeNull()
  })

  test('behavior: a sealed value moved to another entry name does not open', async () => {
    const host = hostStorage()
    const storage = sealedHostStorage(host, demo, secret(1))
    await storage.set('airlock:v1:recentWallets', '[]')
    host.data.set('airlock:v1:demo:connections', host.data.get('airlock:v1:demo:recentWallets')!)
    expect(await storage.get('airlock:v1:connections')).toBeNull()
  })

  test('behavior: nothing stored costs no secret request; a failed request is tried again', async () => {
    const host = hostStorage()
    let requests = 0
    const flaky = async () => {
      requests += 1
      if (requests === 1) throw new Error('HTTP status code: 503')
      return new Uint8Array(32).fill(7)
    }
    const storage = sealedHostStorage(host, demo, flaky)
    expect(await storage.get('airlock:v1:connections')).toBeNull()
    expect(requests).toBe(0)
    await expect(storage.set('airlock:v1:connections', '{}')).rejects.toThrow('503')
    await storage.set('airlock:v1:connections', '{}')
    expect(await storage.get('airlock:v1:connections')).toBe('{}')
    expect(requests).toBe(2)
  })

  test('behavior: frame storage, when allowed, is keyed by project and host origin', async () => {
    const local = localStorageLike()
    const persistence = createPersistence(() => scopedFrameStorage(local, demo))
    await persistence.saveConnections({ ids: [{ id: 'io.metamask', name: 'MetaMask' }] })
    expect([...local.data.keys()]).toEqual(['airlock:v1:demo:https://shop.example:connections'])
    const elsewhere = createPersistence(() =>
      scopedFrameStorage(local, { ...demo, hostOrigin: 'https://evil.example' }),
    )
    expect(await elsewhere.connections()).toEqual({ ids: [] })
    const otherProject = createPersistence(() =>
      scopedFrameStorage(local, { ...demo, projectId: 'other' }),
    )
    expect(await otherProject.connections()).toEqual({ ids: [] })
  })

  test('behavior: the frame uses its own storage when it has it, the sealed host storage otherwise', async () => {
    const host = hostStorage()
    const local = localStorageLike()
    await openFrameStorage(demo, host, secret(1), local).set('airlock:v1:recentWallets', '[]')
    expect(host.data.size).toBe(0)
    expect(local.data.size).toBe(1)
    await openFrameStorage(demo, host, secret(1), undefined).set('airlock:v1:recentWallets', '[]')
    expect(host.data.size).toBe(1)
  })

  test('behavior: without a window, the frame has no storage of its own', () => {
    expect(frameLocalStorage()).toBeUndefined()
  })
})

describe('frame storage: ready before it is needed', () => {
  test('behavior: prepare fetches the secret once, ahead of the first write', async () => {
    let requests = 0
    const storage = sealedHostStorage(hostStorage(), demo, async () => {
      requests += 1
      return new Uint8Array(32).fill(3)
    })
    storage.prepare?.()
    storage.prepare?.()
    await storage.set('airlock:v1:connections', '{"ids":[]}')
    expect(requests).toBe(1)
  })
})

describe('frame storage: sealed writes in order', () => {
  /** Host storage whose first write takes a while to land, and the order writes landed in. */
  function slowFirstWrite() {
    const data = new Map<string, string>()
    const landed: string[] = []
    let writes = 0
    const host: HostStorage = {
      get: async (key) => data.get(key) ?? null,
      set: async (key, value) => {
        writes += 1
        if (writes === 1) await new Promise((resolve) => setTimeout(resolve, 20))
        data.set(key, value)
        landed.push(value)
      },
    }
    return { host, data, landed }
  }

  test('behavior: a later write never lands before an earlier one; a read sees both', async () => {
    const { host, landed } = slowFirstWrite()
    const storage = sealedHostStorage(host, demo, secret(4))
    const connected = storage.set('airlock:v1:connections', '{"active":"a","ids":[]}')
    const disconnected = storage.set('airlock:v1:connections', '{"ids":[]}')
    // Read while both are under way: it comes after them.
    expect(await storage.get('airlock:v1:connections')).toBe('{"ids":[]}')
    await Promise.all([connected, disconnected])
    expect(landed).toHaveLength(2)
    expect(await storage.get('airlock:v1:connections')).toBe('{"ids":[]}')
  })

  test('behavior: settled waits for every write made before it or while it waits', async () => {
    const { host, data } = slowFirstWrite()
    const storage = sealedHostStorage(host, demo, secret(4))
    void storage.set('airlock:v1:connections', '{"ids":[]}')
    const settled = storage.settled?.()
    void storage.set('airlock:v1:recentWallets', '[]')
    await settled
    expect([...data.keys()].sort()).toEqual([
      'airlock:v1:demo:connections',
      'airlock:v1:demo:recentWallets',
    ])
  })

  test('behavior: a failed write is settled too, and the next one is stored', async () => {
    let requests = 0
    const host = hostStorage()
    const storage = sealedHostStorage(host, demo, async () => {
      requests += 1
      if (requests === 1) throw new Error('HTTP status code: 503')
      return new Uint8Array(32).fill(5)
    })
    const failed = storage.set('airlock:v1:connections', '{"active":"a","ids":[]}')
    await expect(failed).rejects.toThrow('503')
    await storage.settled?.()
    await storage.set('airlock:v1:connections', '{"ids":[]}')
    await storage.settled?.()
    expect(await storage.get('airlock:v1:connections')).toBe('{"ids":[]}')
  })
})
