// The swap flow's rules and steps without a browser: the form's words, the amounts and fee as
// shown, the wallet's transactions, and the flow against a stand-in API, wallet and chain.

import {
  defaultProjectFeatures,
  type ModalConfig,
  type NetworkConfig,
  type RequestArguments,
  type SwapQuote,
  type SwapToken,
  swapNativeTokenAddress,
  type TokenBalance,
  UserRejectedRequestError,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { encodeAbiParameters, encodeEventTopics, erc20Abi } from 'viem'
import { describe, expect, test } from 'vitest'
import { type ApiFetch, HttpError } from '../api'
import { createModalStore } from '../stores/store'
import { SwapError, swapErrorOf } from './swapError'
import {
  approveSwap,
  approvesFirst,
  needsApproval,
  quoteSwap,
  receivedOf,
  type SwapContext,
  type SwapReceipt,
  swapTokens,
  walletTransaction,
} from './swapFlow'
import {
  isQuoteExpired,
  swapBalance,
  swapBalanceOf,
  swapChainIdOf,
  swapFormError,
} from './swapForm'
import { swapAmountText, swapExactText } from './swapFormat'
import { swapQuoteRefetchMs } from './swapQueries'

const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:9',
}
const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const aUsdAddress = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const spender = '0x111111125421cA6dc452d289314280a0f8842A65'
const hash = `0x${'ab'.repeat(32)}` as const

const eth: SwapToken = {
  address: swapNativeTokenAddress,
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
}
const aUsd: SwapToken = { address: aUsdAddress, symbol: 'aUSD', name: 'Airlock USD', decimals: 6 }

const balances: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    price: 2961.22,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: '',
  },
  {
    name: 'Airlock USD',
    symbol: 'aUSD',
    chainId: 'eip155:31337',
    // The balances list spells addresses as it likes.
    address: aUsdAddress.toLowerCase(),
    price: 1,
    quantity: { decimals: '6', numeric: '1250.5' },
    iconUrl: '',
  },
]

describe('the form', () => {
  test('behavior: an amount is refused in the protocol’s words, before anything is asked', () => {
    const form = (amount: string, fromToken = aUsd, toToken = eth) => ({
      fromToken,
      toToken,
      amount,
    })
    expect(swapFormError(form(''), balances)).toBe('Enter an amount')
    expect(swapFormError(form('abc'), balances)).toBe('Enter a number')
    expect(swapFormError(form('1e3'), balances)).toBe('Enter a number')
    expect(swapFormError(form('0.000'), balances)).toBe('Enter an amount greater than 0')
    expect(swapFormError(form('1.1234567'), balances)).toBe('Too many decimals: the token has 6')
    expect(swapFormError(form('1250.500001'), balances)).toBe('Insufficient aUSD balance')
    expect(swapFormError(form('1250.5'), balances)).toBe(undefined)
    expect(swapFormError(form('1.5', eth, aUsd), balances)).toBe(undefined)
    expect(swapFormError(form('1.6', eth, aUsd), balances)).toBe('Insufficient ETH balance')
  })

  test('behavior: both tokens are needed, and they differ', () => {
    expect(swapFormError({ fromToken: aUsd, toToken: undefined, amount: '1' }, balances)).toBe(
      'Choose the tokens to swap',
    )
    expect(
      swapFormError(
        { fromToken: aUsd, toToken: { ...aUsd, address: aUsdAddress.toLowerCase() }, amount: '1' },
        balances,
      ),
    ).toBe('Choose two different tokens to swap')
  })

  test('behavior: a token the loaded balances lack is held at 0; balances not loaded are not checked', () => {
    const other = { ...aUsd, address: spender, symbol: 'DAI' }
    expect(swapBalance(other, balances)).toEqual({ value: 0n, symbol: 'DAI' })
    expect(swapFormError({ fromToken: other, toToken: eth, amount: '1' }, balances)).toBe(
      'Insufficient DAI balance',
    )
    expect(swapFormError({ fromToken: other, toToken: eth, amount: '1' }, undefined)).toBe(
      undefined,
    )
  })

  test('behavior: the native currency’s balance has no address; an ERC-20’s matches by address in any case', () => {
    expect(swapBalanceOf(eth, balances)?.symbol).toBe('ETH')
    expect(swapBalanceOf(aUsd, balances)?.symbol).toBe('aUSD')
    expect(swapBalance(aUsd, balances)).toEqual({ value: 1_250_500_000n, symbol: 'aUSD' })
  })

  test('behavior: the chain is the active eip155 network’s; another namespace has none', () => {
    expect(swapChainIdOf({ activeNetwork: 'eip155:31337' })).toBe(31337)
    expect(swapChainIdOf({ activeNetwork: 'solana:localnet' })).toBe(undefined)
    expect(swapChainIdOf({ activeNetwork: undefined })).toBe(undefined)
  })
})

