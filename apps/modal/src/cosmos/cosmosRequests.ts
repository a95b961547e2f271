/**
 * The site's Cosmos requests (`cosmos_*`, WalletConnect's cosmos methods and ADR-036's
 * `signArbitrary`), for a Cosmos wallet of the host page (Keplr, Leap): each checked here, then
 * answered from the wallet's key, signed by the wallet (its signature checked against the key
 * before the site gets it), or built by the modal (a bank send) and broadcast through the
 * network's REST API. Loaded with the first Cosmos request.
 */
import {
  type CosmosNetworkName,
  cosmosNetworkOf,
  cosmosNetworkParams,
  InvalidParamsError,
  type NetworkConfig,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import { CosmosAddressError, cosmosAddressOn, verifyCosmosMessage } from '@airlock/protocol/cosmos'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import type { PerNetworkModule } from '../connectors/perNetworkWallets'
import { cosmosRest } from './cosmosRest'
import { planCosmosSend, signedCosmosTx } from './cosmosTransfer'

/** A wallet's account on one Cosmos chain: its address and public key (base64, compressed). */
export type CosmosAccount = { address: string; publicKey: string; algo: string }

/** Messages to sign are kept under 64 KiB, as Solana's and Bitcoin's. */
const maxMessageLength = 65_536

type Params = Record<string, unknown>
const invalid = (message: string) => new InvalidParamsError({ message })

/** The active network as a Cosmos network Airlock knows, with its parameters. */
export function cosmosNetwork(network: NetworkConfig | undefined) {
  const name = network && cosmosNetworkOf(network.caipNetworkId)
  if (!network || !name) throw invalid('No Cosmos network is active.')
  return { network, name, params: cosmosNetworkParams[name] }
}

/** A host wallet's `cosmos_connect` answer as accounts of `name` (another chain's left out). */
export function cosmosAccountsOf(value: unknown, name: CosmosNetworkName): CosmosAccount[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): CosmosAccount[] => {
    const { address, publicKey, algo } = (item ?? {}) as Params
    if (typeof address !== 'string' || typeof publicKey !== 'string') return []
    // A compressed secp256k1 key: 33 bytes, 44 base64 characters.
    if (!/^[A-Za-z0-9+/]{44}$/.test(publicKey)) return []
    try {
      cosmosAddressOn(address, name)
    } catch {
      return []
    }
    return [{ address, publicKey, algo: typeof algo === 'string' ? algo : 'secp256k1' }]
  })
}

/**
 * What Keplr's `experimentalSuggestChain` takes for a chain it doesn't know: the local chain
 * (the stand-in serves CometBFT's RPC under `/rpc` beside its REST API). Known chains need none.
 */
