/** Accounts and token balances the view tests share: anvil's first two accounts, ETH and USDC. */
import {
  type HostWalletInfo,
  type SiwxSession,
  siwxMessageData,
  type TokenBalance,
} from '@airlock/protocol'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from './renderView'

/** Anvil's account #1 (EIP-55), the connected one in the view tests. */
export const evmAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Its key (anvil's, public): the connected wallet signs for real where a test needs it. */
export const evmSigner = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
/** The host page's wallet the connected account is in (`connectedState`'s `test-wallet`). */
export const testHostWallet: HostWalletInfo = {
  id: 'test-wallet',
  name: 'Test Wallet',
  icon: '',
  type: 'ANNOUNCED',
}
/** The host page as the bridge reports it: this test page, on its shop path. */
export const testHost = {
  origin: location.origin,
  href: `${location.origin}/shop`,
  sdkVersion: '0.1.0',
}
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

/** A sign-in session of `evmAccount` on anvil, for this test page, kept a day from now. */
export const evmAccountSession: SiwxSession = {
  data: siwxMessageData({
    hostOrigin: location.origin,
    address: evmAccount,
    chainId: 'eip155:31337',
    nonce: 'f00dfeedcafe0123',
    now: Date.now(),
  }),
  message: 'signed',
  signature: '0x00',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
}
