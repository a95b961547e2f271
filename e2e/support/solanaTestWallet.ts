// A test Solana wallet for e2e: a Wallet Standard wallet registered in the page (on load and on
// every app-ready), whose logic (approvals, ed25519 signing with @solana/kit, sending to the local
// Solana RPC) runs in the Node test process behind one Playwright binding per wallet, so tests
// drive it like a user. Installed beside installTestWallet with the same name and icon, it makes
// a dual EVM + Solana wallet, as Phantom is. What it shares with the EVM test wallet (prompts,
// authorised sites, errors, the binding) is in walletCore.ts.
import type { Page } from '@playwright/test'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairFromBytes,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  type Transaction,
  address as toAddress,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getTokenDecoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { devUsdMint, solanaDevAccounts } from '../../devchain/solanaDev.mjs'
import { ports } from './ports'
import {
  type Approvals,
  type BindingCall,
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
  WalletRpcError,
} from './walletCore'

/** The local Solana JSON-RPC the global setup starts. */
export const solanaRpcUrl = `http://127.0.0.1:${ports.solana}`

/** The dev accounts funded on the local chain: #0 has 1000 SOL and 1,250.5 sUSD, #1 and #2 100 SOL. */
export const solanaAccounts = solanaDevAccounts

/** The dev chain's SPL stablecoin, sUSD (6 decimals): its mint's address. */
export const solanaUsdMint: Address = devUsdMint.address

export type SolanaRegisterMode = 'immediately' | 'late' | 'never'

export type SolanaChain = `solana:${string}`

export type SolanaTestWalletOptions = {
  name: string
  /** A data: URI; defaults to a small SVG. */
  icon?: string
  /** 64 bytes (secret then public key, as `solana-keygen` writes it); defaults to dev account #0. */
  secretKey?: Uint8Array | readonly number[]
  /** Defaults to the e2e Solana RPC; every chain of the wallet sends there. */
  rpcUrl?: string
  /** Defaults to solana:localnet, solana:mainnet and solana:devnet. */
  chains?: readonly SolanaChain[]
  /** Approve prompts nobody scripted (default true); when false they wait for nextApproval(). */
  autoApprove?: boolean
  /** 'immediately' (default): on load and on every app-ready; 'late': only once the test calls
   * register(); 'never': not until register() either (a wallet the page never discovers). */
  register?: SolanaRegisterMode
}

/** A Wallet Standard feature the page called. */
export type SolanaFeature =
  | 'standard:connect'
  | 'standard:disconnect'
  | 'solana:signMessage'
  | 'solana:signTransaction'
  | 'solana:signAndSendTransaction'

export type SolanaSendOptions = {
  preflightCommitment?: string
  minContextSlot?: number
  commitment?: string
  skipPreflight?: boolean
  maxRetries?: number
}

/** One request from the page, its byte fields decoded; the origin is the page's, as an extension
 * sees it. */
export type SolanaWalletRequest = { origin: string } & (
  | { method: 'standard:connect'; params: { silent: boolean } }
  | { method: 'standard:disconnect'; params: null }
  | { method: 'solana:signMessage'; params: { account: string; message: Uint8Array }[] }
  | {
      method: 'solana:signTransaction'
      params: { account: string; transaction: Uint8Array; chain?: string }[]
    }
  | {
      method: 'solana:signAndSendTransaction'
      params: {
        account: string
        transaction: Uint8Array
        chain: string
        options?: SolanaSendOptions
      }[]
    }
)

/** The error a feature rejects with in the page: an Error carrying `code`, Phantom-style. */
export type SolanaWalletErrorShape = {
  code: number
  message: string
}

/** A request held at its prompt until the test answers it. */
export type SolanaHeldRequest = HeldPrompt<SolanaWalletRequest>

/** A prompt waiting for the test when autoApprove is off. */
export type SolanaPendingApproval = PendingPrompt<SolanaWalletRequest>

