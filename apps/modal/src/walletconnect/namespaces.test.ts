import { describe, expect, test } from 'vitest'
import { accountsOn, namespaceMethods, proposalNamespaces, viewSession } from './namespaces'

describe('session proposal', () => {
  test('behavior: one namespace per namespace of the site networks, with its chains, methods and events', () => {
    const namespaces = proposalNamespaces([
      'eip155:1',
      'eip155:8453',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'cosmos:cosmoshub-4',
    ])
    expect(Object.keys(namespaces)).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
    expect(namespaces.eip155).toEqual({
      chains: ['eip155:1', 'eip155:8453'],
      methods: namespaceMethods.eip155.methods,
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(namespaces.eip155!.methods).toContain('personal_sign')
    expect(namespaces.eip155!.methods).toContain('eth_sendTransaction')
    expect(namespaces.solana!.methods).toContain('solana_signAndSendTransaction')
    expect(namespaces.bip122!.events).toEqual(['bip122_addressesChanged'])
    expect(namespaces.polkadot!.methods).toContain('polkadot_signTransaction')
    expect(namespaces.cosmos!.methods).toContain('cosmos_signDirect')
  })

  test('behavior: eth_sign (a blind signature of any hash) is not proposed; personal_sign and typed data are', () => {
    const { methods } = proposalNamespaces(['eip155:1']).eip155!
    expect(methods).not.toContain('eth_sign')
    expect(methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']),
    )
  })

  test('behavior: a network listed twice appears once', () => {
    expect(proposalNamespaces(['eip155:1', 'eip155:1']).eip155!.chains).toEqual(['eip155:1'])
  })
})

describe('approved session', () => {
  const namespaces = {
    eip155: {
      accounts: ['eip155:1:0xAbc', 'eip155:10:0xAbc', 'eip155:1:0xDef'],
      methods: ['personal_sign'],
    },
  }

  test('behavior: accounts of one network, without the CAIP prefix', () => {
    expect(accountsOn(namespaces, 'eip155:1')).toEqual(['0xAbc', '0xDef'])
    expect(accountsOn(namespaces, 'eip155:137')).toEqual([])
    expect(accountsOn(namespaces, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual([])
  })

  test('behavior: the preferred network when the wallet approved it', () => {
    expect(viewSession(namespaces, ['eip155:1', 'eip155:10'], 'eip155:10')).toEqual({
      approved: ['eip155:1', 'eip155:10'],
      network: 'eip155:10',
      accounts: ['0xAbc'],
    })
  })

  test('behavior: a network the wallet did not approve is not approved; the first approved one is active', () => {
    expect(viewSession(namespaces, ['eip155:137', 'eip155:1'], 'eip155:137')).toEqual({
      approved: ['eip155:1'],
      network: 'eip155:1',
      accounts: ['0xAbc', '0xDef'],
    })
  })

  test('edge: a session approving none of the site networks leaves nothing active', () => {
    expect(viewSession(namespaces, ['eip155:137'], undefined)).toEqual({
      approved: [],
      network: undefined,
      accounts: [],
    })
  })
})
