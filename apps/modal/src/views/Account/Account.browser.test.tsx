// Account as the visitor sees it: the Tokens / NFTs / Activity tabs and what each shows (the
// account's data from our API's routes), their empty and unavailable states, and the active
// network the site doesn't support.
import type { NftItem, TokenBalance, Transaction } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { toastMessages } from '../../messages'
import { accountText } from '../../messages/accountText'
import { ether, evmAccount, evmReceiver, usdCoin } from '../../test/fixtures'
import {
  type ApiRoutes,
  anvil,
  connectedState,
  renderView,
  solanaLocalnet,
} from '../../test/renderView'

const account = evmAccount
const other = evmReceiver

const nft = (tokenId: string, name: string, isSpam = false): NftItem => ({
  id: `0xe7f1725e7734ce288f8367e1bb143e90bb3f0512:${tokenId}`,
  chainId: anvil.caipNetworkId,
  contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  tokenId,
  name,
  collection: 'Test Punks',
  isSpam,
})
const sent: Transaction = {
  id: '0xaa00000000000000000000000000000000000000000000000000000000000001',
  metadata: {
    minedAt: new Date().toISOString(),
    chain: anvil.caipNetworkId,
    operationType: 'send',
    status: 'confirmed',
    sentFrom: account,
    sentTo: other,
  },
  transfers: [{ fungible_info: { symbol: 'ETH', quantity: { numeric: '0.25' } } }],
}

/** Our API's account routes for `address`, answering with these lists (one page each). */
function accountRoutes(
  address: string,
  data: { tokens?: TokenBalance[] | Error; nfts?: NftItem[]; transactions?: Transaction[] },
): ApiRoutes {
  const base = `GET /v1/accounts/${address}`
  return {
    [`${base}/balances`]: () =>
      data.tokens instanceof Error ? data.tokens : { balances: data.tokens ?? [] },
    [`${base}/nfts`]: () => ({ data: data.nfts ?? [], next: null }),
    [`${base}/transactions`]: () => ({ data: data.transactions ?? [], next: null }),
  }
}

const tab = (name: string) => screen.getByRole('tab', { name })
/** The shown tab's panel, once the view (loaded on demand) is there. */
const panel = () => screen.findByRole('tabpanel')

// The view loads on demand; compiled here first, so each test's waits are for the view alone.
beforeAll(async () => {
  await import('./Account')
})