export type SolanaTestWallet = {
  readonly name: string
  /** The current account's base58 address. */
  readonly address: Address
  /** The current account's 32-byte public key. */
  readonly publicKey: Uint8Array
  readonly chains: readonly SolanaChain[]
  readonly rpcUrl: string
  /** Every request the wallet received, in order. */
  readonly requests: readonly SolanaWalletRequest[]
  isAuthorized(origin: string): boolean
  /** Authorises an origin without a prompt, like a site connected in an earlier session. */
  authorize(origin: string): void
  /** Registers now, answers app-ready from now on, and on later loads of the page too. */
  register(): Promise<void>
  /** The next prompt (or next request of `feature`) fails with 4001 User rejected the request. */
  rejectNext(feature?: SolanaFeature): void
  /** The next prompt (or next request of `feature`) fails with this message (code -32603) or
   * error. */
  failNext(error: string | SolanaWalletErrorShape, feature?: SolanaFeature): void
  /** The next prompt (or next request of `feature`) waits for the test's answer. */
  holdNext(feature?: SolanaFeature): SolanaHeldRequest
  /** With autoApprove off: the next unscripted prompt (optionally of `feature`). */
  nextApproval(feature?: SolanaFeature): Promise<SolanaPendingApproval>
  setAutoApprove(value: boolean): void
  /** Switches the wallet's account (64-byte secret key); a connected page gets a change event. */
  setAccount(secretKey: Uint8Array | readonly number[]): Promise<void>
  /** Forgets every origin, then emits change with `accounts: []`. */
  disconnectFromWallet(): Promise<void>
}

const defaultIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M9 10h14l-3 4H6zm3 4h14l-3 4H9zm-3 4h14l-3 4H6z" fill="#fff"/></svg>',
).toString('base64')}`

const defaultChains: readonly SolanaChain[] = ['solana:localnet', 'solana:mainnet', 'solana:devnet']

/** Features that prompt; a scripted answer without a feature applies to the next of these. */
const promptFeatures = new Set<SolanaFeature>([
  'standard:connect',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
])

/** One JSON-RPC call; the node's own error (code and message) comes back as a WalletRpcError. */
const rpc = (url: string, method: string, params: unknown[]) => jsonRpc(url, method, params)

/** The SOL balance of `owner`, in lamports. */
export async function solanaBalance(owner: string, rpcUrl: string = solanaRpcUrl): Promise<bigint> {
  const result = (await rpc(rpcUrl, 'getBalance', [owner, { commitment: 'confirmed' }])) as {
    value: number
  }
  return BigInt(result.value)
}

/** The balance of `owner`'s associated token account for `mint`, in base units (0 without one). */
export async function tokenBalance(
  owner: string,
  mint: string = solanaUsdMint,
  rpcUrl: string = solanaRpcUrl,
): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({
    owner: toAddress(owner),
    mint: toAddress(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const result = (await rpc(rpcUrl, 'getAccountInfo', [
    ata,
    { encoding: 'base64', commitment: 'confirmed' },
  ])) as { value: { data: [string, string] } | null }
  if (!result.value) return 0n
  return getTokenDecoder().decode(Buffer.from(result.value.data[0], 'base64')).amount
}

/** An unsigned SOL transfer from `from`, as wire bytes, the way an app builds one for a wallet. */
export async function solanaTransfer(
  from: Address,
  to: Address,
  amount: bigint,
  rpcUrl: string = solanaRpcUrl,
): Promise<number[]> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
  })
  const { result } = (await response.json()) as {
    result: { value: { blockhash: string; lastValidBlockHeight: number } }
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: result.value.blockhash as never,
          lastValidBlockHeight: BigInt(result.value.lastValidBlockHeight),
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(from),
            destination: to,
            amount: lamports(amount),
          }),
        ],
        m,
      ),
  )
  return [...getTransactionEncoder().encode(compileTransaction(message))]
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

function bytesParam(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a Uint8Array`)
  return new Uint8Array(Buffer.from(value, 'base64'))
}

function inputsParam(params: unknown): Record<string, unknown>[] {
  if (!Array.isArray(params) || params.length === 0) throw invalidParams('expected inputs')
  return params.map((input) => {
    if (!input || typeof input !== 'object') throw invalidParams('each input must be an object')
    return input as Record<string, unknown>
  })
}

/** What crosses the binding for an account: the page builds its WalletAccount from it. */
type AccountInfo = { address: string; publicKey: string }

/** What the page sends: byte fields as base64, accounts as their addresses. */
type BindingRequest = BindingCall

/** What the page gets back: Phantom-style errors carry a code and a message, no data. */
type BindingReply = { result: unknown } | { error: SolanaWalletErrorShape }

type ShimConfig = {
  key: string
  binding: string
  name: string
  icon: string
  chains: readonly SolanaChain[]
  register: SolanaRegisterMode
}

