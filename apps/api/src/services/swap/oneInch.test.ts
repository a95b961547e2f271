// The 1inch adapter against msw on 1inch's real URLs: what it asks (paths, parameters, the bearer
// key, slippage 1) and what it makes of the answers; a 500, a timeout, a refusal and an answer of
// the wrong shape each a SwapProviderError that says which, none of them with the key in it.
import { swapNativeTokenAddress } from '@airlock/protocol'
import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { maxUint256 } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createOneInchSwap } from './oneInch'
import { SwapProviderError } from './swapProviderError'

const apiKey = 'test-1inch-key-7d3f'
const base = 'https://api.1inch.dev/swap/v6.0/8453'
const gasPriceUrl = 'https://api.1inch.dev/gas-price/v1.5/8453'
const priceUrl = 'https://api.1inch.dev/price/v1.1/8453'
const tokenUrl = 'https://api.1inch.dev/token/v1.2/8453/custom'
const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const visitor = '0x220866b1a2219f40e72f5c628b65d54268ca3a9d'
const router = '0x111111125421ca6dc452d289314280a0f8842a65'

/** Every request msw saw: its URL and whether it carried the key. */
const seen: { url: URL; authorization: string | null }[] = []
// 1inch's spot prices (price impact) have none unless a test gives some.
const server = setupServer(http.get(`${priceUrl}/:tokens`, () => HttpResponse.json({})))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  seen.length = 0
})
afterAll(() => server.close())

/** Answers `path` under 1inch's swap API with `body`, recording the request. */
const answer = (url: string, body: unknown, status = 200) =>
  http.get(url, ({ request }) => {
    seen.push({ url: new URL(request.url), authorization: request.headers.get('Authorization') })
    return HttpResponse.json(body as Record<string, unknown>, { status })
  })

const swap = (timeoutMs?: number) => createOneInchSwap({ apiKey, chainId: 8453, timeoutMs })

/** The thrown SwapProviderError, with the key nowhere in it. */
async function failure(work: Promise<unknown>): Promise<SwapProviderError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(SwapProviderError)
  const providerError = error as SwapProviderError
  expect(`${providerError.message} ${JSON.stringify(providerError)}`).not.toContain(apiKey)
  return providerError
}

