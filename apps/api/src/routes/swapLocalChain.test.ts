// The swap routes on a chain we run, over HTTP: a real Uniswap v2 on a real anvil (seed.mjs, then
// uniswap.mjs), the chain's RPC being the provider. A caller's bad addresses are refused in words
// before the chain is asked, and an address with no contract is told as such: neither is the
// chain failing (502).
import type { ApiErrorBody } from '@airlock/protocol'
import { swapNativeTokenAddress } from '@airlock/protocol'
import { getAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devChainContracts, seedDevChain } from '../../../../devchain/seed.mjs'
import { deployDevUniswap, devUniswapAddresses } from '../../../../devchain/uniswap.mjs'
import { frameTokenHeaders, testCredential } from '../../test/frameTokens'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import { defaultNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { createSwapNetworks } from '../services/swap/swap'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { swapRoutes } from './swap'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const ausd = getAddress(devChainContracts.usdc)
const owner = getAddress('0x220866b1a2219f40e72f5c628b65d54268ca3a9d')

/** `address`, checksummed, with the case of its first letter flipped: its checksum fails. */
const miscased = (address: string) =>
  address.replace(/(?<=^0x\d*)[a-f]/i, (letter) =>
    letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
  )

let anvil: Anvil
let storage: Storage
beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevChain({ rpcUrl: anvil.rpcUrl })
  await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
}, 90_000)
afterAll(() => anvil?.stop())
beforeEach(async () => {
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
  await createProject(storage.db, 'shop', [site])
})
afterEach(() => storage.close())

const routes = () =>
  swapRoutes({
    storage,
    swaps: createSwapNetworks({
      config: { oneInchApiKey: undefined, localRouters: { 31337: devUniswapAddresses.router } },
      networks: defaultNetworks(anvil.rpcUrl),
    }),
    rateLimiter: createRateLimiter({ name: 'swap', perMinute: { client: 1000, project: 1000 } }),
    trustProxy: 0,
    publicOrigin: own,
    credential: testCredential(storage),
  })
const post = async (path: string, body: unknown) =>
  routes().request(
    `${own}/v1/projects/shop/swap/${path}?${new URLSearchParams({ hostOrigin: site })}`,
    {
      method: 'POST',
      headers: {
        ...(await frameTokenHeaders(testCredential(storage).frameTokens, 'shop', site)),
        Origin: own,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    },
  )
const errorOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as ApiErrorBody).error,
})
const badAddress = (field: string) => ({
  status: 400,
  code: 'invalidRequest',
  message: `body.${field}: must be an EVM address: 0x and 40 hex digits, all lower case or with its EIP-55 checksum`,
})

describe('swap routes on a local chain', () => {
  test('error: a quote or allowance with an address failing its EIP-55 checksum is 400 naming the field, not a 502 from the chain', async () => {
    const quote = { chainId: 31337, fromToken: swapNativeTokenAddress, amount: '1000000000000000' }
    expect(await errorOf(await post('quote', { ...quote, toToken: miscased(ausd) }))).toEqual(
      badAddress('toToken'),
    )
    expect(
      await errorOf(await post('allowance', { chainId: 31337, token: miscased(ausd), owner })),
    ).toEqual(badAddress('token'))
    expect(
      await errorOf(
        await post('allowance', { chainId: 31337, token: ausd, owner: miscased(owner) }),
      ),
    ).toEqual(badAddress('owner'))
    // The same addresses in lower case are taken.
    expect((await post('quote', { ...quote, toToken: ausd.toLowerCase() })).status).toBe(200)
  })

  test('error: an allowance or approval of an address with no contract is 400 swapTokenNotContract; a token’s is read', async () => {
    const empty = '0x000000000000000000000000000000000000dEaD'
    expect(await errorOf(await post('allowance', { chainId: 31337, token: empty, owner }))).toEqual(
      {
        status: 400,
        code: 'swapTokenNotContract',
        message: `${empty} is not a token on Anvil: there is no contract at that address.`,
      },
    )
    expect(
      await errorOf(await post('approve', { chainId: 31337, token: owner, amount: '1' })),
    ).toEqual({
      status: 400,
      code: 'swapTokenNotContract',
      message: `${owner} is not a token on Anvil: there is no contract at that address.`,
    })
    const allowance = await post('allowance', { chainId: 31337, token: ausd, owner })
    expect(allowance.status).toBe(200)
    expect(await allowance.json()).toEqual({
      token: ausd,
      owner,
      spender: devUniswapAddresses.router,
      allowance: '0',
    })
  })

  test('behavior: a token to import is read from its contract; a contract that is no token, or a quote naming one, is 400 swapTokenNotContract in words', async () => {
    const lookup = async (address: string) =>
      routes().request(
        `${own}/v1/projects/shop/swap/token?${new URLSearchParams({ chainId: '31337', address, hostOrigin: site })}`,
        {
          headers: {
            ...(await frameTokenHeaders(testCredential(storage).frameTokens, 'shop', site)),
            'Sec-Fetch-Site': 'same-origin',
          },
        },
      )
    const found = await lookup(ausd)
    expect(found.status).toBe(200)
    expect(await found.json()).toMatchObject({ token: { address: ausd, decimals: 6 } })
    const router = devUniswapAddresses.router
    const notAToken = {
      status: 400,
      code: 'swapTokenNotContract',
      message: `${router} is not a token on Anvil: its contract does not answer as an ERC-20 (symbol, name and decimals).`,
    }
    expect(await errorOf(await lookup(router))).toEqual(notAToken)
    expect(
      await errorOf(
        await post('quote', {
          chainId: 31337,
          fromToken: swapNativeTokenAddress,
          toToken: router,
          amount: '1000',
        }),
      ),
    ).toEqual(notAToken)
  })
})