type ShimStore = {
  wallet: Wallet
  enable(): void
  accountChanged(account: AccountInfo): void
  disconnected(): void
}

/** Runs in the page (serialised by addInitScript): no imports, classes or outer references. */
function installShim(config: ShimConfig) {
  if (window.top !== window) return
  const scope = window as unknown as Record<string | symbol, unknown>
  const accountFeatures = [
    'solana:signAndSendTransaction',
    'solana:signTransaction',
    'solana:signMessage',
  ] as const
  const toBase64 = (bytes: Uint8Array) => {
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const bytesIn = (value: unknown, field: string) => {
    if (!(value instanceof Uint8Array)) throw new TypeError(`${field} must be a Uint8Array`)
    return toBase64(value)
  }
  const accountIn = (account: unknown) => {
    const address = (account as { address?: unknown } | null)?.address
    if (typeof address !== 'string') throw new TypeError('account must be a WalletAccount')
    return address
  }
  const walletError = ({ code, message }: { code: number; message: string }) => {
    const error = new Error(message) as Error & { code: number }
    error.code = code
    if (code === 4001) error.name = 'UserRejectedRequestError'
    return error
  }
  const call = async (method: string, params: unknown) => {
    const binding = scope[config.binding] as
      | ((request: BindingRequest) => Promise<BindingReply>)
      | undefined
    if (!binding) throw walletError({ code: 4900, message: 'The wallet is disconnected.' })
    const reply = await binding({ method, params })
    if ('error' in reply) throw walletError(reply.error)
    return reply.result
  }

  type ChangeListener = StandardEventsListeners['change']
  const listeners: { listener: ChangeListener }[] = []
  const emitChange = (properties: Parameters<ChangeListener>[0]) => {
    for (const { listener } of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
    }
  }
  // One object per address, so an app comparing accounts by identity sees the same one again.
  const accountObjects = new Map<string, WalletAccount>()
  const accountOf = ({ address, publicKey }: AccountInfo) => {
    let account = accountObjects.get(address)
    if (!account) {
      account = Object.freeze({
        address,
        publicKey: fromBase64(publicKey),
        chains: Object.freeze([...config.chains]) as readonly IdentifierString[],
        features: Object.freeze([...accountFeatures]),
      })
      accountObjects.set(address, account)
    }
    return account
  }
  let accounts: readonly WalletAccount[] = Object.freeze([])
  const setAccounts = (next: AccountInfo[]) => {
    const changed =
      next.length !== accounts.length ||
      next.some(({ address }, index) => accounts[index]?.address !== address)
    if (!changed) return
    accounts = Object.freeze(next.map(accountOf))
    emitChange({ accounts })
  }

  const features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input) {
        const result = (await call('standard:connect', { silent: input?.silent === true })) as {
          accounts: AccountInfo[]
        }
        setAccounts(result.accounts)
        return { accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        await call('standard:disconnect', null)
        setAccounts([])
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        const entry = { listener }
        listeners.push(entry)
        return () => {
          const index = listeners.indexOf(entry)
          if (index >= 0) listeners.splice(index, 1)
        }
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs) {
        const params = inputs.map(({ account, message }) => ({
          account: accountIn(account),
          message: bytesIn(message, 'message'),
        }))
        const result = (await call('solana:signMessage', params)) as {
          signedMessage: string
          signature: string
        }[]
        return result.map(({ signedMessage, signature }) => ({
          signedMessage: fromBase64(signedMessage),
          signature: fromBase64(signature),
          signatureType: 'ed25519' as const,
        }))
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs) {
        const params = inputs.map(({ account, transaction, chain }) => ({
          account: accountIn(account),
          transaction: bytesIn(transaction, 'transaction'),
          ...(chain === undefined ? {} : { chain }),
        }))
        const result = (await call('solana:signTransaction', params)) as {
          signedTransaction: string
        }[]
        return result.map(({ signedTransaction }) => ({
          signedTransaction: fromBase64(signedTransaction),
        }))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs) {
        const params = inputs.map(({ account, transaction, chain, options }) => ({
          account: accountIn(account),
          transaction: bytesIn(transaction, 'transaction'),
          chain,
          ...(options === undefined ? {} : { options }),
        }))
        const result = (await call('solana:signAndSendTransaction', params)) as {
          signature: string
        }[]
        return result.map(({ signature }) => ({ signature: fromBase64(signature) }))
      },
    },
  }
  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: config.name,
    icon: config.icon as WalletIcon,
    chains: Object.freeze([...config.chains]) as readonly IdentifierString[],
    features: Object.freeze(features),
    get accounts() {
      return accounts
    },
  })

  // The standard's registerWallet, both ways round: tell an app already listening, and answer an
  // app that starts later.
  type RegisterApi = { register(wallet: Wallet): () => void }
  const registerWith = (api: RegisterApi | undefined) => {
    try {
      api?.register(wallet)
    } catch (error) {
      console.error('wallet-standard register failed', error)
    }
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }),
    )
  let registering = config.register === 'immediately' || scope[Symbol.for(`${config.key}:late`)]
  window.addEventListener('wallet-standard:app-ready', (event) => {
    if (registering) registerWith((event as CustomEvent<RegisterApi>).detail)
  })
  const store: ShimStore = {
    wallet,
    enable() {
      registering = true
      announce()
    },
    accountChanged(account) {
      if (accounts.length > 0) setAccounts([account])
    },
    disconnected() {
      accounts = Object.freeze([])
      emitChange({ accounts })
    },
  }
  Object.defineProperty(window, Symbol.for(config.key), { value: store, configurable: true })
  if (registering) announce()
}