describe('Account', () => {
  test('behavior: each tab shows its own list, and only the selected tab is selected', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, {
        tokens: [usdCoin, ether],
        nfts: [nft('1', 'Punk #1'), nft('2', 'Free mint!!', true)],
        transactions: [sent],
      }),
    })
    expect(
      (await screen.findAllByRole('tab')).map((element) => [
        element.textContent,
        element.getAttribute('aria-selected'),
      ]),
    ).toEqual([
      ['Tokens', 'true'],
      ['NFTs', 'false'],
      ['Activity', 'false'],
    ])
    // Tokens, by USD value.
    const tokens = await within(await panel()).findByRole('list', { name: 'Tokens' })
    expect(
      within(tokens)
        .getAllByRole('listitem')
        .map((row) => row.dataset.symbol),
    ).toEqual(['ETH', 'USDC'])
    expect(await panel()).toHaveAccessibleName('Tokens')

    await userEvent.click(tab('NFTs'))
    expect(tab('NFTs')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Tokens')).toHaveAttribute('aria-selected', 'false')
    const nfts = await within(await panel()).findByRole('list', { name: 'NFTs' })
    expect(within(nfts).getByText('Punk #1')).toBeVisible()
    // Spam is left out.
    expect(within(nfts).queryByText('Free mint!!')).toBeNull()
    expect(screen.queryByRole('list', { name: 'Tokens' })).toBeNull()

    await userEvent.click(tab('Activity'))
    const activity = await within(await panel()).findByRole('list', { name: 'Activity' })
    expect(within(activity).getByText(accountText.operations.send!)).toBeVisible()
    expect(within(activity).getByText(/0\.25 ETH/)).toBeVisible()
    expect(screen.queryByRole('list', { name: 'NFTs' })).toBeNull()
  })

  test('behavior: arrow keys move between tabs, selecting as they go', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, { tokens: [ether] }),
    })
    await userEvent.click(await screen.findByRole('tab', { name: 'Tokens' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(tab('NFTs')).toHaveAttribute('aria-selected', 'true')
    expect(tab('NFTs')).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(tab('Activity')).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowRight}')
    expect(tab('Tokens')).toHaveAttribute('aria-selected', 'true')
  })

  test('behavior: right to left, ArrowLeft goes to the next tab and ArrowRight back, as they sit on screen', async () => {
    document.documentElement.dir = 'rtl'
    onTestFinished(() => document.documentElement.removeAttribute('dir'))
    renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, { tokens: [ether] }),
    })
    await userEvent.click(await screen.findByRole('tab', { name: 'Tokens' }))
    await userEvent.keyboard('{ArrowLeft}')
    expect(tab('NFTs')).toHaveAttribute('aria-selected', 'true')
    expect(tab('NFTs')).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    expect(tab('Activity')).toHaveAttribute('aria-selected', 'true')
  })

  test('behavior: an account with nothing shows each tab’s empty state, with a way to get something in', async () => {
    const { modal } = renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, {}),
    })
    expect(await within(await panel()).findByText(accountText.emptyTokens)).toBeVisible()
    expect(accountText.emptyTokens).toBe('No tokens yet')
    // Not a dead end: the ways in the page has on (Buy and Receive here), in the spec's order.
    const nextSteps = () =>
      within(screen.getByRole('tabpanel'))
        .getAllByRole('button')
        .map((button) => button.textContent)
    expect(nextSteps()).toEqual(['Add funds with a card', 'Show your address'])
    const showAddress = () =>
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Show your address' })
    await userEvent.click(tab('NFTs'))
    expect(await within(await panel()).findByText('No NFTs yet')).toBeVisible()
    expect(nextSteps()).toEqual(['Add funds with a card', 'Show your address'])
    await userEvent.click(tab('Activity'))
    expect(await within(await panel()).findByText('No activity yet')).toBeVisible()
    await userEvent.click(showAddress())
    await expect.poll(() => modal.navigation.view()).toBe('Receive')
  })

  test('behavior: the native balance loads as a shimmer named for assistive tech, not as words', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    // The API answers the balances only once the test has seen them loading.
    const routes = accountRoutes(account, { tokens: [ether] })
    const balances = `GET /v1/accounts/${account}/balances`
    const listed = routes[balances]!
    renderView('Account', {
      state: connectedState(account),
      api: {
        ...routes,
        [balances]: async (query, options) => {
          await answered
          return listed(query, options)
        },
      },
    })
    const loading = await screen.findByRole('status', { name: accountText.balanceLoading })
    expect(loading).toHaveTextContent('')
    answer()
    await expect
      .poll(() => document.querySelector('[data-native-balance]')?.textContent)
      .toMatch(/ETH$/)
    expect(screen.queryByRole('status', { name: accountText.balanceLoading })).toBe(null)
  })

  test('behavior: balances that fail to load say so, in the tab and in a toast', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, {
        tokens: new HttpError(500, { error: { code: 'internal', message: 'down' } }),
      }),
    })
    expect(await within(await panel()).findByText(accountText.tokensFailed)).toBeVisible()
    expect(await screen.findByText(toastMessages.tokenBalanceUnavailable)).toBeVisible()
    expect(toastMessages.tokenBalanceUnavailable).toBe('Token Balance Unavailable')
  })

  test('behavior: on Solana, NFTs and Activity say they are not available on this network', async () => {
    const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const { apiCalls } = renderView('Account', {
      options: { networks: [solanaLocalnet.caipNetworkId] },
      state: connectedState(solanaAccount, solanaLocalnet),
      api: accountRoutes(solanaAccount, {}),
    })
    expect(await within(await panel()).findByText(accountText.emptyTokens)).toBeVisible()
    await userEvent.click(tab('NFTs'))
    expect(within(await panel()).getByText('NFTs are not available on this network.')).toBeVisible()
    await userEvent.click(tab('Activity'))
    expect(
      within(await panel()).getByText('Activity is not available on this network.'),
    ).toBeVisible()
    // Nothing was asked of the API for what the network doesn't have.
    expect(apiCalls.map((call) => call.path)).toEqual([`/v1/accounts/${solanaAccount}/balances`])
  })

  test('behavior: an active network the site doesn’t support is named as such, with a way out', async () => {
    const { router } = renderView('Account', {
      options: { networks: [anvil.caipNetworkId] },
      state: { ...connectedState(account), activeNetwork: 'eip155:1' },
      api: accountRoutes(account, {}),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This network is not supported by this site.',
    )
    await userEvent.click(screen.getByRole('button', { name: accountText.switchNetwork }))
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Choose Network')
    expect(router.state.location.pathname).toBe('/SwitchNetwork')
  })

  test('behavior: with activity switched off by the site there is no Activity tab', async () => {
    renderView('Account', {
      options: { networks: [anvil.caipNetworkId], features: { activity: false } },
      state: connectedState(account),
      api: accountRoutes(account, { tokens: [ether] }),
    })
    expect((await screen.findAllByRole('tab')).map((element) => element.textContent)).toEqual([
      'Tokens',
      'NFTs',
    ])
  })
})

