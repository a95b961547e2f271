// The swap routes over HTTP, on SQLite, with 1inch behind msw on its real URLs: the modal's own
// pages, with the frame token the API gave them, get tokens, quotes (with the 1 % minimum and an
// expiry), allowances, approvals, swaps and gas prices; another Origin, the modal's Origin without
// the token, a site the project does not allow, a project with swaps off, an exhausted budget, a bad amount, an expired quote and a chain without swaps are refused in words
// before 1inch is asked anything; 1inch failing is a 502 or 504 that says which, without its key.
import type { ApiErrorBody, SwapQuote } from '@airlock/protocol'
import { frameTokenHeader, swapNativeTokenAddress } from '@airlock/protocol'
import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { getAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp } from '../../test/app'
import { frameTokenHeaders, testCredential } from '../../test/frameTokens'
import { defaultNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { createSwapNetworks } from '../services/swap/swap'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { swapRoutes } from './swap'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const apiKey = 'route-test-1inch-key-5c1a'
const base = 'https://api.1inch.dev/swap/v6.0/8453'
const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const visitor = '0x220866b1a2219f40e72f5c628b65d54268ca3a9d'
const router = '0x111111125421ca6dc452d289314280a0f8842a65'
const start = Date.parse('2026-11-26T10:00:00Z')

/** The paths 1inch was asked, in order. */
const asked: string[] = []
// 1inch's spot prices (price impact) have none unless a test gives some.
const server = setupServer(
  http.get('https://api.1inch.dev/price/v1.1/8453/:tokens', () => HttpResponse.json({})),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  asked.length = 0
})
afterAll(() => server.close())

const oneInch = (path: string, body: unknown, status = 200) =>
  http.get(`${base}${path}`, ({ request }) => {
    const url = new URL(request.url)
    asked.push(`${url.pathname.replace('/swap/v6.0/8453', '')}${url.search}`)
    return HttpResponse.json(body as Record<string, unknown>, { status })
  })

let storage: Storage
beforeEach(async () => {
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
  await createProject(storage.db, 'shop', [site])
  await createProject(storage.db, 'noswaps', [site], { swaps: false })
})
afterEach(() => storage.close())

const routes = ({
  client = 1000,
  project = 1000,
  oneInchTimeoutMs = 5000,
  now = () => start,
} = {}) =>
  swapRoutes({
    storage,
    swaps: createSwapNetworks({
      config: { oneInchApiKey: apiKey, localRouters: {} },
      networks: defaultNetworks(),
      oneInchTimeoutMs,
    }),
    rateLimiter: createRateLimiter({ name: 'swap', perMinute: { client, project } }),
    trustProxy: 0,
    publicOrigin: own,
    credential: testCredential(storage),
    now,
  })
type Routes = ReturnType<typeof routes>

type CallOptions = {
  origin?: string
  hostOrigin?: string
  projectId?: string
  /** Send the frame token of the project and site (default), or none. */
  token?: boolean
}
/** The frame token's header for the call, as the modal sends it. */
const tokenOf = ({ token = true, projectId = 'shop', hostOrigin = site }: CallOptions) =>
  token ? frameTokenHeaders(testCredential(storage).frameTokens, projectId, hostOrigin) : {}
const post = async (app: Routes, path: string, body: unknown, call: CallOptions = {}) => {
  const { origin = own, hostOrigin = site, projectId = 'shop' } = call
  return app.request(
    `${own}/v1/projects/${projectId}/swap/${path}?${new URLSearchParams({ hostOrigin })}`,
    {
      method: 'POST',
      headers: { ...(await tokenOf(call)), Origin: origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  )
}
const get = async (app: Routes, path: string, chainId: string, call: CallOptions = {}) => {
  const { origin = own, hostOrigin = site, projectId = 'shop' } = call
  return app.request(
    `${own}/v1/projects/${projectId}/swap/${path}?${new URLSearchParams({ chainId, hostOrigin })}`,
    // A browser's same-origin GET carries no Origin, only Sec-Fetch-Site.
    {
      headers: {
        ...(await tokenOf(call)),
        ...(origin === own ? { 'Sec-Fetch-Site': 'same-origin' } : { Origin: origin }),
      },
    },
  )
}
const errorOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as ApiErrorBody).error,
})

/** `address`, checksummed, with the case of its first letter flipped: its checksum fails. */
const miscased = (address: string) =>
  address.replace(/(?<=^0x\d*)[a-f]/i, (letter) =>
    letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
  )

const quoteBody = { chainId: 8453, fromToken: swapNativeTokenAddress, toToken: usdc, amount: '10' }