describe('what is shown', () => {
  test('behavior: an amount out is cut to 2 decimals from 1 up, 6 below, in groups of three', () => {
    expect(swapAmountText(2_961_229_999n, 6)).toBe('2,961.22')
    expect(swapAmountText(1_234_567_000_000n, 6)).toBe('1,234,567')
    expect(swapAmountText(34_512n, 6)).toBe('0.034512')
    expect(swapAmountText(1n, 18)).toBe('<0.000001')
    expect(swapAmountText(0n, 18)).toBe('0')
  })

  test('behavior: an amount swapped is exact', () => {
    expect(swapExactText(10n ** 18n, 18)).toBe('1')
    expect(swapExactText(1_234_500_001n, 6)).toBe('1,234.500001')
  })

  test('behavior: the API’s transaction goes to the wallet from the account, wei and gas in hex', () => {
    expect(
      walletTransaction(account, { to: spender, data: '0x1234', value: '1000', gas: '21000' }),
    ).toEqual({ from: account, to: spender, data: '0x1234', value: '0x3e8', gas: '0x5208' })
    expect(walletTransaction(account, { to: spender, data: '0x', value: '0' })).toEqual({
      from: account,
      to: spender,
      data: '0x',
      value: '0x0',
    })
  })

  test('behavior: a quote stands until its expiry; an allowance below the amount needs approval', () => {
    expect(isQuoteExpired({ expiresAt: 1_000 }, 999)).toBe(false)
    expect(isQuoteExpired({ expiresAt: 1_000 }, 1_000)).toBe(true)
    const quote = { fromAmount: '5000000' } as SwapQuote
    expect(needsApproval({ quote, allowance: 4_999_999n })).toBe(true)
    expect(needsApproval({ quote, allowance: 5_000_000n })).toBe(false)
    expect(needsApproval({ quote, allowance: undefined })).toBe(false)
  })

  test('behavior: a quote is asked again 5 s before it expires, never sooner than a second', () => {
    expect(swapQuoteRefetchMs({ expiresAt: 40_000 }, 10_000)).toBe(25_000)
    expect(swapQuoteRefetchMs({ expiresAt: 40_000 }, 39_000)).toBe(1_000)
  })

  test('behavior: a decline is ‘Signature declined’; the API’s refusal is its own message and code', () => {
    const declined = swapErrorOf(new UserRejectedRequestError())
    expect(declined.message).toBe('Signature declined')
    expect(declined.code).toBe('userRejected')
    const refused = swapErrorOf(
      new HttpError(502, {
        error: { code: 'swapProviderUnavailable', message: 'The swap provider is unavailable.' },
      }),
    )
    expect(refused.message).toBe('The swap provider is unavailable.')
    expect(refused.code).toBe('swapProviderUnavailable')
    expect(swapErrorOf(new HttpError(500, undefined)).message).toBe('The swap failed')
  })
})

// ——— The flow, against a stand-in API, wallet and chain ———

const config: ModalConfig = {
  projectId: 'shop',
  error: null,
  project: {
    id: 'shop',
    allowedOrigins: ['https://shop.example'],
    ...unconfiguredProjectSettings,
    networks: [anvil],
    walletConnect: null,
    features: { ...defaultProjectFeatures },
  },
}
const base = '/v1/projects/shop/swap'

function quoteOf(fromToken: SwapToken, toToken: SwapToken, amount: string, expiresAt: number) {
  return {
    chainId: 31337,
    fromToken: fromToken.address,
    toToken: toToken.address,
    fromAmount: amount,
    toAmount: '2961229999',
    minimumReceived: '2931617699',
    slippage: 1,
    estimatedGas: '150000',
    expiresAt,
  }
}

