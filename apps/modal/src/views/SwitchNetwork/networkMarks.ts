/**
 * The marks of the networks Choose Network lists, where a network's own is known (simple-icons'
 * paths, CC0): Ethereum and its test and dev chains, Optimism, Polygon, BNB Chain, Solana, Bitcoin
 * and Polkadot. Others get their initial on a tile.
 */
import { type CaipNetworkId, namespaceOf } from '@airlock/protocol'
import bitcoin from 'simple-icons/icons/bitcoin.svg?url'
import bnbChain from 'simple-icons/icons/bnbchain.svg?url'
import ethereum from 'simple-icons/icons/ethereum.svg?url'
import optimism from 'simple-icons/icons/optimism.svg?url'
import polkadot from 'simple-icons/icons/polkadot.svg?url'
import polygon from 'simple-icons/icons/polygon.svg?url'
import solana from 'simple-icons/icons/solana.svg?url'
import type { Mark } from '../../components/BrandMark'

/** EVM chains by id: Ethereum, Sepolia, Holesky and a local dev chain (Anvil) are Ethereum's. */
const evmMarks: Record<string, Mark> = {
  '1': { image: ethereum },
  '11155111': { image: ethereum },
  '17000': { image: ethereum },
  '31337': { image: ethereum },
  '10': { image: optimism, color: '#FF0420' },
  '137': { image: polygon, color: '#7B3FE4' },
  '56': { image: bnbChain, color: '#F0B90B' },
}

const namespaceMarks: Record<string, Mark> = {
  solana: { image: solana, color: '#9945FF' },
  bip122: { image: bitcoin, color: '#F7931A' },
  polkadot: { image: polkadot, color: '#E6007A' },
}

/** The network's mark, or undefined: show its initial. */
export function networkMark(network: CaipNetworkId): Mark | undefined {
  const namespace = namespaceOf(network)
  if (namespace === 'eip155') return evmMarks[network.slice('eip155:'.length)]
  return namespace ? namespaceMarks[namespace] : undefined
}
