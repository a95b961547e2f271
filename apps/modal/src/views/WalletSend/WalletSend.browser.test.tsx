// The Send form as the visitor fills it in: the spec's §5 messages and the form's own (address,
// decimals, balance), in the order they apply, and when Preview can be pressed. The account's
// tokens come from our API's balances route; the network's RPC is unreachable, so no fee is known.
import { sendErrors, type TokenBalance } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { viewTitles } from '../../messages'
import { sendText } from '../../messages/sendText'
import { ether, evmAccount, evmReceiver, usdCoin } from '../../test/fixtures'
import {
  type ApiRoutes,
  anvil,
  connectedState,
  renderView,
  solanaLocalnet,
  unreachableRpcUrl,
} from '../../test/renderView'

const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaReceiver = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'

const sol: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: solanaLocalnet.caipNetworkId,
  price: 150,
  value: 300,
  quantity: { decimals: '9', numeric: '2' },
  iconUrl: '',
}

/** The Send view of an account holding `tokens` on `network`, opened from Account. */
function renderSend(
  address = evmAccount,
  tokens: TokenBalance[] = [ether, usdCoin],
  network = anvil,
  api: ApiRoutes = {},
) {
  return renderView('WalletSend', {
    below: ['Account'],
    options: { networks: [network.caipNetworkId] },
    state: connectedState(address, network),
    api: { [`GET /v1/accounts/${address}/balances`]: () => ({ balances: tokens }), ...api },
  })
}

async function form() {
  const preview = await screen.findByRole('button', { name: sendText.preview })
  const element = preview.closest('form') as HTMLFormElement
  return {
    preview,
    /** The message under the form: what blocks Preview, or nothing. */
    message: () => within(element).getByRole('status').textContent,
    amount: within(element).getByLabelText(sendText.amount) as HTMLInputElement,
    receiver: within(element).getByLabelText(sendText.receiver) as HTMLInputElement,
    async chooseToken(name: string) {
      await userEvent.click(within(element).getByRole('button', { name: /^Token/ }))
      const tokens = await within(element).findByRole('list', { name: sendText.token })
      await userEvent.click(await within(tokens).findByRole('button', { name: new RegExp(name) }))
    },
  }
}

// The view loads on demand; compiled here first, so each test's waits are for the view alone.
beforeAll(async () => {
  await import('./WalletSend')
})

describe('WalletSend', () => {
  test('behavior: an empty form asks for an amount and a receiver, and Preview is disabled', async () => {
    renderSend()
    const { message, preview } = await form()
    expect(message()).toBe(sendErrors.amountAndReceiverRequired)
    expect(message()).toBe('An amount and receiver address are required')
    expect(preview).toBeDisabled()
  })

  test('behavior: with an amount and a receiver but no token, a token is required', async () => {
    renderSend()
    const { message, preview, amount, receiver } = await form()
    await userEvent.fill(amount, '0.1')
    await userEvent.fill(receiver, evmReceiver)
    expect(message()).toBe('A token is required')
    expect(preview).toBeDisabled()
  })

  test('behavior: the token list is the account’s tokens with their balances', async () => {
    renderSend()
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('USD Coin')
    expect(screen.getByRole('button', { name: /^Token/ })).toHaveTextContent('USD Coin')
    expect(screen.getByText(sendText.available('100 USDC'))).toBeVisible()
    await userEvent.fill(amount, '25')
    await userEvent.fill(receiver, evmReceiver)
    expect(message()).toBe('')
    expect(preview).toBeEnabled()
  })

  test('behavior: a receiver that is not an address of the network is an invalid address', async () => {
    renderSend()
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.5')
    for (const address of ['0x1234', solanaReceiver, evmReceiver.slice(2), 'vitalik']) {
      await userEvent.fill(receiver, address)
      expect(message(), address).toBe('Invalid address')
      expect(preview).toBeDisabled()
    }
  })

  test('behavior: more than the balance is refused, the whole balance is not', async () => {
    renderSend()
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(receiver, evmReceiver)
    await userEvent.fill(amount, '1.500000000000000001')
    expect(message()).toBe('Insufficient ETH balance')
    expect(preview).toBeDisabled()
    await userEvent.fill(amount, '1.5')
    expect(message()).toBe('')
    expect(preview).toBeEnabled()
  })

  test('behavior: more decimals than the token has are refused', async () => {
    renderSend()
    const { chooseToken, message, amount, receiver } = await form()
    await chooseToken('USD Coin')
    await userEvent.fill(receiver, evmReceiver)
    await userEvent.fill(amount, '1.1234567')
    expect(message()).toBe('Too many decimals: the token has 6')
    await userEvent.fill(amount, '1.123456')
    expect(message()).toBe('')
  })

  test('behavior: a zero amount counts as no amount', async () => {
    renderSend()
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(receiver, evmReceiver)
    await userEvent.fill(amount, '0')
    expect(message()).toBe('An amount and receiver address are required')
    expect(preview).toBeDisabled()
  })

  test('behavior: Max fills in the whole balance of a token', async () => {
    renderSend()
    const { chooseToken, amount } = await form()
    expect(screen.getByRole('button', { name: sendText.max })).toBeDisabled()
    await chooseToken('USD Coin')
    await userEvent.click(screen.getByRole('button', { name: sendText.max }))
    expect(amount.value).toBe('100')
    // Its USD value follows the amount.
    expect(await screen.findByText('$100.00')).toBeVisible()
  })

  test('behavior: a valid form estimates the fee, says when it can’t, and Preview opens the review', async () => {
    renderSend()
    const { chooseToken, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.25')
    await userEvent.fill(receiver, evmReceiver)
    // The network's RPC (unreachable here) can't say what sending costs.
    expect(anvil.rpcUrl).toBe(unreachableRpcUrl)
    expect(await screen.findByText(sendText.feeUnavailable)).toBeVisible()
    await userEvent.click(preview)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      viewTitles.WalletSendPreview,
    )
  })

  test('behavior: on Solana the receiver is a Solana address, and an EVM one is invalid', async () => {
    renderSend(solanaAccount, [sol], solanaLocalnet)
    const { chooseToken, message, amount, receiver, preview } = await form()
    expect(receiver.placeholder).toBe('Solana address')
    await chooseToken('Solana')
    await userEvent.fill(amount, '1')
    await userEvent.fill(receiver, evmReceiver)
    expect(message()).toBe('Invalid address')
    await userEvent.fill(receiver, solanaReceiver)
    expect(message()).toBe('')
    expect(preview).toBeEnabled()
  })
})

