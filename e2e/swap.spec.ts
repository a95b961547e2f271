// Journey (issues 22 and 36): a connected visitor swaps on the e2e stack's anvil through the dev
// Uniswap v2 pools (devchain/uniswap.mjs) and the API's local swap adapter: ETH for aUSD, then aUSD
// back with an approve first; a declined approve keeps the form; a site with swaps off has none; a network
// swaps don't work on says where they do. With the email wallet (issue 34 points 5 and 7) the
// wallet's approval screen is the swap's only review: it shows the simulated "+… aUSD", and its
// Approve is all the swap asks. Its smart account (issue 35 point 5) approves and swaps aUSD in
// one batch: one approval, one user operation. Quotes bind (issue 36): a quote the market left
// past the slippage is refused and re-quoted (the market moved by a purchase outside the modal,
// then restored), the slippage chosen shows in the minimum received, and a token no pool lists is
// imported by its address behind a warning. Activity reads each swap as what went out, an arrow, what
// came in (issue 41).
import { readFileSync } from 'node:fs'
import { formatTransferAmount } from '@airlock/protocol'
import type { Page } from '@playwright/test'
import {
  type Abi,
  createWalletClient,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  type PrivateKeyAccount,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { entryPointAddress } from '../devchain/accountAbstraction.mjs'
import { devChainContracts } from '../devchain/seed.mjs'
import { devUniswapAddresses } from '../devchain/uniswap.mjs'
import { indexedThrough } from './support/database'
import { approvalScreen } from './support/email'
import { fund } from './support/faucet'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { smartAccountVisitor } from './support/smartAccount'
import { type ConnectWallet, expect, test } from './support/test'
import { anvilClient, anvilRpcUrl, installTestWallet, type TestWallet } from './support/testWallet'

const client = anvilClient()
const aUsd = devChainContracts.usdc
const aUsdOf = (address: `0x${string}`) =>
  client.readContract({ address: aUsd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** How much aUSD of `owner` the dev pools' router may spend. */
const routerAllowanceOf = (owner: `0x${string}`) =>
  client.readContract({
    address: aUsd,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, devUniswapAddresses.router],
  })

/**
 * What a swap on the aUSD/WETH pool may need beyond an estimate made in an earlier second: the
 * first swap in a block's second also writes the pair's two price accumulators. Other tests swap
 * on the same pool, so an estimate made in the second of their swap leaves them out, and the
 * swap, mined a second later, runs out of gas and reverts (the API's local swap adds the same:
 * apps/api/src/services/swap/localSwap.ts).
 */
const accumulatorGas = 50_000n

/** aUSD for `account`, bought from the pool directly (only the seed's deployer may mint). */
async function buyAUsd(account: PrivateKeyAccount, ether: string) {
  const wallet = createWalletClient({ account, chain: foundry, transport: http(anvilRpcUrl) })
  const purchase = {
    account,
    address: devUniswapAddresses.router,
    abi: parseAbi([
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
    ]),
    functionName: 'swapExactETHForTokens',
    args: [0n, [devUniswapAddresses.weth, aUsd], account.address, 2n ** 40n],
    value: parseEther(ether),
  } as const
  const gas = await client.estimateContractGas(purchase)
  const hash = await wallet.writeContract({ ...purchase, gas: gas + accumulatorGas + gas / 10n })
  const { blockNumber, status } = await client.waitForTransactionReceipt({ hash })
  // A reverted purchase says so here, not later as an empty aUSD balance in the Swap form.
  expect(status, `buying aUSD for ${account.address} (${hash})`).toBe('success')
  // The API lists the aUSD an account holds once its indexer has read the purchase.
  await indexedThrough(blockNumber)
}

/**
 * Sells `amount` aUSD of `account` back to the pool directly: what restores the pool's price after
 * a spec moved it with {@link buyAUsd} (other specs' quote patterns assume the start price).
 */
async function sellAUsd(account: PrivateKeyAccount, amount: bigint) {
  const wallet = createWalletClient({ account, chain: foundry, transport: http(anvilRpcUrl) })
  const approval = await wallet.writeContract({
    address: aUsd,
    abi: erc20Abi,
    functionName: 'approve',
    args: [devUniswapAddresses.router, amount],
  })
  await client.waitForTransactionReceipt({ hash: approval })
  const sale = {
    account,
    address: devUniswapAddresses.router,
    abi: parseAbi([
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
    ]),
    functionName: 'swapExactTokensForETH',
    args: [amount, 0n, [aUsd, devUniswapAddresses.weth], account.address, 2n ** 40n],
  } as const
  const gas = await client.estimateContractGas(sale)
  const hash = await wallet.writeContract({ ...sale, gas: gas + accumulatorGas + gas / 10n })
  const { status } = await client.waitForTransactionReceipt({ hash })
  expect(status, `selling aUSD back for ${account.address} (${hash})`).toBe('success')
}

/** The demo (or `url`) with `account`'s wallet connected, the modal on Swap. */
async function openSwap(
  page: Page,
  connectWallet: ConnectWallet,
  account: PrivateKeyAccount,
  url: string = origins.demo,
): Promise<TestWallet> {
  const wallet = await installTestWallet(page, {
    name: 'Swap Wallet',
    rdns: 'dev.airlock.swap',
    privateKey: generatedKeys.get(account.address)!,
  })
  await page.goto(url)
  await waitForAirlock(page)
  await connectWallet('Swap Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  return wallet
}

/** The keys of the accounts made here, so a wallet can hold them. */
const generatedKeys = new Map<string, `0x${string}`>()
async function swapper(): Promise<PrivateKeyAccount> {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  generatedKeys.set(account.address, key)
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('10').toString(16)}`] as never,
  })
  return account
}

function swapForm(page: Page) {
  const { dialog } = modal(page)
  const pick = async (side: 'from' | 'to', symbol: string) => {
    await dialog.locator(`button[data-swap-${side}]`).click()
    await dialog
      .getByRole('list', { name: side === 'from' ? 'From' : 'To' })
      .locator(`button[data-symbol="${symbol}"]`)
      .click()
    await expect(dialog.locator(`button[data-swap-${side}]`)).toHaveAttribute(
      `data-swap-${side}`,
      symbol,
    )
  }
  return {
    dialog,
    pick,
    amount: dialog.getByRole('textbox', { name: 'Amount', exact: true }),
    quote: dialog.locator('[data-swap-quote]'),
    message: dialog.locator('[data-swap-error]'),
    button: (name: string) => dialog.getByRole('button', { name, exact: true }),
    /** Waits for a quote like `pattern`; failing, says what the form showed instead. */
    async quoted(pattern: RegExp) {
      const quote = dialog.locator('[data-swap-quote]')
      await expect(quote)
        .toHaveText(pattern)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nThe Swap form showed: ${await dialog.innerText()}`)
        })
    },
  }
}

