/**
 * Cosmos wallets on the host page: Keplr (`window.keplr`) and Leap (`window.leap`), which speak
 * the same injected API, called directly so the module stays small (no @keplr-wallet or @cosmjs
 * code). Built as its own module (`airlock-cosmos.js`) that the SDK imports only on pages whose
 * networks include Cosmos. The frame calls them with `cosmos_*` bridge methods, in JSON: bytes in
 * base64, account numbers as decimal strings.
 */
import type { RequestArguments } from '@airlock/protocol'
import type { HostWallet, WalletEventListener, WalletModule } from './hostWallets'

type StdSignature = { pub_key: { type: string; value: string }; signature: string }
type Key = { name: string; algo: string; pubKey: Uint8Array; bech32Address: string }
/** A SignDoc of SIGN_MODE_DIRECT, in the wallet's form (bytes) or the bridge's (base64). */
type DirectSignDoc<Bytes, AccountNumber> = {
  bodyBytes: Bytes
  authInfoBytes: Bytes
  chainId: string
  accountNumber: AccountNumber
}
/** The part of Keplr's injected API (Leap's is the same) Airlock uses. */
type Keplr = {
  enable(chainIds: string | string[]): Promise<void>
  experimentalSuggestChain(chainInfo: object): Promise<void>
  getKey(chainId: string): Promise<Key>
  signArbitrary(chainId: string, signer: string, data: string): Promise<StdSignature>
  signDirect(
    chainId: string,
    signer: string,
    signDoc: DirectSignDoc<Uint8Array, bigint>,
  ): Promise<{ signed: DirectSignDoc<Uint8Array, { toString(): string }>; signature: StdSignature }>
  signAmino(
    chainId: string,
    signer: string,
    signDoc: object,
  ): Promise<{ signed: object; signature: StdSignature }>
  disable?(chainIds?: string | string[]): Promise<void>
}
type Params = {
  chainId: string
  /** Keplr's ChainInfo, suggested when the wallet doesn't know the chain. */
  chainInfo?: object
  /** A connect that never prompts: the key only when the site is already allowed. */
  silent?: boolean
  address: string
  message: string
  signDoc: DirectSignDoc<string, string>
}

/** The wallets of this API: where each injects itself, and the event it fires on a key change. */
const injections = [
  { global: 'keplr', name: 'Keplr' },
  { global: 'leap', name: 'Leap' },
] as const

const base64 = (bytes: Uint8Array) =>
  btoa(bytes.reduce((text, byte) => text + String.fromCharCode(byte), ''))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
/** Parameters the frame got wrong: JSON-RPC's invalid params, before the wallet is asked. */
const invalid = (message: string) => rpcError(-32602, message)
const base64Text = /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/
const notConnected = () => rpcError(4100, 'The account is not connected to this site.')
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
 * Watches the page's Keplr-style wallets; `onEvent` (`cosmosAccountsChanged`, with the current
 * addresses of the chains the site enabled through it) runs when the wallet's key changes.
 */
