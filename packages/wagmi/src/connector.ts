/**
 * `airlock()`: a wagmi connector (wagmi 2 and 3) over the page's Airlock. Connecting opens the
 * modal and resolves when the visitor connects (closing it rejects with 4001, so wagmi is never
 * left connecting); requests go through `airlock.provider`, so the page's browser wallets, phone
 * wallets, the embedded wallet and smart accounts (EIP-5792 included) all answer the same way.
 */
import {
  defaultWalletIcon,
  defaultWalletName,
  defaultWalletRdns,
  type ProviderRpcError,
} from '@airlock/protocol'
import { type Airlock, type AirlockOptions, type AirlockProvider, pageAirlock } from '@airlock/sdk'
import { createConnector } from '@wagmi/core'
import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'

export type AirlockParameters = AirlockOptions & {
  /**
   * The rdns the project announces Airlock by over EIP-6963, when it set one: wagmi then lists
   * Airlock once. Default: the modal's host reversed, as the SDK announces it by default.
   */
  rdns?: string
}

type Listener = (payload: never) => void

/** Where a request to the wallet failed: a visitor's refusal is viem's, for wagmi to tell apart. */
function rethrow(error: unknown): never {
  if ((error as ProviderRpcError)?.code === UserRejectedRequestError.code)
    throw new UserRejectedRequestError(error as Error)
  throw error
}

/**
 * A wagmi connector for Airlock. Give it the options `createAirlock` takes; the Airlock is made
 * (or, when the page has one for the project, shared: `pageAirlock`) on first use in the
 * browser, never at import or in `createConfig` on a server.
 * @example
 * createConfig({ chains: [mainnet], connectors: [airlock({ projectId: 'demo' })], transports })
 */
export function airlock(parameters: AirlockParameters) {
  const { rdns, ...options } = parameters
  let page: Airlock | undefined
  const getAirlock = () => {
    page ??= pageAirlock(options)
    return page
  }
  // The provider's listeners this connector added while connected, to take them off again.
  let listeners: [string, Listener][] = []
  type Handlers = { onAccountsChanged: Listener; onChainChanged: Listener; onDisconnect: Listener }
  const listen = (connector: Handlers, provider: AirlockProvider) => {
    if (listeners.length) return
    listeners = [
      ['accountsChanged', connector.onAccountsChanged.bind(connector)],
      ['chainChanged', connector.onChainChanged.bind(connector)],
      ['disconnect', connector.onDisconnect.bind(connector)],
    ]
    for (const [event, listener] of listeners) provider.on(event as never, listener)
  }

  return createConnector<AirlockProvider, { getAirlock(): Airlock }>((config) => ({
    id: 'airlock',
    name: defaultWalletName,
    type: 'airlock',
    icon: defaultWalletIcon,
    rdns: rdns ?? defaultWalletRdns(options.modalUrl ?? 'http://localhost:8787'),
    getAirlock,

    async setup() {
      if (typeof window === 'undefined') return
      // A connection wagmi didn't start (the modal restoring one after a reload, once its
      // reconnect had asked; the visitor connecting through a Connect button of the site's own)
      // is wagmi's too.
      const provider = await this.getProvider()
      provider.on('connect', this.onConnect?.bind(this) as Listener)
    },

    async onConnect({ chainId }) {
      const accounts = await this.getAccounts()
      if (!accounts.length) return
      listen(this as unknown as Handlers, await this.getProvider())
      config.emitter.emit('connect', { accounts, chainId: Number(chainId) })
    },

    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      const provider = await this.getProvider()
      let accounts: readonly Address[]
      try {
        accounts = isReconnecting
          ? await this.getAccounts()
          : ((await provider.request({ method: 'eth_requestAccounts' })) as string[]).map(
              (address) => getAddress(address),
            )
      } catch (error) {
        rethrow(error)
      }
      if (!accounts.length) throw new UserRejectedRequestError(new Error('No account connected.'))
      listen(this as unknown as Handlers, provider)
      let current = await this.getChainId()
      if (chainId && chainId !== current) current = (await this.switchChain!({ chainId })).id
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: current,
      }
    },

    async disconnect() {
      const provider = await this.getProvider()
      for (const [event, listener] of listeners) provider.removeListener(event as never, listener)
      listeners = []
      await getAirlock().disconnect()
    },

    async getAccounts() {
      const provider = await this.getProvider()
      const accounts = (await provider.request({ method: 'eth_accounts' })) as string[]
      return accounts.map((address) => getAddress(address))
    },

    async getChainId() {
      const provider = await this.getProvider()
      return Number(await provider.request({ method: 'eth_chainId' }))
    },

    async getProvider() {
      return getAirlock().provider
    },

    async isAuthorized() {
      // Waits for the modal's handshake: the state it restores (a connection kept from before a
      // reload) is then the page's.
      if (typeof window === 'undefined') return false
      try {
        return (await this.getAccounts()).length > 0
      } catch {
        return false
      }
    },

    async switchChain({ chainId }) {
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not in the config.`))
      try {
        await getAirlock().switchNetwork(`eip155:${chainId}`)
      } catch (error) {
        if ((error as ProviderRpcError)?.code === UserRejectedRequestError.code) rethrow(error)
        throw new SwitchChainError(error as Error)
      }
      config.emitter.emit('change', { chainId })
      return chain
    },

    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect()
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    },

    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) })
    },

    async onDisconnect() {
      const provider = await this.getProvider()
      for (const [event, listener] of listeners) provider.removeListener(event as never, listener)
      listeners = []
      config.emitter.emit('disconnect')
    },
  }))
}
