// The Swap view as the visitor uses it (issue 22): the form's words before anything is asked, a
// quote once typing pauses, Approve then Swap with the API's transactions sent by the host's
// wallet, a decline, the provider down, and a network swaps do not work on. Our API is the
// test's routes; the network's RPC answers receipts here (a stand-in on its unreachable URL), so
// the whole flow runs to Account and its toast.
import {
  minimumReceived,
  type RequestArguments,
  type SwapToken,
  swapAmountErrors,
  swapNativeTokenAddress,
  type TokenBalance,
  UserRejectedRequestError,
} from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { viewTitles } from '../../messages'
import { swapText } from '../../messages/swapText'
import { ether, evmAccount, testHost, testHostWallet } from '../../test/fixtures'
import {
  type ApiRoutes,
  anvil,
  connectedState,
  renderView,
  solanaLocalnet,
  unreachableRpcUrl,
} from '../../test/renderView'
import { typeAtOnce } from '../../test/typing'

const aUsdAddress = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const spender = '0x111111125421cA6dc452d289314280a0f8842A65'
const hash = `0x${'ab'.repeat(32)}`

const swapTokens: SwapToken[] = [
  { address: swapNativeTokenAddress, symbol: 'ETH', name: 'Ether', decimals: 18 },
  { address: aUsdAddress, symbol: 'aUSD', name: 'Airlock USD', decimals: 6 },
]
const aUsd: TokenBalance = {
  name: 'Airlock USD',
  symbol: 'aUSD',
  chainId: anvil.caipNetworkId,
  address: aUsdAddress,
  price: 1,
  value: 1250.5,
  quantity: { decimals: '6', numeric: '1250.5' },
  iconUrl: '',
}
const approveTransaction = { to: aUsdAddress, data: '0x095ea7b3', value: '0' }
const swapTransaction = { to: spender, data: '0x12aa3caf', value: '0', gas: '180000' }
const base = '/v1/projects/test-project/swap'

/** 1 ETH is 2,961.229999 aUSD; 1 aUSD is 0.000337 ETH. */
function toAmountOf(fromToken: string, amount: bigint): bigint {
  return fromToken === aUsdAddress ? amount * 337_000_000n : (amount * 2_961_229_999n) / 10n ** 18n
}

type Body = Record<string, unknown>

/** The Swap view of the connected account holding 1.5 ETH and 1,250.5 aUSD, opened from Account. */
function renderSwap({
  api = {},
  wallet = async () => hash,
  allowance = '0',
  eip5792,
}: {
  api?: ApiRoutes
  wallet?: (request: RequestArguments) => Promise<unknown>
  allowance?: string
  /** A wallet that answers EIP-5792 (a smart account): it is asked every request. */
  eip5792?: (request: RequestArguments) => Promise<unknown>
} = {}) {
  const sent: RequestArguments[] = []
  /** The bodies the view posted, by route. */
  const bodies: Record<string, Body[]> = {}
  const routes: ApiRoutes = {
    [`GET /v1/accounts/${evmAccount}/balances`]: () => ({ balances: [ether, aUsd] }),
    [`GET ${base}/tokens`]: ({ chainId }) =>
      chainId === '31337' ? { tokens: swapTokens } : new HttpError(400, {}),
    [`GET ${base}/gas-price`]: () => ({ chainId: 31337, gasPrice: '2000000000' }),
    [`POST ${base}/quote`]: (_, { body }) => {
      const { fromToken, toToken, amount, slippage = 1 } = body as Body
      const toAmount = toAmountOf(fromToken as string, BigInt(amount as string))
      return {
        chainId: 31337,
        fromToken,
        toToken,
        fromAmount: amount,
        toAmount: String(toAmount),
        minimumReceived: String(minimumReceived(toAmount, slippage as number)),
        slippage,
        priceImpact: 0.12,
        route: ['ETH', 'aUSD'],
        estimatedGas: '150000',
        expiresAt: Date.now() + 30_000,
      }
    },
    [`POST ${base}/allowance`]: (_, { body }) => ({
      token: (body as Body).token,
      owner: evmAccount,
      spender,
      allowance,
    }),
    [`POST ${base}/approve`]: () => approveTransaction,
    [`POST ${base}/transaction`]: () => swapTransaction,
    ...api,
  }
  for (const [route, answer] of Object.entries(routes))
    routes[route] = (query, request) => {
      if (request.body !== undefined)
        bodies[route] = [...(bodies[route] ?? []), request.body as Body]
      return answer(query, request)
    }
  const rendered = renderView('Swap', {
    below: ['Account'],
    state: { ...connectedState(evmAccount), hostWallets: [testHostWallet], host: testHost },
    walletRequest: async (_, request) => {
      if (eip5792) {
        sent.push(request)
        return eip5792(request)
      }
      if (request.method !== 'eth_sendTransaction') return null
      sent.push(request)
      return wallet(request)
    },
    api: routes,
  })
  const calls = (route: string) =>
    rendered.apiCalls.filter((call) => `${call.method} ${call.path}` === route)
  const bodiesOf = (route: string) => bodies[route] ?? []
  return { ...rendered, sent, calls, bodiesOf }
}