describe('Account names (spec §6: eip155 only)', () => {
  const namesOff = () =>
    new HttpError(404, { error: { code: 'namesNotConfigured', message: 'Names are off.' } })
  const named = (name: string) => ({
    name,
    address: account,
    coinType: 2147514665,
    attributes: {},
    createdAt: new Date().toISOString(),
  })

  test('behavior: the primary name shows above the address, and no way to choose another', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: {
        ...accountRoutes(account, {}),
        'GET /v1/names': ({ address }) => ({
          names: address === account ? [named('alice.airlock.eth'), named('old.airlock.eth')] : [],
        }),
      },
    })
    expect(await screen.findByText('alice.airlock.eth')).toBeVisible()
    expect(screen.queryByText('old.airlock.eth')).toBeNull()
    expect(screen.queryByRole('button', { name: accountText.chooseName })).toBeNull()
  })

  test("behavior: an address with no name gets 'Choose a name', which opens RegisterAccountName", async () => {
    const { modal } = renderView('Account', {
      state: connectedState(account),
      api: { ...accountRoutes(account, {}), 'GET /v1/names': () => ({ names: [] }) },
    })
    await userEvent.click(await screen.findByRole('button', { name: accountText.chooseName }))
    await expect.poll(() => modal.navigation.view()).toBe('RegisterAccountName')
  })

  test('behavior: with names off on the API, or on solana, nothing about names shows', async () => {
    const { apiCalls } = renderView('Account', {
      state: connectedState(account),
      api: { ...accountRoutes(account, {}), 'GET /v1/names': namesOff },
    })
    await panel()
    await expect.poll(() => apiCalls.some((call) => call.path === '/v1/names')).toBe(true)
    expect(screen.queryByRole('button', { name: accountText.chooseName })).toBeNull()

    const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const onSolana = renderView('Account', {
      state: connectedState(solana, solanaLocalnet),
      api: { 'GET /v1/names': () => ({ names: [] }) },
    })
    await screen.findAllByRole('tabpanel')
    expect(onSolana.apiCalls.some((call) => call.path === '/v1/names')).toBe(false)
    expect(screen.queryByRole('button', { name: accountText.chooseName })).toBeNull()
  })

  const avatar = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

  test('behavior: the primary name’s avatar is the account’s picture', async () => {
    const { container } = renderView('Account', {
      state: connectedState(account),
      api: {
        ...accountRoutes(account, {}),
        'GET /v1/names': () => ({
          names: [{ ...named('alice.airlock.eth'), attributes: { avatar } }],
        }),
      },
    })
    await screen.findByText('alice.airlock.eth')
    await expect
      .poll(() => container.querySelector('[data-avatar="loaded"] img')?.getAttribute('src'))
      .toBe(avatar)
  })

  test('behavior: Activity calls a counterparty with a name by it, with its avatar; others by address', async () => {
    const received: Transaction = {
      ...sent,
      id: `0xaa${'0'.repeat(61)}2`,
      metadata: {
        ...sent.metadata,
        operationType: 'receive',
        sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        sentTo: account,
      },
    }
    renderView('Account', {
      state: connectedState(account),
      api: {
        ...accountRoutes(account, { transactions: [sent, received] }),
        'GET /v1/names': ({ address }) => ({
          names:
            address === other
              ? [{ ...named('bob.airlock.eth'), address: other, attributes: { avatar } }]
              : [],
        }),
      },
    })
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
    const activity = await within(await panel()).findByRole('list', { name: 'Activity' })
    const toBob = await within(activity).findByText('To bob.airlock.eth')
    expect(toBob).toHaveAttribute('title', other)
    expect(toBob.querySelector('img')?.getAttribute('src')).toBe(avatar)
    expect(within(activity).getByText('From 0xf3…b92266')).toBeVisible()
  })
})

