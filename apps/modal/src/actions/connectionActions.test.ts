import type {
  HostWalletEvent,
  HostWalletInfo,
  ModalConfig,
  NetworkConfig,
  RequestArguments,
} from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import type { HostWalletRequest } from '../connectors/types'
import { connectionStatus } from '../stores/connections'
import { createPersistence, type KeyValueStore } from '../stores/persistence'
import { createModalStore, type ModalStore } from '../stores/store'
import { createConnectionActions } from './connectionActions'

const siteOrigin = 'https://shop.example'
const alice = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const carol = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'

const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const mainnet: NetworkConfig = {
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'https://eth.example/rpc',
  blockExplorerUrl: 'https://etherscan.io',
}
const config: ModalConfig = { projectId: 'demo', project: null, error: null }

type RpcError = { code: number; message: string }
const userRejected: RpcError = { code: 4001, message: 'User rejected the request.' }
const pending: RpcError = {
  code: -32002,
  message: 'Request of type eth_requestAccounts already pending.',
}

/** The chain a wallet would add through wallet_addEthereumChain, as the wallet keeps it. */
type KnownChain = { chainId: string; chainName: string; rpcUrls: string[] }

/**
 * A browser-extension wallet, in memory: it keeps the origins the user authorised, its accounts
 * and chain, answers the EIP-1193 methods the modal uses, and emits events to the page.
 */
function createWallet(info: HostWalletInfo, accounts: string[], chainIdHex = '0x7a69') {
  const authorised = new Set<string>()
  const chains = new Map<string, KnownChain>([
    ['0x7a69', { chainId: '0x7a69', chainName: 'Anvil', rpcUrls: [anvil.rpcUrl] }],
  ])
  const failures = new Map<string, RpcError>()
  const holds = new Map<string, { asked: () => void; answered: Promise<void> }>()
  const listeners = new Set<(event: HostWalletEvent['event'], data: unknown) => void>()
  const wallet = {
    info,
    accounts,
    chainId: chainIdHex,
    chains,
    authorised,
    /** How many times the wallet showed the user its connect prompt. */
    prompts: 0,
    /** What the user answers to the next prompt. */
    answer: 'approve' as 'approve' | 'reject',
    /** The next call of `method` fails with `error` (a wallet's own failure, not the user's). */
    failNext(method: string, error: RpcError) {
      failures.set(method, error)
    },
    onEvent(listener: (event: HostWalletEvent['event'], data: unknown) => void) {
      listeners.add(listener)
    },
    emit(event: HostWalletEvent['event'], data: unknown) {
      for (const listener of listeners) listener(event, data)
    },
    /** The user picks another account in the wallet. */
    selectAccount(address: string) {
      wallet.accounts = [address, ...wallet.accounts.filter((item) => item !== address)]
      if (authorised.has(siteOrigin)) wallet.emit('accountsChanged', wallet.accounts)
    },
    /**
     * The next call of `method` is answered (as of now) but its answer is delivered only at
     * `deliver()`: a wallet slow to answer. `asked` resolves once the call came.
     */
    holdNext(method: string) {
      let asked!: () => void
      let deliver!: () => void
      const held = {
        asked: new Promise<void>((resolve) => {
          asked = resolve
        }),
        deliver: () => deliver(),
      }
      holds.set(method, {
        asked,
        answered: new Promise<void>((resolve) => {
          deliver = resolve
        }),
      })
      return held
    },
    /** The user disconnects the site from within the wallet. */
    revokeSite() {
      authorised.delete(siteOrigin)
      wallet.emit('accountsChanged', [])
    },
    /** The user switches the network from within the wallet. */
    selectChain(chainId: string) {
      wallet.chainId = chainId
      wallet.emit('chainChanged', chainId)
    },
    async request(origin: string, args: RequestArguments): Promise<unknown> {
      const hold = holds.get(args.method)
      if (!hold) return answer(origin, args)
      holds.delete(args.method)
      const result = answer(origin, args)
      hold.asked()
      await hold.answered
      return result
    },
  }
  async function answer(origin: string, { method, params }: RequestArguments): Promise<unknown> {
    {
      const failure = failures.get(method)
      if (failure) {
        failures.delete(method)
        throw failure
      }
      const first = (Array.isArray(params) ? params[0] : undefined) as
        | Record<string, unknown>
        | undefined
      switch (method) {
        case 'eth_requestAccounts':
          if (!authorised.has(origin)) {
            wallet.prompts += 1
            if (wallet.answer === 'reject') throw userRejected
            authorised.add(origin)
          }
          return [...wallet.accounts]
        case 'eth_accounts':
          return authorised.has(origin) ? [...wallet.accounts] : []
        case 'eth_chainId':
          return wallet.chainId
        case 'wallet_switchEthereumChain': {
          if (!authorised.has(origin)) throw { code: 4100, message: 'Unauthorized' }
          const chainId = String(first?.chainId)
          if (!chains.has(chainId))
            throw { code: 4902, message: `Unrecognized chain ID "${chainId}".` }
          if (chainId !== wallet.chainId) wallet.selectChain(chainId)
          return null
        }
        case 'wallet_addEthereumChain': {
          if (!authorised.has(origin)) throw { code: 4100, message: 'Unauthorized' }
          const chainId = String(first?.chainId)
          chains.set(chainId, {
            chainId,
            chainName: String(first?.chainName),
            rpcUrls: first?.rpcUrls as string[],
          })
          return null
        }
        case 'wallet_revokePermissions':
          authorised.delete(origin)
          return null
        default:
          throw { code: 4200, message: `The method ${method} is not supported.` }
      }
    }
  }
  return wallet
}
type Wallet = ReturnType<typeof createWallet>

