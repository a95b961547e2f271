// A test browser-extension wallet for e2e: an EIP-1193 provider announced per EIP-6963 in the
// page, whose logic (approvals, real signing with a viem local account, sending to anvil) runs in
// the Node test process behind one Playwright binding per wallet, so tests drive it like a user.
// What it shares with the Solana test wallet (prompts, authorised sites, errors, the binding) is
// in walletCore.ts.
import type { Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isHex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ports } from './ports'
import {
  type Approvals,
  type BindingReply,
  callShim,
  createApprovals,
  createSerialQueue,
  createSiteAccess,
  errorReply,
  exposeWalletBinding,
  type HeldPrompt,
  invalidParams,
  jsonRpc,
  originOf,
  type PendingPrompt,
  showLater,
  unauthorized,
  type WalletErrorShape,
  WalletRpcError,
} from './walletCore'

/** The local chain the global setup starts. */
export const anvilRpcUrl = `http://127.0.0.1:${ports.anvil}`

/** The first three standard anvil dev accounts (10 000 ETH each on a fresh chain). */
export const anvilAccounts = [
  {
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  },
  {
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  },
  {
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  },
] as const satisfies readonly { privateKey: Hex; address: Address }[]

/** An address nobody else uses: a receiver whose balance only this test changes. */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** A viem public client on the local chain, for balance and receipt checks in tests. */
export function anvilClient(rpcUrl: string = anvilRpcUrl): PublicClient {
  return createPublicClient({ chain: foundry, transport: http(rpcUrl, { retryCount: 0 }) })
}

export type AnnounceMode = 'immediately' | 'late' | 'never'

export type TestWalletOptions = {
  name: string
  rdns: string
  /** A data: URI; defaults to a small SVG. */
  icon?: string
  /** Defaults to anvil account #0. */
  privateKey?: Hex
  /**
   * A smart-contract wallet (ERC-1271) that `privateKey` owns: the wallet's account is the
   * contract's address, and it signs messages with the owner's key, as smart wallets do. It does
   * not send transactions.
   */
  contractWallet?: Address
  /** Defaults to the e2e anvil. */
  rpcUrl?: string
  /** The chain the wallet starts on (reached at rpcUrl); defaults to 31337. */
  chainId?: number
  /** 'immediately' (default): on load and on every requestProvider; 'late': only once the test
   * calls announce(); 'never': no EIP-6963 at all (pair with `legacy`). */
  announce?: AnnounceMode
  /** Also set window.ethereum to this wallet's provider (the last legacy wallet installed wins). */
  legacy?: boolean
  /** Approve prompts nobody scripted (default true); when false they wait for nextApproval(). */
  autoApprove?: boolean
}

export type WalletRequest = {
  method: string
  params: unknown
  /** The requesting page's origin, as an extension sees it. */
  origin: string
}

export type RpcErrorShape = WalletErrorShape

export type RpcReply = BindingReply

/** A request held at its prompt until the test answers it. */
export type HeldRequest = HeldPrompt<WalletRequest>

/** A prompt waiting for the test when autoApprove is off. */
export type PendingApproval = PendingPrompt<WalletRequest>

export type WalletEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'

