// Journey (issue 22): a connected visitor opens Receive from Account and finds their address as a
// QR code and as text, and the networks it receives on; a site that turns Receive off has none.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

test('behavior: Receive shows the address as a QR code and text, and the EVM networks it receives on', async ({
  page,
  connectWallet,
}) => {
  const privateKey = generatePrivateKey()
  const { address } = privateKeyToAccount(privateKey)
  await installTestWallet(page, { name: 'Receive Wallet', rdns: 'dev.airlock.receive', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Receive Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  const features = dialog.locator('[data-wallet-feature]')
  await expect(features.last()).toHaveText('Send')
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  const qr = dialog.getByRole('img', { name: `QR code of ${address}` })
  await expect(qr).toHaveAttribute('data-ready', 'true')
  await expect(qr).toHaveAttribute('data-uri', address)
  await expect(dialog.locator(`[data-receive-address="${address}"]`)).toHaveText(address)
  const networks = dialog.getByRole('list', { name: 'Networks' }).getByRole('listitem')
  await expect(networks.first()).toHaveText('Anvil')
  await expect(networks.first()).toHaveAttribute('aria-current', 'true')
  // Only EVM networks: the demo project's Solana networks are not where this address receives.
  for (const network of await networks.all())
    expect(await network.getAttribute('data-network')).toMatch(/^eip155:/)
})

test('behavior: a site that turns Receive off is not offered it', async ({
  page,
  connectWallet,
}) => {
  await installTestWallet(page, {
    name: 'Receive Wallet',
    rdns: 'dev.airlock.receive',
    privateKey: generatePrivateKey(),
  })
  await page.goto(sdkPageUrl({ networks: ['eip155:31337'], features: { receive: false } }))
  await waitForAirlock(page)
  await connectWallet('Receive Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0)
})
