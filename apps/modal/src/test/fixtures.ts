/** Accounts and token balances the view tests share: anvil's first two accounts, ETH and USDC. */
import type { TokenBalance } from '@airlock/protocol'
import { anvil } from './renderView'

/** Anvil's account #1 (EIP-55), the connected one in the view tests. */
export const evmAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Anvil's account #2 (EIP-55): someone else. */
export const evmReceiver = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

export const ether: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: anvil.caipNetworkId,
  price: 2000,
  value: 3000,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
export const usdCoin: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: anvil.caipNetworkId,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  price: 1,
  value: 100,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: '',
}
