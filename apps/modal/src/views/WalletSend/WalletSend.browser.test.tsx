// The Send form as the visitor fills it in: the spec's §5 messages and the form's own (address,
// decimals, balance), in the order they apply, and when Preview can be pressed. The account's
// tokens come from our API's balances route; the network's RPC is unreachable, so no fee is known.
// With the embedded wallet (issue 34 point 5) the send is reviewed once: the form's button asks
// the wallet, whose approval screen is the review, on a real anvil; any other wallet gets the
// modal's preview first.
import { sendErrors, type TokenBalance } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { createPublicClient, createWalletClient, getAddress, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import { toastMessages, viewTitles } from '../../messages'
import { approveText } from '../../messages/approveText'
import { sendText } from '../../messages/sendText'
import { anvilFunderKey, anvilOn, solanaOnRpc } from '../../test/chain'
import { signedIn, unlockWallet, walletRoutes } from '../../test/embeddedWallet'
import { ether, evmAccount, evmReceiver, usdCoin } from '../../test/fixtures'
import {
  type ApiRoutes,
  anvil,
  connectedState,
  projectConfig,
  renderView,
  solanaLocalnet,
  unreachableRpcUrl,
} from '../../test/renderView'
import { fitModalUnscaled } from '../../test/viewport'

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
  test('behavior: an empty form says nothing before the visitor types, and Preview is disabled; with both fields filled, an amount that is no amount is asked for', async () => {
    renderSend()
    const { message, preview, amount, receiver } = await form()
    expect(message()).toBe('')
    expect(preview).toBeDisabled()
    // One field typed: the other, still empty, speaks for itself.
    await userEvent.fill(receiver, evmReceiver)
    expect(message()).toBe('')
    expect(preview).toBeDisabled()
    await userEvent.fill(amount, '0')
    expect(message()).toBe(sendErrors.amountAndReceiverRequired)
    expect(message()).toBe('An amount and receiver address are required')
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

  test('behavior: with a wallet other than the embedded one, a valid form estimates the fee, says when it can’t, and Preview opens the modal’s review', async () => {
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
  // A name's lookup: its record in a list, an empty list when no one has it.
  const names: ApiRoutes = {
    'GET /v1/names': ({ name }) => {
      if (name === 'down.eth')
        throw new HttpError(503, { error: { code: 'nameResolutionUnavailable', message: 'Down.' } })
      return { names: name === 'bob.airlock.eth' ? [bob] : [] }
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
    // The API answers only once the test has seen the lookup under way.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    renderSend(evmAccount, [ether, usdCoin], anvil, {
      ...names,
      'GET /v1/names': async (query, options) => {
        await answered
        return names['GET /v1/names']!(query, options)
      },
    })
    const { chooseToken, message, amount, receiver, preview } = await form()
    await chooseToken('Ether')
    await userEvent.fill(amount, '0.25')
    await userEvent.fill(receiver, 'nobody.airlock.eth')
    await expect.poll(message).toBe('Looking up nobody.airlock.eth…')
    expect(preview).toBeDisabled()
    answer()
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

describe('WalletSend with the embedded wallet: the approval is the one review (issue 34 point 5)', () => {
  const network = anvilOn('anvil')
  const chain = createPublicClient({ chain: foundry, transport: http(network.rpcUrl) })

  // Approve arms only once the card is seen (useSeenArming).
  beforeAll(async () => {
    await fitModalUnscaled()
    await import('../embeddedWalletViews')
  })

  /**
   * The Send view of an email login's wallet, made and unlocked by the modal's own code, holding
   * 1 ETH on the test's anvil (the indexer's balances say so too), with the form filled in to
   * send 0.25 ETH to a fresh address, typed as is or as the name `typed` that resolves to it.
   */
  async function sendFromEmbeddedWallet(email: string, typed?: string) {
    const wallet = walletRoutes(email)
    const api: ApiRoutes = { ...wallet.routes }
    const rendered = renderView('WalletSend', {
      below: ['Account'],
      config: projectConfig({ networks: [network] }),
      state: signedIn(email, 'email', network),
      api,
    })
    const { modal } = rendered
    await unlockWallet(modal)
    const address = getAddress(wallet.evmAddress() as string)
    // The routes are read at each call: the wallet's balances, now that its address is known.
    api[`GET /v1/accounts/${address}/balances`] = () => ({
      balances: [
        { ...ether, chainId: network.caipNetworkId, quantity: { decimals: '18', numeric: '1' } },
      ],
    })
    await modal.connection.activate(embeddedWalletId)
    expect(modal.store.getState().address).toBe(address)
    const funder = createWalletClient({
      account: privateKeyToAccount(anvilFunderKey),
      chain: foundry,
      transport: http(network.rpcUrl),
    })
    await chain.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
    })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    if (typed)
      api['GET /v1/names'] = ({ name }) => ({
        names:
          name === typed
            ? [
                {
                  name: typed,
                  address: receiver,
                  coinType: 60,
                  attributes: {},
                  createdAt: '2026-11-26T12:00:00.000Z',
                },
              ]
            : [],
      })
    const filled = await form()
    await filled.chooseToken('Ether')
    await userEvent.fill(filled.amount, '0.25')
    await userEvent.fill(filled.receiver, typed ?? receiver)
    // The fee of the real chain, estimated before the wallet is asked.
    await expect.poll(() => document.querySelector('[data-send-fee]')?.textContent).toMatch(/ETH$/)
    return { ...rendered, ...filled, address, receiver }
  }

  const approveButton = () => screen.getByRole('button', { name: approveText.approveButton })

  test('behavior: the form’s button asks the wallet at once: its approval shows receiver (by the name typed too), amount, network and fee; Approve sends, loading meanwhile, then Account says it was sent', async () => {
    const { modal, preview, receiver } = await sendFromEmbeddedWallet(
      'ada-send@example.com',
      'bob.airlock.eth',
    )
    const loading: boolean[] = []
    modal.store.subscribe((state, previous) => {
      if (state.send.loading !== previous.send.loading) loading.push(state.send.loading)
    })
    await userEvent.click(preview)
    // No preview of the modal's own: the wallet's approval is the review.
    expect(
      await screen.findByRole('heading', { level: 1, name: viewTitles.ApproveTransaction }),
    ).toBeVisible()
    expect(screen.queryByText(viewTitles.WalletSendPreview)).toBeNull()
    expect(await screen.findByText(approveText.sendTransaction)).toBeVisible()
    // The visitor's own send: no site is said to ask for it.
    expect(screen.getByText(approveText.explainOwnSend)).toBeVisible()
    expect(screen.getByText(approveText.askedByYou)).toBeVisible()
    expect(document.querySelector('[data-asking-origin]')).toBeNull()
    expect(screen.getByText(network.name)).toBeVisible()
    expect(screen.getByText(receiver)).toBeVisible()
    const name = document.querySelector('[data-receiver-name]') as HTMLElement
    expect(name).toHaveTextContent('bob.airlock.eth')
    expect(name.previousElementSibling).toHaveTextContent(approveText.receiverName)
    expect(document.querySelector('[data-value]')).toHaveTextContent('0.25 ETH')
    await expect
      .poll(() => document.querySelector('[data-fee-max]')?.textContent)
      .toMatch(/^[0-9.]+ ETH \(\$[0-9.]+\)$/)
    await expect.poll(() => approveButton().dataset.arming).toBe('armed')
    await expect.poll(() => (approveButton() as HTMLButtonElement).disabled).toBe(false)
    await userEvent.click(approveButton())

    expect(await screen.findByRole('heading', { level: 1, name: viewTitles.Account })).toBeVisible()
    expect(await screen.findByText(sendText.sent('0.25 ETH'))).toBeVisible()
    expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.25'))
    // Loading while it was sent (spec §3), and the send state cleared after.
    expect(loading).toEqual([true, false])
    expect(modal.store.getState().send.sendTokenAmount).toBe('')
  })

  test('error: Reject on the approval goes back to the form, which says Signature declined, is kept, and nothing is sent', async () => {
    const { preview, receiver } = await sendFromEmbeddedWallet('ada-reject@example.com')
    await userEvent.click(preview)
    await userEvent.click(await screen.findByRole('button', { name: approveText.reject }))
    expect(
      await screen.findByRole('heading', { level: 1, name: viewTitles.WalletSend }),
    ).toBeVisible()
    // The form again (the approval was shown over it), as it was, saying why and ready to send.
    const again = await form()
    await expect.poll(again.message).toBe(toastMessages.signatureDeclined)
    expect(again.message()).toBe('Signature declined')
    expect(again.amount).toHaveValue('0.25')
    expect(again.receiver).toHaveValue(receiver)
    expect(again.preview).toBeEnabled()
    expect(await chain.getBalance({ address: receiver })).toBe(0n)
  })

  test('behavior: on Solana too the approval is the review: it shows the transfer, network and fee, and Approve sends the SOL', async () => {
    const solana = solanaOnRpc()
    const rpc = async (method: string, params: unknown[]) => {
      const response = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return ((await response.json()) as { result: unknown }).result
    }
    const lamportsOf = async (address: string) =>
      ((await rpc('getBalance', [address])) as { value: number }).value
    const wallet = walletRoutes('ada-solana@example.com')
    const api: ApiRoutes = { ...wallet.routes }
    const { modal } = renderView('WalletSend', {
      below: ['Account'],
      config: projectConfig({ networks: [solana] }),
      state: signedIn('ada-solana@example.com', 'email', solana),
      api,
    })
    await unlockWallet(modal)
    const address = wallet.solanaAddress() as string
    api[`GET /v1/accounts/${address}/balances`] = () => ({
      balances: [{ ...sol, quantity: { decimals: '9', numeric: '2' } }],
    })
    await modal.connection.activate(embeddedWalletId)
    expect(modal.store.getState().address).toBe(address)
    await rpc('requestAirdrop', [address, 2_000_000_000])
    await expect.poll(() => lamportsOf(address)).toBe(2_000_000_000)
    const before = await lamportsOf(solanaReceiver)

    const filled = await form()
    await filled.chooseToken('Solana')
    await userEvent.fill(filled.amount, '0.5')
    await userEvent.fill(filled.receiver, solanaReceiver)
    await expect.poll(() => document.querySelector('[data-send-fee]')?.textContent).toMatch(/SOL$/)
    await userEvent.click(filled.preview)
    expect(
      await screen.findByRole('heading', { level: 1, name: viewTitles.ApproveTransaction }),
    ).toBeVisible()
    expect(
      await screen.findByText(approveText.solTransfer('0.5 SOL', solanaReceiver)),
    ).toBeVisible()
    expect(screen.getByText(approveText.explainOwnSend)).toBeVisible()
    expect(screen.getByText(approveText.askedByYou)).toBeVisible()
    expect(screen.getByText(solana.name)).toBeVisible()
    expect(document.querySelector('[data-fee-base]')).toHaveTextContent(/ SOL/)
    await expect.poll(() => approveButton().dataset.arming).toBe('armed')
    await expect.poll(() => (approveButton() as HTMLButtonElement).disabled).toBe(false)
    await userEvent.click(approveButton())

    expect(await screen.findByRole('heading', { level: 1, name: viewTitles.Account })).toBeVisible()
    expect(await screen.findByText(sendText.sent('0.5 SOL'))).toBeVisible()
    expect((await lamportsOf(solanaReceiver)) - before).toBe(500_000_000)
  })
})