/** A Map-backed KeyValueStore: what the frame's storage holds across page loads. */
function memoryStorage(): KeyValueStore {
  const data = new Map<string, string>()
  return {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value)
    },
  }
}

const announced = (id: string, name: string, rdns?: string): HostWalletInfo => ({
  id,
  name,
  icon: `data:image/svg+xml,<svg>${name}</svg>`,
  ...(rdns ? { rdns } : {}),
  type: 'ANNOUNCED',
})

/**
 * One page load: a store, the page's wallets and the controller. The host page's part of the
 * bridge is played by `request` (calls the wallet as the site's origin) and by forwarding each
 * wallet's events to `onWalletEvent`.
 */
function pageLoad(wallets: Wallet[], storage: KeyValueStore = memoryStorage()) {
  const store: ModalStore = createModalStore(config)
  store.setState({
    hostWallets: wallets.map((wallet) => wallet.info),
    networks: [anvil, mainnet],
    activeNetwork: anvil.caipNetworkId,
  })
  const request: HostWalletRequest = async (walletId, args) => {
    const wallet = wallets.find((item) => item.info.id === walletId)
    if (!wallet) throw { code: 4900, message: 'The wallet is not on the page.' }
    return wallet.request(siteOrigin, args)
  }
  const persistence = createPersistence(() => storage)
  const controller = createConnectionActions(store, request, persistence)
  for (const wallet of wallets)
    wallet.onEvent((event, data) =>
      controller.onWalletEvent({ walletId: wallet.info.id, event, data }),
    )
  return { store, controller, persistence, storage }
}

/** Three wallets of one visitor; uuids are per page load, rdns are not. */
function visitorWallets(load = 1) {
  return {
    metamask: createWallet(announced(`uuid-mm-${load}`, 'MetaMask', 'io.metamask'), [alice]),
    rabby: createWallet(announced(`uuid-rabby-${load}`, 'Rabby', 'io.rabby'), [bob]),
    frame: createWallet(announced(`uuid-frame-${load}`, 'Frame'), [carol]),
  }
}

/** Keeps a wallet's authorisations across a "reload", as the real extension would. */
function carryOver(from: Wallet, to: Wallet) {
  for (const origin of from.authorised) to.authorised.add(origin)
  to.accounts = from.accounts
  to.chainId = from.chainId
}

