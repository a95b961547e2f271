// Journey: a connected visitor sees the tokens, NFTs and history that are on the dev chain, as
// the built-in indexer reads them, and the spec's toasts when the API can't answer.
import type { APIRequestContext, Page } from '@playwright/test'
import { createWalletClient, erc20Abi, formatUnits, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { type ConnectWallet, expect, test } from './support/test'
import { anvilAccounts, anvilClient, anvilRpcUrl, installTestWallet } from './support/testWallet'

/** What devchain/seed.mjs deploys on a fresh chain. */
const devchain = {
  aUsd: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  zero: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
} as const

// Anvil's standard accounts #3 and #4: this spec's own, so other specs' transfers don't mix in.
const visitorKey = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'
const visitor = privateKeyToAccount(visitorKey)
const payer = privateKeyToAccount(
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
)

/** Waits until the built-in indexer has caught up with what the test put on the chain. */
async function indexed(
  request: APIRequestContext,
  done: (transactions: { id: string }[]) => boolean,
) {
  const url = `${origins.modal}/v1/accounts/${visitor.address}/transactions?projectId=demo&chainId=eip155:31337&limit=100`
  await expect
    .poll(
      async () =>
        done(((await (await request.get(url)).json()) as { data: { id: string }[] }).data),
      {
        timeout: 30_000,
        intervals: [500, 1000, 2000],
      },
    )
    .toBe(true)
}
const hashOfCount = (count: number) => (transactions: { id: string }[]) =>
  transactions.length >= count

async function openTab(page: Page, tab: 'Tokens' | 'NFTs' | 'Activity') {
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('tab', { name: tab }).click()
  return modal(page).dialog.getByRole('tabpanel')
}

/** The demo page with a wallet of `privateKey`, connected. */
async function connect(page: Page, connectWallet: ConnectWallet, privateKey: `0x${string}`) {
  await installTestWallet(page, { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Alpha Wallet')
}

test('behavior: the Tokens tab shows exactly the balances on the chain, the zero-decimals token left out', async ({
  page,
  connectWallet,
}) => {
  const account = anvilAccounts[0]
  await connect(page, connectWallet, account.privateKey)
  const client = anvilClient()
  const usd = await client.readContract({
    address: devchain.aUsd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account.address],
  })
  const zero = await client.readContract({
    address: devchain.zero,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account.address],
  })
  expect(zero).toBeGreaterThan(0n)
  const panel = await openTab(page, 'Tokens')
  const aUsdRow = panel.locator('li[data-symbol="aUSD"]')
  await expect(aUsdRow).toContainText(`${formatUnits(usd, 6).replace(/(\.\d\d)\d*$/, '$1')} aUSD`)
  await expect(aUsdRow).toContainText('$1,250.50')
  await expect(panel.locator('li[data-native]')).toContainText('ETH')
  await expect(panel.locator('li[data-symbol="ZERO"]')).toHaveCount(0)
  // Sorted by value: ETH (priced 2500) before aUSD.
  await expect(panel.locator('li[data-symbol]').first()).toHaveAttribute('data-symbol', 'ETH')
})

test('behavior: NFTs show with names, the spam collection hidden', async ({
  page,
  connectWallet,
}) => {
  await connect(page, connectWallet, anvilAccounts[0].privateKey)
  const panel = await openTab(page, 'NFTs')
  const tiles = panel.locator('li[data-nft-id]')
  await expect(tiles.first()).toBeVisible()
  await expect(panel).toContainText('Airlock Collectibles')
  await expect(panel).not.toContainText('Free Mint')
})

test('behavior: Activity hides spam-only transactions and shows the seeded history', async ({
  page,
  connectWallet,
}) => {
  await connect(page, connectWallet, anvilAccounts[0].privateKey)
  const panel = await openTab(page, 'Activity')
  const rows = panel.locator('li[data-tx-hash]')
  await expect(rows.first()).toBeVisible()
  await expect(panel).not.toContainText('Free Mint')
  await expect(panel.locator('li[data-status="failed"]')).toHaveCount(1)
})

test('behavior: a transfer made on the chain appears in Activity after the cache window, and pages load on scroll', async ({
  page,
  request,
  connectWallet,
}) => {
  test.setTimeout(90_000)
  const wallet = createWalletClient({
    account: payer,
    chain: foundry,
    transport: http(anvilRpcUrl),
  })
  const client = anvilClient()
  // More than one page (20) of history for the visitor.
  let last: `0x${string}` = '0x'
  for (let i = 0; i < 23; i++)
    last = await wallet.sendTransaction({ to: visitor.address, value: parseEther('0.01') })
  await client.waitForTransactionReceipt({ hash: last })
  await indexed(request, hashOfCount(23))
  await connect(page, connectWallet, visitorKey)
  const panel = await openTab(page, 'Activity')
  const rows = panel.locator('li[data-tx-hash]')
  await expect.poll(async () => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(20)
  await panel.locator('li[data-tx-hash]').last().scrollIntoViewIfNeeded()
  await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(23)
  const hashes = await rows.evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-tx-hash')),
  )
  expect(new Set(hashes).size).toBe(hashes.length)

  // A new transfer shows once the caches have let go (30 s at most).
  const hash = await wallet.sendTransaction({ to: visitor.address, value: parseEther('0.5') })
  await client.waitForTransactionReceipt({ hash })
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.airlock!.close())
        await openTab(page, 'Activity')
        return panel.locator(`li[data-tx-hash="${hash}"]`).count()
      },
      { timeout: 45_000, intervals: [3_000] },
    )
    .toBe(1)
})

test('behavior: with the API unreachable, the spec toasts show and Activity is marked empty', async ({
  page,
  connectWallet,
}) => {
  // The API's account routes refuse connections from the start of the visit.
  await page.route('**/v1/accounts/**', (route) => route.abort('connectionrefused'))
  await connect(page, connectWallet, anvilAccounts[2].privateKey)
  const tokens = await openTab(page, 'Tokens')
  const toast = modal(page)
    .dialog.getByRole('status')
    .filter({ hasText: 'Token Balance Unavailable' })
  await expect(toast).toBeVisible()
  await expect(tokens).toBeVisible()
  const activity = await openTab(page, 'Activity')
  await expect(
    modal(page).dialog.getByRole('status').filter({ hasText: 'Failed to fetch transactions' }),
  ).toBeVisible()
  await expect(activity).toContainText('No activity yet')
})

test('behavior: a transaction the site sends through airlock.provider shows in Activity without waiting for the cache', async ({
  page,
  connectWallet,
}) => {
  // Anvil's account #5: no other spec sends from it.
  const senderKey = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
  const sender = privateKeyToAccount(senderKey)
  await connect(page, connectWallet, senderKey)
  const panel = await openTab(page, 'Activity')
  await expect(panel).toHaveAttribute('aria-busy', 'false')
  await page.evaluate(() => window.airlock!.close())
  const hash = (await page.evaluate(
    ([from, to]) =>
      window.airlock!.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, value: '0x2386f26fc10000' }],
      }),
    [sender.address, visitor.address],
  )) as `0x${string}`
  await anvilClient().waitForTransactionReceipt({ hash })
  // Well inside the API's 10 s page cache: the refresh asks for fresh data.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.airlock!.close())
        await openTab(page, 'Activity')
        await expect(panel).toHaveAttribute('aria-busy', 'false')
        return panel.locator(`li[data-tx-hash="${hash}"]`).count()
      },
      { timeout: 9_000, intervals: [1_000] },
    )
    .toBe(1)
})