export type TestWallet = {
  readonly name: string
  readonly rdns: string
  readonly address: Address
  readonly account: PrivateKeyAccount
  readonly chainId: number
  /** Every request the wallet received, in order. */
  readonly requests: readonly WalletRequest[]
  isAuthorized(origin: string): boolean
  /** Authorises an origin without a prompt, like a site connected in an earlier session. */
  authorize(origin: string): void
  /** Announces now, answers requestProvider from now on, and on later loads of the page too. */
  announce(): Promise<void>
  /** Emits a raw provider event in the page; it changes no wallet state. */
  emit(event: WalletEvent, payload: unknown): Promise<void>
  /** The next prompt (or next request of `method`) fails with 4001 User rejected the request. */
  rejectNext(method?: string): void
  /** The next prompt (or next request of `method`) fails with this error. */
  failNext(code: number, message: string, method?: string): void
  /** The next prompt (or next request of `method`) waits for the test's answer. */
  holdNext(method?: string): HeldRequest
  /** With autoApprove off: the next unscripted prompt (optionally of `method`). */
  nextApproval(method?: string): Promise<PendingApproval>
  setAutoApprove(value: boolean): void
  /** Switches the wallet's account; authorised pages get accountsChanged. */
  setAccount(privateKey: Hex): Promise<void>
  /** Switches to a known chain as the user would in the wallet; the page gets chainChanged. */
  switchChain(chainId: number): Promise<void>
  /** Forgets every origin, then emits accountsChanged [] and disconnect {code: 4900}. */
  disconnectFromWallet(): Promise<void>
  /** Sends a request through the in-page provider, as the page would, and reports the outcome. */
  requestFromPage(method: string, params?: unknown): Promise<RpcReply>
}

const defaultIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#6d28d9"/><path d="M8 11h16v12H8z" fill="#fff"/><circle cx="20" cy="17" r="2" fill="#6d28d9"/></svg>',
).toString('base64')}`

/** Prompting methods; a scripted answer without a method applies to the next of these. */
const promptMethods = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
])

/** Read-only methods the wallet forwards to the current chain's RPC. */
const readMethods = new Set([
  'eth_getBalance',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_gasPrice',
  'eth_feeHistory',
  'eth_maxPriorityFeePerGas',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
  'eth_getStorageAt',
])

const toChainHex = (id: number) => `0x${id.toString(16)}`

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be hex`)
  return hexToBigInt(value)
}

type ShimConfig = {
  key: string
  binding: string
  name: string
  icon: string
  rdns: string
  announce: AnnounceMode
  legacy: boolean
}

type ShimStore = {
  provider: unknown
  emit(event: string, payload: unknown): void
  enable(): void
}

