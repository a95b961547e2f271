// Journey (issue 36, names you own): a connected visitor with two names opens Your names, makes
// the older one primary — their wallet signs a readable message — and any ENS client's reverse
// resolution follows; they set their name's avatar and description in the modal, and plain viem
// (`getEnsAvatar`, `getEnsText`) resolves them through the CCIP-Read gateway.
import type { Page } from '@playwright/test'
import { toCoinType } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ensClient, registerName } from './support/ens'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { type ConnectWallet, expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

/** The dev chain's ENSIP-11 coin type: the names are the owner's there, where they signed. */
const coinType = toCoinType(31337)
/** A tiny SVG as a data: URI, which viem's getEnsAvatar answers as it is. */
const avatar = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/** A fresh wallet with `labels` registered on the dev chain (the last newest), connected, on Account. */
async function connectedWithNames(
  page: Page,
  connectWallet: ConnectWallet,
  request: Parameters<typeof registerName>[0],
  labels: string[],
) {
  const privateKey = generatePrivateKey()
  const owner = privateKeyToAccount(privateKey)
  const tag = owner.address.slice(2, 10).toLowerCase()
  const names = labels.map((label) => `${label}-${tag}.airlock.eth`)
  for (const name of names) {
    expect(await registerName(request, { owner, name, chainId: 31337 })).toMatchObject({
      status: 201,
    })
    // One second apart: the newest is the primary until one is chosen.
    await new Promise((resolve) => setTimeout(resolve, 1100))
  }
  await installTestWallet(page, { name: 'Names Wallet', rdns: 'dev.airlock.mynames', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Names Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  return { owner, names }
}

test('behavior: choosing another primary name in the modal changes reverse resolution for any ENS client', async ({
  page,
  connectWallet,
  request,
}) => {
  const { owner, names } = await connectedWithNames(page, connectWallet, request, ['home', 'work'])
  const [home, work] = names as [string, string]
  const { dialog } = modal(page)
  await expect(dialog.locator(`[data-account-name="${work}"]`)).toHaveText(work)
  expect(await ensClient.getEnsName({ address: owner.address, coinType })).toBe(work)

  await dialog.getByRole('button', { name: 'Your names' }).click()
  await expectOpen(page, 'Names')
  await expect(dialog.locator(`li[data-name="${work}"]`)).toContainText('Primary')
  await dialog.getByRole('button', { name: `Make ${home} primary` }).click()
  await expect(dialog.getByText(`${home} is now your primary name.`)).toBeVisible()
  await expect(dialog.getByRole('listitem').first()).toContainText(home)

  expect(await ensClient.getEnsName({ address: owner.address, coinType })).toBe(home)
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expectOpen(page, 'Account')
  await expect(dialog.locator(`[data-account-name="${home}"]`)).toHaveText(home)
})

test('behavior: an avatar and description set in the modal resolve through plain viem getEnsAvatar and getEnsText', async ({
  page,
  connectWallet,
  request,
}) => {
  const { names } = await connectedWithNames(page, connectWallet, request, ['face'])
  const [name] = names as [string]
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Your names' }).click()
  await expectOpen(page, 'Names')
  const records = dialog.getByRole('form', { name: `Records of ${name}` })
  await records.getByRole('textbox', { name: 'Avatar' }).fill(avatar)
  await expect(
    records.getByRole('figure', { name: 'Avatar preview' }).locator('img'),
  ).toHaveAttribute('src', avatar)
  await records.getByRole('textbox', { name: 'Description' }).fill('Face of the e2e')
  await records.getByRole('textbox', { name: 'GitHub' }).fill('airlock')
  await records.getByRole('button', { name: 'Save' }).click()
  await expect(records.getByText('Records saved')).toBeVisible()

  expect(await ensClient.getEnsAvatar({ name })).toBe(avatar)
  expect(await ensClient.getEnsText({ name, key: 'description' })).toBe('Face of the e2e')
  expect(await ensClient.getEnsText({ name, key: 'com.github' })).toBe('airlock')
})

test('error: a stale name message (signed 11 minutes ago) is refused and changes nothing', async ({
  request,
}) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const name = `stale-${owner.address.slice(2, 10).toLowerCase()}.airlock.eth`
  const stale = await registerName(request, {
    owner,
    name,
    chainId: 31337,
    issuedAt: Math.floor(Date.now() / 1000) - 11 * 60,
  })
  expect(stale).toMatchObject({ status: 401, body: { error: { code: 'nameMessageStale' } } })
  expect(await ensClient.getEnsAddress({ name, coinType })).toBeNull()
})