describe('connection: connect', () => {
  test('behavior: connecting a wallet makes it the active connection on its chain', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    const state = store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(alice)
    expect(state.caipAddress).toBe(`eip155:31337:${alice}`)
    expect(state.connectorId).toBe('uuid-mm-1')
    expect(state.activeConnectionId).toBe('io.metamask')
    expect(state.activeNetwork).toBe('eip155:31337')
    expect(state.connecting).toBeUndefined()
    expect(state.connections).toEqual([
      {
        id: 'io.metamask',
        walletId: 'uuid-mm-1',
        name: 'MetaMask',
        icon: metamask.info.icon,
        rdns: 'io.metamask',
        accounts: [alice],
      },
    ])
    expect(metamask.prompts).toBe(1)
  })

  test('behavior: the active network follows the chain the wallet is on', async () => {
    const { metamask } = visitorWallets()
    metamask.chainId = '0x1'
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    expect(store.getState().activeNetwork).toBe('eip155:1')
    expect(store.getState().caipAddress).toBe(`eip155:1:${alice}`)
  })

  test('behavior: the status is connecting while the wallet prompt is open', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    const seen: string[] = []
    store.subscribe((state) => {
      if (seen.at(-1) !== state.status) seen.push(state.status)
    })
    const connecting = controller.connect(metamask.info.id)
    expect(store.getState().status).toBe('connecting')
    expect(store.getState().connecting).toEqual({ walletId: 'uuid-mm-1' })
    await connecting
    expect(seen).toEqual(['connecting', 'connected'])
  })

  test('behavior: recent wallets are newest first, without duplicates, the last 2 kept, and saved', async () => {
    const { metamask, rabby, frame } = visitorWallets()
    const { store, controller, persistence } = pageLoad([metamask, rabby, frame])
    await controller.connect(metamask.info.id)
    await controller.connect(rabby.info.id)
    await controller.connect(metamask.info.id)
    expect(store.getState().recentWallets).toEqual([
      { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
      { id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' },
    ])
    await controller.connect(frame.info.id)
    const expected = [
      { id: 'Frame', name: 'Frame' },
      { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
    ]
    expect(store.getState().recentWallets).toEqual(expected)
    expect(await persistence.recentWallets()).toEqual(expected)
  })

  test('behavior: the user rejecting the prompt ends disconnected with the rejected error', async () => {
    const { metamask } = visitorWallets()
    metamask.answer = 'reject'
    const { store, controller, persistence } = pageLoad([metamask])
    await expect(controller.connect(metamask.info.id)).rejects.toEqual(userRejected)
    const state = store.getState()
    expect(state.status).toBe('disconnected')
    expect(state.connecting).toEqual({ walletId: 'uuid-mm-1', error: 'rejected' })
    expect(state.address).toBeUndefined()
    expect(state.connections).toEqual([])
    expect(state.recentWallets).toEqual([])
    expect(await persistence.recentWallets()).toEqual([])
    expect(await persistence.connections()).toEqual({ ids: [] })
  })

  test('behavior: rejecting a second wallet keeps the connection that was already active', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    rabby.answer = 'reject'
    await expect(controller.connect(rabby.info.id)).rejects.toEqual(userRejected)
    const state = store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(alice)
    expect(state.activeConnectionId).toBe('io.metamask')
    expect(state.connecting).toEqual({ walletId: 'uuid-rabby-1', error: 'rejected' })
  })

  test('behavior: a wallet failure other than a rejection is reported as failed', async () => {
    const { metamask } = visitorWallets()
    metamask.failNext('eth_requestAccounts', pending)
    const { store, controller } = pageLoad([metamask])
    await expect(controller.connect(metamask.info.id)).rejects.toEqual(pending)
    expect(store.getState().status).toBe('disconnected')
    expect(store.getState().connecting).toEqual({ walletId: 'uuid-mm-1', error: 'failed' })
  })

  test('behavior: a retry after a rejection connects and clears the error', async () => {
    const { metamask } = visitorWallets()
    metamask.answer = 'reject'
    const { store, controller } = pageLoad([metamask])
    await expect(controller.connect(metamask.info.id)).rejects.toEqual(userRejected)
    metamask.answer = 'approve'
    await controller.connect(metamask.info.id)
    expect(store.getState().status).toBe('connected')
    expect(store.getState().connecting).toBeUndefined()
  })

  test('behavior: connecting a wallet that is not on the page fails with Failed to connect', async () => {
    const { store, controller } = pageLoad([])
    await expect(controller.connect('uuid-gone')).rejects.toMatchObject({
      shortMessage: 'Failed to connect',
    })
    expect(store.getState().status).toBe('disconnected')
  })
})

