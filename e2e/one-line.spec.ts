// Journey: a site adds only the one line (`<script async src=".../airlock.js"
// data-project-id="…">`); its project, configured by the operator on the server, says which
// networks, theme and wallets the modal has. A site may narrow that, never widen it, and what the
// operator changes reaches a page already loaded at its next open.
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expectClosed, expectOpen, modal, waitForAirlock } from './support/modal'
import { airlockCli, oneLineProject } from './support/operator'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { anvilClient, installTestWallet } from './support/testWallet'

const alpha = { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' }

test('behavior: the bare snippet offers the project’s networks; a wallet that announces synchronously connects, signs and sends on anvil', async ({
  page,
  signAndSend,
}) => {
  // An account of this test's own, funded on the dev chain: no other test sends from it.
  const privateKey = generatePrivateKey()
  await anvilClient().request({
    method: 'anvil_setBalance' as never,
    params: [
      privateKeyToAccount(privateKey).address,
      `0x${parseEther('10').toString(16)}`,
    ] as never,
  })
  // Announces inside the SDK's own eip6963:requestProvider dispatch, as real extensions do.
  const wallet = await installTestWallet(page, {
    ...alpha,
    privateKey,
    announce: 'immediately',
  })
  await page.goto(origins.demo)
  expect(
    await page.locator('script[src$="/airlock.js"]').evaluate((script) => ({
      ...(script as HTMLScriptElement).dataset,
    })),
  ).toEqual({ projectId: 'demo' })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /All Wallets/ })).toBeVisible()

  await dialog.getByRole('button', { name: /Alpha Wallet/ }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  await expectClosed(page)
  // The project's default network: the local chain.
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    address: wallet.address,
    chainId: 'eip155:31337',
  })

  await signAndSend(wallet.address, { message: 'One line is all it takes', ether: '0.25' })
})

test('behavior: a site narrows its project’s networks and can’t add one the project lacks', async ({
  page,
}) => {
  await gotoSdkPage(page, { projectId: oneLineProject, networks: ['eip155:1', 'eip155:8453'] })
  await waitForAirlock(page)
  // Base is a network the API knows, but not one of this project's: refused, and said so.
  expect(await page.evaluate(() => window.airlock!.getState().chainId)).toBe('eip155:1')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  await expect(modal(page).dialog.getByRole('alert')).toContainText('Network Not Found')
  const refused = await page.evaluate(() =>
    window.airlock!.switchNetwork('eip155:8453').then(
      () => null,
      (error) => error.name,
    ),
  )
  expect(refused).toBe('InvalidParamsError')
})

test('behavior: what the operator changes reaches a page already loaded, at its next open', async ({
  page,
}) => {
  await installTestWallet(page, alpha)
  await gotoSdkPage(page, { projectId: oneLineProject })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
  const theme = () => page.frameLocator('iframe[data-airlock]').locator('html')
  await expect(theme()).toHaveAttribute('data-theme', 'dark')
  await page.evaluate(() => window.airlock!.close())

  await airlockCli(
    'projects',
    'set',
    oneLineProject,
    '--exclude-wallets',
    'dev.airlock.alpha',
    '--theme-mode',
    'light',
  )
  try {
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await expect(dialog.getByRole('button', { name: /Alpha Wallet/ })).toHaveCount(0)
    await expect(theme()).toHaveAttribute('data-theme', 'light')
  } finally {
    await airlockCli(
      'projects',
      'set',
      oneLineProject,
      '--exclude-wallets',
      'none',
      '--theme-mode',
      'none',
    )
  }
})