type Signer = { keyPair: CryptoKeyPair; address: Address; publicKey: Uint8Array }

async function signerFrom(secretKey: Uint8Array | readonly number[]): Promise<Signer> {
  const bytes = Uint8Array.from(secretKey)
  if (bytes.length !== 64) throw new Error('A Solana secret key is 64 bytes')
  const keyPair = await createKeyPairFromBytes(bytes)
  const address = await getAddressFromPublicKey(keyPair.publicKey)
  return { keyPair, address, publicKey: Uint8Array.from(getAddressEncoder().encode(address)) }
}

class SolanaWallet implements SolanaTestWallet {
  readonly name: string
  readonly chains: readonly SolanaChain[]
  readonly rpcUrl: string
  readonly requests: SolanaWalletRequest[] = []
  private signer: Signer
  private readonly page: Page
  private readonly key: string
  private readonly sites = createSiteAccess()
  private readonly approvals: Approvals<SolanaWalletRequest>
  private registered = false
  /** One send at a time per wallet, in the order given, as wallets send a batch. */
  private readonly sendInOrder = createSerialQueue()

  constructor(page: Page, options: SolanaTestWalletOptions, key: string, signer: Signer) {
    this.page = page
    this.key = key
    this.name = options.name
    this.chains = options.chains ?? defaultChains
    this.rpcUrl = options.rpcUrl ?? solanaRpcUrl
    this.approvals = createApprovals<SolanaWalletRequest>(options.autoApprove ?? true)
    this.signer = signer
  }

  get address(): Address {
    return this.signer.address
  }

  get publicKey(): Uint8Array {
    return this.signer.publicKey
  }

  isAuthorized(origin: string): boolean {
    return this.sites.isAuthorized(origin)
  }

  authorize(origin: string): void {
    this.sites.authorize(origin)
  }

  async register(): Promise<void> {
    if (this.registered) return callShim(this.page, this.key, 'enable')
    this.registered = true
    await showLater(this.page, this.key)
  }

  rejectNext(feature?: SolanaFeature): void {
    this.approvals.rejectNext(feature)
  }

  failNext(error: string | SolanaWalletErrorShape, feature?: SolanaFeature): void {
    const { code, message } = typeof error === 'string' ? { code: -32603, message: error } : error
    this.approvals.failNext({ code, message }, feature)
  }

  holdNext(feature?: SolanaFeature): SolanaHeldRequest {
    return this.approvals.holdNext(feature)
  }

  nextApproval(feature?: SolanaFeature): Promise<SolanaPendingApproval> {
    return this.approvals.nextApproval(feature)
  }

  setAutoApprove(value: boolean): void {
    this.approvals.setAutoApprove(value)
  }

  async setAccount(secretKey: Uint8Array | readonly number[]): Promise<void> {
    this.signer = await signerFrom(secretKey)
    if (this.isAuthorized(this.pageOrigin()))
      await callShim(this.page, this.key, 'accountChanged', this.accountInfo())
  }

