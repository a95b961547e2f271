// Journey: a visitor with browser-extension wallets connects, signs, pays, switches network and
// wallet, reloads and disconnects; the site sees it all through airlock.provider.
import type { Page } from '@playwright/test'
import { parseEther, verifyMessage } from 'viem'
import { connectionSaved, expectClosed, expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { anvilAccounts, anvilClient, freshAddress, installTestWallet } from './support/testWallet'

const alpha = { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' }
const beta = { name: 'Beta Wallet', rdns: 'dev.airlock.beta' }

/** The SDK page with this spec's networks unless a test names others. */
const sdkPage = (page: Page, options: object) =>
  gotoSdkPage(page, { networks: ['eip155:31337', 'eip155:1'], ...options })

test('behavior: connecting a wallet gives the site the account through provider and subscribe()', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await page.evaluate(() => {
    const seen: unknown[] = []
    ;(window as unknown as { seen: unknown[] }).seen = seen
    window.airlock!.subscribe((state) => seen.push(state.status))
    window.airlock!.provider.on('accountsChanged', (accounts) => seen.push(accounts))
  })
  await connectWallet(alpha.name)
  await expectClosed(page)
  const state = await page.evaluate(() => window.airlock!.getState())
  expect(state).toMatchObject({
    status: 'connected',
    address: wallet.address,
    caipAddress: `eip155:31337:${wallet.address}`,
    chainId: 'eip155:31337',
    namespace: 'eip155',
  })
  expect(
    await page.evaluate(() => window.airlock!.provider.request({ method: 'eth_accounts' })),
  ).toEqual([wallet.address])
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)
  expect(seen).toContain('connecting')
  expect(seen).toContain('connected')
  expect(seen).toContainEqual([wallet.address])
  // The modal now opens on Account, with the address, network and balance from the chain.
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(
    dialog.getByText(`${wallet.address.slice(0, 4)}…${wallet.address.slice(-6)}`),
  ).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Anvil' })).toBeVisible()
  const balance = await anvilClient().getBalance({ address: wallet.address })
  const whole = (balance / 10n ** 18n).toString()
  await expect(dialog.getByText(new RegExp(`^${whole}(\\.\\d{1,2})? ETH$`))).toBeVisible()
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
})

test('behavior: personal_sign and eth_sendTransaction work through viem on airlock.provider', async ({
  page,
  connectWallet,
  signAndSend,
}) => {
  const sender = anvilAccounts[1]
  const wallet = await installTestWallet(page, { ...alpha, privateKey: sender.privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await signAndSend(wallet.address, { message: 'Sign in to the Airlock demo', ether: '1.5' })

  // A rejected signature comes back as the wallet's 4001.
  wallet.rejectNext('personal_sign')
  const rejected = await page.evaluate(
    (address) =>
      window
        .airlock!.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
        .catch((error) => error.code),
    wallet.address,
  )
  expect(rejected).toBe(4001)
})

test('behavior: viem createWalletClient with custom(airlock.provider) signs and sends in the page', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, {
    ...alpha,
    privateKey: anvilAccounts[1].privateKey,
  })
  await sdkPage(page, {})
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  // Its own receiver: another test sending to the same one in parallel would change the sum.
  const receiver = freshAddress()
  const client = anvilClient()
  const before = await client.getBalance({ address: receiver })
  const result = await page.evaluate(async (to) => {
    const viem = await import(`${location.origin}/viem.js`)
    const walletClient = viem.createWalletClient({
      chain: viem.foundry,
      transport: viem.custom(window.airlock!.provider),
    })
    const [account] = await walletClient.requestAddresses()
    const signature = await walletClient.signMessage({ account, message: 'viem in the page' })
    const hash = await walletClient.sendTransaction({ account, to, value: viem.parseEther('0.25') })
    return { account, signature, hash }
  }, receiver)
  expect(result.account).toBe(wallet.address)
  expect(
    await verifyMessage({
      address: wallet.address,
      message: 'viem in the page',
      signature: result.signature,
    }),
  ).toBe(true)
  await client.waitForTransactionReceipt({ hash: result.hash })
  expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.25'))
})

test('behavior: a rejected connection shows Connection rejected, and retry connects', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  wallet.rejectNext('eth_requestAccounts')
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: new RegExp(alpha.name) }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Connection rejected')
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  await expectClosed(page)
})

test('behavior: any other connection failure shows Failed to connect', async ({ page }) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  wallet.failNext(-32603, 'Internal wallet error', 'eth_requestAccounts')
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: new RegExp(alpha.name) }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Failed to connect')
})

