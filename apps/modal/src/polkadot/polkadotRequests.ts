/**
 * The site's Polkadot requests (WalletConnect's `polkadot_signMessage` and
 * `polkadot_signTransaction`, and `polkadot_sendTokens`), for a Polkadot extension of the host
 * page (polkadot{.js}, Talisman, SubWallet): each checked here, then signed by the extension
 * (a message's signature checked against the account before the site gets it) or built by the
 * modal (a transfer) and submitted to the network's node. Accounts are shown with the network's
 * SS58 prefix, whatever prefix the extension gave them in. Loaded with the first Polkadot request.
 */
import {
  InvalidParamsError,
  type NetworkConfig,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import {
  decodePolkadotAddress,
  PolkadotAddressError,
  type PolkadotNetworkName,
  polkadotAddressOf,
  polkadotAddressOn,
  polkadotNetworkOf,
  verifyPolkadotMessage,
} from '@airlock/protocol/polkadot'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import type { PerNetworkModule } from '../connectors/perNetworkWallets'

/** The name a Polkadot extension shows the visitor when the site asks to connect. */
export const dappName = 'Airlock'
/** Messages to sign are kept under 64 KiB, as the other namespaces'. */
const maxMessageLength = 65_536

type Params = Record<string, unknown>
const invalid = (message: string) => new InvalidParamsError({ message })

/** The active network as a Polkadot network Airlock knows. */
export function polkadotNetwork(network: NetworkConfig | undefined) {
  const name = network && polkadotNetworkOf(network.caipNetworkId)
  if (!network || !name) throw invalid('No Polkadot network is active.')
  return { network, name }
}

/** A host wallet's `polkadot_connect` answer as addresses of `name` (its SS58 prefix). */
export function polkadotAddressesOf(value: unknown, name: PolkadotNetworkName): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const { address, type } = (item ?? {}) as Params
    // Ethereum-style accounts (type 'ethereum') are not Substrate addresses.
    if (typeof address !== 'string' || type === 'ethereum') return []
    try {
      return [polkadotAddressOf(decodePolkadotAddress(address).publicKey, name)]
    } catch {
      return []
    }
  })
}

/** The wallet's accounts on `network` (asked silently, or with the extension's prompt). */
export async function polkadotAccounts(
  host: HostWalletCall,
  network: NetworkConfig,
  { silent }: { silent: boolean },
): Promise<string[]> {
  const { name } = polkadotNetwork(network)
  const answer = await host({
    method: 'polkadot_connect',
    params: { dappName, ...(silent ? { silent } : {}) },
  })
  return polkadotAddressesOf(answer, name)
}

export type PolkadotRequestContext = {
  address: string | undefined
  network: NetworkConfig | undefined
  /** The wallet, asked with the host's `polkadot_*` calls (`airlock-polkadot.js`'s shapes). */
  host: HostWalletCall
}

const paramsOf = ({ method, params }: RequestArguments): Params => {
  if (params === undefined) return {}
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalid(`${method} takes an object of parameters.`)
  return params as Params
}

/** An address of the network, refused in words otherwise. */
function addressOn(value: unknown, name: PolkadotNetworkName, field: string) {
  if (typeof value !== 'string') throw invalid(`${field} must be a Polkadot address.`)
  try {
    return polkadotAddressOn(value, name)
  } catch (error) {
    throw invalid(error instanceof PolkadotAddressError ? error.shortMessage : String(error))
  }
}

/** The connected account; a named one must be it. */
async function signerOf(context: PolkadotRequestContext, network: NetworkConfig, named: unknown) {
  const { name } = polkadotNetwork(network)
  const address = named === undefined ? context.address : addressOn(named, name, 'address')
  const accounts = await polkadotAccounts(context.host, network, { silent: true })
  if (!address || !accounts.includes(address) || address !== context.address)
    throw invalid(`${String(address)} is not the connected account.`)
  return address
}

/** Answers a site's Polkadot request with the connected extension. */
export async function polkadotRequest(
  args: RequestArguments,
  context: PolkadotRequestContext,
): Promise<unknown> {
  const p = paramsOf(args)
  const { network, name } = polkadotNetwork(context.network)
  switch (args.method) {
    case 'polkadot_getAccounts':
      return (await polkadotAccounts(context.host, network, { silent: true })).map((address) => ({
        address,
      }))
    case 'polkadot_signMessage': {
      const { message } = p
      if (typeof message !== 'string' || message.length === 0 || message.length > maxMessageLength)
        throw invalid(`message must be text of 1 to ${maxMessageLength} characters.`)
      const address = await signerOf(context, network, p.address)
      const answer = await context.host({
        method: 'polkadot_signRaw',
        params: { address, data: hexOf(message) },
      })
      const signature = (answer as { signature?: unknown } | undefined)?.signature
      // The site gets a signature only once it is the account's, of this message.
      let valid = false
      try {
        valid =
          typeof signature === 'string' &&
          verifyPolkadotMessage({ address, message, signature, network: name })
      } catch {}
      if (!valid) throw new Error('The wallet signed with another key than the account’s.')
      return { signature }
    }
    case 'polkadot_signTransaction': {
      const payload = p.transactionPayload as Params | undefined
      if (typeof payload !== 'object' || payload === null)
        throw invalid('transactionPayload must be a signer payload.')
      const address = await signerOf(context, network, payload.address)
      return context.host({
        method: 'polkadot_signPayload',
        params: { payload: { ...payload, address } },
      })
    }
    case 'polkadot_sendTokens': {
      const to = addressOn(p.recipientAddress, name, 'recipientAddress')
      const { amount } = p
      if (typeof amount !== 'string' || !/^[1-9][0-9]{0,38}$/.test(amount))
        throw invalid('amount must be a whole number of plancks, as a decimal string.')
      const from = await signerOf(context, network, undefined)
      const { sendPolkadotTransfer } = await import('./polkadotTransfer')
      const transactionHash = await sendPolkadotTransfer(
        network,
        from,
        to,
        BigInt(amount),
        async (payload) => {
          const answer = await context.host({
            method: 'polkadot_signPayload',
            params: { payload },
          })
          const signature = (answer as { signature?: unknown } | undefined)?.signature
          if (typeof signature !== 'string')
            throw new Error('The wallet returned the transfer unsigned: nothing was sent.')
          return signature
        },
      )
      return { transactionHash }
    }
    default:
      throw new UnsupportedMethodError({ details: `${args.method} is not offered.` })
  }
}

/** A text's UTF-8 bytes as 0x-hex, as `signRaw` takes data. */
const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** The Polkadot side of the host page's extensions (connectors/perNetworkWallets.ts). */
export const polkadotWalletModule: PerNetworkModule = {
  accounts: polkadotAccounts,
  request: (args, { address, networkConfig, host }) =>
    polkadotRequest(args, { address, network: networkConfig, host }),
  // An extension gives its accounts in any SS58 prefix: written with the active network's.
  eventAccounts(addresses, network) {
    const name = network && polkadotNetworkOf(network.caipNetworkId)
    return name
      ? polkadotAddressesOf(
          addresses.map((address) => ({ address })),
          name,
        )
      : []
  },
  async disconnect(host) {
    await host({ method: 'polkadot_disconnect' })
  },
}