  async disconnectFromWallet(): Promise<void> {
    this.sites.forgetAll()
    await callShim(this.page, this.key, 'disconnected')
  }

  /** The binding's entry point: one request from the page's top-level document. */
  async handle(raw: BindingRequest, origin: string, topLevel: boolean): Promise<BindingReply> {
    try {
      const request = this.parse(raw, origin)
      this.requests.push(request)
      if (!topLevel) throw unauthorized()
      return { result: (await this.dispatch(request)) ?? null }
    } catch (error) {
      const { code, message } = errorReply(error, `Internal error: ${String(error)}`).error
      return { error: { code, message } }
    }
  }

  /** Decodes the page's request: base64 back to bytes, so the log holds what the page sent. */
  private parse({ method, params }: BindingRequest, origin: string): SolanaWalletRequest {
    switch (method) {
      case 'standard:connect':
        return {
          method,
          origin,
          params: { silent: (params as { silent?: unknown } | null)?.silent === true },
        }
      case 'standard:disconnect':
        return { method, origin, params: null }
      case 'solana:signMessage':
        return {
          method,
          origin,
          params: inputsParam(params).map((input) => ({
            account: String(input.account),
            message: bytesParam(input.message, 'message'),
          })),
        }
      case 'solana:signTransaction':
        return {
          method,
          origin,
          params: inputsParam(params).map((input) => ({
            account: String(input.account),
            transaction: bytesParam(input.transaction, 'transaction'),
            ...(typeof input.chain === 'string' ? { chain: input.chain } : {}),
          })),
        }
      case 'solana:signAndSendTransaction':
        return {
          method,
          origin,
          params: inputsParam(params).map((input) => {
            if (typeof input.chain !== 'string') throw invalidParams('chain is required')
            const options = input.options
            return {
              account: String(input.account),
              transaction: bytesParam(input.transaction, 'transaction'),
              chain: input.chain,
              ...(options && typeof options === 'object'
                ? { options: options as SolanaSendOptions }
                : {}),
            }
          }),
        }
      default:
        throw new WalletRpcError(4200, `The feature "${method}" is not supported by ${this.name}.`)
    }
  }

  private async dispatch(request: SolanaWalletRequest): Promise<unknown> {
    if (!promptFeatures.has(request.method)) await this.approvals.scripted(request)
    switch (request.method) {
      case 'standard:connect':
        return this.connect(request, request.params.silent)
      case 'standard:disconnect':
        // Like Phantom: the site is forgotten, so its next connect prompts again.
        this.sites.forget(request.origin)
        return null
      case 'solana:signMessage':
        return this.signMessages(request, request.params)
      case 'solana:signTransaction':
        return this.signTransactions(request, request.params)
      case 'solana:signAndSendTransaction':
        return this.signAndSendTransactions(request, request.params)
    }
  }

  /** The user's answer to a prompt: scripted, automatic, or left to the test. */
  private consent(request: SolanaWalletRequest): Promise<void> {
    return this.approvals.consent(request)
  }

  private accountInfo(): AccountInfo {
    return { address: this.address, publicKey: toBase64(this.publicKey) }
  }

  private async connect(
    request: SolanaWalletRequest,
    silent: boolean,
  ): Promise<{ accounts: AccountInfo[] }> {
    const { origin } = request
    if (this.isAuthorized(origin)) return { accounts: [this.accountInfo()] }
    if (silent) return { accounts: [] }
    await this.sites.prompt(origin, request.method, () => this.consent(request))
    this.authorize(origin)
    return { accounts: [this.accountInfo()] }
  }

  private requireAccount(origin: string, inputs: readonly { account: string }[]) {
    if (!this.isAuthorized(origin)) throw unauthorized()
    if (inputs.some(({ account }) => account !== this.address)) throw unauthorized()
  }

  private requireChain(chain: string | undefined) {
    if (chain !== undefined && !this.chains.includes(chain as SolanaChain)) {
      throw invalidParams(`${this.name} does not support the chain "${chain}"`)
    }
  }

  /** Decodes a wire transaction and checks it waits for this account's signature. */
  private transactionOf(bytes: Uint8Array): Transaction {
    let transaction: Transaction
    try {
      transaction = getTransactionDecoder().decode(bytes)
    } catch (error) {
      throw invalidParams(`not a wire-format transaction (${(error as Error).message})`)
    }
    if (!(this.address in transaction.signatures)) {
      throw invalidParams(`the transaction needs no signature from ${this.address}`)
    }
    return transaction
  }