async function form(container: HTMLElement) {
  const amount = (await within(container).findByLabelText(swapText.amount)) as HTMLInputElement
  const element = amount.closest('form') as HTMLFormElement
  return {
    amount,
    /** The view's message line: what blocks the form, what failed, or what is happening. */
    message: () => element.querySelector('[data-swap-error]')?.textContent,
    quote: () => element.querySelector('[data-swap-quote]')?.getAttribute('data-swap-quote'),
    async chooseFrom(symbol: string) {
      await userEvent.click(within(element).getByRole('button', { name: /^From/ }))
      const list = await within(element).findByRole('list', { name: swapText.from })
      await userEvent.click(within(list).getByRole('button', { name: new RegExp(`^${symbol}`) }))
    },
  }
}

/** The network's RPC, on its unreachable URL: every transaction is mined, and succeeded. */
function answerReceipts() {
  const fetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== unreachableRpcUrl && String(input) !== `${unreachableRpcUrl}/`)
      return fetch(input, init)
    const { id, method, params } = JSON.parse(String(init?.body)) as {
      id: number
      method: string
      params: [string]
    }
    const result =
      method === 'eth_getTransactionReceipt'
        ? {
            transactionHash: params[0],
            transactionIndex: '0x0',
            blockHash: `0x${'cd'.repeat(32)}`,
            blockNumber: '0x2',
            from: evmAccount,
            to: spender,
            cumulativeGasUsed: '0x5208',
            gasUsed: '0x5208',
            effectiveGasPrice: '0x1',
            contractAddress: null,
            logs: [],
            logsBloom: `0x${'00'.repeat(256)}`,
            status: '0x1',
            type: '0x2',
          }
        : method === 'eth_blockNumber'
          ? '0x2'
          : null
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
      headers: { 'content-type': 'application/json' },
    })
  })
}
afterEach(() => {
  vi.restoreAllMocks()
})

// The view loads on demand; compiled here first, so each test's waits are for the view alone.
beforeAll(async () => {
  await import('./Swap')
})