test('behavior: switching network asks the wallet, adding the chain when it does not know it', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await page.evaluate(() => {
    ;(window as unknown as { chains: unknown[] }).chains = []
    window.airlock!.provider.on('chainChanged', (chainId) =>
      (window as unknown as { chains: unknown[] }).chains.push(chainId),
    )
  })
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:1')
  expect(wallet.requests.map((request) => request.method)).toEqual(
    expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']),
  )
  expect(await page.evaluate(() => (window as unknown as { chains: unknown[] }).chains)).toContain(
    '0x1',
  )
  // A switch the wallet refuses changes nothing, for the site or the modal.
  wallet.rejectNext('wallet_switchEthereumChain')
  const refused = await page.evaluate(() =>
    window.airlock!.switchNetwork('eip155:31337').then(
      () => null,
      (error) => error.code,
    ),
  )
  expect(refused).toBe(4001)
  expect(await page.evaluate(() => window.airlock!.getState().chainId)).toBe('eip155:1')
  // And back from the modal's own SwitchNetwork view.
  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  await modal(page).dialog.getByRole('button', { name: 'Anvil' }).click()
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:31337')
})

test('behavior: a wallet on a network the site does not support is shown so, with a way to switch', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:1')
  // The visitor switches the wallet to a chain the site didn't configure (Anvil's 31337 is
  // configured; add 10 to the wallet then switch there from the wallet itself).
  await wallet.requestFromPage('wallet_addEthereumChain', [
    {
      chainId: '0xa',
      chainName: 'OP',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:1'],
    },
  ])
  await wallet.switchChain(10)
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:10')
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await expect(dialog.getByRole('alert')).toHaveText('This network is not supported by this site.')
  await dialog.getByRole('button', { name: 'Switch network' }).click()
  await dialog.getByRole('button', { name: 'Anvil' }).click()
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:31337')
})

test('behavior: a reload reconnects without a prompt while the wallet still authorises the site', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  const prompts = () =>
    wallet.requests.filter((request) => request.method === 'eth_requestAccounts').length
  const before = prompts()
  await connectionSaved(page)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
  expect(prompts()).toBe(before)
  // Revoked in the wallet while the page was away: the next load is disconnected.
  await wallet.disconnectFromWallet()
  const asked = () => wallet.requests.filter((request) => request.method === 'eth_accounts').length
  const askedBefore = asked()
  await page.reload()
  await waitForAirlock(page)
  // The modal asked the wallet (without a prompt) and was told the site is no longer authorised.
  await expect.poll(asked).toBeGreaterThan(askedBefore)
  await expect
    .poll(() => page.evaluate(() => window.airlock!.getState().status))
    .toBe('disconnected')
  expect(prompts()).toBe(before)
})

test('behavior: accountsChanged from the wallet updates the site and the modal', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  const next = anvilAccounts[1]
  await wallet.setAccount(next.privateKey)
  await page.waitForFunction(
    (address) => window.airlock!.getState().address === address,
    next.address,
  )
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.locator(`[data-address="${next.address}"]`)).toBeVisible()
})

test('behavior: disconnecting from the modal, the site or the wallet ends disconnected everywhere', async ({
  page,
  connectWallet,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  const disconnected = () =>
    page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')

  // From the Account view.
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.open())
  await modal(page).dialog.getByRole('button', { name: 'Disconnect' }).click()
  await disconnected()
  await expectClosed(page)
  expect(
    await page.evaluate(() => window.airlock!.provider.request({ method: 'eth_accounts' })),
  ).toEqual([])

  // From the site.
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.disconnect())
  await disconnected()

  // From the wallet.
  await connectWallet(alpha.name)
  await wallet.disconnectFromWallet()
  await disconnected()
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
})

test('behavior: eth_requestAccounts opens the modal and resolves on connect, rejects when closed', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, alpha)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  const closed = page.evaluate(() =>
    window.airlock!.provider.request({ method: 'eth_requestAccounts' }).catch((error) => ({
      code: error.code,
      message: error.shortMessage,
    })),
  )
  await expectOpen(page, 'Connect Wallet')
  await page.keyboard.press('Escape')
  expect(await closed).toEqual({ code: 4001, message: 'Modal closed' })

  const accounts = page.evaluate(() =>
    window.airlock!.provider.request({ method: 'eth_requestAccounts' }),
  )
  await expectOpen(page, 'Connect Wallet')
  await modal(page)
    .dialog.getByRole('button', { name: new RegExp(alpha.name) })
    .click()
  expect(await accounts).toEqual([wallet.address])
})

test('behavior: two wallets are listed in the spec order, recent ones first', async ({
  page,
  connectWallet,
}) => {
  await installTestWallet(page, alpha)
  await installTestWallet(page, beta)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  const wallets = modal(page).dialog.getByRole('list', { name: 'Wallets' }).getByRole('button')
  await expect(wallets).toHaveText([
    /WalletConnect/,
    /Alpha Wallet.*Installed/,
    /Beta Wallet.*Installed/,
    'All Wallets',
  ])
  await page.keyboard.press('Escape')
  await connectWallet(beta.name)
  await page.evaluate(() => window.airlock!.disconnect())
  await page.evaluate(() => window.airlock!.open())
  await expect(wallets).toHaveText([
    /WalletConnect/,
    /Beta Wallet.*Recent/,
    /Alpha Wallet.*Installed/,
    'All Wallets',
  ])
})