export function suggestedChainInfo(network: NetworkConfig, name: CosmosNetworkName) {
  if (name !== 'local') return undefined
  const { chainId, bech32Prefix: prefix, denom, gasPrice } = cosmosNetworkParams[name]
  const rest = network.rpcUrl.replace(/\/+$/, '')
  const currency = {
    coinDenom: network.nativeCurrency.symbol,
    coinMinimalDenom: denom,
    coinDecimals: network.nativeCurrency.decimals,
  }
  return {
    chainId,
    chainName: network.name,
    rpc: `${rest}/rpc`,
    rest,
    bip44: { coinType: 118 },
    bech32Config: {
      bech32PrefixAccAddr: prefix,
      bech32PrefixAccPub: `${prefix}pub`,
      bech32PrefixValAddr: `${prefix}valoper`,
      bech32PrefixValPub: `${prefix}valoperpub`,
      bech32PrefixConsAddr: `${prefix}valcons`,
      bech32PrefixConsPub: `${prefix}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [
      { ...currency, gasPriceStep: { low: gasPrice, average: gasPrice * 1.5, high: gasPrice * 2 } },
    ],
    stakeCurrency: currency,
  }
}

/** The wallet's accounts on `network` (asked silently, or with the wallet's prompt). */
export async function cosmosAccounts(
  host: HostWalletCall,
  network: NetworkConfig,
  { silent }: { silent: boolean },
): Promise<CosmosAccount[]> {
  const { name, params } = cosmosNetwork(network)
  const chainInfo = suggestedChainInfo(network, name)
  const answer = await host({
    method: 'cosmos_connect',
    params: {
      chainId: params.chainId,
      ...(chainInfo ? { chainInfo } : {}),
      ...(silent ? { silent } : {}),
    },
  })
  return cosmosAccountsOf(answer, name)
}

export type CosmosRequestContext = {
  /** The connected address. */
  address: string | undefined
  network: NetworkConfig | undefined
  /** The wallet, asked with the host's `cosmos_*` calls (`airlock-cosmos.js`'s shapes). */
  host: HostWalletCall
}

const paramsOf = ({ method, params }: RequestArguments): Params => {
  if (params === undefined) return {}
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalid(`${method} takes an object of parameters.`)
  return params as Params
}

/** The connected account on the active network; a named signer must be it. */
async function signerOf(context: CosmosRequestContext, network: NetworkConfig, named: unknown) {
  if (named !== undefined && typeof named !== 'string')
    throw invalid('signerAddress must be a string.')
  const [account] = (await cosmosAccounts(context.host, network, { silent: true })).filter(
    ({ address }) => address === context.address,
  )
  if (!account) throw invalid('The connected account is not on this Cosmos network.')
  if (named !== undefined && named !== account.address)
    throw invalid(`${named} is not the connected account.`)
  return account
}

/** A sign document's chain must be the active network's: a signature elsewhere is refused. */
function checkChain(signDoc: unknown, chainId: string, field: 'chainId' | 'chain_id') {
  const named = (signDoc as Params | undefined)?.[field]
  if (typeof signDoc !== 'object' || signDoc === null)
    throw invalid('signDoc must be a sign document.')
  if (named !== chainId)
    throw invalid(`signDoc is for ${String(named)}, not the active network ${chainId}.`)
}

/** Answers a site's `cosmos_*` request with the connected Cosmos wallet. */
export async function cosmosRequest(
  args: RequestArguments,
  context: CosmosRequestContext,
): Promise<unknown> {
  const p = paramsOf(args)
  const { network, name, params } = cosmosNetwork(context.network)
  switch (args.method) {
    case 'cosmos_getAccounts':
      return (await cosmosAccounts(context.host, network, { silent: true })).map(
        ({ address, algo, publicKey }) => ({ address, algo, pubkey: publicKey }),
      )
    case 'cosmos_signArbitrary': {
      const { message } = p
      if (typeof message !== 'string' || message.length === 0 || message.length > maxMessageLength)
        throw invalid(`message must be text of 1 to ${maxMessageLength} characters.`)
      const account = await signerOf(context, network, p.signerAddress)
      const answer = await context.host({
        method: 'cosmos_signArbitrary',
        params: { chainId: params.chainId, address: account.address, message },
      })
      // The site gets a signature only once it is the account's, of this message.
      let valid = false
      try {
        valid = verifyCosmosMessage({
          address: account.address,
          message,
          signature: JSON.stringify(answer),
          network: name,
        })
      } catch {}
      if (!valid) throw new Error('The wallet signed with another key than the account’s.')
      return answer
    }
    case 'cosmos_signDirect': {
      checkChain(p.signDoc, params.chainId, 'chainId')
      const account = await signerOf(context, network, p.signerAddress)
      return context.host({
        method: 'cosmos_signDirect',
        params: { chainId: params.chainId, address: account.address, signDoc: p.signDoc },
      })
    }
    case 'cosmos_signAmino': {
      checkChain(p.signDoc, params.chainId, 'chain_id')
      const account = await signerOf(context, network, p.signerAddress)
      return context.host({
        method: 'cosmos_signAmino',
        params: { chainId: params.chainId, address: account.address, signDoc: p.signDoc },
      })
    }
    case 'cosmos_sendTokens': {
      const { recipientAddress, amount } = p
      if (typeof recipientAddress !== 'string')
        throw invalid('recipientAddress must be a Cosmos address.')
      try {
        cosmosAddressOn(recipientAddress, name)
      } catch (error) {
        throw invalid(error instanceof CosmosAddressError ? error.shortMessage : String(error))
      }
      if (typeof amount !== 'string' || !/^[1-9][0-9]{0,30}$/.test(amount))
        throw invalid(`amount must be a whole number of ${params.denom}, as a decimal string.`)
      const account = await signerOf(context, network, undefined)
      return {
        transactionHash: await sendCosmos(
          context,
          network,
          account,
          recipientAddress,
          BigInt(amount),
        ),
      }
    }
    default:
      throw new UnsupportedMethodError({ details: `${args.method} is not offered.` })
  }
}

/**
 * A bank send of `amount` (the fee denomination's smallest unit) from the account: planned, signed
 * by the wallet in direct mode, its signature checked, broadcast and waited for. Its hash.
 */
export async function sendCosmos(
  context: Pick<CosmosRequestContext, 'host'>,
  network: NetworkConfig,
  account: CosmosAccount,
  to: string,
  amount: bigint,
): Promise<string> {
  const { params } = cosmosNetwork(network)
  const plan = await planCosmosSend({
    network,
    params,
    from: account.address,
    publicKey: account.publicKey,
    to,
    amount,
  })
  const answer = await context.host({
    method: 'cosmos_signDirect',
    params: { chainId: params.chainId, address: account.address, signDoc: plan.signDoc },
  })
  return cosmosRest(network).broadcast(await signedCosmosTx(plan, account.publicKey, answer))
}

/** The Cosmos side of the host page's Keplr-style wallets (connectors/perNetworkWallets.ts). */
export const cosmosWalletModule: PerNetworkModule = {
  accounts: async (host, network, options) =>
    (await cosmosAccounts(host, network, options)).map(({ address }) => address),
  request: (args, { address, networkConfig, host }) =>
    cosmosRequest(args, { address, network: networkConfig, host }),
  // A Cosmos wallet reports its address on each chain it enabled: the active chain's prefix.
  eventAccounts(addresses, network) {
    const name = network && cosmosNetworkOf(network.caipNetworkId)
    if (!name) return []
    const prefix = `${cosmosNetworkParams[name].bech32Prefix}1`
    return addresses.filter((address) => address.startsWith(prefix))
  },
  async disconnect(host, network) {
    const name = network && cosmosNetworkOf(network.caipNetworkId)
    await host({
      method: 'cosmos_disconnect',
      params: name ? { chainId: cosmosNetworkParams[name].chainId } : {},
    })
  },
}
