/**
 * Lookups of ENS names outside the registry's parent (issue 21: "lookup by name (ENS and our
 * names)"): a name such as `vitalik.eth` is resolved the way any ENS client resolves it — viem's
 * `getEnsAddress` and `getEnsText` through the Universal Resolver (CCIP-Read included) on the
 * chain `AIRLOCK_NAMES_ENS_CHAIN_ID` names, over that network's RPC in the API's catalogue — and
 * an address the registry has no name for is reverse-resolved there (`getEnsName`, which checks
 * the name resolves back to the address).
 */
import {
  ApiRefusal,
  type NameRecord,
  type NetworkConfig,
  nameAttributesSchema,
} from '@airlock/protocol'
import { createPublicClient, getAddress, http } from 'viem'
import { ConfigError } from '../../configError'
import type { NamesEnsConfig } from './namesConfig'

/** ENS on the configured chain. */
export type EnsNames = {
  /** The ENS record of a normalised name; undefined when it has no Ethereum address. */
  lookup(name: string): Promise<NameRecord | undefined>
  /** The primary ENS name's record of an EVM address; undefined when it has none. */
  reverse(address: `0x${string}`): Promise<NameRecord | undefined>
}

/** How long one ENS lookup may take, CCIP-Read round trips included. */
const ensLookupTimeoutMs = 10_000

/**
 * Lookups and reverse lookups over `ens`'s chain.
 *
 * @throws ConfigError when the catalogue has no eip155 network of that chain.
 */
export function ensNames(ens: NamesEnsConfig, networks: readonly NetworkConfig[]): EnsNames {
  const network = networks.find(({ caipNetworkId }) => caipNetworkId === `eip155:${ens.chainId}`)
  if (network === undefined)
    throw new ConfigError(
      `AIRLOCK_NAMES_ENS_CHAIN_ID is ${ens.chainId}, but the network catalogue has no eip155:${ens.chainId} network to look names up on.`,
    )
  const client = createPublicClient({
    chain: {
      id: ens.chainId,
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: [network.rpcUrl] } },
      contracts: { ensUniversalResolver: { address: ens.universalResolver } },
    },
    transport: http(network.rpcUrl, { timeout: ensLookupTimeoutMs, retryCount: 0 }),
  })

  /** A text record, or undefined when it is unset or longer than the registry keeps. */
  const text = async (name: string, key: 'avatar' | 'description') => {
    const value = await client.getEnsText({ name, key })
    const checked = nameAttributesSchema.safeParse({ [key]: value ?? undefined })
    return checked.success ? checked.data[key] : undefined
  }

  /** `work`, with a chain that does not answer refused as such, naming what was asked. */
  const asked = async <result>(what: string, work: () => Promise<result>): Promise<result> => {
    try {
      return await work()
    } catch (error) {
      throw Object.assign(
        new ApiRefusal(
          'nameResolutionUnavailable',
          `ENS on chain ${ens.chainId} did not answer for "${what}": try again later.`,
        ),
        { cause: error },
      )
    }
  }

  const lookup = (name: string) =>
    asked(name, async (): Promise<NameRecord | undefined> => {
      const address = await client.getEnsAddress({ name })
      if (!address) return undefined
      const [avatar, description] = await Promise.all([
        text(name, 'avatar'),
        text(name, 'description'),
      ])
      return {
        name,
        address: getAddress(address),
        coinType: 60,
        attributes: {
          ...(avatar ? { avatar } : {}),
          ...(description ? { description } : {}),
        },
      }
    })

  const reverse = async (address: `0x${string}`) => {
    const name = await asked(address, () => client.getEnsName({ address }))
    if (!name) return undefined
    const record = await lookup(name)
    return record && record.address === getAddress(address) ? record : undefined
  }

  return { lookup, reverse }
}
