// Journey: a Polkadot extension of the page (polkadot{.js}'s `injectedWeb3`, a real sr25519 key)
// connects on Polkadot Local, the node stand-in of the stack; Account shows its DOT from the API;
// the visitor sends DOT from Send with the fee the node's paymentInfo gives: the modal builds the
// transferKeepAlive, the extension signs its payload, the node checks the signature and applies
// it. Another network's address is refused in words with nothing sent.

import { formatNetworkFee } from '@airlock/protocol'
import { verifyPolkadotMessage } from '@airlock/protocol/polkadot'
import type { Page } from '@playwright/test'
import { Keyring } from '@polkadot/keyring'
import { decodeAddress, encodeAddress, mnemonicGenerate } from '@polkadot/util-crypto'
import { chooseNetwork, expectOpen, expectReceive, modal, waitForAirlock } from './support/modal'
import { polkadotNetworksProject, polkadotProject } from './support/operator'
import {
  dot,
  fundPolkadot,
  installPolkadotTestWallet,
  type PolkadotTestWallet,
  polkadotBalance,
  polkadotLocal,
} from './support/polkadotTestWallet'
import { gotoSdkPage } from './support/sdkPage'
import { expect, type PickWallet, test } from './support/test'

/** The fixtures' SDK page on the Polkadot project, the extension installed, connected from the modal. */
async function connectPolkadot(
  page: Page,
  pickWallet: PickWallet,
  { projectId = polkadotProject, networks = [polkadotLocal] } = {},
): Promise<PolkadotTestWallet> {
  const wallet = await installPolkadotTestWallet(page)
  await gotoSdkPage(page, { projectId, networks })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await pickWallet('polkadot{.js}')
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  return wallet
}

/** Someone to pay: a fresh account, written with Polkadot Local's prefix (42) or another. */
const freshAddress = (ss58Format = 42) =>
  new Keyring({ type: 'sr25519', ss58Format }).addFromMnemonic(mnemonicGenerate()).address

test('behavior: a polkadot{.js}-style extension connects on Polkadot Local with its account, kept across a reload', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectPolkadot(page, pickWallet)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'polkadot',
    chainId: polkadotLocal,
    address: wallet.address,
  })
  expect(wallet.requests.find(({ method }) => method === 'enable')?.params).toEqual({
    originName: 'Airlock',
  })
  // The site's message signature (signRaw), through the provider, verifies for the account.
  const { signature } = (await page.evaluate(() =>
    window.airlock!.provider.request({
      method: 'polkadot_signMessage',
      params: { message: 'Sign in to the fixtures' },
    }),
  )) as { signature: string }
  const verify = (message: string) =>
    verifyPolkadotMessage({ address: wallet.address, message, signature, network: 'local' })
  expect(verify('Sign in to the fixtures')).toBe(true)
  expect(verify('Sign in to another site')).toBe(false)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
})

test('behavior: the visitor sends DOT from Send with the node’s fee; another network’s address is refused in words, nothing sent', async ({
  page,
  pickWallet,
}) => {
  // A whole journey (connect, Account, Receive, a refused send, a send, Activity) on a node
  // that is asked for metadata, simulations and blocks.
  test.setTimeout(90_000)
  const wallet = await connectPolkadot(page, pickWallet)
  await fundPolkadot(wallet.address, 5n * dot)
  const { dialog } = modal(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.locator('[data-native-balance]')).toHaveText('5 DOT')

  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  await expect(dialog.locator('[data-receive-address]')).toHaveText(wallet.address)
  await expect(dialog.getByRole('listitem')).toHaveText(['Polkadot Local'])
  await dialog.getByRole('button', { name: 'Back' }).click()

  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator('button[data-symbol="DOT"]').click()
  const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true })
  const to = dialog.getByRole('textbox', { name: 'To', exact: true })
  const fee = dialog.locator('[data-send-fee]')
  await amount.fill('1.5')
  // A Polkadot (prefix 0) address on Polkadot Local: refused at the send, in words.
  await to.fill(freshAddress(0))
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    modal(page)
      .frame.getByText(/is not a Polkadot Local address: it is a Polkadot one\./)
      .first(),
  ).toBeVisible()
  expect(wallet.requests.filter(({ method }) => method === 'signPayload')).toHaveLength(0)

  await dialog.getByRole('button', { name: 'Back' }).click()
  await expectOpen(page, 'Send')
  const recipient = freshAddress()
  await to.fill(recipient)
  // The first fee loads @polkadot/api and decodes the node's metadata.
  await expect(fee).toHaveText(/^\d[\d.,]* DOT$/, { timeout: 20_000 })
  const shownFee = await fee.textContent()
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 1.5 DOT')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await polkadotBalance(recipient)).toBe((3n * dot) / 2n)
  const paid = 5n * dot - (3n * dot) / 2n - (await polkadotBalance(wallet.address))
  // The stand-in's fee: a fixed 0.001 DOT and 100,000 plancks a byte.
  expect(paid > 0n && paid < dot / 10n).toBe(true)
  // The node's paymentInfo is the fee it then took: Send said it before the visitor approved.
  expect(shownFee).toBe(formatNetworkFee(paid, { decimals: 10, symbol: 'DOT' }))
  // Activity: the transfer, from Subscan's list (a dev funding is no transfer).
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const rows = dialog.locator('[data-tx-id]')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-operation', 'send')
})

test('behavior: switching to Kusama shows the account with Kusama’s SS58 prefix, in the site’s state and Receive; back on Polkadot Local, with its own', async ({
  page,
  pickWallet,
}) => {
  const kusama = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'
  const wallet = await connectPolkadot(page, pickWallet, {
    projectId: polkadotNetworksProject,
    networks: [polkadotLocal, kusama],
  })
  const kusamaAddress = encodeAddress(decodeAddress(wallet.address), 2)
  expect(kusamaAddress).not.toBe(wallet.address)
  await chooseNetwork(page, 'Kusama', kusama)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    address: kusamaAddress,
    caipAddress: `${kusama}:${kusamaAddress}`,
  })
  await expectReceive(page, kusamaAddress, ['Kusama'])
  await chooseNetwork(page, 'Polkadot Local', polkadotLocal)
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
})
