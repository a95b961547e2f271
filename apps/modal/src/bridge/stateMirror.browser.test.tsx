// What the host hears of the frame's state, in Chromium: a connection is told once it is stored
// in the host's storage (sealed, as where the browser denies the frame its own), and the close
// that follows a connect comes after it (issue 33); what the host is told to announce over
// EIP-6963 (issue 37).
import {
  defaultWalletIcon,
  type FrameEvent,
  type FramePage,
  type HostMethods,
} from '@airlock/protocol'
import type { RemoteProxy } from 'penpal'
import { expect, test } from 'vitest'
import { type HostStorage, sealedHostStorage } from '../stores/frameStorage'
import { evmAccount, testHostWallet } from '../test/fixtures'
import { projectConfig, renderView } from '../test/renderView'
import { startStateMirror } from './stateMirror'

/** The host page's storage, whose writes land only once the test lets them. */
function slowHostStorage() {
  const data = new Map<string, string>()
  const held: (() => void)[] = []
  let open = false
  const storage: HostStorage = {
    get: async (key) => data.get(key) ?? null,
    set: (key, value) =>
      new Promise<void>((resolve) => {
        const write = () => {
          data.set(key, value)
          resolve()
        }
        if (open) write()
        else held.push(write)
      }),
  }
  return {
    storage,
    data,
    /** How many writes wait to land. */
    held: () => held.length,
    /** Lets every waiting write land, and every later one at once. */
    land: () => {
      open = true
      for (const write of held.splice(0)) write()
    },
  }
}

/** The host's end: what the frame told it, in order. */
function recordingHost() {
  const heard: string[] = []
  const host = {
    emit: async (event: FrameEvent) => {
      if (event.type === 'state') heard.push(`state ${event.state.status}`)
    },
    setFrame: async ({ visible }: { visible: boolean }) => {
      heard.push(visible ? 'shown' : 'hidden')
    },
  } as unknown as RemoteProxy<HostMethods>
  return { heard, remote: async () => host }
}

test("behavior: the host hears 'connected' once the connection is stored, and the close after it", async () => {
  const { modal } = renderView('Connect', {
    state: { hostWallets: [testHostWallet] },
    walletRequest: async (_, { method }) => (method === 'eth_chainId' ? '0x7a69' : [evmAccount]),
  })
  const host = slowHostStorage()
  modal.setStorage(
    sealedHostStorage(host.storage, { projectId: 'demo', hostOrigin: location.origin }, async () =>
      new Uint8Array(32).fill(9),
    ),
  )
  const { heard, remote } = recordingHost()
  startStateMirror(modal, { remote, handshaken: () => true })

  const connecting = modal.connectWallet(testHostWallet.id)
  // The wallet answered and the modal is connected; the host's storage has not taken it yet.
  await expect.poll(() => modal.store.getState().status).toBe('connected')
  await expect.poll(() => host.held()).toBeGreaterThan(0)
  expect(heard).not.toContain('state connected')
  expect(heard).not.toContain('hidden')

  host.land()
  await connecting
  await expect.poll(() => heard).toContain('hidden')
  expect(host.data.get('airlock:v1:demo:connections')).toMatch(/^airlock-sealed:1:/)
  // Told in the order it happened: connected, then the frame closed itself.
  expect(heard.indexOf('state connected')).toBeGreaterThan(-1)
  expect(heard.indexOf('state connected')).toBeLessThan(heard.indexOf('hidden'))
})

test('behavior: with nothing being stored, the host hears a change at once', async () => {
  const { modal } = renderView('Connect')
  const { heard, remote } = recordingHost()
  startStateMirror(modal, { remote, handshaken: () => true })
  modal.store.setState({ status: 'connecting' })
  await Promise.resolve()
  await Promise.resolve()
  expect(heard).toEqual(['state connecting'])
})

test("behavior: a disconnect is told before it is answered: told() waits for the host to be sent 'disconnected'", async () => {
  const { modal } = renderView('Connect', {
    state: { hostWallets: [testHostWallet] },
    walletRequest: async (_, { method }) => (method === 'eth_chainId' ? '0x7a69' : [evmAccount]),
  })
  const host = slowHostStorage()
  modal.setStorage(
    sealedHostStorage(host.storage, { projectId: 'demo', hostOrigin: location.origin }, async () =>
      new Uint8Array(32).fill(9),
    ),
  )
  host.land()
  const { heard, remote } = recordingHost()
  const mirror = startStateMirror(modal, { remote, handshaken: () => true })
  await modal.connectWallet(testHostWallet.id)
  await mirror.told()
  expect(heard).toContain('state connected')

  await modal.disconnect()
  // What the bridge's disconnect waits for before it answers the site.
  await mirror.told()
  expect(heard.at(-1)).toBe('state disconnected')
})

/** The host's end: the page events the frame told it. */
function pageRecordingHost() {
  const pages: FramePage[] = []
  const host = {
    emit: async (event: FrameEvent) => {
      if (event.type === 'page') pages.push(event)
    },
    setFrame: async () => {},
  } as unknown as RemoteProxy<HostMethods>
  return { pages, remote: async () => host }
}

test('behavior: the host is told to announce Airlock over EIP-6963 with the project’s name, icon and rdns (defaults where unset), one uuid for the frame', async () => {
  const { modal } = renderView('Connect', {
    config: projectConfig({
      walletAnnouncement: { name: 'Shop Wallet', icon: null, rdns: 'example.shop.wallet' },
    }),
  })
  const { pages, remote } = pageRecordingHost()
  startStateMirror(modal, { remote, handshaken: () => true })
  modal.store.setState({ isMobile: true })
  await expect.poll(() => pages.length).toBeGreaterThan(0)
  expect(pages.at(-1)?.announce).toEqual({
    uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: 'Shop Wallet',
    icon: defaultWalletIcon,
    rdns: 'example.shop.wallet',
  })
})

test('behavior: a project with the announcement off tells the host nothing to announce', async () => {
  const { modal } = renderView('Connect', { config: projectConfig({ walletAnnouncement: null }) })
  const { pages, remote } = pageRecordingHost()
  startStateMirror(modal, { remote, handshaken: () => true })
  modal.store.setState({ isMobile: true })
  await expect.poll(() => pages.length).toBeGreaterThan(0)
  expect(pages.at(-1)).not.toHaveProperty('announce')
})

test('behavior: a site that turns the announcement off for its page (announce: false) is told nothing to announce', async () => {
  const { modal } = renderView('Connect', { options: { announce: false } })
  const { pages, remote } = pageRecordingHost()
  startStateMirror(modal, { remote, handshaken: () => true })
  modal.store.setState({ isMobile: true })
  await expect.poll(() => pages.length).toBeGreaterThan(0)
  expect(pages.at(-1)).not.toHaveProperty('announce')
})