describe('Account laid out as wallet modals do (issue 41)', () => {
  const walletActions = () => screen.getByRole('list', { name: accountText.walletActions })
  const options = () => screen.getByRole('list', { name: accountText.accountOptions })

  test('behavior: one row of at most four round wallet actions, each a button named by the label under it', async () => {
    const { modal } = renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, { tokens: [ether] }),
    })
    await panel()
    const actions = within(walletActions()).getAllByRole('button')
    expect(actions.map((button) => button.textContent)).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    // One row: every action's top is the first's.
    const tops = new Set(actions.map((button) => Math.round(button.getBoundingClientRect().top)))
    expect(tops.size).toBe(1)
    for (const action of actions) expect(action).toHaveAccessibleName(action.textContent!)
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await expect.poll(() => modal.navigation.view()).toBe('WalletSend')
  })

  test('behavior: features the site turns off leave the row', async () => {
    renderView('Account', {
      options: { features: { onramp: false, swaps: false } },
      state: connectedState(account),
      api: accountRoutes(account, {}),
    })
    await panel()
    expect(
      within(walletActions())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Receive', 'Send'])
  })

  test('behavior: the network, with its mark, sits above the account and opens Choose Network', async () => {
    const { router } = renderView('Account', {
      options: { networks: [anvil.caipNetworkId] },
      state: connectedState(account),
      api: accountRoutes(account, {}),
    })
    const network = await screen.findByRole('button', { name: 'Anvil' })
    expect(network.querySelector('[data-network-mark="eip155:31337"]')).not.toBeNull()
    const address = document.querySelector('[data-address]')!
    expect(network.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      address.getBoundingClientRect().top,
    )
    await userEvent.click(network)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Choose Network')
    expect(router.state.location.pathname).toBe('/SwitchNetwork')
  })

  test('behavior: the rest is one list under the tabs, Disconnect last', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: { ...accountRoutes(account, {}), 'GET /v1/names': () => ({ names: [] }) },
    })
    await screen.findByRole('button', { name: accountText.chooseName })
    const rows = within(options()).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual([accountText.chooseName, 'Disconnect'])
    const tabs = screen.getByRole('tablist')
    expect(options().getBoundingClientRect().top).toBeGreaterThan(
      tabs.getBoundingClientRect().bottom,
    )
  })

  test('behavior: a native token without a logo shows its network’s mark; another token its initial', async () => {
    renderView('Account', {
      state: connectedState(account),
      // The API's drawn initial, as it sends for a token without a logo.
      api: accountRoutes(account, {
        tokens: [
          usdCoin,
          {
            ...ether,
            iconUrl:
              'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
          },
        ],
      }),
    })
    const tokens = await within(await panel()).findByRole('list', { name: 'Tokens' })
    const row = (symbol: string) => tokens.querySelector(`[data-symbol="${symbol}"]`)!
    expect(row('ETH').querySelector('img')).toBeNull()
    expect(row('ETH').querySelector('[data-network-mark="eip155:31337"]')).not.toBeNull()
    expect(row('USDC').querySelector('[data-network-mark]')).toBeNull()
    expect(row('USDC').querySelector('[data-image]')).toHaveTextContent('U')
  })

  test('behavior: the “Address copied” toast covers nothing: it sits in the card under the view', async () => {
    renderView('Account', {
      state: connectedState(account),
      api: accountRoutes(account, { tokens: [ether] }),
    })
    await userEvent.click(await screen.findByRole('button', { name: accountText.copyAddress }))
    const toast = await screen.findByText(accountText.addressCopied)
    // The view's scrolling body: all of the view that shows is inside its box.
    let body = screen.getByRole('tablist').parentElement
    while (body && !['auto', 'scroll'].includes(getComputedStyle(body).overflowY))
      body = body.parentElement
    expect(body).not.toBeNull()
    // Once its lane has opened, all of it shows in the card, under the body.
    const card = screen.getByRole('dialog')
    await expect
      .poll(() => card.getBoundingClientRect().bottom - toast.getBoundingClientRect().bottom)
      .toBeGreaterThanOrEqual(0)
    expect(toast.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      body!.getBoundingClientRect().bottom - 0.5,
    )
  })
})