describe('connection: reconnect on reload', () => {
  test('behavior: the saved active connection comes back without a prompt', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask, first.rabby])
    await before.controller.connect(first.rabby.info.id)
    await before.controller.connect(first.metamask.info.id)

    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    carryOver(first.rabby, second.rabby)
    const after = pageLoad([second.metamask, second.rabby], before.storage)
    await after.controller.reconnect()

    const state = after.store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(alice)
    expect(state.caipAddress).toBe(`eip155:31337:${alice}`)
    expect(state.connectorId).toBe('uuid-mm-2')
    expect(state.activeConnectionId).toBe('io.metamask')
    expect(state.recentWallets.map((wallet) => wallet.id)).toEqual(['io.metamask', 'io.rabby'])
    expect(
      state.connections.map(({ id, walletId, accounts }) => ({ id, walletId, accounts })),
    ).toEqual([
      { id: 'io.metamask', walletId: 'uuid-mm-2', accounts: [alice] },
      { id: 'io.rabby', walletId: 'uuid-rabby-2', accounts: [bob] },
    ])
    expect(second.metamask.prompts).toBe(0)
    expect(second.rabby.prompts).toBe(0)
  })

  test('behavior: a wallet that no longer authorises the site ends disconnected', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask])
    await before.controller.connect(first.metamask.info.id)
    first.metamask.revokeSite()

    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    const after = pageLoad([second.metamask], before.storage)
    await after.controller.reconnect()

    const state = after.store.getState()
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
    expect(state.activeConnectionId).toBeUndefined()
    expect(state.connections).toEqual([
      {
        id: 'io.metamask',
        walletId: 'uuid-mm-2',
        name: 'MetaMask',
        icon: second.metamask.info.icon,
        rdns: 'io.metamask',
        accounts: [],
      },
    ])
    expect(second.metamask.prompts).toBe(0)
    expect((await after.persistence.connections()).active).toBeUndefined()
  })

  test('behavior: a first visit reconnects to nothing', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await controller.reconnect()
    expect(store.getState().status).toBe('disconnected')
    expect(store.getState().connections).toEqual([])
    expect(store.getState().recentWallets).toEqual([])
    expect(metamask.prompts).toBe(0)
  })
})

describe('connection: wallet events', () => {
  test('behavior: the user picking another account in the wallet changes the address', async () => {
    const { metamask } = visitorWallets()
    metamask.accounts = [alice, bob]
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.selectAccount(bob)
    const state = store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(bob)
    expect(state.caipAddress).toBe(`eip155:31337:${bob}`)
    expect(state.connections[0]?.accounts).toEqual([bob, alice])
  })

  test('behavior: accountsChanged with no accounts ends disconnected', async () => {
    const { metamask } = visitorWallets()
    const { store, controller, persistence } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.revokeSite()
    const state = store.getState()
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
    expect(state.caipAddress).toBeUndefined()
    expect(state.connectorId).toBeUndefined()
    expect(state.activeConnectionId).toBeUndefined()
    expect(state.connections[0]?.accounts).toEqual([])
    expect(await persistence.connections()).toEqual({
      ids: [{ id: 'io.metamask', name: 'MetaMask' }],
    })
  })

  test('behavior: the disconnect event ends disconnected', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.emit('disconnect', { code: 4900, message: 'Disconnected' })
    expect(store.getState().status).toBe('disconnected')
    expect(store.getState().address).toBeUndefined()
    expect(store.getState().activeConnectionId).toBeUndefined()
  })

  test('behavior: chainChanged updates the active network and the CAIP address', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.selectChain('0x1')
    expect(store.getState().activeNetwork).toBe('eip155:1')
    expect(store.getState().caipAddress).toBe(`eip155:1:${alice}`)
    expect(store.getState().status).toBe('connected')
  })

  test('behavior: events from a wallet that is not a connection change nothing', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    const before = store.getState()
    rabby.emit('accountsChanged', [bob])
    rabby.emit('chainChanged', '0x1')
    rabby.emit('disconnect', { code: 4900, message: 'Disconnected' })
    controller.onWalletEvent({ walletId: 'uuid-unknown', event: 'accountsChanged', data: [] })
    expect(store.getState()).toEqual(before)
  })

  test('behavior: events from a known but inactive connection only update its accounts', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(rabby.info.id)
    await controller.connect(metamask.info.id)
    rabby.selectChain('0x1')
    rabby.revokeSite()
    const state = store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(alice)
    expect(state.activeNetwork).toBe('eip155:31337')
    expect(state.connections.find((item) => item.id === 'io.rabby')?.accounts).toEqual([])
  })
})