test('behavior: recent keeps the last two wallets, newest first', async ({
  page,
  connectWallet,
}) => {
  const gamma = { name: 'Gamma Wallet', rdns: 'dev.airlock.gamma' }
  for (const wallet of [alpha, beta, gamma]) await installTestWallet(page, wallet)
  await page.goto(origins.demo)
  await waitForAirlock(page)
  for (const wallet of [alpha, beta, gamma]) {
    await connectWallet(wallet.name)
    await page.evaluate(() => window.airlock!.disconnect())
  }
  await page.evaluate(() => window.airlock!.open())
  const recent = modal(page).dialog.locator('[data-section="recent"]')
  await expect(recent).toHaveText([/Gamma Wallet/, /Beta Wallet/])
})

test('behavior: an excluded wallet is hidden, by rdns or by name', async ({ page }) => {
  await installTestWallet(page, alpha)
  await installTestWallet(page, beta)
  await sdkPage(page, { excludeWallets: [alpha.rdns] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  const wallets = modal(page).dialog.getByRole('list', { name: 'Wallets' })
  await expect(wallets.getByRole('button', { name: /Beta Wallet/ })).toBeVisible()
  await expect(wallets.getByRole('button', { name: /Alpha Wallet/ })).toHaveCount(0)
})

test('behavior: a wallet that announces late still shows up', async ({ page }) => {
  const wallet = await installTestWallet(page, { ...alpha, announce: 'late' })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  const list = modal(page).dialog.getByRole('list', { name: 'Wallets' })
  await expect(list.getByRole('button', { name: /Alpha Wallet/ })).toHaveCount(0)
  await wallet.announce()
  await expect(list.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
})

test('behavior: a wallet announcing synchronously inside requestProvider and one announcing after load both work, with no page error', async ({
  page,
}) => {
  // Real extensions answer eip6963:requestProvider by announcing at once, inside the listener:
  // the loader must be ready for it before its own state exists (the fixture fails on any page
  // error, as the loader's ReferenceError was).
  await installTestWallet(page, alpha)
  const late = await installTestWallet(page, {
    ...beta,
    privateKey: anvilAccounts[1].privateKey,
    announce: 'late',
  })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await late.announce()
  await page.evaluate(() => window.airlock!.open())
  const list = modal(page).dialog.getByRole('list', { name: 'Wallets' })
  await expect(list.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
  await expect(list.getByRole('button', { name: /Beta Wallet/ })).toBeVisible()
  await list.getByRole('button', { name: /Alpha Wallet/ }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(
    anvilAccounts[0].address,
  )
})

test('security: a site cannot switch on multiWallet when its project has it off', async ({
  page,
  connectWallet,
}) => {
  await installTestWallet(page, alpha)
  await sdkPage(page, { features: { multiWallet: true } })
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Wallets' })).toHaveCount(0)
})

test('behavior: multiWallet switches between two connected wallets', async ({
  page,
  connectWallet,
}) => {
  const first = await installTestWallet(page, alpha)
  const second = await installTestWallet(page, { ...beta, privateKey: anvilAccounts[1].privateKey })
  await sdkPage(page, { projectId: 'multiwallet' })
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Wallets' }).click()
  await expectOpen(page, 'Wallets')
  // Add the second wallet: its login flow runs, then ProfileWallets shows both.
  await dialog
    .getByRole('list', { name: 'Add a wallet' })
    .getByRole('button', { name: /Beta Wallet/ })
    .click()
  await expectOpen(page, 'Wallets')
  await page.waitForFunction(
    (address) => window.airlock!.getState().address === address,
    second.address,
  )
  const connections = dialog.getByRole('list', { name: 'Connections' }).getByRole('button')
  await expect(connections.filter({ hasText: 'Beta Wallet' })).toHaveAttribute(
    'data-connection-status',
    'connected',
  )
  await expect(connections.filter({ hasText: 'Alpha Wallet' })).toHaveAttribute(
    'data-connection-status',
    'active',
  )
  // Switch back to the first: reconnects through its connector, no prompt, and says so.
  await connections.filter({ hasText: 'Alpha Wallet' }).click()
  await page.waitForFunction(
    (address) => window.airlock!.getState().address === address,
    first.address,
  )
  await expect(dialog.getByRole('status').filter({ hasText: 'Switched wallet' })).toBeVisible()
  await expect(connections.filter({ hasText: 'Alpha Wallet' })).toHaveAttribute(
    'data-connection-status',
    'connected',
  )
  expect(first.requests.filter((request) => request.method === 'eth_requestAccounts')).toHaveLength(
    1,
  )
})