describe('swap routes', () => {
  test("behavior: the modal gets the chain's tokens, no-store", async () => {
    server.use(
      oneInch('/tokens', {
        tokens: { [usdc]: { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 } },
      }),
    )
    const response = await get(routes(), 'tokens', '8453')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(await response.json()).toEqual({
      tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    })
  })

  test('behavior: a quote gives the amount, the minimum at 1 % slippage, the gas and when it expires', async () => {
    server.use(oneInch('/quote', { dstAmount: '3000000000', gas: 180000 }))
    const response = await post(routes(), 'quote', {
      ...quoteBody,
      amount: '1000000000000000000',
    })
    const expected: SwapQuote = {
      chainId: 8453,
      fromToken: swapNativeTokenAddress,
      toToken: usdc,
      fromAmount: '1000000000000000000',
      toAmount: '3000000000',
      minimumReceived: '2970000000',
      slippage: 1,
      estimatedGas: '180000',
      expiresAt: start + 30_000,
    }
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(expected)
  })

  test('behavior: an allowance, an approval and a swap transaction come back for the wallet to send', async () => {
    const app = routes()
    server.use(
      oneInch('/approve/spender', { address: router }),
      oneInch('/approve/allowance', { allowance: '0' }),
      oneInch('/approve/transaction', { to: usdc, data: '0x095ea7b3', value: '0', gasPrice: '1' }),
      oneInch('/quote', { dstAmount: '330000000000000' }),
      oneInch('/swap', {
        dstAmount: '330000000000000',
        tx: {
          from: visitor,
          to: router,
          data: '0x07ed2379',
          value: '0',
          gas: 210000,
          gasPrice: '1',
        },
      }),
    )
    const allowance = await post(app, 'allowance', { chainId: 8453, token: usdc, owner: visitor })
    expect(await allowance.json()).toEqual({
      token: usdc,
      owner: visitor,
      spender: router,
      allowance: '0',
    })
    const approve = await post(app, 'approve', { chainId: 8453, token: usdc, amount: '1000000' })
    expect(await approve.json()).toEqual({ to: usdc, data: '0x095ea7b3', value: '0' })
    const swap = await post(app, 'transaction', {
      chainId: 8453,
      fromToken: usdc,
      toToken: swapNativeTokenAddress,
      amount: '1000000',
      from: visitor,
      quoteExpiresAt: start + 1,
      minimumReceived: '326700000000000',
    })
    expect(swap.status).toBe(200)
    expect(await swap.json()).toEqual({ to: router, data: '0x07ed2379', value: '0', gas: '210000' })
    expect(asked.find((path) => path.startsWith('/swap?'))).toContain('slippage=1&')
  })

  test("behavior: a quote at the visitor's slippage has its minimum at it", async () => {
    server.use(oneInch('/quote', { dstAmount: '3000000000' }))
    const quote = (await (
      await post(routes(), 'quote', { ...quoteBody, amount: '1000000000000000000', slippage: 0.5 })
    ).json()) as SwapQuote
    expect(quote).toMatchObject({ minimumReceived: '2985000000', slippage: 0.5 })
  })

  test('behavior: a swap on a quote the market left is 409 swapPriceMoved, nothing built', async () => {
    server.use(oneInch('/quote', { dstAmount: '2900000000' }))
    const response = await post(routes(), 'transaction', {
      ...quoteBody,
      amount: '1000000000000000000',
      from: visitor,
      quoteExpiresAt: start + 1,
      minimumReceived: '2970000000',
    })
    expect(await errorOf(response)).toEqual({
      status: 409,
      code: 'swapPriceMoved',
      message:
        'The price moved beyond your slippage tolerance: the swap would give less than the minimum you confirmed. Get a new quote.',
    })
    expect(asked.filter((path) => path.startsWith('/swap?'))).toEqual([])
  })

  test("behavior: the gas price is 1inch's in wei", async () => {
    const level = { maxPriorityFeePerGas: '1000000', maxFeePerGas: '9000000' }
    server.use(
      http.get('https://api.1inch.dev/gas-price/v1.5/8453', () =>
        HttpResponse.json({
          baseFee: '4000000',
          low: level,
          medium: level,
          high: level,
          instant: level,
        }),
      ),
    )
    const response = await get(routes(), 'gas-price', '8453')
    expect(await response.json()).toEqual({
      chainId: 8453,
      gasPrice: '5000000',
      maxFeePerGas: '9000000',
      maxPriorityFeePerGas: '1000000',
    })
  })

  describe('admission', () => {
    test('behavior: another Origin, no frame token, an unknown project, a site it does not allow and swaps off are refused', async () => {
      const app = routes()
      expect(await errorOf(await post(app, 'quote', quoteBody, { origin: site }))).toEqual({
        status: 403,
        code: 'crossOriginRequest',
        message: 'Only the Airlock modal swaps tokens',
      })
      // An Origin is what any client sets: without the frame's token or session, nothing passes.
      const unproven =
        'Only the Airlock modal swaps tokens: the request has neither the frame token the API gave it nor its session.'
      expect(await errorOf(await post(app, 'quote', quoteBody, { token: false }))).toEqual({
        status: 401,
        code: 'frameTokenRequired',
        message: unproven,
      })
      expect(await errorOf(await get(app, 'tokens', '8453', { token: false }))).toEqual({
        status: 401,
        code: 'frameTokenRequired',
        message: unproven,
      })
      expect(await errorOf(await get(app, 'tokens', '8453', { projectId: 'nobody' }))).toEqual({
        status: 404,
        code: 'invalidProjectId',
        message: 'Invalid Project ID',
      })
      expect(
        await errorOf(await post(app, 'quote', quoteBody, { hostOrigin: 'https://evil.example' })),
      ).toEqual({
        status: 403,
        code: 'invalidAppConfiguration',
        message: 'Invalid App Configuration',
      })
      expect(await errorOf(await post(app, 'quote', quoteBody, { projectId: 'noswaps' }))).toEqual({
        status: 403,
        code: 'swapsDisabled',
        message: 'Swaps are not enabled for this project',
      })
      expect(asked).toEqual([])
    })

    test("behavior: past the client's budget it is 429 with Retry-After", async () => {
      server.use(oneInch('/quote', { dstAmount: '1' }))
      const app = routes({ client: 1 })
      expect((await post(app, 'quote', quoteBody)).status).toBe(200)
      const limited = await post(app, 'quote', quoteBody)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(asked).toHaveLength(1)
    })

    test('security: requests refused on the way spend nothing of the project’s budget', async () => {
      server.use(oneInch('/quote', { dstAmount: '1' }))
      const app = routes({ project: 2 })
      for (let round = 0; round < 3; round++) {
        const refused = await Promise.all([
          post(app, 'quote', quoteBody, { hostOrigin: 'https://evil.example' }),
          post(app, 'quote', { ...quoteBody, amount: 'ten' }),
          post(app, 'quote', { ...quoteBody, chainId: 999 }),
          post(app, 'quote', { ...quoteBody, toToken: quoteBody.fromToken }),
          post(app, 'quote', { chainId: 8453 }),
          post(app, 'transaction', {
            ...quoteBody,
            from: visitor,
            quoteExpiresAt: start,
            minimumReceived: '1',
          }),
          post(app, 'quote', { ...quoteBody, slippage: 51 }),
          get(app, 'tokens', 'base'),
          get(app, 'gas-price', '31337'),
        ])
        expect(refused.map((response) => response.status).sort()).toEqual([
          400, 400, 400, 400, 400, 400, 400, 403, 409,
        ])
      }
      expect((await post(app, 'quote', quoteBody)).status).toBe(200)
      expect((await post(app, 'quote', quoteBody)).status).toBe(200)
      expect(await errorOf(await post(app, 'quote', quoteBody))).toMatchObject({
        status: 429,
        code: 'rateLimited',
      })
      expect(asked).toHaveLength(2)
    })
  })

  describe('bad requests never reach 1inch', () => {
    test.each([
      ['non-numeric', 'ten', 'Enter a number'],
      [
        'with decimals',
        '1.5',
        "Too many decimals: the amount is in the token's smallest units, a whole number",
      ],
      ['zero', '0', 'Enter an amount greater than 0'],
      ['empty', ' ', 'Enter an amount'],
      ['negative', '-5', 'Enter a number'],
    ])('behavior: a %s amount is refused in words', async (_, amount, message) => {
      const app = routes()
      expect(await errorOf(await post(app, 'quote', { ...quoteBody, amount }))).toEqual({
        status: 400,
        code: 'swapAmountInvalid',
        message,
      })
      expect(
        await errorOf(
          await post(app, 'transaction', {
            ...quoteBody,
            amount,
            from: visitor,
            quoteExpiresAt: start + 1,
            minimumReceived: '1',
          }),
        ),
      ).toMatchObject({ code: 'swapAmountInvalid', message })
      expect(asked).toEqual([])
    })

    test.each([
      [60, 'Slippage must be from 0.01% to 50%'],
      [0, 'Slippage must be from 0.01% to 50%'],
      [-1, 'Slippage must be from 0.01% to 50%'],
      [0.005, 'Slippage must be from 0.01% to 50%'],
      [0.125, 'Slippage has at most 2 decimals'],
    ])('behavior: a slippage of %s is refused in words', async (slippage, message) => {
      const app = routes()
      expect(await errorOf(await post(app, 'quote', { ...quoteBody, slippage }))).toEqual({
        status: 400,
        code: 'swapSlippageInvalid',
        message,
      })
      expect(
        await errorOf(
          await post(app, 'transaction', {
            ...quoteBody,
            slippage,
            from: visitor,
            quoteExpiresAt: start + 1,
            minimumReceived: '1',
          }),
        ),
      ).toMatchObject({ code: 'swapSlippageInvalid', message })
      expect(asked).toEqual([])
    })

    test('error: a slippage that is not a number is 400 naming it', async () => {
      const refusal = await errorOf(await post(routes(), 'quote', { ...quoteBody, slippage: '1' }))
      expect(refusal).toMatchObject({ status: 400, code: 'invalidRequest' })
      expect(refusal.message).toMatch(/^body\.slippage: /)
      expect(asked).toEqual([])
    })

    test.each([
      ['missing', undefined],
      ['zero', '0'],
      ['a fraction', '1.5'],
    ])(
      'error: a swap whose minimum received is %s is refused, nothing asked',
      async (_, minimum) => {
        const response = await post(routes(), 'transaction', {
          ...quoteBody,
          from: visitor,
          quoteExpiresAt: start + 1,
          ...(minimum === undefined ? {} : { minimumReceived: minimum }),
        })
        const refusal = await errorOf(response)
        expect(refusal).toMatchObject({ status: 400, code: 'invalidRequest' })
        expect(refusal.message).toMatch(/^body\.minimumReceived: /)
        expect(asked).toEqual([])
      },
    )

    test('error: a token to import whose address is not one is 400 naming it, nothing asked', async () => {
      const app = routes()
      const lookup = async (address: string) =>
        app.request(
          `${own}/v1/projects/shop/swap/token?${new URLSearchParams({ chainId: '8453', address, hostOrigin: site })}`,
          { headers: { ...(await tokenOf({})), 'Sec-Fetch-Site': 'same-origin' } },
        )
      expect(await errorOf(await lookup('0x1234'))).toEqual({
        status: 400,
        code: 'invalidRequest',
        message:
          'query.address: must be an EVM address: 0x and 40 hex digits, all lower case or with its EIP-55 checksum',
      })
      expect(await errorOf(await lookup(miscased(getAddress(usdc))))).toMatchObject({
        status: 400,
        code: 'invalidRequest',
      })
      expect(asked).toEqual([])
    })

    test('behavior: a chain without swaps says where they work', async () => {
      const app = routes()
      const refusal = await errorOf(await post(app, 'quote', { ...quoteBody, chainId: 999 }))
      expect(refusal).toEqual({
        status: 400,
        code: 'unsupportedSwapNetwork',
        message:
          'Swaps do not work on chain 999. They work on Ethereum (1), Arbitrum One (42161), ' +
          'OP Mainnet (10), zkSync Era (324), Base (8453), BNB Smart Chain (56), Polygon (137), ' +
          'Gnosis (100), Avalanche (43114), Fantom (250), Kaia (8217) and Aurora (1313161554).',
      })
      expect((await errorOf(await get(app, 'tokens', '31337'))).code).toBe('unsupportedSwapNetwork')
      expect(await errorOf(await get(app, 'gas-price', 'base'))).toEqual({
        status: 400,
        code: 'invalidRequest',
        message: 'query.chainId: an eip155 chain id is required',
      })
      expect(asked).toEqual([])
    })

    test('behavior: a swap on a quote that expired is refused, nothing built', async () => {
      const response = await post(routes({ now: () => start + 30_000 }), 'transaction', {
        ...quoteBody,
        from: visitor,
        quoteExpiresAt: start + 30_000,
        minimumReceived: '1',
      })
      expect(await errorOf(response)).toEqual({
        status: 409,
        code: 'swapQuoteExpired',
        message: 'The quote expired before the swap was confirmed. Get a new quote.',
      })
      expect(asked).toEqual([])
    })

    test('error: a mixed-case address without its EIP-55 checksum is 400 naming the field', async () => {
      const app = routes()
      const wrong = miscased(getAddress(usdc))
      const owner = getAddress(visitor)
      const refusal = (field: string) => ({
        status: 400,
        code: 'invalidRequest',
        message: `body.${field}: must be an EVM address: 0x and 40 hex digits, all lower case or with its EIP-55 checksum`,
      })
      expect(await errorOf(await post(app, 'quote', { ...quoteBody, toToken: wrong }))).toEqual(
        refusal('toToken'),
      )
      expect(
        await errorOf(await post(app, 'allowance', { chainId: 8453, token: wrong, owner })),
      ).toEqual(refusal('token'))
      expect(
        await errorOf(
          await post(app, 'allowance', { chainId: 8453, token: usdc, owner: miscased(owner) }),
        ),
      ).toEqual(refusal('owner'))
      expect(
        await errorOf(await post(app, 'approve', { chainId: 8453, token: wrong, amount: '1' })),
      ).toEqual(refusal('token'))
      expect(
        await errorOf(
          await post(app, 'transaction', {
            ...quoteBody,
            fromToken: wrong,
            from: owner,
            quoteExpiresAt: start + 1,
            minimumReceived: '1',
          }),
        ),
      ).toEqual(refusal('fromToken'))
      expect(asked).toEqual([])
    })

    test('error: approvalInBatch that is not a boolean, or for the native currency, is 400 naming it, nothing asked', async () => {
      const app = routes()
      const swap = { ...quoteBody, from: visitor, quoteExpiresAt: start + 1, minimumReceived: '1' }
      const notBoolean = await errorOf(
        await post(app, 'transaction', {
          ...swap,
          fromToken: usdc,
          toToken: quoteBody.fromToken,
          approvalInBatch: 'yes',
        }),
      )
      expect(notBoolean).toMatchObject({ status: 400, code: 'invalidRequest' })
      expect(notBoolean.message).toMatch(/^body\.approvalInBatch: /)
      expect(
        await errorOf(await post(app, 'transaction', { ...swap, approvalInBatch: true })),
      ).toEqual({
        status: 400,
        code: 'invalidRequest',
        message:
          'approvalInBatch: the native currency needs no approval; leave it out for a swap from it.',
      })
      expect(asked).toEqual([])
    })

    test('behavior: swapping a token for itself is refused', async () => {
      const response = await post(routes(), 'quote', { ...quoteBody, toToken: quoteBody.fromToken })
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'invalidRequest',
        message: 'Choose two different tokens to swap.',
      })
    })
  })

  describe('1inch failing', () => {
    test('behavior: a 500 is a 502 that says 1inch failed, without the key', async () => {
      server.use(oneInch('/quote', { error: 'boom', description: `key ${apiKey}` }, 500))
      const response = await post(routes(), 'quote', quoteBody)
      const text = await response.clone().text()
      expect(await errorOf(response)).toEqual({
        status: 502,
        code: 'swapProviderUnavailable',
        message: '1inch failed (HTTP 500).',
      })
      expect(text).not.toContain(apiKey)
    })

    test('behavior: no answer in time is a 504 that says so', async () => {
      server.use(
        http.get(`${base}/quote`, async () => {
          await delay('infinite')
          return HttpResponse.json({})
        }),
      )
      const response = await post(routes({ oneInchTimeoutMs: 150 }), 'quote', quoteBody)
      expect(await errorOf(response)).toEqual({
        status: 504,
        code: 'swapProviderTimeout',
        message: '1inch did not answer within 0.15 s.',
      })
    })

    test('behavior: 1inch refusing is a 400 with its reason', async () => {
      server.use(
        oneInch('/quote', { error: 'Bad Request', description: 'insufficient liquidity' }, 400),
      )
      expect(await errorOf(await post(routes(), 'quote', quoteBody))).toEqual({
        status: 400,
        code: 'swapRefused',
        message: '1inch refused the swap: insufficient liquidity',
      })
    })
  })
})

test('behavior: the app serves the swap routes; with no provider configured every chain says so', async () => {
  const { app, close } = await createTestApp()
  try {
    // As the modal does: its frame token first, then the relay call with it.
    const tokenAnswer = await app.request('http://localhost/v1/projects/shop/frame-token', {
      method: 'POST',
      headers: { Origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ hostOrigin: 'https://shop.example' }),
    })
    expect(tokenAnswer.status).toBe(200)
    const { token } = (await tokenAnswer.json()) as { token: string }
    const query = new URLSearchParams({ chainId: '8453', hostOrigin: 'https://shop.example' })
    const response = await app.request(`http://localhost/v1/projects/shop/swap/tokens?${query}`, {
      headers: { Origin: 'http://localhost', [frameTokenHeader]: token },
    })
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'unsupportedSwapNetwork',
      message: 'Swaps do not work on Base (8453): this API has no swap provider configured.',
    })
  } finally {
    await close()
  }
})