test('behavior: ETH for aUSD, then aUSD back with an approve first: on anvil, in Tokens and in Activity', async ({
  page,
  connectWallet,
}) => {
  const account = await swapper()
  await openSwap(page, connectWallet, account)
  const swap = swapForm(page)
  await swap.pick('from', 'ETH')
  await swap.pick('to', 'aUSD')
  await swap.amount.fill('1')
  // 300,000 aUSD and 100 ETH in the pool: about 2,960 after the 0.3% fee and the price impact.
  await swap.quoted(/^2,9\d\d\.\d+$/)
  await expect(swap.dialog.locator('[data-swap-minimum]')).toContainText('aUSD')
  await expect(swap.dialog.locator('[data-swap-fee]')).toHaveText(/ETH$/)
  await expect(swap.dialog.getByText('Slippage tolerance 1%')).toBeVisible()
  await swap.button('Swap').click()
  await expect(modal(page).frame.getByText(/^Swapped 1 ETH for 2,9\d\d\.\d+ aUSD$/)).toBeVisible()
  await expectOpen(page, 'Account')
  const bought = await aUsdOf(account.address)
  expect(bought).toBeGreaterThan(parseUnits('2900', 6))
  const { dialog } = modal(page)
  await expect(dialog.getByRole('tabpanel').locator('[data-symbol="aUSD"]')).toBeVisible()
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const trades = dialog.getByRole('tabpanel').locator('li[data-operation="trade"]')
  await expect(trades).toContainText('Swapped', { timeout: 15_000 })
  // Issue 41: what went out, an arrow, what came in (to 3 decimals), not "To" the router.
  const boughtText = `${formatTransferAmount(formatUnits(bought, 6))} aUSD`
  await expect(trades.first().getByText(`1 ETH → ${boughtText}`, { exact: true })).toBeVisible()
  await expect(trades.first()).not.toContainText('To ')

  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  await swap.pick('from', 'aUSD')
  await swap.pick('to', 'ETH')
  await swap.amount.fill('100')
  await swap.quoted(/^0\.0\d+$/)
  await swap.button('Approve aUSD').click()
  await expect(swap.button('Swap')).toBeEnabled()
  expect(await routerAllowanceOf(account.address)).toBe(parseUnits('100', 6))
  const ether = await client.getBalance({ address: account.address })
  await swap.button('Swap').click()
  await expect(modal(page).frame.getByText(/^Swapped 100 aUSD for 0\.0\d+ ETH$/)).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await aUsdOf(account.address)).toBe(bought - parseUnits('100', 6))
  expect(await client.getBalance({ address: account.address })).toBeGreaterThan(ether)
  // The router paid the ETH out from inside the swap: Activity has it, so the swap is a trade
  // ("Swapped"), not only a send of aUSD.
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(trades).toHaveCount(2, { timeout: 15_000 })
  await expect(trades.first().getByText(/^100 aUSD → 0\.0\d+ ETH$/)).toBeVisible()
  await expect(trades.nth(1).getByText(`1 ETH → ${boughtText}`, { exact: true })).toBeVisible()
})

