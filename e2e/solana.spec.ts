// Journey: Solana browser wallets (Wallet Standard, in the host page) connect like EVM ones, the
// site signs through airlock.solana, and the visitor sends SOL and the SPL token from the modal
// on the local Solana chain (litesvm), creating the receiver's token account when it is missing.

import type { Page } from '@playwright/test'
import {
  type Address,
  generateKeyPairSigner,
  getPublicKeyFromAddress,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import {
  connectionSaved,
  expectOpen,
  modal,
  sendSolanaFromModal,
  waitForAirlock,
} from './support/modal'
import { origins } from './support/ports'
import {
  installSolanaTestWallet,
  type SolanaTestWallet,
  solanaAccounts,
  solanaBalance,
  tokenBalance,
} from './support/solanaTestWallet'
import { type ConnectWallet, expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const freshAddress = async () => (await generateKeyPairSigner()).address

async function connectSolana(
  page: Page,
  connectWallet: ConnectWallet,
  name = 'Sol Wallet',
): Promise<SolanaTestWallet> {
  const wallet = await installSolanaTestWallet(page, { name })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(name)
  return wallet
}

test('behavior: a Solana wallet connects on Solana; the site sees its address and signs through airlock.solana', async ({
  page,
  connectWallet,
}) => {
  const wallet = await connectSolana(page, connectWallet)
  const state = await page.evaluate(() => window.airlock!.getState())
  expect(state).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    chainId: 'solana:localnet',
    address: solanaAccounts[0].address,
  })
  expect(wallet.isAuthorized(origins.demo)).toBe(true)

  const signed = await page.evaluate(async () => {
    const message = new TextEncoder().encode('Sign in to the demo')
    const { signature } = await window.airlock!.solana.signMessage(message)
    return [...signature]
  })
  const key = await getPublicKeyFromAddress(solanaAccounts[0].address as Address)
  expect(
    await verifySignature(
      key,
      signatureBytes(new Uint8Array(signed)),
      new TextEncoder().encode('Sign in to the demo'),
    ),
  ).toBe(true)

  // A reload restores the connection without a prompt.
  await connectionSaved(page)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().namespace)).toBe('solana')
  expect(
    wallet.requests.filter((request) => request.method === 'standard:connect').length,
  ).toBeGreaterThan(1)

  // Switching accounts in the wallet reaches the site.
  await wallet.setAccount(solanaAccounts[1].secretKey)
  await page.waitForFunction(
    (address) => window.airlock!.getState().address === address,
    solanaAccounts[1].address,
  )

  // The wallet ending it ends it for the site.
  await wallet.disconnectFromWallet()
  await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
})

test('behavior: a declined signature rejects with 4001; the Tokens tab shows SOL and sUSD', async ({
  page,
  connectWallet,
}) => {
  const wallet = await connectSolana(page, connectWallet)
  wallet.rejectNext('solana:signMessage')
  const error = await page.evaluate(() =>
    window
      .airlock!.solana.signMessage(new Uint8Array([1, 2, 3]))
      .catch((error) => ({ code: error.code })),
  )
  expect(error).toEqual({ code: 4001 })
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const tokens = modal(page).dialog.getByRole('tabpanel')
  await expect(tokens.locator('[data-symbol="SOL"]')).toBeVisible()
  await expect(tokens.locator('[data-symbol="sUSD"]')).toBeVisible()
})

test('behavior: a wallet with EVM and Solana is listed once and switches to Solana when the site asks', async ({
  page,
}) => {
  await installTestWallet(page, { name: 'Dual Wallet', rdns: 'dev.airlock.dual' })
  const solana = await installSolanaTestWallet(page, { name: 'Dual Wallet' })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.getByRole('button', { name: /Dual Wallet/ })).toHaveCount(1)
  await modal(page)
    .dialog.getByRole('button', { name: /Dual Wallet/ })
    .click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().namespace)).toBe('eip155')
  await page.waitForFunction(() => !window.airlock!.getState().open)

  // The site asks for Solana: the modal prompts the switch (Opening rule 1).
  const connected = page.evaluate(() => window.airlock!.solana.connect())
  await expectOpen(page, 'Switch Chain')
  await modal(page)
    .dialog.getByRole('button', { name: /Solana Localnet/ })
    .click()
  expect(await connected).toEqual({ address: solana.address })
  expect(await page.evaluate(() => window.airlock!.getState().namespace)).toBe('solana')
})

test('behavior: sending SOL lands on the Solana chain and the receiver holds exactly that', async ({
  page,
  connectWallet,
}) => {
  await connectSolana(page, connectWallet)
  const receiver = await freshAddress()
  await sendSolanaFromModal(page, 'SOL', '1.5', receiver)
  await expect(modal(page).frame.getByText('Sent 1.5 SOL')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await solanaBalance(receiver)).toBe(1_500_000_000n)
})

test('behavior: sending sUSD to a receiver without a token account creates it', async ({
  page,
  connectWallet,
}) => {
  await connectSolana(page, connectWallet)
  const receiver = await freshAddress()
  expect(await tokenBalance(receiver)).toBe(0n)
  await sendSolanaFromModal(page, 'sUSD', '2.5', receiver)
  await expect(modal(page).frame.getByText('Sent 2.5 sUSD')).toBeVisible()
  expect(await tokenBalance(receiver)).toBe(2_500_000n)
})

test('behavior: a declined Solana send says Signature declined and moves nothing', async ({
  page,
  connectWallet,
}) => {
  const wallet = await connectSolana(page, connectWallet)
  const receiver = await freshAddress()
  wallet.rejectNext('solana:signAndSendTransaction')
  await sendSolanaFromModal(page, 'SOL', '0.25', receiver)
  await expect(modal(page).dialog.locator('[data-send-error]')).toHaveText('Signature declined')
  await expectOpen(page, 'Review Send')
  expect(await solanaBalance(receiver)).toBe(0n)
})

test('behavior: the Solana receiver is checked before the wallet is asked', async ({
  page,
  connectWallet,
}) => {
  const wallet = await connectSolana(page, connectWallet)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator('button[data-symbol="SOL"]').click()
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('1')
  await dialog
    .getByRole('textbox', { name: 'To', exact: true })
    .fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await expect(dialog.locator('[data-send-error]')).toHaveText('Invalid address')
  await expect(dialog.getByRole('button', { name: 'Preview send' })).toBeDisabled()
  expect(
    wallet.requests.some((request) => request.method === 'solana:signAndSendTransaction'),
  ).toBe(false)
})