describe('connection: disconnect', () => {
  test('behavior: disconnecting clears the active connection here and in storage', async () => {
    const { metamask } = visitorWallets()
    const { store, controller, persistence } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    expect((await persistence.connections()).active).toBe('io.metamask')
    await controller.disconnect()
    const state = store.getState()
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
    expect(state.caipAddress).toBeUndefined()
    expect(state.connectorId).toBeUndefined()
    expect(state.activeConnectionId).toBeUndefined()
    expect(state.connections[0]?.accounts).toEqual([])
    expect(await persistence.connections()).toEqual({
      ids: [{ id: 'io.metamask', name: 'MetaMask' }],
    })
    // The wallet forgot the site too (EIP-2255): connecting again prompts.
    expect(metamask.authorised.has(siteOrigin)).toBe(false)
  })

  test('behavior: after a disconnect, a reload does not reconnect', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask])
    await before.controller.connect(first.metamask.info.id)
    await before.controller.disconnect()
    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    const after = pageLoad([second.metamask], before.storage)
    await after.controller.reconnect()
    expect(after.store.getState().status).toBe('disconnected')
    expect(after.store.getState().address).toBeUndefined()
  })

  test('behavior: a reconnect still waiting on the wallet when the visitor disconnects does not bring the wallet back', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask])
    await before.controller.connect(first.metamask.info.id)
    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    const after = pageLoad([second.metamask], before.storage)
    await after.controller.reconnect()
    expect(after.store.getState().status).toBe('connected')
    // A second reconnect (a wallet announced late) asks the wallet, which answers slowly.
    const slow = second.metamask.holdNext('eth_accounts')
    const late = after.controller.reconnect()
    await slow.asked
    await after.controller.disconnect()
    slow.deliver()
    await late
    expect(after.store.getState().status).toBe('disconnected')
    expect(after.store.getState().address).toBeUndefined()
    expect((await after.persistence.connections()).active).toBeUndefined()
  })

  test('behavior: a connect that ends while the load’s reconnect reads what was saved stays connected', async () => {
    const { metamask } = visitorWallets()
    // The frame's storage is slow to answer (sealed in the host page's): a read answers, late,
    // with what was stored when it was asked.
    const data = new Map<string, string>()
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const slow: KeyValueStore = {
      get: (key) => {
        const value = data.get(key) ?? null
        return answered.then(() => value)
      },
      set: (key, value) => {
        data.set(key, value)
      },
    }
    const { store, controller } = pageLoad([metamask], slow)
    // The visitor clicks a wallet before the load's reconnect began; the wallet prompts.
    const prompt = metamask.holdNext('eth_requestAccounts')
    const connecting = controller.connect(metamask.info.id)
    await prompt.asked
    const onLoad = controller.reconnect()
    prompt.deliver()
    await connecting
    expect(store.getState().status).toBe('connected')
    answer()
    await onLoad
    expect(store.getState().status).toBe('connected')
    expect(store.getState().address).toBe(alice)
    // Among the recent wallets too: the reconnect's older read did not replace them.
    expect(store.getState().recentWallets.map((wallet) => wallet.id)).toEqual(['io.metamask'])
  })

  test('behavior: a late wallet reconnects only while disconnected, after the reconnect under way', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask])
    await before.controller.connect(first.metamask.info.id)
    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    const after = pageLoad([second.metamask], before.storage)
    const slow = second.metamask.holdNext('eth_accounts')
    const onLoad = after.controller.reconnect()
    await slow.asked
    // Still disconnected when the late wallet asks; connected by the time its turn comes.
    expect(after.store.getState().status).toBe('disconnected')
    const late = after.controller.reconnect({ whenDisconnected: true })
    const again = second.metamask.holdNext('eth_accounts')
    slow.deliver()
    // The late wallet's reconnect asks the wallet nothing: the load's had restored it. Were it to
    // ask, its question is held (`again`), so the race ends at the question, not at a time-out.
    const outcome = await Promise.race([
      again.asked.then(() => 'the late reconnect asked the wallet'),
      Promise.all([onLoad, late]).then(() => 'both ended, the wallet not asked again'),
    ])
    again.deliver()
    expect(outcome).toBe('both ended, the wallet not asked again')
    expect(after.store.getState().status).toBe('connected')
  })

  test('behavior: a wallet that cannot revoke permissions still disconnects', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.failNext('wallet_revokePermissions', {
      code: 4200,
      message: 'The method wallet_revokePermissions is not supported.',
    })
    await controller.disconnect()
    expect(store.getState().status).toBe('disconnected')
    expect(store.getState().activeConnectionId).toBeUndefined()
  })
})

