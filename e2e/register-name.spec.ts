// Journey (issue 21, the modal side): a connected visitor chooses an account name in the modal —
// the rule as they type, a free name, their wallet's signature — sees it registered, finds it on
// Account, and any ENS client resolves it through CCIP-Read with no Airlock code.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { accountNameErrors } from '../packages/protocol/src/validation'
import { ensClient } from './support/ens'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

test('behavior: a connected visitor chooses a name, signs for it, sees it on Account, and ENS resolves it', async ({
  page,
  connectWallet,
}) => {
  const privateKey = generatePrivateKey()
  const owner = privateKeyToAccount(privateKey)
  const label = `e2e-${owner.address.slice(2, 10).toLowerCase()}`
  const name = `${label}.airlock.eth`
  await installTestWallet(page, { name: 'Name Wallet', rdns: 'dev.airlock.names', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Name Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
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

  expect(await ensClient.getEnsAddress({ name })).toBe(owner.address)
  expect(await ensClient.getEnsName({ address: owner.address })).toBe(name)
})