  private async signMessages(
    request: SolanaWalletRequest,
    inputs: { account: string; message: Uint8Array }[],
  ) {
    this.requireAccount(request.origin, inputs)
    await this.consent(request)
    const { privateKey } = this.signer.keyPair
    return Promise.all(
      inputs.map(async ({ message }) => ({
        signedMessage: toBase64(message),
        signature: toBase64(await signBytes(privateKey, message)),
      })),
    )
  }

  private async sign(transactions: Transaction[]): Promise<Transaction[]> {
    const { keyPair } = this.signer
    return Promise.all(
      transactions.map((transaction) => partiallySignTransaction([keyPair], transaction)),
    )
  }

  private async signTransactions(
    request: SolanaWalletRequest,
    inputs: { account: string; transaction: Uint8Array; chain?: string }[],
  ) {
    this.requireAccount(request.origin, inputs)
    for (const { chain } of inputs) this.requireChain(chain)
    const transactions = inputs.map(({ transaction }) => this.transactionOf(transaction))
    await this.consent(request)
    const signed = await this.sign(transactions)
    return signed.map((transaction) => ({
      signedTransaction: toBase64(Uint8Array.from(getTransactionEncoder().encode(transaction))),
    }))
  }

  private async signAndSendTransactions(
    request: SolanaWalletRequest,
    inputs: {
      account: string
      transaction: Uint8Array
      chain: string
      options?: SolanaSendOptions
    }[],
  ) {
    this.requireAccount(request.origin, inputs)
    for (const { chain } of inputs) this.requireChain(chain)
    const transactions = inputs.map(({ transaction }) => this.transactionOf(transaction))
    await this.consent(request)
    const signed = await this.sign(transactions)
    return this.sendInOrder(async () => {
      const signatures: { signature: string }[] = []
      for (const [index, transaction] of signed.entries()) {
        const { commitment, ...sendOptions } = inputs[index]?.options ?? {}
        const wire = toBase64(Uint8Array.from(getTransactionEncoder().encode(transaction)))
        const signature = (await rpc(this.rpcUrl, 'sendTransaction', [
          wire,
          { ...sendOptions, encoding: 'base64' },
        ])) as string
        if (commitment) await this.confirm(signature)
        signatures.push({
          signature: toBase64(Uint8Array.from(getBase58Encoder().encode(signature))),
        })
      }
      return signatures
    })
  }

  /** Waits until the node reports the transaction, failing with its error if it failed. */
  private async confirm(signature: string): Promise<void> {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const { value } = (await rpc(this.rpcUrl, 'getSignatureStatuses', [[signature]])) as {
        value: ({ err: unknown } | null)[]
      }
      const status = value[0]
      if (status) {
        if (status.err) {
          throw new WalletRpcError(-32003, `Transaction failed: ${JSON.stringify(status.err)}`)
        }
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new WalletRpcError(-32603, `Transaction ${signature} was not confirmed in time`)
  }

  private pageOrigin(): string {
    return originOf(this.page.url())
  }
}

/**
 * Installs a Wallet Standard test wallet in `page` (call before page.goto). Wallets with
 * different names can share a page, and so can this and an EVM test wallet of the same name; the
 * shim lives only in top-level documents, never in frames.
 *
 * @example
 * const phantom = await installSolanaTestWallet(page, { name: 'Phantom' })
 * phantom.rejectNext('solana:signMessage')
 */
export async function installSolanaTestWallet(
  page: Page,
  options: SolanaTestWalletOptions,
): Promise<SolanaTestWallet> {
  const id = options.name.replace(/[^a-zA-Z0-9]/g, '_')
  const key = `airlock.solanaTestWallet.${options.name}`
  const signer = await signerFrom(options.secretKey ?? solanaAccounts[0].secretKey)
  const wallet = new SolanaWallet(page, options, key, signer)
  const binding = `__solanaTestWallet_${id}`
  await exposeWalletBinding(page, binding, (call, origin, topLevel) =>
    wallet.handle(call, origin, topLevel),
  )
  const config: ShimConfig = {
    key,
    binding,
    name: options.name,
    icon: options.icon ?? defaultIcon,
    chains: wallet.chains,
    register: options.register ?? 'immediately',
  }
  await page.addInitScript(installShim, config)
  return wallet
}