test('behavior: with the email wallet, Swap is reviewed once, on the approval screen: it shows the simulated "+… aUSD", and Approve swaps on the local pool', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  const swap = swapForm(page)
  await swap.pick('from', 'ETH')
  await swap.pick('to', 'aUSD')
  await swap.amount.fill('0.01')
  // 300,000 aUSD and 100 ETH in the pool: 0.01 ETH brings about 29.9 aUSD.
  await swap.quoted(/^29\.\d+$/)
  await swap.button('Swap').click()

  // Swap goes straight to the wallet: its approval, with what the simulation says it brings.
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  // The visitor's own swap: no site is said to ask for it.
  await expect(screen.askedByYou).toHaveText('Your own, made here: no site asks for it')
  await expect(screen.askingOrigin).toHaveCount(0)
  await expect(screen.simulation).toHaveAttribute('data-simulation', 'succeeds')
  await expect(screen.balanceChanges.filter({ hasText: 'aUSD' })).toHaveText(/^\+29\.\d+ aUSD$/)
  await expect(screen.balanceChanges.filter({ hasText: 'ETH' })).toHaveText('−0.01 ETH')
  const shown = (await screen.balanceChanges.filter({ hasText: 'aUSD' }).textContent()) as string
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()

  // Nothing more is asked: the swap lands and Account says so.
  await expect(modal(page).frame.getByText(/^Swapped 0\.01 ETH for 29\.\d+ aUSD$/)).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await screen.shown()).toBe(0)
  // Other tests may trade on the same pool between the simulation and the swap: what arrives is
  // close to what was shown (the quote's 1% slippage at most), not necessarily equal.
  const bought = await aUsdOf(address)
  const simulated = parseUnits(shown.slice(1, -' aUSD'.length).replaceAll(',', ''), 6)
  expect(bought).toBeGreaterThanOrEqual((simulated * 99n) / 100n)
})

test("behavior: the email wallet's smart account swaps aUSD for ETH with ONE approval: approve and swap in one user operation, shown together; the balances move and Activity has the swap", async ({
  page,
}) => {
  const smart = await smartAccountVisitor(page)
  await fund(smart, { ether: '1' })
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(dialog.locator('[data-account-type]')).toHaveText('Smart Account')
  const screen = approvalScreen(page)
  // aUSD first, bought with ETH (no approval needed): its own user operation, with the upgrade.
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  const swap = swapForm(page)
  await swap.pick('from', 'ETH')
  await swap.pick('to', 'aUSD')
  await swap.amount.fill('0.05')
  await swap.quoted(/^1\d\d\.\d+$/)
  await swap.button('Swap').click()
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()
  await expect(modal(page).frame.getByText(/^Swapped 0\.05 ETH for 1\d\d\.\d+ aUSD$/)).toBeVisible()
  await expectOpen(page, 'Account')
  const bought = await aUsdOf(smart)
  await expect(dialog.getByRole('tabpanel').locator('[data-symbol="aUSD"]')).toBeVisible({
    timeout: 15_000,
  })

  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  await swap.pick('from', 'aUSD')
  await swap.pick('to', 'ETH')
  await swap.amount.fill('50')
  await swap.quoted(/^0\.0\d+$/)
  // No allowance yet, and no Approve step: Swap does both.
  expect(await routerAllowanceOf(smart)).toBe(0n)
  await expect(swap.button('Approve aUSD')).toHaveCount(0)
  const ether = await client.getBalance({ address: smart })
  await swap.button('Swap').click()

  // One approval: the batch, its simulation giving the aUSD out and the ETH in.
  await expect(screen.card('calls')).toBeVisible()
  await expect(screen.simulation).toHaveAttribute('data-simulation', 'succeeds')
  await expect(screen.balanceChanges.filter({ hasText: 'aUSD' })).toHaveText('−50 aUSD')
  await expect(screen.balanceChanges.filter({ hasText: 'ETH' })).toHaveText(/^\+0\.0\d+ ETH$/)
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()

  await expect(modal(page).frame.getByText(/^Swapped 50 aUSD for 0\.0\d+ ETH$/)).toBeVisible({
    timeout: 15_000,
  })
  await expectOpen(page, 'Account')
  expect(await screen.shown()).toBe(0)
  expect(await aUsdOf(smart)).toBe(bought - parseUnits('50', 6))
  // The router took exactly what was approved: nothing stands after the batch.
  expect(await routerAllowanceOf(smart)).toBe(0n)
  expect(await client.getBalance({ address: smart })).toBeGreaterThan(ether)
  // One user operation of the account did both (the first bought the aUSD).
  const operations = await client.getContractEvents({
    address: entryPointAddress,
    abi: entryPoint08Abi,
    eventName: 'UserOperationEvent',
    args: { sender: smart },
    fromBlock: 0n,
  })
  expect(operations.map(({ args }) => args.success)).toEqual([true, true])
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const trades = dialog.getByRole('tabpanel').locator('li[data-operation="trade"]')
  await expect(trades).toHaveCount(2, { timeout: 15_000 })
  // The account's own sides of each user operation, its gas to the EntryPoint left out.
  await expect(trades.first().getByText(/^50 aUSD → 0\.0\d+ ETH$/)).toBeVisible()
  const boughtText = `${formatTransferAmount(formatUnits(bought, 6))} aUSD`
  await expect(trades.nth(1).getByText(`0.05 ETH → ${boughtText}`, { exact: true })).toBeVisible()
})

