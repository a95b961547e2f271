// The name registry's signature check and its choice of chain: EOAs without any RPC, a chain
// the catalogue lacks refused with 'Network not found'; its offline part, which asks no chain.
import { ApiRefusal, nameErrors } from '@airlock/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { freePort } from '../../../test/ports'
import { defaultNetworks } from '../networks'
import { nameSignatureVerifier, offlineNameSignatureCheck } from './nameSignatures'

describe('nameSignatureVerifier', () => {
  const message = '{"name":"alice.airlock.eth","attributes":{},"timestamp":1764150000}'
  const alice = privateKeyToAccount(generatePrivateKey())
  const bob = privateKeyToAccount(generatePrivateKey())

  test('behavior: an EOA signature is checked without asking the chain (its RPC is down)', async () => {
    const deadRpcUrl = `http://127.0.0.1:${await freePort()}`
    const verify = nameSignatureVerifier(
      defaultNetworks().map((network) => ({ ...network, rpcUrl: deadRpcUrl })),
    )
    const signature = await alice.signMessage({ message })
    expect(await verify({ address: alice.address, message, signature, chainId: 10 })).toBe(true)
    // Any EVM chain: EOAs only, so another key's signature is false, with no chain to ask.
    const other = await bob.signMessage({ message })
    expect(await verify({ address: alice.address, message, signature: other, chainId: 0 })).toBe(
      false,
    )
  })

  test('error: a chain the API has no eip155 network of is "Network not found"', async () => {
    const verify = nameSignatureVerifier(defaultNetworks())
    const signature = await alice.signMessage({ message })
    const checked = verify({ address: alice.address, message, signature, chainId: 999_999 })
    await expect(checked).rejects.toThrow(ApiRefusal)
    await expect(checked).rejects.toMatchObject({
      code: 'nameNetworkNotFound',
      message: nameErrors.networkNotFound,
    })
  })
})

describe('offlineNameSignatureCheck', () => {
  const message = '{"name":"alice.airlock.eth","attributes":{},"timestamp":1764150000}'
  const alice = privateKeyToAccount(generatePrivateKey())
  const bob = privateKeyToAccount(generatePrivateKey())

  test('behavior: it refuses only what no chain could accept, and asks none (every RPC is down)', async () => {
    const deadRpcUrl = `http://127.0.0.1:${await freePort()}`
    const check = offlineNameSignatureCheck(
      defaultNetworks().map((network) => ({ ...network, rpcUrl: deadRpcUrl })),
    )
    const signature = await alice.signMessage({ message })
    const other = await bob.signMessage({ message })
    expect(await check({ address: alice.address, message, signature, chainId: 0 })).toBe(true)
    expect(await check({ address: alice.address, message, signature: other, chainId: 0 })).toBe(
      false,
    )
    // On a chain, the address may be a contract wallet's: the chain is asked after the budget.
    expect(await check({ address: alice.address, message, signature: other, chainId: 10 })).toBe(
      true,
    )
    await expect(
      check({ address: alice.address, message, signature, chainId: 999_999 }),
    ).rejects.toMatchObject({ code: 'nameNetworkNotFound', message: nameErrors.networkNotFound })
  })
})
