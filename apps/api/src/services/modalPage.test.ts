import { describe, expect, test } from 'vitest'
import { modalContentSecurityPolicy, walletConnectVerifyOrigin } from './modalPage'
import { defaultNetworks, loadNetworks } from './networks'

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)

const publicRelay = { relayUrl: 'wss://relay.walletconnect.org', projectId: 'abc123', verify: true }

describe('modalContentSecurityPolicy in production', () => {
  const networks = loadNetworks({}, { production: true })

  test('behavior: connect-src names the RPC origins, the relay and Verify, and nothing on loopback', () => {
    const policy = modalContentSecurityPolicy(networks, ['https://shop.example'], {
      walletConnect: publicRelay,
      production: true,
    })
    expect(directive(policy, 'connect-src')).toBe(
      "'self' https://eth.merkle.io https://mainnet.base.org https://polygon-rpc.com " +
        'https://arb1.arbitrum.io https://mainnet.optimism.io https://api.mainnet-beta.solana.com ' +
        // The Bitcoin networks' Esplora APIs (one origin for mainnet, testnet and signet).
        `https://mempool.space https://cosmos-rest.publicnode.com https://osmosis-rest.publicnode.com https://rpc.polkadot.io https://kusama-rpc.polkadot.io wss://relay.walletconnect.org ${walletConnectVerifyOrigin}`,
    )
    expect(directive(policy, 'img-src')).toBe("'self' data: https:")
    expect(directive(policy, 'frame-src')).toBe(`'self' ${walletConnectVerifyOrigin}`)
    expect(directive(policy, 'frame-ancestors')).toBe('https://shop.example')
    expect(policy).not.toMatch(/localhost|127\.0\.0\.1|http:|ws:/)
  })

  test('behavior: a loopback or http source is left out even if a caller passes one', () => {
    const policy = modalContentSecurityPolicy(defaultNetworks('http://10.0.0.5:8545'), [], {
      walletConnect: { relayUrl: 'ws://127.0.0.1:8789', projectId: 'airlock-local', verify: false },
      production: true,
    })
    expect(directive(policy, 'connect-src')).not.toMatch(/127\.0\.0\.1|10\.0\.0\.5|ws:|http:/)
    expect(directive(policy, 'frame-src')).toBeUndefined()
  })

  test("behavior: the project's paymaster services are connect-src origins; http or loopback ones left out", () => {
    const policy = modalContentSecurityPolicy(networks, [], {
      production: true,
      paymasterServices: ['https://pm.example/rpc?key=1', 'http://127.0.0.1:4337/'],
    })
    expect(directive(policy, 'connect-src')?.split(' ')).toContain('https://pm.example')
    expect(directive(policy, 'connect-src')).not.toMatch(/127\.0\.0\.1|http:/)
  })

  test('behavior: without WalletConnect, no relay source', () => {
    const policy = modalContentSecurityPolicy(networks, [], { production: true })
    expect(directive(policy, 'connect-src')).not.toContain('wss:')
    expect(directive(policy, 'frame-src')).toBeUndefined()
  })
})

describe('modalContentSecurityPolicy in development', () => {
  test('behavior: loopback images and WebSockets are allowed for the local chains and relay', () => {
    const policy = modalContentSecurityPolicy(defaultNetworks(), undefined)
    expect(directive(policy, 'img-src')).toBe(
      "'self' data: https: http://localhost:* http://127.0.0.1:*",
    )
    expect(directive(policy, 'connect-src')).toContain('http://127.0.0.1:8545')
    expect(directive(policy, 'connect-src')).toMatch(
      / https: wss: ws:\/\/127\.0\.0\.1:\* ws:\/\/localhost:\*$/,
    )
  })

  test('behavior: with Verify on, its attestation frame may load', () => {
    const policy = modalContentSecurityPolicy(defaultNetworks(), undefined, {
      walletConnect: publicRelay,
    })
    expect(directive(policy, 'frame-src')).toBe(`'self' ${walletConnectVerifyOrigin}`)
  })
})