export function discover(_onChange: () => void, onEvent: WalletEventListener): WalletModule {
  /** Each wallet's id as last listed: it changes when a same-named wallet appears later. */
  const ids = new WeakMap<Keplr, string>()
  /** The chains each wallet was enabled on through this module, whose addresses it reports. */
  const enabled = new Map<Keplr, Set<string>>()

  const keyChanged = async (keplr: Keplr) => {
    const keys = await Promise.all(
      [...(enabled.get(keplr) ?? [])].map((chainId) => keplr.getKey(chainId).catch(() => null)),
    )
    onEvent(
      ids.get(keplr)!,
      'cosmosAccountsChanged',
      keys.flatMap((key) => (key ? [key.bech32Address] : [])),
    )
  }
  /** A wallet of the same name gains cosmos; others are listed as Cosmos-only. */
  const add = (wallets: HostWallet[], name: string, global: string, keplr: Keplr) => {
    let same = wallets.find((known) => known.name.toLowerCase() === name.toLowerCase())
    if (same?.cosmos) return
    if (same) same.namespaces = [...(same.namespaces ?? ['eip155']), 'cosmos']
    else {
      same = { id: `cosmos:${name}`, name, icon: '', type: 'ANNOUNCED', namespaces: ['cosmos'] }
      wallets.push(same)
    }
    same.cosmos = keplr
    const watched = ids.has(keplr)
    ids.set(keplr, same.id)
    if (!watched) addEventListener(`${global}_keystorechange`, () => keyChanged(keplr))
  }

  /** The wallet's key on the chain, once it is the address named (else 4100). */
  const holding = async (keplr: Keplr, { chainId, address }: Params) => {
    const key = await keplr.getKey(chainId).catch(() => undefined)
    if (!key || key.bech32Address !== address) throw notConnected()
  }
  const account = async (keplr: Keplr, chainId: string) => {
    const { bech32Address, pubKey, algo } = await keplr.getKey(chainId)
    const chains = enabled.get(keplr) ?? new Set()
    enabled.set(keplr, chains.add(chainId))
    return [{ address: bech32Address, publicKey: base64(pubKey), algo }]
  }

  async function call(keplr: Keplr, method: string, input: Params) {
    const { chainId, signDoc } = input
    if (!/^cosmos_(connect|signArbitrary|signDirect|signAmino|disconnect)$/.test(method))
      throw rpcError(4200, `The wallet does not support ${method}.`)
    if (typeof chainId !== 'string' || !chainId) throw invalid('chainId must be a Cosmos chain id.')
    const enable = () => keplr.enable(chainId).catch(refused)
    if (method === 'cosmos_connect') {
      if (input.silent)
        return (await enable().then(
          () => true,
          () => false,
        ))
          ? account(keplr, chainId)
          : []
      await enable().catch(async (error: { code?: unknown }) => {
        // A chain the wallet doesn't know (the frame sends its ChainInfo): suggested, then asked
        // again. A refusal is the visitor's answer, not a chain to suggest.
        if (!input.chainInfo || error?.code === 4001) throw error
        await keplr.experimentalSuggestChain(input.chainInfo).catch(refused)
        await enable()
      })
      return account(keplr, chainId)
    }
    if (method === 'cosmos_signArbitrary') {
      if (typeof input.message !== 'string') throw invalid('message must be text.')
      await holding(keplr, input)
      return keplr.signArbitrary(chainId, input.address, input.message).catch(refused)
    }
    if (method === 'cosmos_signDirect') {
      const { bodyBytes, authInfoBytes, accountNumber } = signDoc ?? ({} as Params['signDoc'])
      if (
        ![bodyBytes, authInfoBytes].every(
          (bytes) => typeof bytes === 'string' && base64Text.test(bytes),
        ) ||
        !/^\d+$/.test(String(accountNumber)) ||
        typeof signDoc.chainId !== 'string'
      )
        throw invalid(
          'signDoc must have bodyBytes and authInfoBytes in base64, its chainId, and accountNumber as a decimal string.',
        )
      await holding(keplr, input)
      const { signed, signature } = await keplr
        .signDirect(chainId, input.address, {
          bodyBytes: fromBase64(bodyBytes),
          authInfoBytes: fromBase64(authInfoBytes),
          chainId: signDoc.chainId,
          accountNumber: BigInt(accountNumber),
        })
        .catch(refused)
      return {
        signed: {
          bodyBytes: base64(signed.bodyBytes),
          authInfoBytes: base64(signed.authInfoBytes),
          chainId: signed.chainId,
          accountNumber: signed.accountNumber.toString(),
        },
        signature,
      }
    }
    if (method === 'cosmos_signAmino') {
      if (typeof signDoc !== 'object' || !signDoc) throw invalid('signDoc must be a StdSignDoc.')
      await holding(keplr, input)
      const { signed, signature } = await keplr
        .signAmino(chainId, input.address, signDoc)
        .catch(refused)
      return { signed, signature }
    }
    // cosmos_disconnect
    enabled.get(keplr)?.delete(chainId)
    return (await keplr.disable?.(chainId)) ?? null
  }

  return {
    merge(wallets) {
      for (const { global, name } of injections) {
        const keplr = (globalThis as Record<string, unknown>)[global] as Keplr | undefined
        if (typeof keplr?.getKey === 'function') add(wallets, name, global, keplr)
      }
      return wallets
    },
    request({ cosmos }, { method, params }: RequestArguments) {
      if (!cosmos || !method.startsWith('cosmos_')) return
      return call(cosmos as Keplr, method, (params ?? {}) as Params)
    },
  }
}
