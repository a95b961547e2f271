/**
 * The embedded wallet's choice of EVM account: a network that offers no smart account (here the
 * project has smart accounts off) refuses the switch to one with a typed EIP-1193 error, and the
 * EOA stays the account.
 */
import type { ModalConfig, NetworkConfig } from '@airlock/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import type { ApiFetch } from '../api'
import { createPersistence } from '../stores/persistence'
import { createModalStore } from '../stores/store'
import { createEvmAccounts } from './evmAccounts'
import { createEvmSigner } from './evmSigner'

const network: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // Nothing here is read from the chain.
  rpcUrl: 'http://127.0.0.1:1',
}

describe('createEvmAccounts', () => {
  test('error: switching to a smart account where none is offered is 4901 naming the network; the EOA stays', async () => {
    const config: ModalConfig = { projectId: 'demo', project: null, error: null }
    const store = createModalStore(config)
    store.setState({ networks: [network] })
    const privateKey = generatePrivateKey()
    const approve = async () => false
    const eoa = createEvmSigner({
      privateKey,
      networks: [network],
      network: network.caipNetworkId,
      approve,
    })
    const changed: string[] = []
    const accounts = createEvmAccounts({
      store,
      apiFetch: (() => {
        throw new Error('The API is not asked when the project has smart accounts off.')
      }) as unknown as ApiFetch,
      persistence: createPersistence(() => undefined),
      owner: privateKeyToAccount(privateKey),
      eoa,
      approve,
      onAccountChanged: (address) => changed.push(address),
      onPending: () => undefined,
      onIncluded: () => undefined,
    })

    await expect(accounts.switchTo('smartAccount')).rejects.toMatchObject({
      name: 'ChainDisconnectedError',
      code: 4901,
      message: 'Smart accounts are not available on Anvil.',
    })
    expect(accounts.type()).toBe('eoa')
    expect(accounts.provider.address).toBe(eoa.address)
    expect(changed).toEqual([])
  })
})
