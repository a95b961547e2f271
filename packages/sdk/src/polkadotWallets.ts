/**
 * Polkadot wallets on the host page: the extensions that inject themselves into
 * `window.injectedWeb3` by the `@polkadot/extension-dapp` protocol (polkadot{.js}, Talisman,
 * SubWallet…), read directly so the module stays small. Built as its own module
 * (`airlock-polkadot.js`) that the SDK imports only on pages whose networks include Polkadot. The
 * frame calls them with `polkadot_*` bridge methods; addresses go as the wallet gives them (the
 * frame re-encodes them to its network's SS58 prefix).
 */
import type { RequestArguments } from '@airlock/protocol'
import type { HostWallet, WalletEventListener, WalletModule } from './hostWallets'

type InjectedAccount = {
  address: string
  name?: string
  type?: string
  genesisHash?: string | null
}
type SignerResult = { id: number; signature: string }
/** What an extension's `enable(originName)` gives the site (extension-inject's `Injected`). */
type Injected = {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe(listener: (accounts: InjectedAccount[]) => void): () => void
  }
  signer: {
    signRaw?(raw: { address: string; data: string; type: 'bytes' }): Promise<SignerResult>
    signPayload?(payload: { address: string }): Promise<SignerResult>
  }
}
/** An entry of `window.injectedWeb3`. */
type InjectedExtension = { version?: string; enable(originName: string): Promise<Injected> }
type Params = {
  /** A connect that never prompts an authorised site: [] when the extension refuses. */
  silent?: boolean
  dappName: string
  address: string
  data: string
  payload: { address: string }
}

/** The names extensions are known by; any other is listed by its key. */
const knownNames: Record<string, string> = {
  'polkadot-js': 'polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
}
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
/** Parameters the frame got wrong: JSON-RPC's invalid params, before the extension is asked. */
const invalid = (message: string) => rpcError(-32602, message)
const notConnected = () => rpcError(4100, 'The account is not connected to this site.')
const unsupported = (method: string) => rpcError(4200, `The wallet does not support ${method}.`)
/**
 * A visitor's no, which these wallets throw as a plain Error ('Rejected', 'Cancelled', 'Request
 * rejected'…), as EIP-1193's 4001 so the frame tells it from a failure; other errors as they are.
 */
const refused = (error: unknown): never => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  throw code === undefined && /reject|cancel|denied|not allowed/i.test(String(message))
    ? rpcError(4001, String(message))
    : error
}

/**
 * Watches the page's Polkadot extensions; `onEvent` (`polkadotAccountsChanged`, with their
 * addresses) runs when the accounts a connected extension shares change.
 */
export function discover(_onChange: () => void, onEvent: WalletEventListener): WalletModule {
  /** Each extension's id as last listed: it changes when a same-named wallet appears later. */
  const ids = new WeakMap<InjectedExtension, string>()
  /** What each extension gave this site, with the end of its accounts subscription. */
  const connected = new Map<InjectedExtension, { injected: Injected; unsubscribe: () => void }>()

  /** A wallet of the same name gains polkadot; others are listed as Polkadot-only. */
  const add = (wallets: HostWallet[], name: string, extension: InjectedExtension) => {
    let same = wallets.find((known) => known.name.toLowerCase() === name.toLowerCase())
    if (same?.polkadot) return
    if (same) same.namespaces = [...(same.namespaces ?? ['eip155']), 'polkadot']
    else {
      same = { id: `polkadot:${name}`, name, icon: '', type: 'ANNOUNCED', namespaces: ['polkadot'] }
      wallets.push(same)
    }
    same.polkadot = extension
    ids.set(extension, same.id)
  }

  const enable = async (extension: InjectedExtension, dappName: string) => {
    const injected = await extension.enable(dappName).catch(refused)
    if (connected.get(extension)?.injected !== injected) {
      connected.get(extension)?.unsubscribe()
      const unsubscribe = injected.accounts.subscribe((accounts) =>
        onEvent(
          ids.get(extension)!,
          'polkadotAccountsChanged',
          accounts.map(({ address }) => address),
        ),
      )
      connected.set(extension, { injected, unsubscribe })
    }
    return injected
  }
  /** The extension's grant, once the address is one it shares with this site (else 4100). */
  const holding = async (extension: InjectedExtension, address: unknown) => {
    const injected = connected.get(extension)?.injected
    const accounts = (await injected?.accounts.get()) ?? []
    if (!injected || !accounts.some((account) => account.address === address)) throw notConnected()
    return injected
  }

  async function call(extension: InjectedExtension, method: string, input: Params) {
    if (method === 'polkadot_connect') {
      if (typeof input.dappName !== 'string' || !input.dappName)
        throw invalid('dappName must be the name the extension shows the visitor.')
      const injected = input.silent
        ? await enable(extension, input.dappName).catch(() => undefined)
        : await enable(extension, input.dappName)
      return ((await injected?.accounts.get()) ?? []).map(({ address, type, name }) => ({
        address,
        ...(type ? { type } : {}),
        ...(name ? { name } : {}),
      }))
    }
    if (method === 'polkadot_signRaw') {
      if (typeof input.data !== 'string' || !/^0x(?:[\da-f]{2})*$/i.test(input.data))
        throw invalid('data must be the bytes to sign as 0x and hex.')
      const { signer } = await holding(extension, input.address)
      if (!signer.signRaw) throw unsupported(method)
      const { signature } = await signer
        .signRaw({ address: input.address, data: input.data, type: 'bytes' })
        .catch(refused)
      return { signature }
    }
    if (method === 'polkadot_signPayload') {
      if (typeof input.payload?.address !== 'string')
        throw invalid('payload must be a SignerPayloadJSON, with its address.')
      const { signer } = await holding(extension, input.payload?.address)
      if (!signer.signPayload) throw unsupported(method)
      const { signature } = await signer.signPayload(input.payload).catch(refused)
      return { signature }
    }
    if (method === 'polkadot_disconnect') {
      // Extensions have no disconnect: the site forgets what it was given.
      connected.get(extension)?.unsubscribe()
      connected.delete(extension)
      return null
    }
    throw unsupported(method)
  }

  return {
    merge(wallets) {
      const injectedWeb3 = (globalThis as { injectedWeb3?: Record<string, InjectedExtension> })
        .injectedWeb3
      for (const [key, extension] of Object.entries(injectedWeb3 ?? {}))
        if (typeof extension?.enable === 'function') add(wallets, knownNames[key] ?? key, extension)
      return wallets
    },
    request({ polkadot }, { method, params }: RequestArguments) {
      if (!polkadot || !method.startsWith('polkadot_')) return
      return call(polkadot as InjectedExtension, method, (params ?? {}) as Params)
    },
  }
}