describe('1inch swap adapter', () => {
  test("behavior: the chain's tokens come from /tokens with the bearer key", async () => {
    server.use(
      answer(`${base}/tokens`, {
        tokens: {
          [swapNativeTokenAddress.toLowerCase()]: {
            address: swapNativeTokenAddress.toLowerCase(),
            symbol: 'ETH',
            name: 'Ether',
            decimals: 18,
            logoURI: 'https://tokens.1inch.io/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png',
            tags: ['native'],
          },
          [usdc]: {
            address: usdc,
            symbol: 'USDC',
            name: 'USD Coin',
            decimals: 6,
            logoURI: null,
            eip2612: true,
          },
        },
      }),
    )
    expect(await swap().tokens()).toEqual([
      {
        address: swapNativeTokenAddress.toLowerCase(),
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        logoURI: 'https://tokens.1inch.io/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png',
      },
      { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    ])
    expect(seen[0]?.authorization).toBe(`Bearer ${apiKey}`)
  })

  test('behavior: a quote asks /quote with src, dst, amount and includeGas, and gives dstAmount and gas', async () => {
    server.use(
      answer(`${base}/quote`, { dstAmount: '2997000000', gas: 181_000 }),
      answer(`${priceUrl}/:tokens`, {}, 500),
    )
    expect(
      await swap().quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 10n ** 18n }),
    ).toEqual({ toAmount: 2_997_000_000n, estimatedGas: 181_000n })
    const quoteCall = seen.find((call) => call.url.pathname.endsWith('/quote'))
    expect(Object.fromEntries(quoteCall!.url.searchParams)).toEqual({
      src: swapNativeTokenAddress,
      dst: usdc,
      amount: '1000000000000000000',
      includeGas: 'true',
      includeTokensInfo: 'true',
      includeProtocols: 'true',
    })
  })

  test("behavior: a quote's price impact is the USD value lost at 1inch's spot prices, and its route the protocols", async () => {
    server.use(
      answer(`${base}/quote`, {
        dstAmount: '2850000000',
        srcToken: { decimals: 18 },
        dstToken: { decimals: 6 },
        protocols: [[[{ name: 'UNISWAP_V3', part: 60 }], [{ name: 'AERODROME', part: 40 }]]],
      }),
      answer(`${priceUrl}/:tokens`, {
        [swapNativeTokenAddress.toLowerCase()]: '3000',
        [usdc]: '1',
      }),
    )
    expect(
      await swap().quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 10n ** 18n }),
    ).toEqual({ toAmount: 2_850_000_000n, priceImpact: 5, route: ['UNISWAP V3', 'AERODROME'] })
    const priceCall = seen.find((call) => call.url.pathname.startsWith('/price/'))
    expect(priceCall?.url.pathname).toBe(`/price/v1.1/8453/${swapNativeTokenAddress},${usdc}`)
    expect(priceCall?.url.searchParams.get('currency')).toBe('USD')
    expect(priceCall?.authorization).toBe(`Bearer ${apiKey}`)
  })

  test('behavior: a token to import is read from 1inch’s token API; one it does not know is no token', async () => {
    server.use(
      answer(`${tokenUrl}/${usdc}`, {
        address: usdc,
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
      }),
      answer(`${tokenUrl}/${router}`, { error: 'Not Found', description: 'Token not found' }, 404),
    )
    expect(await swap().token(usdc)).toEqual({
      address: usdc,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    })
    const error = await failure(swap().token(router))
    expect(error.reason).toBe('notAContract')
    expect(error.message).toBe(`${router} is not a token 1inch knows on this chain.`)
    const spoof: `0x${string}` = `0x${'22'.repeat(20)}`
    server.use(
      answer(`${tokenUrl}/${spoof}`, {
        address: spoof,
        symbol: 'CDSU\u202e',
        name: 'USD Coin',
        decimals: 6,
      }),
    )
    expect((await failure(swap().token(spoof))).reason).toBe('notAContract')
  })

  test("behavior: an allowance is 1inch's for the token and wallet, spent by its router", async () => {
    server.use(
      answer(`${base}/approve/spender`, { address: router }),
      answer(`${base}/approve/allowance`, { allowance: '0' }),
    )
    expect(await swap().allowance({ token: usdc, owner: visitor })).toEqual({
      spender: router,
      allowance: 0n,
    })
    const allowanceCall = seen.find((call) => call.url.pathname.endsWith('/approve/allowance'))
    expect(Object.fromEntries(allowanceCall!.url.searchParams)).toEqual({
      tokenAddress: usdc,
      walletAddress: visitor,
    })
  })

  test('behavior: the native currency needs no allowance and 1inch is not asked for one', async () => {
    server.use(answer(`${base}/approve/spender`, { address: router }))
    expect(await swap().allowance({ token: swapNativeTokenAddress, owner: visitor })).toEqual({
      spender: router,
      allowance: maxUint256,
    })
    expect(seen.map((call) => call.url.pathname)).toEqual(['/swap/v6.0/8453/approve/spender'])
  })

  test('behavior: the approve transaction is for the amount asked, not unlimited', async () => {
    const data = `0x095ea7b3${router.slice(2).padStart(64, '0')}${5_000_000n.toString(16).padStart(64, '0')}`
    server.use(
      answer(`${base}/approve/transaction`, { data, gasPrice: '1000000', to: usdc, value: '0' }),
    )
    expect(await swap().approveTransaction({ token: usdc, amount: 5_000_000n })).toEqual({
      to: usdc,
      data,
      value: '0',
    })
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      tokenAddress: usdc,
      amount: '5000000',
    })
  })

  test('behavior: the swap transaction is asked at the slippage that keeps the confirmed minimum, for the visitor as from and origin', async () => {
    server.use(
      answer(`${base}/quote`, { dstAmount: '3000000000' }),
      answer(`${base}/swap`, {
        dstAmount: '3000000000',
        tx: {
          from: visitor,
          to: router,
          data: '0x07ed2379abcd',
          value: '1000000000000000000',
          gas: 201_000,
          gasPrice: '5000000',
        },
      }),
    )
    expect(
      await swap().swapTransaction({
        // 1.1 % under the 3,000 USDC 1inch gives now: 1inch is asked for 1.1 %, its minimum then
        // exactly the confirmed one.
        minimumReceived: 2_967_000_000n,
        fromToken: swapNativeTokenAddress,
        toToken: usdc,
        amount: 10n ** 18n,
        from: visitor,
      }),
    ).toEqual({ to: router, data: '0x07ed2379abcd', value: '1000000000000000000', gas: '201000' })
    const swapCall = seen.find((call) => call.url.pathname.endsWith('/swap'))
    expect(Object.fromEntries(swapCall!.url.searchParams)).toEqual({
      src: swapNativeTokenAddress,
      dst: usdc,
      amount: '1000000000000000000',
      from: visitor,
      origin: visitor,
      slippage: '1.1',
      disableEstimate: 'false',
    })
  })

  test('behavior: a market that moved below the confirmed minimum is priceMoved; /swap is never asked', async () => {
    server.use(answer(`${base}/quote`, { dstAmount: '2900000000' }))
    const error = await failure(
      swap().swapTransaction({
        minimumReceived: 2_970_000_000n,
        fromToken: swapNativeTokenAddress,
        toToken: usdc,
        amount: 10n ** 18n,
        from: visitor,
      }),
    )
    expect(error.reason).toBe('priceMoved')
    expect(seen.map((call) => call.url.pathname)).toEqual(['/swap/v6.0/8453/quote'])
  })

  test('behavior: a /swap answer whose minimum falls under the confirmed one is priceMoved, its transaction not given', async () => {
    server.use(
      answer(`${base}/quote`, { dstAmount: '3000000000' }),
      answer(`${base}/swap`, {
        dstAmount: '2980000000',
        tx: { from: visitor, to: router, data: '0x07ed2379abcd', value: '0', gas: 1 },
      }),
    )
    const error = await failure(
      swap().swapTransaction({
        minimumReceived: 2_970_000_000n,
        fromToken: swapNativeTokenAddress,
        toToken: usdc,
        amount: 10n ** 18n,
        from: visitor,
      }),
    )
    expect(error.reason).toBe('priceMoved')
  })

  test("behavior: a swap whose approval is in its batch is asked without 1inch's estimate (no allowance yet), and answered without gas", async () => {
    server.use(
      answer(`${base}/quote`, { dstAmount: '999000000000000' }),
      answer(`${base}/swap`, {
        dstAmount: '999000000000000',
        tx: { from: visitor, to: router, data: '0x07ed2379abcd', value: '0', gas: 0 },
      }),
    )
    expect(
      await swap().swapTransaction({
        minimumReceived: 1n,
        fromToken: usdc,
        toToken: swapNativeTokenAddress,
        amount: 3_000_000n,
        from: visitor,
        approvalInBatch: true,
      }),
    ).toEqual({ to: router, data: '0x07ed2379abcd', value: '0' })
    const swapCall = seen.find((call) => call.url.pathname.endsWith('/swap'))
    expect(swapCall!.url.searchParams.get('disableEstimate')).toBe('true')
  })

  test('behavior: the gas price is the base fee and the medium tip, with the cap beside it', async () => {
    const level = (tip: string, cap: string) => ({ maxPriorityFeePerGas: tip, maxFeePerGas: cap })
    server.use(
      answer(gasPriceUrl, {
        baseFee: '5000000',
        low: level('1000', '6001000'),
        medium: level('100000', '10100000'),
        high: level('200000', '15200000'),
        instant: level('300000', '20300000'),
      }),
    )
    expect(await swap().gasPrice()).toEqual({
      gasPrice: '5100000',
      maxFeePerGas: '10100000',
      maxPriorityFeePerGas: '100000',
    })
    expect(seen[0]?.authorization).toBe(`Bearer ${apiKey}`)
  })

  test('behavior: a 500 is "1inch failed (HTTP 500)"', async () => {
    server.use(answer(`${base}/quote`, { error: 'Internal Server Error', statusCode: 500 }, 500))
    const error = await failure(
      swap().quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 1n }),
    )
    expect(error.reason).toBe('unavailable')
    expect(error.message).toBe('1inch failed (HTTP 500).')
  })

  test('behavior: no answer within the timeout is "1inch did not answer within … s"', async () => {
    server.use(
      http.get(`${base}/quote`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const error = await failure(
      swap(200).quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 1n }),
    )
    expect(error.reason).toBe('timeout')
    expect(error.message).toBe('1inch did not answer within 0.2 s.')
  })

  test("behavior: a 400 refuses the swap with 1inch's description", async () => {
    server.use(
      answer(`${base}/quote`, { dstAmount: '5' }),
      answer(
        `${base}/swap`,
        {
          error: 'Bad Request',
          description: 'Not enough 0x8335 balance',
          statusCode: 400,
          requestId: 'r-1',
          meta: [],
        },
        400,
      ),
    )
    const error = await failure(
      swap().swapTransaction({
        minimumReceived: 1n,
        fromToken: usdc,
        toToken: swapNativeTokenAddress,
        amount: 1n,
        from: visitor,
      }),
    )
    expect(error.reason).toBe('refused')
    expect(error.message).toBe('1inch refused the swap: Not enough 0x8335 balance')
  })

  test("behavior: a refused key is the API's problem, said without the key", async () => {
    server.use(answer(`${base}/tokens`, { description: `Invalid key ${apiKey}` }, 401))
    const error = await failure(swap().tokens())
    expect(error.reason).toBe('unavailable')
    expect(error.message).toBe("1inch did not accept this API's key (HTTP 401).")
  })

  test('behavior: an answer of the wrong shape is a bad answer, not a zero', async () => {
    server.use(answer(`${base}/quote`, { toAmount: '2997000000' }))
    const error = await failure(
      swap().quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 1n }),
    )
    expect(error.reason).toBe('badAnswer')
    expect(error.message).toBe('1inch answered something unexpected (quote).')
  })

  test('behavior: an unreachable 1inch says so', async () => {
    server.use(http.get(`${base}/quote`, () => HttpResponse.error()))
    const error = await failure(
      swap().quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 1n }),
    )
    expect(error.reason).toBe('unavailable')
    expect(error.message).toBe('1inch could not be reached.')
  })
})