describe('WalletSend: a name as the receiver (issue 21)', () => {
  const bob = {
    name: 'bob.airlock.eth',
    address: evmReceiver,
    coinType: 60,
    attributes: { avatar: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E' },
    createdAt: '2026-11-26T12:00:00.000Z',
  }
  const names: ApiRoutes = {
    'GET /v1/names/bob.airlock.eth': () => bob,
    'GET /v1/names/nobody.airlock.eth': () => {
      throw new HttpError(404, { error: { code: 'nameNotFound', message: 'No one has it.' } })
    },
    'GET /v1/names/down.eth': () => {
      throw new HttpError(503, { error: { code: 'nameResolutionUnavailable', message: 'Down.' } })
    },
  }

  test('behavior: a name resolves to its address, shown with the name and avatar, and the preview says both', async () => {
    renderSend(evmAccount, [ether, usdCoin], anvil, names)
    const { chooseToken, message, amount, receiver, preview } = await form()
    expect(receiver.placeholder).toBe('0x… address or name')
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.25')
    await userEvent.fill(receiver, 'bob.airlock.eth')
    const resolved = await screen.findByText('bob.airlock.eth')
    const line = resolved.closest('[data-send-receiver-name]') as HTMLElement
    expect(line.dataset.sendReceiverName).toBe('bob.airlock.eth')
    expect(within(line).getByTitle(evmReceiver)).toHaveTextContent('0x3C…4293BC')
    expect(line.querySelector('img')?.getAttribute('src')).toBe(bob.attributes.avatar)
    expect(message()).toBe('')
    expect(receiver.value).toBe('bob.airlock.eth')
    await userEvent.click(preview)
    const to = await screen.findByTitle(evmReceiver)
    expect(to.dataset.sendReceiver).toBe(evmReceiver)
    expect(to).toHaveTextContent('bob.airlock.eth')
  })

  test('behavior: while a name is looked up Preview waits; a name no one has says so', async () => {
    renderSend(evmAccount, [ether, usdCoin], anvil, names)
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.25')
    await userEvent.fill(receiver, 'nobody.airlock.eth')
    expect(message()).toBe('Looking up nobody.airlock.eth…')
    expect(preview).toBeDisabled()
    await expect.poll(message).toBe('No address found for nobody.airlock.eth')
    expect(preview).toBeDisabled()
  })

  test("error: a lookup that fails is 'Error resolving name'; an address typed after it is taken as is", async () => {
    renderSend(evmAccount, [ether, usdCoin], anvil, names)
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.25')
    await userEvent.fill(receiver, 'down.eth')
    await expect.poll(message).toBe('Error resolving name')
    expect(preview).toBeDisabled()
    await userEvent.fill(receiver, evmReceiver)
    expect(message()).toBe('')
    expect(preview).toBeEnabled()
  })

  test('behavior: on Solana a name is not looked up: it is an invalid address', async () => {
    const { apiCalls } = renderSend(solanaAccount, [sol], solanaLocalnet, names)
    const { chooseToken, message, amount, receiver } = await form()
    await chooseToken('Solana')
    await userEvent.fill(amount, '1')
    await userEvent.fill(receiver, 'bob.airlock.eth')
    expect(message()).toBe('Invalid address')
    expect(apiCalls.some((call) => call.path.startsWith('/v1/names'))).toBe(false)
  })
})