describe('Swap', () => {
  test('behavior: the tokens are the API’s, with the account’s balances, from ETH to aUSD at first', async () => {
    const { container } = renderSwap()
    await form(container)
    const from = screen.getByRole('button', { name: /^From/ })
    expect(from.dataset.swapFrom).toBe('ETH')
    expect(screen.getByRole('button', { name: /^To/ }).dataset.swapTo).toBe('aUSD')
    expect(await screen.findByText(swapText.balance('1.5 ETH'))).toBeVisible()
    await userEvent.click(from)
    const list = await screen.findByRole('list', { name: swapText.from })
    expect(within(list).getByRole('button', { name: /^aUSD/ })).toHaveTextContent('1250.5 aUSD')
    expect(within(list).getByRole('button', { name: /^ETH/ })).toHaveTextContent('1.5 ETH')
    // The spec's 1 % is the slippage chosen at first.
    expect(screen.getByRole('button', { name: '1%' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('behavior: a bad amount is said in the protocol’s words, and no quote is asked', async () => {
    const { container, calls } = renderSwap()
    const { amount, message, chooseFrom } = await form(container)
    expect(message()).toBe(swapAmountErrors.required)
    await chooseFrom('aUSD')
    expect(screen.getByRole('button', { name: /^To/ }).dataset.swapTo).toBe('ETH')
    const cases: [string, string][] = [
      ['abc', swapAmountErrors.notANumber],
      ['0', swapAmountErrors.zero],
      ['1.1234567', 'Too many decimals: the token has 6'],
      ['1250.500001', 'Insufficient aUSD balance'],
    ]
    for (const [typed, words] of cases) {
      await userEvent.fill(amount, typed)
      expect(message(), typed).toBe(words)
      expect(screen.getByRole('button', { name: swapText.swap })).toBeDisabled()
      // Each one left longer than the pause before a quote.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(calls(`POST ${base}/quote`), typed).toEqual([])
    }
  })

  test('behavior: once typing pauses one quote is asked, showing the amount out, the minimum and the fee', async () => {
    const { container, calls } = renderSwap()
    const { amount, message, quote } = await form(container)
    await userEvent.type(amount, '1.0')
    await expect.poll(quote).toBe('2,961.22')
    expect(calls(`POST ${base}/quote`)).toHaveLength(1)
    expect(calls(`POST ${base}/quote`)[0]?.query).toEqual({ hostOrigin: testHost.origin })
    // 1 % less than 2,961.229999.
    expect(container.querySelector('[data-swap-minimum]')).toHaveTextContent('2,931.61 aUSD')
    expect(container.querySelector('[data-swap-price-impact]')).toHaveTextContent('0.12%')
    // Each side's worth at the balances' prices (ETH at $2,000, aUSD at $1): a pool that prices
    // ETH off the market is there to see.
    expect(container.querySelector('[data-swap-from-usd]')).toHaveTextContent('≈ $2,000.00')
    expect(container.querySelector('[data-swap-to-usd]')).toHaveTextContent('≈ $2,961.23')
    // 150,000 gas at 2 gwei.
    expect(container.querySelector('[data-swap-fee]')).toHaveTextContent('0.0003 ETH')
    expect(message()).toBe('')
    // The native currency needs no approval.
    expect(calls(`POST ${base}/allowance`)).toEqual([])
    expect(screen.getByRole('button', { name: swapText.swap })).toBeEnabled()
  })

  test('behavior: while the visitor types on, the last quote stays shown until the new one comes', async () => {
    const { container, calls } = renderSwap()
    const { amount, quote } = await form(container)
    typeAtOnce(amount as HTMLInputElement, '0.5')
    await expect.poll(quote).toBe('1,480.61')
    typeAtOnce(amount as HTMLInputElement, '1')
    // Typing has not paused yet: nothing asked, the last quote still shown.
    expect(calls(`POST ${base}/quote`)).toHaveLength(1)
    expect(quote()).toBe('1,480.61')
    expect(screen.getByRole('button', { name: swapText.quoting })).toBeDisabled()
    await expect.poll(quote).toBe('1,510.22')
    expect(calls(`POST ${base}/quote`)).toHaveLength(2)
  })

  test('behavior: a quote is asked again before it expires, so the one shown stands', async () => {
    const { container, calls } = renderSwap({
      api: {
        // Expiring 6.5 s from now: asked again 5 s before, 1.5 s from now.
        [`POST ${base}/quote`]: (_, { body }) => {
          const { fromToken, toToken, amount } = body as Body
          const toAmount = toAmountOf(fromToken as string, BigInt(amount as string))
          return {
            chainId: 31337,
            fromToken,
            toToken,
            fromAmount: amount,
            toAmount: String(toAmount),
            minimumReceived: String(minimumReceived(toAmount)),
            slippage: 1,
            expiresAt: Date.now() + 6_500,
          }
        },
      },
    })
    const { amount, quote } = await form(container)
    await userEvent.type(amount, '1')
    await expect.poll(quote).toBe('2,961.22')
    expect(calls(`POST ${base}/quote`)).toHaveLength(1)
    await expect.poll(() => calls(`POST ${base}/quote`).length).toBe(2)
    expect(screen.getByRole('button', { name: swapText.swap })).toBeEnabled()
  })

  test('behavior: an ERC-20 is approved first, then swapped; the wallet sends the API’s transactions and the view returns to Account', async () => {
    answerReceipts()
    const { container, sent, calls } = renderSwap()
    const { amount, chooseFrom, quote } = await form(container)
    await chooseFrom('aUSD')
    await userEvent.fill(amount, '5')
    await expect.poll(quote).toBe('0.001685')
    const approve = await screen.findByRole('button', { name: 'Approve aUSD' })
    expect(calls(`POST ${base}/allowance`)[0]).toBeDefined()
    await userEvent.click(approve)
    await screen.findByRole('button', { name: swapText.swap })
    expect(calls(`POST ${base}/approve`)).toHaveLength(1)
    expect(sent[0]).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: evmAccount, to: aUsdAddress, data: '0x095ea7b3', value: '0x0' }],
    })
    expect(screen.getByText(swapText.approved('aUSD'))).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: swapText.swap }))
    // The toast closes by itself after 2.5 s: read it as it shows, before anything else is awaited.
    expect(await screen.findByText('Swapped 5 aUSD for 0.001685 ETH')).toBeVisible()
    expect(await screen.findByRole('heading', { level: 1, name: viewTitles.Account })).toBeVisible()
    expect(sent[1]).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: evmAccount, to: spender, data: '0x12aa3caf', value: '0x0', gas: '0x2bf20' }],
    })
  })

  test('behavior: a wallet that batches atomically (a smart account) is asked once: approve and swap in one batch, then Account', async () => {
    const id = `0x${'ef'.repeat(40)}`
    const { container, sent } = renderSwap({
      eip5792: async ({ method }) =>
        method === 'wallet_getCapabilities'
          ? { '0x7a69': { atomic: { status: 'supported' } } }
          : method === 'wallet_sendCalls'
            ? { id }
            : method === 'wallet_getCallsStatus'
              ? { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [] }
              : null,
    })
    const { amount, chooseFrom, quote } = await form(container)
    await chooseFrom('aUSD')
    await userEvent.fill(amount, '5')
    await expect.poll(quote).toBe('0.001685')
    // No Approve step: Swap does both.
    const swap = await screen.findByRole('button', { name: swapText.swap })
    expect(screen.queryByRole('button', { name: 'Approve aUSD' })).toBeNull()
    await userEvent.click(swap)
    // The toast closes by itself after 2.5 s: read it as it shows, before anything else is awaited.
    expect(await screen.findByText('Swapped 5 aUSD for 0.001685 ETH')).toBeVisible()
    expect(await screen.findByRole('heading', { level: 1, name: viewTitles.Account })).toBeVisible()
    const batches = sent.filter(({ method }) => method === 'wallet_sendCalls')
    expect(batches).toEqual([
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: evmAccount,
            atomicRequired: true,
            calls: [
              { to: aUsdAddress, data: '0x095ea7b3', value: '0x0' },
              { to: spender, data: '0x12aa3caf', value: '0x0' },
            ],
          },
        ],
      },
    ])
    expect(sent.some(({ method }) => method === 'eth_sendTransaction')).toBe(false)
  })

  test('error: a declined approval says ‘Signature declined’ and keeps the amount', async () => {
    const { container, sent } = renderSwap({
      wallet: async () => {
        throw new UserRejectedRequestError()
      },
    })
    const { amount, chooseFrom, message } = await form(container)
    await chooseFrom('aUSD')
    await userEvent.fill(amount, '5')
    await userEvent.click(await screen.findByRole('button', { name: 'Approve aUSD' }))
    await expect.poll(message).toBe('Signature declined')
    expect(sent).toHaveLength(1)
    expect(amount.value).toBe('5')
    expect(screen.getByRole('button', { name: 'Approve aUSD' })).toBeEnabled()
  })

  test('behavior: while the wallet is asked the buttons are disabled and say what is happening', async () => {
    let answer: (hash: unknown) => void = () => {}
    const { container } = renderSwap({
      wallet: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    const { amount, chooseFrom, message } = await form(container)
    await chooseFrom('aUSD')
    await userEvent.fill(amount, '5')
    await userEvent.click(await screen.findByRole('button', { name: 'Approve aUSD' }))
    const approving = await screen.findByRole('button', { name: 'Approving aUSD…' })
    expect(approving).toBeDisabled()
    expect(message()).toBe(swapText.confirmInWallet)
    expect(screen.getByRole('button', { name: swapText.max })).toBeDisabled()
    expect(amount).toBeDisabled()
    answer(undefined)
    await expect.poll(message).toBe(swapText.noHash)
  })

  test('error: a provider down is the API’s message, and nothing is sent', async () => {
    const { container, sent } = renderSwap({
      api: {
        [`POST ${base}/quote`]: () =>
          new HttpError(502, {
            error: {
              code: 'swapProviderUnavailable',
              message: 'The swap provider is unavailable. Try again later.',
            },
          }),
      },
    })
    const { amount, message } = await form(container)
    await userEvent.fill(amount, '1')
    await expect.poll(message).toBe('The swap provider is unavailable. Try again later.')
    expect(screen.queryByRole('button', { name: swapText.swap })).toBeNull()
    expect(screen.getByRole('button', { name: swapText.tryAgain })).toBeEnabled()
    expect(sent).toEqual([])
  })

  test('error: a chain swaps do not work on says where they do, and offers nothing else', async () => {
    const where = 'Swaps are not available on chain 31337. They work on Ethereum (1), Base (8453).'
    renderSwap({
      api: {
        [`GET ${base}/tokens`]: () =>
          new HttpError(400, { error: { code: 'unsupportedSwapNetwork', message: where } }),
      },
    })
    expect(await screen.findByText(where)).toHaveAttribute('data-swap-error')
    expect(screen.queryByLabelText(swapText.amount)).toBeNull()
    expect(screen.queryByRole('button', { name: swapText.tryAgain })).toBeNull()
  })

  test('error: on a network that is not an EVM one, the view says swaps need one', async () => {
    const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const { apiCalls } = renderView('Swap', {
      below: ['Account'],
      options: { networks: [solanaLocalnet.caipNetworkId] },
      state: { ...connectedState(solanaAccount, solanaLocalnet), host: testHost },
    })
    expect(await screen.findByText(swapText.unsupportedNamespace)).toHaveAttribute(
      'data-swap-error',
    )
    expect(screen.queryByLabelText(swapText.amount)).toBeNull()
    expect(apiCalls.filter((call) => call.path.startsWith(base))).toEqual([])
  })

  describe('quotes that bind (issue 36)', () => {
    test("behavior: the visitor's slippage is asked with the quote, and the minimum received moves with it; the route is shown", async () => {
      const { container, bodiesOf } = renderSwap()
      const { amount, quote } = await form(container)
      await userEvent.type(amount, '1')
      await expect.poll(quote).toBe('2,961.22')
      const minimum = () => container.querySelector('[data-swap-minimum]')?.textContent
      expect(minimum()).toBe('2,931.61 aUSD')
      expect(container.querySelector('[data-swap-route]')).toHaveTextContent('ETH → aUSD')
      await userEvent.click(screen.getByRole('button', { name: '0.5%' }))
      // 0.5 % less than 2,961.229999.
      await expect.poll(minimum).toBe('2,946.42 aUSD')
      expect(bodiesOf(`POST ${base}/quote`).at(-1)).toMatchObject({ slippage: 0.5 })
      expect(screen.getByText(swapText.slippageTolerance(0.5))).toBeVisible()
    })

    test('behavior: the slippage last chosen in this browser is where the form starts, and a new choice is kept', async () => {
      const kept = new Map([['airlock:v1:swapSlippage', '0.5']])
      const { container, modal, bodiesOf } = renderSwap()
      modal.setStorage({
        get: (key) => kept.get(key) ?? null,
        set: (key, value) => {
          kept.set(key, value)
        },
      })
      const { amount, quote } = await form(container)
      expect(await screen.findByRole('button', { name: '0.5%' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      await userEvent.type(amount, '1')
      await expect.poll(quote).toBe('2,961.22')
      expect(bodiesOf(`POST ${base}/quote`)).toEqual([expect.objectContaining({ slippage: 0.5 })])
      await userEvent.click(screen.getByRole('button', { name: '0.1%' }))
      await expect.poll(() => kept.get('airlock:v1:swapSlippage')).toBe('0.1')
    })

    test('behavior: a custom slippage above 5 % is warned about; one out of range is refused in words and never asked', async () => {
      const { container, calls, bodiesOf } = renderSwap()
      const { amount, quote } = await form(container)
      await userEvent.type(amount, '1')
      await expect.poll(quote).toBe('2,961.22')
      const custom = screen.getByRole('textbox', { name: swapText.customSlippage })
      await userEvent.fill(custom, '7')
      expect(await screen.findByText(swapText.highSlippage(7))).toBeVisible()
      await expect.poll(() => bodiesOf(`POST ${base}/quote`).at(-1)).toMatchObject({ slippage: 7 })
      const asked = calls(`POST ${base}/quote`).length
      await userEvent.fill(custom, '60')
      expect(await screen.findByText('Slippage must be from 0.01% to 50%')).toBeVisible()
      await userEvent.fill(custom, '0.125')
      expect(await screen.findByText('Slippage has at most 2 decimals')).toBeVisible()
      // No quote at a slippage that is not one: nothing to swap.
      expect(screen.getByRole('button', { name: swapText.swap })).toBeDisabled()
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(calls(`POST ${base}/quote`)).toHaveLength(asked)
    })

    test('behavior: a price impact from 3 % is warned about; from 10 % Swap waits for the visitor to accept it', async () => {
      let impact = 4
      const { container } = renderSwap({
        api: {
          [`POST ${base}/quote`]: (_, { body }) => {
            const { fromToken, toToken, amount } = body as Body
            const toAmount = toAmountOf(fromToken as string, BigInt(amount as string))
            return {
              chainId: 31337,
              fromToken,
              toToken,
              fromAmount: amount,
              toAmount: String(toAmount),
              minimumReceived: String(minimumReceived(toAmount)),
              slippage: 1,
              priceImpact: impact,
              expiresAt: Date.now() + 30_000,
            }
          },
        },
      })
      const { amount, quote } = await form(container)
      await userEvent.type(amount, '1')
      await expect.poll(quote).toBe('2,961.22')
      expect(screen.getByText(swapText.highPriceImpact(4))).toBeVisible()
      expect(screen.getByRole('button', { name: swapText.swap })).toBeEnabled()
      impact = 12.5
      await userEvent.fill(amount, '1.2')
      expect(await screen.findByText(swapText.veryHighPriceImpact(12.5))).toBeVisible()
      const swap = screen.getByRole('button', { name: swapText.swap })
      expect(swap).toBeDisabled()
      await userEvent.click(screen.getByRole('checkbox', { name: swapText.acceptPriceImpact }))
      expect(swap).toBeEnabled()
    })

    test('behavior: the swap is built on the minimum shown; when the market left it nothing is sent, the view says the price changed and shows the new quote', async () => {
      let moved = false
      const { container, bodiesOf, sent } = renderSwap({
        api: {
          [`POST ${base}/transaction`]: () =>
            new HttpError(409, {
              error: { code: 'swapPriceMoved', message: 'The price moved.' },
            }),
          [`POST ${base}/quote`]: (_, { body }) => {
            const { fromToken, toToken, amount } = body as Body
            const toAmount = moved ? 2_800_000_000n : 2_961_229_999n
            return {
              chainId: 31337,
              fromToken,
              toToken,
              fromAmount: amount,
              toAmount: String(toAmount),
              minimumReceived: String(minimumReceived(toAmount)),
              slippage: 1,
              expiresAt: Date.now() + 30_000,
            }
          },
        },
      })
      const { amount, quote, message } = await form(container)
      await userEvent.type(amount, '1')
      await expect.poll(quote).toBe('2,961.22')
      moved = true
      await userEvent.click(screen.getByRole('button', { name: swapText.swap }))
      await expect.poll(message).toBe(swapText.priceChanged)
      expect(bodiesOf(`POST ${base}/transaction`)[0]).toMatchObject({
        minimumReceived: '2931617699',
      })
      expect(quote()).toBe('2,800')
      expect(container.querySelector('[data-swap-minimum]')).toHaveTextContent('2,772 aUSD')
      expect(sent).toEqual([])
    })

    test('behavior: an approval is for the exact amount unless the visitor asks for unlimited', async () => {
      answerReceipts()
      const { container, bodiesOf } = renderSwap()
      const { amount, chooseFrom, quote } = await form(container)
      await chooseFrom('aUSD')
      await userEvent.fill(amount, '5')
      await expect.poll(quote).toBe('0.001685')
      const unlimited = screen.getByRole('checkbox', { name: swapText.unlimitedApproval })
      expect(unlimited).not.toBeChecked()
      await userEvent.click(unlimited)
      await userEvent.click(screen.getByRole('button', { name: 'Approve aUSD' }))
      await screen.findByRole('button', { name: swapText.swap })
      expect(bodiesOf(`POST ${base}/approve`)[0]).toEqual({
        chainId: 31337,
        token: aUsdAddress,
        amount: String(2n ** 256n - 1n),
      })
    })
  })

  describe('token search and import (issue 36)', () => {
    const pasted = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    test('behavior: tokens are searched by symbol; a pasted address the list lacks is read, shown behind a warning, and chosen once imported', async () => {
      const { container, calls } = renderSwap({
        api: {
          [`GET ${base}/token`]: ({ address }) =>
            address === pasted.toLowerCase()
              ? { token: { address: pasted, symbol: 'NEW', name: 'New Token', decimals: 18 } }
              : new HttpError(400, {
                  error: { code: 'swapTokenNotContract', message: `${address} is not a token.` },
                }),
        },
      })
      await form(container)
      await userEvent.click(screen.getByRole('button', { name: /^To/ }))
      const search = screen.getByRole('textbox', { name: `To: ${swapText.searchTokens}` })
      await userEvent.fill(search, 'usd')
      const list = screen.getByRole('list', { name: swapText.to })
      expect(
        within(list)
          .getAllByRole('button')
          .map((button) => button.dataset.symbol),
      ).toEqual(['aUSD'])
      await userEvent.fill(search, pasted)
      expect(await screen.findByText(swapText.importWarning('NEW'))).toBeVisible()
      expect(calls(`GET ${base}/token`)[0]?.query).toMatchObject({
        chainId: '31337',
        address: pasted.toLowerCase(),
      })
      await userEvent.click(screen.getByRole('button', { name: swapText.importToken }))
      expect(screen.getByRole('button', { name: /^To/ }).dataset.swapTo).toBe('NEW')
    })

    test('error: a pasted address that is no token says so in the API’s words, and nothing can be imported', async () => {
      const { container } = renderSwap({
        api: {
          [`GET ${base}/token`]: ({ address }) =>
            new HttpError(400, {
              error: { code: 'swapTokenNotContract', message: `${address} is not a token.` },
            }),
        },
      })
      await form(container)
      await userEvent.click(screen.getByRole('button', { name: /^To/ }))
      await userEvent.fill(
        screen.getByRole('textbox', { name: `To: ${swapText.searchTokens}` }),
        pasted,
      )
      expect(await screen.findByText(`${pasted.toLowerCase()} is not a token.`)).toBeVisible()
      expect(screen.queryByRole('button', { name: swapText.importToken })).toBeNull()
    })
  })
})