test('behavior: a declined approve says so and keeps the form as it was; nothing is approved', async ({
  page,
  connectWallet,
}) => {
  const account = await swapper()
  await buyAUsd(account, '0.1')
  const wallet = await openSwap(page, connectWallet, account)
  const swap = swapForm(page)
  await swap.pick('from', 'aUSD')
  await swap.pick('to', 'ETH')
  await swap.amount.fill('50')
  await swap.quoted(/^0\.0\d+$/)
  wallet.rejectNext('eth_sendTransaction')
  await swap.button('Approve aUSD').click()
  await expect(swap.message).toHaveText('Signature declined')
  await expect(swap.amount).toHaveValue('50')
  await expect(swap.button('Approve aUSD')).toBeEnabled()
  expect(await routerAllowanceOf(account.address)).toBe(0n)
})

test('security: a site that turns swaps off has no Swap, and open({ view: "Swap" }) is refused', async ({
  page,
  connectWallet,
}) => {
  await installTestWallet(page, {
    name: 'Swap Wallet',
    rdns: 'dev.airlock.swap',
    privateKey: generatePrivateKey(),
  })
  await page.goto(sdkPageUrl({ networks: ['eip155:31337'], features: { swaps: false } }))
  await waitForAirlock(page)
  await connectWallet('Swap Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
  await page.evaluate(() => window.airlock!.close())
  const refusal = await page.evaluate(() =>
    window.airlock!.open({ view: 'Swap' }).then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage }),
    ),
  )
  expect(refusal).toEqual({
    name: 'InvalidParamsError',
    shortMessage: 'The Swap view needs the "swaps" feature, which is off for this project or page.',
  })
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)
})

test('behavior: on a network swaps don’t work on, Swap says where they do', async ({
  page,
  connectWallet,
}) => {
  const account = await swapper()
  await installTestWallet(page, {
    name: 'Swap Wallet',
    rdns: 'dev.airlock.swap',
    privateKey: generatedKeys.get(account.address)!,
  })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Swap Wallet')
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  await expect(swapForm(page).message).toHaveText(
    'Swaps do not work on Ethereum (1). They work on Anvil (31337).',
  )
  await expect(swapForm(page).amount).toHaveCount(0)
})

/** A number the form shows ('2,961.22 aUSD'), as a number. */
const shownNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

test('behavior: a quote the market left beyond the slippage is refused: nothing is sent, the view says the price changed and shows the new quote', async ({
  page,
  connectWallet,
}) => {
  const [account, mover] = await Promise.all([swapper(), swapper()])
  await openSwap(page, connectWallet, account)
  const swap = swapForm(page)
  await swap.pick('from', 'ETH')
  await swap.pick('to', 'aUSD')
  await swap.amount.fill('1')
  // Other tests here trade on the same pool: its price is near, not at, the start's.
  await swap.quoted(/^2,\d{3}\.\d+$/)
  const confirmed = shownNumber(await swap.quote.getAttribute('data-swap-quote'))
  // Someone buys aUSD with 3 ETH first: the pool gives about 6 % less, past the 1 % slippage.
  await buyAUsd(mover, '3')
  const moved = await aUsdOf(mover.address)
  try {
    await swap.button('Swap').click()
    await expect(swap.message).toHaveText(
      'The price changed beyond your slippage tolerance. Nothing was sent: here is the new quote.',
    )
    await expect
      .poll(async () => shownNumber(await swap.quote.getAttribute('data-swap-quote')))
      .toBeLessThan(confirmed * 0.99)
    // Nothing reached the chain: no aUSD, and the wallet was never asked.
    expect(await aUsdOf(account.address)).toBe(0n)
    await expect(swap.button('Swap')).toBeEnabled()
  } finally {
    await sellAUsd(mover, moved)
  }
})