/** A connected account on anvil, the API answering `routes`, the wallet `wallet`. */
function flow(
  routes: Record<string, (body: Record<string, unknown>) => unknown>,
  wallet: (request: RequestArguments) => Promise<unknown> = async () => hash,
  receiptStatus: 'success' | 'reverted' = 'success',
  logs: SwapReceipt['logs'] = [],
) {
  const store = createModalStore(config)
  store.setState({
    status: 'connected',
    address: account,
    networks: [anvil],
    activeNetwork: anvil.caipNetworkId,
    host: { origin: 'https://shop.example', href: 'https://shop.example/', sdkVersion: '0.1.0' },
  })
  const calls: { route: string; query: Record<string, string>; body: unknown }[] = []
  const sent: RequestArguments[] = []
  const receipts: string[] = []
  const apiFetch = (async (method, path, options = {}) => {
    const route = `${method} ${path}`
    calls.push({ route, query: options.query ?? {}, body: options.body })
    const answer = routes[route]
    if (!answer) throw new HttpError(404, { error: { code: 'notFound', message: path } })
    const answered = answer((options.body ?? {}) as Record<string, unknown>)
    if (answered instanceof Error) throw answered
    return answered
  }) as ApiFetch
  const context: SwapContext = {
    store,
    apiFetch,
    walletRequest: (request) => {
      sent.push(request)
      return wallet(request)
    },
    receiptClient: async () => ({
      waitForTransactionReceipt: async ({ hash }) => {
        receipts.push(hash)
        return { status: receiptStatus, logs }
      },
    }),
    now: () => 10_000,
  }
  return { context, store, calls, sent, receipts }
}

const gasPrice = () => ({ chainId: 31337, gasPrice: '2000000000' })