describe('connection: switchNetwork', () => {
  test('behavior: a chain the wallet knows is switched to directly', async () => {
    const { metamask } = visitorWallets()
    metamask.chains.set('0x1', { chainId: '0x1', chainName: 'Ethereum', rpcUrls: [] })
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    await expect(controller.switchNetwork('eip155:1')).resolves.toBe(true)
    expect(metamask.chainId).toBe('0x1')
    expect(store.getState().activeNetwork).toBe('eip155:1')
    expect(store.getState().caipAddress).toBe(`eip155:1:${alice}`)
  })

  test('behavior: on 4902 the chain is added to the wallet, then switched to', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    await expect(controller.switchNetwork('eip155:1')).resolves.toBe(true)
    expect(metamask.chains.get('0x1')).toEqual({
      chainId: '0x1',
      chainName: 'Ethereum',
      rpcUrls: ['https://eth.example/rpc'],
    })
    expect(metamask.chainId).toBe('0x1')
    expect(store.getState().activeNetwork).toBe('eip155:1')
    expect(store.getState().caipAddress).toBe(`eip155:1:${alice}`)
  })

  test('behavior: a rejected switch leaves the network as it was', async () => {
    const { metamask } = visitorWallets()
    metamask.chains.set('0x1', { chainId: '0x1', chainName: 'Ethereum', rpcUrls: [] })
    const { store, controller } = pageLoad([metamask])
    await controller.connect(metamask.info.id)
    metamask.failNext('wallet_switchEthereumChain', userRejected)
    await expect(controller.switchNetwork('eip155:1')).rejects.toEqual(userRejected)
    expect(metamask.chainId).toBe('0x7a69')
    expect(store.getState().activeNetwork).toBe('eip155:31337')
    expect(store.getState().caipAddress).toBe(`eip155:31337:${alice}`)
  })

  test('behavior: switching is refused when disconnected or to a network the site lacks', async () => {
    const { metamask } = visitorWallets()
    const { store, controller } = pageLoad([metamask])
    await expect(controller.switchNetwork('eip155:1')).resolves.toBe(false)
    await controller.connect(metamask.info.id)
    await expect(controller.switchNetwork('eip155:137')).resolves.toBe(false)
    expect(store.getState().activeNetwork).toBe('eip155:31337')
    expect(metamask.chainId).toBe('0x7a69')
  })
})

describe('connection: switchConnection', () => {
  test('behavior: switching to another active connection reconnects it without a prompt', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    await controller.connect(rabby.info.id)
    await expect(controller.switchConnection('io.metamask')).resolves.toEqual({
      hasSwitchedWallet: true,
      hasSwitchedAccount: true,
    })
    const state = store.getState()
    expect(state.status).toBe('connected')
    expect(state.address).toBe(alice)
    expect(state.activeConnectionId).toBe('io.metamask')
    expect(state.connectorId).toBe('uuid-mm-1')
    expect(metamask.prompts).toBe(1)
    expect(rabby.prompts).toBe(1)
  })

  test('behavior: switching to the connected connection reports no change', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(rabby.info.id)
    await controller.connect(metamask.info.id)
    await expect(controller.switchConnection('io.metamask')).resolves.toEqual({
      hasSwitchedWallet: false,
      hasSwitchedAccount: false,
    })
    expect(store.getState().address).toBe(alice)
  })

  test('behavior: the same account in another wallet is a wallet switch, not an account switch', async () => {
    const { metamask, rabby } = visitorWallets()
    // The same key imported in both wallets; Rabby reports it checksummed.
    rabby.accounts = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(rabby.info.id)
    await controller.connect(metamask.info.id)
    await expect(controller.switchConnection('io.rabby')).resolves.toEqual({
      hasSwitchedWallet: true,
      hasSwitchedAccount: false,
    })
    expect(store.getState().activeConnectionId).toBe('io.rabby')
  })

  test('behavior: switching to a disconnected connection runs its login flow', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(rabby.info.id)
    await controller.disconnect()
    await controller.connect(metamask.info.id)
    await expect(controller.switchConnection('io.rabby')).resolves.toEqual({
      hasSwitchedWallet: true,
      hasSwitchedAccount: true,
    })
    expect(store.getState().address).toBe(bob)
    expect(rabby.prompts).toBe(2)
  })

  test('behavior: a connection whose wallet is not on the page has no connector', async () => {
    const first = visitorWallets(1)
    const before = pageLoad([first.metamask, first.rabby])
    await before.controller.connect(first.rabby.info.id)
    await before.controller.connect(first.metamask.info.id)
    // Rabby was uninstalled before the reload.
    const second = visitorWallets(2)
    carryOver(first.metamask, second.metamask)
    const after = pageLoad([second.metamask], before.storage)
    await after.controller.reconnect()
    expect(after.store.getState().connections.map((item) => item.id)).toContain('io.rabby')
    await expect(after.controller.switchConnection('io.rabby')).rejects.toMatchObject({
      shortMessage: 'No connector found for connection: io.rabby',
    })
    await expect(after.controller.switchConnection('io.unknown')).rejects.toMatchObject({
      shortMessage: 'No connector found for connection: io.unknown',
    })
    expect(after.store.getState().address).toBe(alice)
  })
})

