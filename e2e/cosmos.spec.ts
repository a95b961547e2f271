// Journey: a Cosmos wallet of the page (Keplr's `window.keplr`, a real key) connects on Cosmos
// Local, the chain stand-in of the stack, after the modal suggested the chain it didn't know;
// Account shows its ATOM from the API; the visitor sends ATOM from Send with the fee the node's
// simulation gives: the modal builds the bank send, the wallet signs it in direct mode, the modal
// checks the signature and broadcasts it, and the ledger applies it. Another chain's address is
// refused in the form; a wallet that signs with another key has nothing sent.

import { formatNetworkFee } from '@airlock/protocol'
import { verifyCosmosMessage } from '@airlock/protocol/cosmos'
import { Random } from '@cosmjs/crypto'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import type { Page } from '@playwright/test'
import {
  type CosmosTestWallet,
  cosmosBalance,
  cosmosLocal,
  fundCosmos,
  installCosmosTestWallet,
} from './support/cosmosTestWallet'
import { chooseNetwork, expectOpen, expectReceive, modal, waitForAirlock } from './support/modal'
import { cosmosNetworksProject, cosmosProject } from './support/operator'
import { gotoSdkPage } from './support/sdkPage'
import { expect, type PickWallet, test } from './support/test'

/** The fixtures' SDK page on the Cosmos project, the wallet installed, connected from the modal. */
async function connectCosmos(
  page: Page,
  pickWallet: PickWallet,
  { projectId = cosmosProject, networks = [cosmosLocal] } = {},
): Promise<CosmosTestWallet> {
  const wallet = await installCosmosTestWallet(page, { name: 'Keplr' })
  await gotoSdkPage(page, { projectId, networks })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await pickWallet('Keplr')
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  return wallet
}

test('behavior: a Keplr-style wallet connects on Cosmos Local with its cosmos1 address, the chain suggested first', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectCosmos(page, pickWallet)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'cosmos',
    chainId: cosmosLocal,
    address: wallet.address,
  })
  // Keplr knows no local chain: the modal suggested it before enabling it.
  expect(wallet.requests.map(({ method }) => method)).toContain('experimentalSuggestChain')
  // The site's ADR-036 signature, through the provider, verifies for the account.
  const signature = await page.evaluate(() =>
    window.airlock!.provider.request({
      method: 'cosmos_signArbitrary',
      params: { message: 'Sign in to the fixtures' },
    }),
  )
  const verify = (message: string) =>
    verifyCosmosMessage({
      address: wallet.address,
      message,
      signature: JSON.stringify(signature),
      network: 'local',
    })
  expect(verify('Sign in to the fixtures')).toBe(true)
  expect(verify('Sign in to another site')).toBe(false)
  // A reload keeps the connection, with no prompt.
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
})

test('behavior: the visitor sends ATOM from Send with the simulated fee; Account shows the balance; another key’s signature sends nothing', async ({
  page,
  pickWallet,
}) => {
  // A whole journey (connect, Account, Receive, a refused send, a send, Activity) on a node
  // that is asked for metadata, simulations and blocks.
  test.setTimeout(90_000)
  const wallet = await connectCosmos(page, pickWallet)
  await fundCosmos(wallet.address, 2_500_000)
  const { dialog } = modal(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.locator('[data-native-balance]')).toHaveText('2.5 ATOM')

  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  await expect(dialog.locator('[data-receive-address]')).toHaveText(wallet.address)
  await expect(dialog.getByRole('listitem')).toHaveText(['Cosmos Local'])
  await dialog.getByRole('button', { name: 'Back' }).click()

  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator('button[data-symbol="ATOM"]').click()
  const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true })
  const to = dialog.getByRole('textbox', { name: 'To', exact: true })
  const message = dialog.locator('[data-send-error]')
  const fee = dialog.locator('[data-send-fee]')
  await amount.fill('1')
  // Refused in the form, before any wallet is asked: another chain's address.
  await to.fill(toBech32('osmo', Random.getBytes(20)))
  await expect(message).toHaveText('Not a Cosmos Local address')
  const recipient = toBech32('cosmos', Random.getBytes(20))
  await to.fill(recipient)
  await expect(message).toHaveText('')
  // The first fee loads cosmjs and asks the node's simulation.
  await expect(fee).toHaveText(/^\d[\d.,]* ATOM$/, { timeout: 20_000 })
  const shownFee = await fee.textContent()

  // A wallet that signs with another key: refused before broadcast, nothing moves.
  wallet.signNextWithAnotherKey()
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    modal(page)
      .frame.getByText('The wallet signed with another key than the account’s: nothing was sent.')
      .first(),
  ).toBeVisible()
  expect(await cosmosBalance(recipient)).toBe(0n)
  expect(await cosmosBalance(wallet.address)).toBe(2_500_000n)

  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 1 ATOM')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await cosmosBalance(recipient)).toBe(1_000_000n)
  const paid = 2_500_000n - 1_000_000n - (await cosmosBalance(wallet.address))
  // ~110k gas at 0.0025 uatom: a few hundred uatom, and what Send said it would be.
  expect(paid > 0n && paid < 2_000n).toBe(true)
  expect(shownFee).toBe(formatNetworkFee(paid, { decimals: 6, symbol: 'ATOM' }))
  await expect(dialog.locator('[data-native-balance]')).toHaveText(/^1\.49\d* ATOM$/)
  // Activity: the send, then the faucet's funding.
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const rows = dialog.locator('[data-tx-id]')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toHaveAttribute('data-operation', 'send')
  await expect(rows.last()).toHaveAttribute('data-operation', 'receive')
})

test('behavior: switching to Osmosis shows the wallet’s address with Osmosis’s prefix, in the site’s state and Receive; back on Cosmos Local, its cosmos1 one', async ({
  page,
  pickWallet,
}) => {
  const osmosis = 'cosmos:osmosis-1'
  const wallet = await connectCosmos(page, pickWallet, {
    projectId: cosmosNetworksProject,
    networks: [cosmosLocal, osmosis],
  })
  const osmoAddress = toBech32('osmo', fromBech32(wallet.address, 90).data)
  await chooseNetwork(page, 'Osmosis', osmosis)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    address: osmoAddress,
    caipAddress: `${osmosis}:${osmoAddress}`,
  })
  await expectReceive(page, osmoAddress, ['Osmosis'])
  // The wallet was asked for its key on Osmosis, as Keplr writes addresses per chain.
  expect(wallet.requests).toContainEqual(
    expect.objectContaining({ method: 'getKey', params: { chainId: 'osmosis-1' } }),
  )
  await chooseNetwork(page, 'Cosmos Local', cosmosLocal)
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
})
