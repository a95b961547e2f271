/**
 * Solana wallets on the host page, by Wallet Standard (`@wallet-standard/app`). Built as its own
 * module (`airlock-solana.js`) that the SDK imports only on pages whose networks include Solana,
 * so EVM-only sites don't carry it. Wallets register whenever they load: `getWallets()` asks the
 * ones already there and hears later ones.
 */
import type { RequestArguments } from '@airlock/protocol'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { HostWallet, WalletEventListener, WalletModule } from './hostWallets'

/** Wallet Standard features the frame may call, as `namespace_name` bridge methods. */
const standardMethods =
  /^(standard_(dis)?connect|solana_sign(Message|Transaction|AndSendTransaction))$/

type Feature = Record<string, (input: object) => Promise<unknown>>
type StandardEvents = {
  on(event: 'change', listener: (change: { accounts?: WalletAccount[] }) => void): () => void
}

const addresses = (accounts: readonly WalletAccount[]) => accounts.map(({ address }) => address)
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

/**
 * Watches the page's Wallet Standard wallets; `onChange` runs when one registers or leaves,
 * `onEvent` (`solanaAccountsChanged`) when a wallet's accounts change.
 */
export function discover(onChange: () => void, onEvent: WalletEventListener): WalletModule {
  const registry = getWallets()
  registry.on('register', onChange)
  registry.on('unregister', onChange)
  const watched = new WeakSet<Wallet>()
  return {
    /**
     * Adds the Solana wallets to the page's EIP-1193 ones: a wallet of the same name gains the
     * solana namespace, others are listed as Solana-only.
     */
    merge(wallets: HostWallet[]) {
      for (const wallet of registry.get()) {
        if (!wallet.chains.some((chain) => chain.startsWith('solana:'))) continue
        if (!('standard:connect' in wallet.features)) continue
        const name = wallet.name.toLowerCase()
        let same = wallets.find((known) => known.name.toLowerCase() === name)
        if (same) same.namespaces = [...(same.namespaces ?? ['eip155']), 'solana']
        else {
          same = {
            id: `standard:${wallet.name}`,
            name: wallet.name,
            icon: wallet.icon,
            type: 'ANNOUNCED',
            namespaces: ['solana'],
          }
          wallets.push(same)
        }
        same.standard = wallet
        const { id } = same
        if (watched.has(wallet)) continue
        watched.add(wallet)
        ;(wallet.features['standard:events'] as StandardEvents | undefined)?.on(
          'change',
          ({ accounts }) => accounts && onEvent(id, 'solanaAccountsChanged', addresses(accounts)),
        )
      }
      return wallets
    },
    /**
     * Calls a feature for the frame: `solana_signMessage` is
     * `features['solana:signMessage'].signMessage`. An `account` parameter names one of the
     * wallet's accounts by address. Answers are plain data that crosses the bridge: the
     * addresses of a connect, the first output of a sign. Undefined: not a Solana request.
     */
    request({ standard }: HostWallet, request: RequestArguments) {
      return standard && /^s[a-z]+_/.test(request.method) ? call(standard, request) : undefined
    },
  }
}

async function call(wallet: Wallet, { method, params }: RequestArguments) {
  const [namespace, name] = method.split('_') as [string, string]
  const feature = wallet.features[`${namespace}:${name}`] as Feature | undefined
  if (!standardMethods.test(method) || !feature)
    throw rpcError(4200, `The wallet does not support ${method}.`)
  const input = { ...params } as { account?: unknown }
  if (input.account !== undefined) {
    input.account = wallet.accounts.find(({ address }) => address === input.account)
    if (!input.account) throw rpcError(4100, 'The account is not connected to this site.')
  }
  const result = (await feature[name]!(input)) as { accounts?: WalletAccount[] } & unknown[]
  return result?.accounts ? addresses(result.accounts) : result?.[0]
}