describe('connection: connectionStatus', () => {
  test('behavior: connected is the active connector, active a known other one, else disconnected', async () => {
    const { metamask, rabby, frame } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby, frame])
    await controller.connect(frame.info.id)
    await controller.disconnect()
    await controller.connect(rabby.info.id)
    await controller.connect(metamask.info.id)
    const statusOf = (id: string) => {
      const state = store.getState()
      const connection = state.connections.find((item) => item.id === id)
      if (!connection) throw new Error(`no connection ${id}`)
      return connectionStatus(state, connection)
    }
    expect(statusOf('io.metamask')).toBe('connected')
    expect(statusOf('io.rabby')).toBe('active')
    expect(statusOf('Frame')).toBe('disconnected')

    await controller.disconnect()
    expect(statusOf('io.metamask')).toBe('disconnected')
    expect(statusOf('io.rabby')).toBe('active')
  })
})

/** Holds a wallet's next connect prompt open until the test answers it. */
function holdPrompt(wallet: Wallet) {
  let answer: (approve: boolean) => void = () => {}
  const decided = new Promise<boolean>((resolve) => {
    answer = resolve
  })
  const original = wallet.request
  wallet.request = async (origin, args) => {
    if (args.method !== 'eth_requestAccounts') return original(origin, args)
    wallet.request = original
    wallet.prompts += 1
    if (!(await decided)) throw userRejected
    wallet.authorised.add(origin)
    return [...wallet.accounts]
  }
  return { approve: () => answer(true), reject: () => answer(false) }
}

describe('connection: events while another wallet prompts', () => {
  test('behavior: the active wallet disconnecting during a pending connect ends disconnected when that connect is rejected', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    const prompt = holdPrompt(rabby)
    const connecting = controller.connect(rabby.info.id).catch(() => {})
    metamask.revokeSite()
    expect(store.getState().status).toBe('connecting')
    prompt.reject()
    await connecting
    expect(store.getState().status).toBe('disconnected')
    expect(store.getState().address).toBeUndefined()
  })

  test('behavior: a chain change of the active wallet during a pending connect is applied', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    const prompt = holdPrompt(rabby)
    const connecting = controller.connect(rabby.info.id).catch(() => {})
    metamask.chains.set('0x1', { chainId: '0x1', chainName: 'Ethereum', rpcUrls: [] })
    metamask.selectChain('0x1')
    expect(store.getState().activeNetwork).toBe('eip155:1')
    expect(store.getState().caipAddress).toBe(`eip155:1:${alice}`)
    prompt.reject()
    await connecting
    expect(store.getState().status).toBe('connected')
  })

  test('behavior: a second try failing while the first prompt is open keeps the active connection', async () => {
    const { metamask, rabby } = visitorWallets()
    const { store, controller } = pageLoad([metamask, rabby])
    await controller.connect(metamask.info.id)
    const prompt = holdPrompt(rabby)
    const first = controller.connect(rabby.info.id).catch(() => {})
    rabby.failNext('eth_requestAccounts', pending)
    await controller.connect(rabby.info.id).catch(() => {})
    expect(store.getState().status).toBe('connecting')
    expect(store.getState().address).toBe(alice)
    prompt.reject()
    await first
    expect(store.getState().status).toBe('connected')
    expect(store.getState().address).toBe(alice)
  })
})
