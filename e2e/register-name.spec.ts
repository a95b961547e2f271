// Journey (issue 21, the modal side): a connected visitor chooses an account name in the modal —
// the rule as they type, a free name, their wallet's signature — sees it registered, finds it on
// Account, and any ENS client resolves it through CCIP-Read with no Airlock code.
import type { Page } from '@playwright/test'
import { toCoinType } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { accountNameErrors } from '../packages/protocol/src/validation'
import { ensClient, registerName } from './support/ens'
import { recordHttpErrors } from './support/httpErrors'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { installSolanaTestWallet } from './support/solanaTestWallet'
import { type ConnectWallet, expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

/** A fresh EVM wallet connected on the demo, with the modal open on Account. */
async function connectedAccount(page: Page, connectWallet: ConnectWallet) {
  const privateKey = generatePrivateKey()
  await installTestWallet(page, { name: 'Name Wallet', rdns: 'dev.airlock.names', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Name Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  return privateKeyToAccount(privateKey)
}

test('behavior: a connected visitor chooses a name, signs for it, sees it on Account, and ENS resolves it', async ({
  page,
  connectWallet,
}) => {
  const owner = await connectedAccount(page, connectWallet)
  const label = `e2e-${owner.address.slice(2, 10).toLowerCase()}`
  const name = `${label}.airlock.eth`
  const { dialog } = modal(page)

  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  await expectOpen(page, 'Choose Name')
  const field = dialog.getByRole('textbox', { name: 'Name', exact: true })
  await field.fill('ab!')
  await expect(dialog.getByRole('alert')).toHaveText(accountNameErrors.invalidCharacters)
  await field.fill('abc')
  await expect(dialog.getByRole('alert')).toHaveText(accountNameErrors.tooShort)
  await field.fill(label)
  await expect(dialog.getByText('Available', { exact: true })).toBeVisible()
  await expect(dialog.getByText('.airlock.eth', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Register' }).click()

  await expectOpen(page, 'Name Registered')
  await expect(dialog.getByText(`${name} is now your name.`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expectOpen(page, 'Account')
  await expect(dialog.locator(`[data-account-name="${name}"]`)).toHaveText(name)
  await expect(dialog.getByRole('button', { name: 'Choose a name' })).toHaveCount(0)

  // The name is the owner's on the chain their wallet signed on (the dev chain), not on Ethereum.
  const coinType = toCoinType(31337)
  expect(await ensClient.getEnsAddress({ name, coinType })).toBe(owner.address.toLowerCase())
  expect(await ensClient.getEnsAddress({ name })).toBeNull()
  expect(await ensClient.getEnsName({ address: owner.address, coinType })).toBe(name)
})

test('behavior: a taken name says so and offers free names like it; choosing one makes it the name to register', async ({
  page,
  connectWallet,
  request,
}) => {
  const someone = privateKeyToAccount(generatePrivateKey())
  const taken = `taken-${someone.address.slice(2, 10).toLowerCase()}`
  expect(
    await registerName(request, { owner: someone, name: `${taken}.airlock.eth` }),
  ).toMatchObject({ status: 201 })
  await connectedAccount(page, connectWallet)
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  await expectOpen(page, 'Choose Name')
  const field = dialog.getByRole('textbox', { name: 'Name', exact: true })
  await field.fill(taken)
  await expect(dialog.locator('[data-availability="taken"]')).toHaveText('Taken')
  const suggestions = dialog.getByRole('group', { name: 'Suggestions' }).getByRole('button')
  await expect(suggestions.first()).toBeVisible()
  const first = (await suggestions.first().textContent()) ?? ''
  expect(first).toMatch(new RegExp(`^${taken}.+\\.airlock\\.eth$`))
  expect(await ensClient.getEnsAddress({ name: first })).toBeNull()
  const httpErrors = recordHttpErrors(page)
  await suggestions.first().click()
  await expect(field).toHaveValue(first.replace(/\.airlock\.eth$/, ''))
  await expect(dialog.getByText('Available', { exact: true })).toBeVisible()
  // A free name is an answer, not an HTTP error in the visitor's console.
  expect(httpErrors).toEqual([])
})

test('behavior: on a Solana connection no name is offered, and none is asked for', async ({
  page,
  connectWallet,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/names')) asked.push(request.url())
  })
  await installSolanaTestWallet(page, { name: 'Sol Names' })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Sol Names')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  // Account has settled: its Tokens are there.
  await expect(dialog.getByRole('tabpanel').locator('[data-symbol="SOL"]')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Choose a name' })).toHaveCount(0)
  expect(asked).toEqual([])
})