test("behavior: the visitor's slippage shows in the minimum received, and a custom one out of range is refused in words", async ({
  page,
  connectWallet,
}) => {
  const account = await swapper()
  await openSwap(page, connectWallet, account)
  const swap = swapForm(page)
  await swap.pick('from', 'ETH')
  await swap.pick('to', 'aUSD')
  await swap.amount.fill('1')
  // Other tests here trade on the same pool: its price is near, not at, the start's.
  await swap.quoted(/^2,\d{3}\.\d+$/)
  const quoted = shownNumber(await swap.quote.getAttribute('data-swap-quote'))
  const minimum = swap.dialog.locator('[data-swap-minimum]')
  const minimumAt = async (percent: number) => {
    await expect(swap.dialog.getByText(`Slippage tolerance ${percent}%`)).toBeVisible()
    await expect
      .poll(async () => shownNumber(await minimum.textContent()))
      .toBeCloseTo(quoted * (1 - percent / 100), 0)
  }
  await minimumAt(1)
  await swap.dialog.getByRole('button', { name: '0.5%', exact: true }).click()
  await minimumAt(0.5)
  const custom = swap.dialog.getByRole('textbox', { name: 'Custom slippage (%)' })
  await custom.fill('3')
  await minimumAt(3)
  await custom.fill('7')
  await expect(swap.dialog.getByText(/^Slippage of 7% is high/)).toBeVisible()
  await minimumAt(7)
  await custom.fill('51')
  await expect(swap.dialog.getByText('Slippage must be from 0.01% to 50%')).toBeVisible()
  await expect(swap.button('Swap')).toBeDisabled()
})

test('behavior: a token not on the list is found by its pasted address, read from its contract, and imported behind a warning; an address that is no token is refused in words', async ({
  page,
  connectWallet,
}) => {
  const account = await swapper()
  // A token of the visitor's own, just deployed: no pool has it, so no list does.
  const devToken = JSON.parse(
    readFileSync(new URL('../devchain/artifacts.json', import.meta.url), 'utf8'),
  ).contracts.DevToken as { abi: Abi; bytecode: Hex }
  const deployer = createWalletClient({ account, chain: foundry, transport: http(anvilRpcUrl) })
  const deployment = await deployer.deployContract({
    abi: devToken.abi,
    bytecode: devToken.bytecode,
    args: ['Fresh Import Token', 'FRESH', 18],
  })
  const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployment })
  await openSwap(page, connectWallet, account)
  const swap = swapForm(page)
  await swap.dialog.locator('button[data-swap-to]').click()
  const search = swap.dialog.getByRole('textbox', {
    name: 'To: Search by name or paste an address',
  })
  await search.fill('ausd')
  await expect(
    swap.dialog.getByRole('list', { name: 'To' }).locator('button[data-symbol]'),
  ).toHaveCount(1)
  await search.fill(devUniswapAddresses.router)
  await expect(
    swap.dialog.getByText(
      `${devUniswapAddresses.router.toLowerCase()} is not a token on Anvil: its contract does not answer as an ERC-20 (symbol, name and decimals).`,
    ),
  ).toBeVisible()
  await expect(swap.button('Import')).toHaveCount(0)
  await search.fill(contractAddress!)
  await expect(
    swap.dialog.getByText(
      'FRESH is not on the token list. Anyone can create a token with any name, including fakes of real ones. Make sure this is the token you want.',
    ),
  ).toBeVisible()
  await expect(swap.dialog.locator('[data-swap-import="FRESH"]')).toContainText(
    'Fresh Import Token',
  )
  await swap.button('Import').click()
  await expect(swap.dialog.locator('button[data-swap-to]')).toHaveAttribute('data-swap-to', 'FRESH')
  // Imported, it is quoted like any other: on chain, where no pool has it yet.
  await swap.amount.fill('0.1')
  await expect(swap.message).toHaveText('No pool on Anvil swaps these tokens.')
})