describe('the flow', () => {
  test('behavior: a quote of an ERC-20 comes with its fee and allowance, asked with the host page’s origin', async () => {
    const { context, calls } = flow({
      [`POST ${base}/quote`]: (body) => quoteOf(aUsd, eth, body.amount as string, 40_000),
      [`GET ${base}/gas-price`]: gasPrice,
      [`POST ${base}/allowance`]: () => ({
        token: aUsdAddress,
        owner: account,
        spender,
        allowance: '0',
      }),
    })
    const offer = await quoteSwap(context, {
      chainId: 31337,
      slippage: 1,
      fromToken: aUsd,
      toToken: eth,
      amount: 5_000_000n,
    })
    expect(offer.fee?.text).toBe('0.0003 ETH')
    expect(offer.allowance).toBe(0n)
    expect(needsApproval(offer)).toBe(true)
    expect(calls.every((call) => call.query.hostOrigin === 'https://shop.example')).toBe(true)
    expect(calls.find((call) => call.route.endsWith('/quote'))?.body).toEqual({
      chainId: 31337,
      fromToken: aUsdAddress,
      toToken: swapNativeTokenAddress,
      amount: '5000000',
      slippage: 1,
    })
    expect(calls.find((call) => call.route.endsWith('/allowance'))?.body).toEqual({
      chainId: 31337,
      token: aUsdAddress,
      owner: account,
    })
  })

  test('behavior: the native currency needs no allowance; a gas price that fails leaves the fee unknown', async () => {
    const { context, calls } = flow({
      [`POST ${base}/quote`]: (body) => quoteOf(eth, aUsd, body.amount as string, 40_000),
      [`GET ${base}/gas-price`]: () => new HttpError(502, {}),
    })
    const offer = await quoteSwap(context, {
      chainId: 31337,
      slippage: 1,
      fromToken: eth,
      toToken: aUsd,
      amount: 10n ** 18n,
    })
    expect(offer.allowance).toBe(undefined)
    expect(offer.fee).toBe(undefined)
    expect(calls.some((call) => call.route.endsWith('/allowance'))).toBe(false)
  })

  test('error: an answer that is not a quote is refused', async () => {
    const { context } = flow({ [`POST ${base}/quote`]: () => ({ toAmount: 12 }) })
    await expect(
      quoteSwap(context, {
        chainId: 31337,
        fromToken: eth,
        toToken: aUsd,
        amount: 1n,
        slippage: 1,
      }),
    ).rejects.toThrow('The swap service answered something unexpected. Try again.')
  })

  test('behavior: approving sends the API’s approve transaction from the account and waits for it', async () => {
    const approval = { to: aUsdAddress, data: '0x095ea7b3', value: '0' }
    const { context, sent, receipts, calls } = flow({
      [`POST ${base}/approve`]: () => approval,
    })
    const allowance = await approveSwap(context, {
      chainId: 31337,
      token: aUsd,
      amount: 5_000_000n,
    })
    expect(allowance).toBe(5_000_000n)
    expect(calls[0]?.body).toEqual({ chainId: 31337, token: aUsdAddress, amount: '5000000' })
    expect(sent).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [{ from: account, to: aUsdAddress, data: '0x095ea7b3', value: '0x0' }],
      },
    ])
    expect(receipts).toEqual([hash])
  })

  test('behavior: a swap sends the API’s transaction, then says what was swapped', async () => {
    const swapCall = {
      to: spender,
      data: '0x12aa3caf',
      value: '1000000000000000000',
      gas: '180000',
    }
    const { context, sent, calls, store } = flow({ [`POST ${base}/transaction`]: () => swapCall })
    const offer = {
      quote: quoteOf(eth, aUsd, '1000000000000000000', 40_000),
      fee: undefined,
      allowance: undefined,
    }
    const outcome = await swapTokens(context, {
      chainId: 31337,
      fromToken: eth,
      toToken: aUsd,
      offer,
    })
    expect(outcome).toEqual({ status: 'swapped' })
    expect(calls[0]?.body).toEqual({
      chainId: 31337,
      fromToken: swapNativeTokenAddress,
      toToken: aUsdAddress,
      amount: '1000000000000000000',
      from: account,
      quoteExpiresAt: 40_000,
      // The minimum shown is the one the API builds the swap on.
      minimumReceived: '2931617699',
    })
    expect(sent[0]?.params).toEqual([
      {
        from: account,
        to: spender,
        data: '0x12aa3caf',
        value: '0xde0b6b3a7640000',
        gas: '0x2bf20',
      },
    ])
    expect(store.getState().toast).toMatchObject({
      message: 'Swapped 1 ETH for 2,961.22 aUSD',
      variant: 'success',
    })
  })

  test('behavior: the toast says what the chain delivered, from the receipt’s Transfer to the account', async () => {
    const transfer = (token: `0x${string}`, to: `0x${string}`, value: bigint) => ({
      address: token,
      topics: encodeEventTopics({
        abi: erc20Abi,
        eventName: 'Transfer',
        args: { from: spender, to },
      }) as `0x${string}`[],
      data: encodeAbiParameters([{ type: 'uint256' }], [value]),
    })
    const logs = [
      // The pool's own moves and another token's are not what the account received.
      transfer(aUsdAddress, spender, 5_000_000n),
      transfer(spender, account, 7_000_000n),
      transfer(aUsdAddress, account, 2_950_500_000n),
    ]
    expect(receivedOf({ logs }, aUsdAddress, account)).toBe(2_950_500_000n)
    expect(receivedOf({ logs }, swapNativeTokenAddress, account)).toBeUndefined()
    const swapCall = { to: spender, data: '0x12aa3caf', value: '1000000000000000000' }
    const { context, store } = flow(
      { [`POST ${base}/transaction`]: () => swapCall },
      async () => hash,
      'success',
      logs,
    )
    const offer = {
      quote: quoteOf(eth, aUsd, '1000000000000000000', 40_000),
      fee: undefined,
      allowance: undefined,
    }
    await swapTokens(context, { chainId: 31337, fromToken: eth, toToken: aUsd, offer })
    expect(store.getState().toast?.message).toBe('Swapped 1 ETH for 2,950.5 aUSD')
  })

  test('behavior: an expired quote is replaced by a new one and nothing is sent', async () => {
    const { context, sent, calls } = flow({
      [`POST ${base}/quote`]: (body) => quoteOf(eth, aUsd, body.amount as string, 40_000),
      [`GET ${base}/gas-price`]: gasPrice,
    })
    const expired = {
      quote: quoteOf(eth, aUsd, '1000', 10_000),
      fee: undefined,
      allowance: undefined,
    }
    const outcome = await swapTokens(context, {
      chainId: 31337,
      fromToken: eth,
      toToken: aUsd,
      offer: expired,
    })
    expect(outcome.status).toBe('requoted')
    expect(outcome.status === 'requoted' && outcome.offer.quote.expiresAt).toBe(40_000)
    expect(calls.some((call) => call.route.endsWith('/transaction'))).toBe(false)
    expect(sent).toEqual([])
  })

  test('behavior: the API saying the quote expired gets a new one too', async () => {
    const { context, sent } = flow({
      [`POST ${base}/transaction`]: () =>
        new HttpError(409, { error: { code: 'swapQuoteExpired', message: 'Expired.' } }),
      [`POST ${base}/quote`]: (body) => quoteOf(eth, aUsd, body.amount as string, 50_000),
      [`GET ${base}/gas-price`]: gasPrice,
    })
    const offer = {
      quote: quoteOf(eth, aUsd, '1000', 20_000),
      fee: undefined,
      allowance: undefined,
    }
    const outcome = await swapTokens(context, {
      chainId: 31337,
      fromToken: eth,
      toToken: aUsd,
      offer,
    })
    expect(outcome.status).toBe('requoted')
    expect(sent).toEqual([])
  })

  test('behavior: the API saying the market left the quote gets a new one at the same slippage, nothing sent', async () => {
    const { context, sent, calls } = flow({
      [`POST ${base}/transaction`]: () =>
        new HttpError(409, { error: { code: 'swapPriceMoved', message: 'Moved.' } }),
      [`POST ${base}/quote`]: (body) => ({
        ...quoteOf(eth, aUsd, body.amount as string, 50_000),
        toAmount: '2800000000',
        minimumReceived: '2786000000',
        slippage: body.slippage,
      }),
      [`GET ${base}/gas-price`]: gasPrice,
    })
    const offer = {
      quote: { ...quoteOf(eth, aUsd, '1000', 20_000), slippage: 0.5 },
      fee: undefined,
      allowance: undefined,
    }
    const outcome = await swapTokens(context, {
      chainId: 31337,
      fromToken: eth,
      toToken: aUsd,
      offer,
    })
    expect(outcome).toMatchObject({
      status: 'requoted',
      reason: 'priceMoved',
      offer: { quote: { toAmount: '2800000000', minimumReceived: '2786000000', slippage: 0.5 } },
    })
    expect(calls.find((call) => call.route.endsWith('/quote'))?.body).toMatchObject({
      slippage: 0.5,
    })
    expect(sent).toEqual([])
  })

  test('error: a declined swap is ‘Signature declined’, in a toast too', async () => {
    const { context, store } = flow(
      { [`POST ${base}/transaction`]: () => ({ to: spender, data: '0x', value: '0' }) },
      async () => {
        throw new UserRejectedRequestError()
      },
    )
    const offer = {
      quote: quoteOf(eth, aUsd, '1000', 40_000),
      fee: undefined,
      allowance: undefined,
    }
    const failure = await swapTokens(context, {
      chainId: 31337,
      fromToken: eth,
      toToken: aUsd,
      offer,
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SwapError)
    expect((failure as SwapError).message).toBe('Signature declined')
    expect(store.getState().toast).toMatchObject({
      message: 'Signature declined',
      variant: 'error',
    })
  })

  test('error: a swap that reverts says so', async () => {
    const { context } = flow(
      { [`POST ${base}/transaction`]: () => ({ to: spender, data: '0x', value: '0' }) },
      async () => hash,
      'reverted',
    )
    const offer = {
      quote: quoteOf(eth, aUsd, '1000', 40_000),
      fee: undefined,
      allowance: undefined,
    }
    await expect(
      swapTokens(context, { chainId: 31337, fromToken: eth, toToken: aUsd, offer }),
    ).rejects.toThrow('The transaction failed on chain (reverted)')
  })

  test('error: a provider timeout is the API’s message, and nothing is sent', async () => {
    const { context, sent } = flow({
      [`POST ${base}/transaction`]: () =>
        new HttpError(504, {
          error: { code: 'swapProviderTimeout', message: 'The swap provider took too long.' },
        }),
    })
    const offer = {
      quote: quoteOf(eth, aUsd, '1000', 40_000),
      fee: undefined,
      allowance: undefined,
    }
    await expect(
      swapTokens(context, { chainId: 31337, fromToken: eth, toToken: aUsd, offer }),
    ).rejects.toThrow('The swap provider took too long.')
    expect(sent).toEqual([])
  })

  describe('a wallet that batches atomically (a smart account)', () => {
    const approval = { to: aUsdAddress, data: '0x095ea7b3', value: '0' }
    const swapCall = { to: spender, data: '0x18cbafe5', value: '0' }
    const batchId = `0x${'cd'.repeat(40)}`
    /** An EIP-5792 wallet: atomic on anvil's chain, its batch ending in `status`. */
    const atomicWallet =
      (status: number | (() => never), receipts: unknown[] = []) =>
      async (request: RequestArguments) => {
        if (request.method === 'wallet_getCapabilities')
          return { '0x7a69': { atomic: { status: 'supported' } } }
        if (request.method === 'wallet_sendCalls') {
          if (typeof status === 'function') status()
          return { id: batchId }
        }
        if (request.method === 'wallet_getCallsStatus')
          return {
            version: '2.0.0',
            id: batchId,
            chainId: '0x7a69',
            atomic: true,
            status,
            receipts,
          }
        throw new Error(`unexpected ${request.method}`)
      }
    const offer = {
      quote: quoteOf(aUsd, eth, '5000000', 40_000),
      fee: undefined,
      allowance: 0n,
      batched: true,
    }
    const routes = {
      [`POST ${base}/approve`]: () => approval,
      [`POST ${base}/transaction`]: () => swapCall,
    }

    test('behavior: the quote says the approval goes with the swap: no Approve step of its own', async () => {
      const { context, sent } = flow(
        {
          [`POST ${base}/quote`]: (body) => quoteOf(aUsd, eth, body.amount as string, 40_000),
          [`GET ${base}/gas-price`]: gasPrice,
          [`POST ${base}/allowance`]: () => ({
            token: aUsdAddress,
            owner: account,
            spender,
            allowance: '0',
          }),
        },
        atomicWallet(200),
      )
      const quoted = await quoteSwap(context, {
        chainId: 31337,
        slippage: 1,
        fromToken: aUsd,
        toToken: eth,
        amount: 5_000_000n,
      })
      expect(quoted.batched).toBe(true)
      expect(needsApproval(quoted)).toBe(true)
      expect(approvesFirst(quoted)).toBe(false)
      expect(sent).toEqual([{ method: 'wallet_getCapabilities', params: [account, ['0x7a69']] }])
      // A wallet that says nothing of atomic batches (an EOA, one without EIP-5792) approves first.
      const eoa = flow(
        {
          [`POST ${base}/quote`]: (body) => quoteOf(aUsd, eth, body.amount as string, 40_000),
          [`GET ${base}/gas-price`]: gasPrice,
          [`POST ${base}/allowance`]: () => ({
            token: aUsdAddress,
            owner: account,
            spender,
            allowance: '0',
          }),
        },
        async (request) => {
          if (request.method === 'wallet_getCapabilities')
            return { '0x7a69': { atomic: { status: 'unsupported' } } }
          throw new Error('4200')
        },
      )
      const eoaOffer = await quoteSwap(eoa.context, {
        chainId: 31337,
        slippage: 1,
        fromToken: aUsd,
        toToken: eth,
        amount: 5_000_000n,
      })
      expect(approvesFirst(eoaOffer)).toBe(true)
    })

    test('behavior: approve and swap go as one atomic batch, the swap built for its batch; the toast says what was swapped', async () => {
      const steps: string[] = []
      const { context, sent, calls, store, receipts } = flow(routes, atomicWallet(200))
      const outcome = await swapTokens(
        context,
        { chainId: 31337, fromToken: aUsd, toToken: eth, offer },
        (step) => steps.push(step),
      )
      expect(outcome).toEqual({ status: 'swapped' })
      expect(calls.find((call) => call.route.endsWith('/approve'))?.body).toEqual({
        chainId: 31337,
        token: aUsdAddress,
        amount: '5000000',
      })
      expect(calls.find((call) => call.route.endsWith('/transaction'))?.body).toEqual({
        chainId: 31337,
        fromToken: aUsdAddress,
        toToken: swapNativeTokenAddress,
        amount: '5000000',
        from: account,
        quoteExpiresAt: 40_000,
        minimumReceived: '2931617699',
        approvalInBatch: true,
      })
      expect(sent[0]).toEqual({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: account,
            atomicRequired: true,
            calls: [
              { to: aUsdAddress, data: '0x095ea7b3', value: '0x0' },
              { to: spender, data: '0x18cbafe5', value: '0x0' },
            ],
          },
        ],
      })
      expect(sent.slice(1)).toEqual([{ method: 'wallet_getCallsStatus', params: [batchId] }])
      // No transaction of its own was sent or waited for.
      expect(receipts).toEqual([])
      expect(steps).toEqual(['wallet', 'chain'])
      expect(store.getState().toast).toMatchObject({
        message: 'Swapped 5 aUSD for <0.000001 ETH',
        variant: 'success',
      })
    })

    test('error: a batch that reverts says so; nothing of it stands (the wallet made it atomic)', async () => {
      const { context, store } = flow(routes, atomicWallet(500))
      await expect(
        swapTokens(context, { chainId: 31337, fromToken: aUsd, toToken: eth, offer }),
      ).rejects.toThrow('The transaction failed on chain (reverted)')
      expect(store.getState().toast?.variant).toBe('error')
    })

    test('error: a declined batch is ‘Signature declined’; the bundler refusing is its words', async () => {
      const declined = flow(
        routes,
        atomicWallet(() => {
          throw new UserRejectedRequestError()
        }),
      )
      await expect(
        swapTokens(declined.context, { chainId: 31337, fromToken: aUsd, toToken: eth, offer }),
      ).rejects.toMatchObject({ message: 'Signature declined', code: 'userRejected' })
      expect(declined.sent.map(({ method }) => method)).toEqual(['wallet_sendCalls'])

      const refused = flow(
        routes,
        atomicWallet(() => {
          throw new Error("The bundler of Anvil can't be reached: try again later.")
        }),
      )
      await expect(
        swapTokens(refused.context, { chainId: 31337, fromToken: aUsd, toToken: eth, offer }),
      ).rejects.toThrow("The bundler of Anvil can't be reached: try again later.")
    })

    test('error: the API refusing the pair (its approval or swap would revert) is its words, nothing sent', async () => {
      const { context, sent } = flow(
        {
          ...routes,
          [`POST ${base}/transaction`]: () =>
            new HttpError(400, {
              error: {
                code: 'swapRefused',
                message: 'The swap would fail on Anvil: its approval reverts',
              },
            }),
        },
        atomicWallet(200),
      )
      await expect(
        swapTokens(context, { chainId: 31337, fromToken: aUsd, toToken: eth, offer }),
      ).rejects.toThrow('The swap would fail on Anvil: its approval reverts')
      expect(sent).toEqual([])
    })

    test('behavior: an expired quote is replaced before anything is built or sent', async () => {
      const { context, sent, calls } = flow(
        {
          ...routes,
          [`POST ${base}/quote`]: (body) => quoteOf(aUsd, eth, body.amount as string, 40_000),
          [`GET ${base}/gas-price`]: gasPrice,
          [`POST ${base}/allowance`]: () => ({
            token: aUsdAddress,
            owner: account,
            spender,
            allowance: '0',
          }),
        },
        atomicWallet(200),
      )
      const outcome = await swapTokens(context, {
        chainId: 31337,
        fromToken: aUsd,
        toToken: eth,
        offer: { ...offer, quote: quoteOf(aUsd, eth, '5000000', 10_000) },
      })
      expect(outcome.status).toBe('requoted')
      expect(calls.some((call) => /\/(approve|transaction)$/.test(call.route))).toBe(false)
      expect(sent.map(({ method }) => method)).toEqual(['wallet_getCapabilities'])
    })
  })
})