/** Runs in the page (serialised by addInitScript): no imports, classes or outer references. */
function installShim(config: ShimConfig) {
  if (window.top !== window) return
  type Listener = (payload: unknown) => void
  const scope = window as unknown as Record<string | symbol, unknown>
  const listeners = new Map<string, Listener[]>()
  const rpcError = (code: number, message: string, data?: unknown) => {
    const error = new Error(message) as Error & { code: number; data?: unknown }
    error.code = code
    if (data !== undefined) error.data = data
    return error
  }
  const add = (event: string, listener: Listener) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener])
    return provider
  }
  const remove = (event: string, listener: Listener) => {
    const list = listeners.get(event) ?? []
    const index = list.lastIndexOf(listener)
    if (index >= 0) listeners.set(event, [...list.slice(0, index), ...list.slice(index + 1)])
    return provider
  }
  const emit = (event: string, payload: unknown) => {
    const value =
      event === 'disconnect' && payload && typeof payload === 'object' && 'code' in payload
        ? rpcError(Number(payload.code), String((payload as { message?: unknown }).message ?? ''))
        : payload
    for (const listener of listeners.get(event) ?? []) {
      try {
        listener(value)
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
    }
    return (listeners.get(event) ?? []).length > 0
  }
  const provider = {
    async request(args: unknown) {
      if (!args || typeof args !== 'object' || Array.isArray(args)) {
        throw rpcError(-32600, 'Expected a single, non-array, object argument.')
      }
      const { method, params } = args as { method?: unknown; params?: unknown }
      if (typeof method !== 'string' || !method) {
        throw rpcError(-32600, "'args.method' must be a non-empty string.")
      }
      const call = scope[config.binding] as
        | ((request: { method: string; params: unknown }) => Promise<RpcReply>)
        | undefined
      if (!call) throw rpcError(4900, 'The provider is disconnected from all chains.')
      const reply = await call({ method, params })
      if ('error' in reply) throw rpcError(reply.error.code, reply.error.message, reply.error.data)
      return reply.result
    },
    on: add,
    addListener: add,
    once(event: string, listener: Listener) {
      const wrapper = (payload: unknown) => {
        remove(event, wrapper)
        listener(payload)
      }
      return add(event, wrapper)
    },
    removeListener: remove,
    off: remove,
    removeAllListeners(event?: string) {
      if (event === undefined) listeners.clear()
      else listeners.delete(event)
      return provider
    },
    listenerCount: (event: string) => (listeners.get(event) ?? []).length,
    emit,
    isConnected: () => true,
  }
  const randomUUID = () => {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  const info = Object.freeze({
    uuid: randomUUID(),
    name: config.name,
    icon: config.icon,
    rdns: config.rdns,
  })
  const detail = Object.freeze({ info, provider })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  let announcing = config.announce === 'immediately' || scope[Symbol.for(`${config.key}:late`)]
  window.addEventListener('eip6963:requestProvider', () => {
    if (announcing) announce()
  })
  const store: ShimStore = {
    provider,
    emit,
    enable() {
      announcing = true
      announce()
    },
  }
  Object.defineProperty(window, Symbol.for(config.key), { value: store, configurable: true })
  if (config.legacy) {
    scope.ethereum = provider
    window.dispatchEvent(new Event('ethereum#initialized'))
  }
  if (announcing) announce()
}

type KnownChain = {
  rpcUrl: string
  name: string
}

class Wallet implements TestWallet {
  readonly name: string
  readonly rdns: string
  account: PrivateKeyAccount
  chainId: number
  readonly requests: WalletRequest[] = []
  private readonly contractWallet: Address | undefined
  private readonly page: Page
  private readonly key: string
  private readonly chains = new Map<number, KnownChain>()
  private readonly sites = createSiteAccess()
  private readonly approvals: Approvals<WalletRequest>
  private announced = false
  /** One send at a time per wallet, so pending nonces don't race. */
  private readonly sendInOrder = createSerialQueue()

  constructor(page: Page, options: TestWalletOptions, key: string) {
    this.page = page
    this.key = key
    this.name = options.name
    this.rdns = options.rdns
    this.account = privateKeyToAccount(options.privateKey ?? anvilAccounts[0].privateKey)
    this.contractWallet = options.contractWallet
    this.chainId = options.chainId ?? foundry.id
    this.approvals = createApprovals<WalletRequest>(options.autoApprove ?? true)
    this.chains.set(this.chainId, {
      rpcUrl: options.rpcUrl ?? anvilRpcUrl,
      name: this.chainId === foundry.id ? 'Anvil' : `Chain ${this.chainId}`,
    })
    if (!this.chains.has(foundry.id))
      this.chains.set(foundry.id, { rpcUrl: anvilRpcUrl, name: 'Anvil' })
  }

  get address(): Address {
    return this.contractWallet ?? this.account.address
  }

  isAuthorized(origin: string): boolean {
    return this.sites.isAuthorized(origin)
  }

  authorize(origin: string): void {
    this.sites.authorize(origin)
  }

  async announce(): Promise<void> {
    if (this.announced) return callShim(this.page, this.key, 'enable')
    this.announced = true
    await showLater(this.page, this.key)
  }

  async emit(event: WalletEvent, payload: unknown): Promise<void> {
    await callShim(this.page, this.key, 'emit', event, payload)
  }

  rejectNext(method?: string): void {
    this.approvals.rejectNext(method)
  }

  failNext(code: number, message: string, method?: string): void {
    this.approvals.failNext({ code, message }, method)
  }

  holdNext(method?: string): HeldRequest {
    return this.approvals.holdNext(method)
  }

  nextApproval(method?: string): Promise<PendingApproval> {
    return this.approvals.nextApproval(method)
  }

  setAutoApprove(value: boolean): void {
    this.approvals.setAutoApprove(value)
  }

  async setAccount(privateKey: Hex): Promise<void> {
    this.account = privateKeyToAccount(privateKey)
    if (this.isAuthorized(this.pageOrigin())) await this.emit('accountsChanged', [this.address])
  }

  async switchChain(chainId: number): Promise<void> {
    if (!this.chains.has(chainId)) throw new Error(`${this.name} does not know chain ${chainId}`)
    if (chainId === this.chainId) return
    this.chainId = chainId
    await this.emit('chainChanged', toChainHex(chainId))
  }

  async disconnectFromWallet(): Promise<void> {
    this.sites.forgetAll()
    await this.emit('accountsChanged', [])
    await this.emit('disconnect', { code: 4900, message: 'The provider is disconnected.' })
  }

  requestFromPage(method: string, params?: unknown): Promise<RpcReply> {
    return this.page.evaluate(
      async ([key, args]) => {
        const scope = window as unknown as Record<symbol, unknown>
        const store = scope[Symbol.for(key)] as
          | { provider: { request(args: unknown): Promise<unknown> } }
          | undefined
        if (!store) throw new Error('The test wallet is not installed in this document')
        try {
          return { result: (await store.provider.request(args)) ?? null }
        } catch (error) {
          const { code, message, data } = error as RpcErrorShape
          return { error: data === undefined ? { code, message } : { code, message, data } }
        }
      },
      [this.key, params === undefined ? { method } : { method, params }] as const,
    )
  }

  /** The binding's entry point: one request from the page's top-level document. */
  async handle(request: WalletRequest, topLevel: boolean): Promise<RpcReply> {
    this.requests.push(request)
    try {
      if (!topLevel) throw unauthorized()
      return { result: (await this.dispatch(request)) ?? null }
    } catch (error) {
      return errorReply(error, `Internal JSON-RPC error: ${String(error)}`)
    }
  }

  private async dispatch(request: WalletRequest): Promise<unknown> {
    const { method, params, origin } = request
    if (!promptMethods.has(method)) await this.approvals.scripted(request)
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'eth_chainId':
        return toChainHex(this.chainId)
      case 'net_version':
        return String(this.chainId)
      case 'eth_accounts':
        return this.isAuthorized(origin) ? [this.address] : []
      case 'eth_requestAccounts':
        return this.requestAccounts(request, false)
      case 'wallet_requestPermissions': {
        const wanted = list[0]
        if (!wanted || typeof wanted !== 'object' || !('eth_accounts' in wanted)) {
          throw invalidParams('only eth_accounts can be requested')
        }
        await this.requestAccounts(request, true)
        return this.permissions(origin)
      }
      case 'wallet_getPermissions':
        return this.permissions(origin)
      case 'wallet_revokePermissions': {
        const wasAuthorized = this.sites.forget(origin)
        if (wasAuthorized) await this.emit('accountsChanged', [])
        return null
      }
      case 'personal_sign':
        return this.personalSign(request, list)
      case 'eth_signTypedData_v4':
        return this.signTypedData(request, list)
      case 'eth_sendTransaction':
        return this.sendTransaction(request, list)
      case 'wallet_switchEthereumChain':
        return this.switchEthereumChain(request, list)
      case 'wallet_addEthereumChain':
        return this.addEthereumChain(request, list)
      default:
        if (readMethods.has(method)) return jsonRpc(this.rpcUrl(), method, params)
        throw new WalletRpcError(4200, `The method "${method}" is not supported by ${this.name}.`)
    }
  }

  /** The user's answer to a prompt: scripted, automatic, or left to the test. */
  private consent(request: WalletRequest): Promise<void> {
    return this.approvals.consent(request)
  }

  private async requestAccounts(request: WalletRequest, alwaysPrompt: boolean): Promise<Address[]> {
    const { origin } = request
    if (this.isAuthorized(origin) && !alwaysPrompt) return [this.address]
    await this.sites.prompt(origin, request.method, () => this.consent(request))
    const fresh = !this.isAuthorized(origin)
    this.authorize(origin)
    if (fresh && this.pageOrigin() === origin) await this.emit('accountsChanged', [this.address])
    return [this.address]
  }

  private permissions(origin: string) {
    const date = this.sites.authorisedAt(origin)
    if (date === undefined) return []
    return [
      {
        id: `${this.rdns}:${origin}`,
        invoker: origin,
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.address] }],
        date,
      },
    ]
  }

  private requireAccount(origin: string, address: unknown) {
    if (!this.isAuthorized(origin)) throw unauthorized()
    if (typeof address !== 'string' || address.toLowerCase() !== this.address.toLowerCase()) {
      throw unauthorized()
    }
  }

  private async personalSign(request: WalletRequest, params: unknown[]): Promise<Hex> {
    let [message, address] = params
    // Some dapps send [address, message]; wallets accept both orders.
    if (typeof message === 'string' && isAddress(message) && !isAddress(String(address))) {
      ;[message, address] = [address, message]
    }
    if (typeof message !== 'string') throw invalidParams('personal_sign needs a message')
    this.requireAccount(request.origin, address)
    await this.consent(request)
    return isHex(message)
      ? this.account.signMessage({ message: { raw: message } })
      : this.account.signMessage({ message })
  }

  private async signTypedData(request: WalletRequest, params: unknown[]): Promise<Hex> {
    const [address, data] = params
    this.requireAccount(request.origin, address)
    let typed: TypedDataDefinition
    try {
      typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
    } catch {
      throw invalidParams('eth_signTypedData_v4 needs typed data as JSON')
    }
    if (!typed || typeof typed !== 'object' || !typed.types || !typed.primaryType) {
      throw invalidParams('eth_signTypedData_v4 needs types, primaryType, domain and message')
    }
    const domainChain = typed.domain?.chainId
    if (domainChain !== undefined && Number(domainChain) !== this.chainId) {
      throw invalidParams(
        `Provided chainId "${domainChain}" must match the active chainId "${this.chainId}"`,
      )
    }
    await this.consent(request)
    try {
      return await this.account.signTypedData(typed)
    } catch (error) {
      throw invalidParams((error as Error).message.split('\n')[0] ?? 'bad typed data')
    }
  }

  private async sendTransaction(request: WalletRequest, params: unknown[]): Promise<Hex> {
    if (this.contractWallet)
      throw new WalletRpcError(
        4200,
        `${this.name} signs for its contract wallet; it sends nothing.`,
      )
    const tx = params[0] as Record<string, unknown> | undefined
    if (!tx || typeof tx !== 'object')
      throw invalidParams('eth_sendTransaction needs a transaction')
    this.requireAccount(request.origin, tx.from)
    const to = tx.to ?? undefined
    if (to !== undefined && (typeof to !== 'string' || !isAddress(to))) {
      throw invalidParams('to must be an address')
    }
    const data = tx.data ?? tx.input ?? undefined
    if (data !== undefined && (typeof data !== 'string' || !isHex(data))) {
      throw invalidParams('data must be hex')
    }
    const chain = quantity(tx.chainId, 'chainId')
    if (chain !== undefined && Number(chain) !== this.chainId) {
      throw invalidParams(`chainId ${chain} does not match the active chain ${this.chainId}`)
    }
    const value = quantity(tx.value, 'value')
    const gas = quantity(tx.gas, 'gas')
    const nonce = quantity(tx.nonce, 'nonce')
    const gasPrice = quantity(tx.gasPrice, 'gasPrice')
    const maxFeePerGas = quantity(tx.maxFeePerGas, 'maxFeePerGas')
    const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
    await this.consent(request)
    return this.sendInOrder(async () => {
      const url = this.rpcUrl()
      const from = this.address
      const call = {
        from,
        ...(to === undefined ? {} : { to }),
        ...(data === undefined ? {} : { data }),
        ...(value === undefined ? {} : { value: `0x${value.toString(16)}` }),
      }
      const common = {
        chainId: this.chainId,
        nonce:
          nonce === undefined
            ? hexToNumber((await jsonRpc(url, 'eth_getTransactionCount', [from, 'pending'])) as Hex)
            : Number(nonce),
        gas: gas ?? hexToBigInt((await jsonRpc(url, 'eth_estimateGas', [call])) as Hex),
        ...(to === undefined ? {} : { to: to as Address }),
        ...(data === undefined ? {} : { data: data as Hex }),
        ...(value === undefined ? {} : { value }),
      }
      let serializable: TransactionSerializable
      const block = (await jsonRpc(url, 'eth_getBlockByNumber', ['latest', false])) as {
        baseFeePerGas?: Hex
      }
      if (gasPrice !== undefined || !block.baseFeePerGas) {
        const price = gasPrice ?? hexToBigInt((await jsonRpc(url, 'eth_gasPrice', [])) as Hex)
        serializable = { ...common, type: 'legacy', gasPrice: price }
      } else {
        const tip =
          maxPriorityFeePerGas ??
          (await jsonRpc(url, 'eth_maxPriorityFeePerGas', []).then(
            (result) => hexToBigInt(result as Hex),
            () => 1_000_000_000n,
          ))
        serializable = {
          ...common,
          type: 'eip1559',
          maxPriorityFeePerGas: tip,
          maxFeePerGas: maxFeePerGas ?? hexToBigInt(block.baseFeePerGas) * 2n + tip,
        }
      }
      const raw = await this.account.signTransaction(serializable)
      return (await jsonRpc(url, 'eth_sendRawTransaction', [raw])) as Hex
    })
  }

  private chainParam(params: unknown[]): { chainId: number; entry: Record<string, unknown> } {
    const entry = params[0]
    if (!entry || typeof entry !== 'object') throw invalidParams('expected [{ chainId }]')
    const { chainId } = entry as { chainId?: unknown }
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId)) {
      throw invalidParams(`chainId must be a 0x-prefixed hex string, got ${String(chainId)}`)
    }
    return { chainId: hexToNumber(chainId as Hex), entry: entry as Record<string, unknown> }
  }

  private async switchEthereumChain(request: WalletRequest, params: unknown[]): Promise<null> {
    const { chainId } = this.chainParam(params)
    if (!this.chains.has(chainId)) {
      throw new WalletRpcError(
        4902,
        `Unrecognized chain ID "${toChainHex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    }
    if (chainId === this.chainId) return null
    await this.consent(request)
    await this.switchChain(chainId)
    return null
  }

  private async addEthereumChain(request: WalletRequest, params: unknown[]): Promise<null> {
    const { chainId, entry } = this.chainParam(params)
    const { rpcUrls, chainName } = entry
    const rpcUrl = Array.isArray(rpcUrls) ? rpcUrls[0] : undefined
    if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
      throw invalidParams('rpcUrls must hold at least one http(s) URL')
    }
    if (this.chains.has(chainId)) return null
    await this.consent(request)
    this.chains.set(chainId, {
      rpcUrl,
      name: typeof chainName === 'string' ? chainName : `Chain ${chainId}`,
    })
    return null
  }

  private rpcUrl(): string {
    return this.chains.get(this.chainId)?.rpcUrl ?? anvilRpcUrl
  }

  private pageOrigin(): string {
    return originOf(this.page.url())
  }
}

/**
 * Installs a test wallet in `page` (call before page.goto). Several wallets with different rdns
 * can share a page; the shim lives only in top-level documents, never in frames.
 */
export async function installTestWallet(
  page: Page,
  options: TestWalletOptions,
): Promise<TestWallet> {
  const id = options.rdns.replace(/[^a-zA-Z0-9]/g, '_')
  const key = `airlock.testWallet.${options.rdns}`
  const wallet = new Wallet(page, options, key)
  const binding = `__testWallet_${id}`
  await exposeWalletBinding(page, binding, ({ method, params }, origin, topLevel) =>
    wallet.handle({ method, params, origin }, topLevel),
  )
  const config: ShimConfig = {
    key,
    binding,
    name: options.name,
    icon: options.icon ?? defaultIcon,
    rdns: options.rdns,
    announce: options.announce ?? 'immediately',
    legacy: options.legacy ?? false,
  }
  await page.addInitScript(installShim, config)
  return wallet
}
