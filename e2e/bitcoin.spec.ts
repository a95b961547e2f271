// Journey: a Bitcoin wallet of the page (Wallet Standard's bitcoin: features, real keys) connects
// on Bitcoin regtest; the site reads its payment and ordinals addresses, has a message signed
// (verified here by BIP-322), and sends BTC through airlock.bitcoin: the modal builds the PSBT,
// the wallet signs it, the modal checks it and broadcasts it to the stack's Esplora stand-in,
// whose ledger validates it. A PSBT the wallet altered, and a recipient of another network, are
// refused in words with nothing sent; a reload keeps the connection.

import { bitcoinNetworkParams, verifyBitcoinMessage } from '@airlock/protocol/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import type { Page } from '@playwright/test'
import { p2wpkh } from '@scure/btc-signer'
import {
  type BitcoinTestWallet,
  bitcoinBalance,
  freshBitcoinAddress,
  fundBitcoin,
  installBitcoinTestWallet,
  regtest,
} from './support/bitcoinTestWallet'
import { connectionSaved, expectOpen, modal, waitForAirlock } from './support/modal'
import { bitcoinProject } from './support/operator'
import { gotoSdkPage } from './support/sdkPage'
import { expect, type PickWallet, test } from './support/test'

/** The fixtures' SDK page on the Bitcoin project, the wallet installed, connected through it. */
async function connectBitcoin(page: Page, pickWallet: PickWallet): Promise<BitcoinTestWallet> {
  const wallet = await installBitcoinTestWallet(page, { name: 'Sats Wallet' })
  await gotoSdkPage(page, { projectId: bitcoinProject, networks: [regtest, 'eip155:31337'] })
  await waitForAirlock(page)
  const connected = page.evaluate(() => window.airlock!.bitcoin.connect())
  await pickWallet('Sats Wallet')
  expect(await connected).toEqual({ address: wallet.payment })
  return wallet
}

test('behavior: a Bitcoin wallet connects on regtest with its payment address; the site reads both addresses and gets a BIP-322 signature', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectBitcoin(page, pickWallet)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'bip122',
    chainId: regtest,
    address: wallet.payment,
  })
  const accounts = await page.evaluate(() => window.airlock!.bitcoin.getAccountAddresses())
  expect(accounts.map(({ address, purpose }) => [address, purpose])).toEqual([
    [wallet.payment, 'payment'],
    [wallet.ordinals, 'ordinals'],
  ])

  const signed = await page.evaluate(() =>
    window.airlock!.bitcoin.signMessage({ message: 'Sign in to the fixtures' }),
  )
  expect(signed.address).toBe(wallet.payment)
  const verify = (message: string, address = wallet.payment) =>
    verifyBitcoinMessage({
      address,
      message,
      signature: signed.signature,
      network: bitcoinNetworkParams.regtest,
    })
  expect(await verify('Sign in to the fixtures')).toBe(true)
  expect(await verify('Sign in to another site')).toBe(false)

  // The ordinals address signs when asked for by name.
  const byOrdinals = await page.evaluate(
    (address) => window.airlock!.bitcoin.signMessage({ message: 'ordinals', address }),
    wallet.ordinals,
  )
  expect(
    await verifyBitcoinMessage({
      address: wallet.ordinals,
      message: 'ordinals',
      signature: byOrdinals.signature,
      network: bitcoinNetworkParams.regtest,
    }),
  ).toBe(true)

  // Another account in the wallet reaches the site.
  const first = wallet.payment
  await wallet.setKey(secp256k1.utils.randomPrivateKey())
  expect(wallet.payment).not.toBe(first)
  await page.waitForFunction(
    (address) => window.airlock!.getState().address === address,
    wallet.payment,
  )

  // A reload restores the connection without a prompt.
  await connectionSaved(page, bitcoinProject)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.payment)
  expect(wallet.requests.filter(({ method }) => method === 'bitcoin:connect')).toHaveLength(1)
})

test('behavior: on a site active on another chain, airlock.bitcoin.connect() asks for a Bitcoin network, then offers the Bitcoin wallets', async ({
  page,
}) => {
  const wallet = await installBitcoinTestWallet(page, { name: 'Sats Wallet' })
  await gotoSdkPage(page, {
    projectId: bitcoinProject,
    networks: ['eip155:31337', regtest],
    defaultNetwork: 'eip155:31337',
  })
  await waitForAirlock(page)
  const connected = page.evaluate(() => window.airlock!.bitcoin.connect())
  await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Switch Chain')
  await modal(page)
    .dialog.getByRole('button', { name: /Bitcoin Regtest/ })
    .click()
  await modal(page)
    .dialog.getByRole('button', { name: /Sats Wallet/ })
    .click()
  expect(await connected).toEqual({ address: wallet.payment })
  expect(await page.evaluate(() => window.airlock!.getState().chainId)).toBe(regtest)
})

test('behavior: the site sends BTC: the modal builds and checks the PSBT, the wallet signs, the ledger applies it', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectBitcoin(page, pickWallet)
  await fundBitcoin(wallet.payment, 100_000)
  const recipient = freshBitcoinAddress()
  const { txid } = await page.evaluate(
    (recipientAddress) =>
      window.airlock!.bitcoin.sendTransfer({ recipientAddress, amount: '25000' }),
    recipient,
  )
  expect(txid).toMatch(/^[0-9a-f]{64}$/)
  expect(await bitcoinBalance(recipient)).toBe(25_000)
  const left = await bitcoinBalance(wallet.payment)
  // What is left is the change: the coin less the amount and a fee at the normal rate.
  expect(left).toBeLessThan(75_000)
  expect(left).toBeGreaterThan(72_000)
  const signing = wallet.requests.filter(({ method }) => method === 'bitcoin:signTransaction')
  expect(signing).toHaveLength(1)
})

test('bad input: another network’s recipient, dust, more than the balance, and a PSBT the wallet altered are refused in words, nothing sent', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectBitcoin(page, pickWallet)
  await fundBitcoin(wallet.payment, 50_000)
  const send = (recipientAddress: string, amount: string) =>
    page.evaluate(
      ({ recipientAddress, amount }) =>
        window.airlock!.bitcoin.sendTransfer({ recipientAddress, amount }).then(
          () => 'sent',
          (error: Error & { code?: number }) => `${error.code}: ${error.message}`,
        ),
      { recipientAddress, amount },
    )
  const mainnet = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true)).address!
  expect(await send(mainnet, '10000')).toBe('-32602: That is not a Bitcoin Regtest address.')
  const recipient = freshBitcoinAddress()
  expect(await send(recipient, '100')).toBe(
    '-32602: The amount is below the dust limit of 294 sats for that address.',
  )
  expect(await send(recipient, '60000')).toBe('-32602: Not enough BTC for this amount and its fee.')
  expect(await send(recipient, '1.5')).toBe(
    '-32602: amount must be a whole number of satoshis, as a decimal string.',
  )
  // The wallet pays less to the recipient than the visitor asked, and signs that.
  wallet.tamperNext((psbt, sign) => {
    psbt.updateOutput(0, { amount: 1_000n })
    sign(psbt)
  })
  expect(await send(recipient, '20000')).toBe(
    '-32603: The wallet changed the transaction: nothing was sent.',
  )
  // The wallet returns it unsigned.
  wallet.tamperNext(() => {})
  expect(await send(recipient, '20000')).toBe(
    '-32603: The wallet returned the transaction unsigned: nothing was sent.',
  )
  expect(await bitcoinBalance(recipient)).toBe(0)
  expect(await bitcoinBalance(wallet.payment)).toBe(50_000)
  // Only the two PSBTs reached the wallet: the bad requests were refused before it was asked.
  expect(wallet.requests.filter(({ method }) => method === 'bitcoin:signTransaction')).toHaveLength(
    2,
  )
})

test('behavior: the visitor sends BTC from Send at the speed they chose; Account shows the balance and Activity both transfers; Receive shows the bitcoin: URI', async ({
  page,
  pickWallet,
}) => {
  const wallet = await connectBitcoin(page, pickWallet)
  await fundBitcoin(wallet.payment, 3_000_000)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(dialog.locator('[data-native-balance]')).toHaveText('0.03 BTC')

  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  await expect(dialog.locator('[data-receive-address]')).toHaveText(wallet.payment)
  await expect(dialog.getByRole('listitem')).toHaveText(['Bitcoin Regtest'])
  await dialog.getByRole('button', { name: 'Back' }).click()

  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator('button[data-symbol="BTC"]').click()
  const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true })
  const to = dialog.getByRole('textbox', { name: 'To', exact: true })
  const message = dialog.locator('[data-send-error]')
  const fee = dialog.locator('[data-send-fee]')
  // Refused in the form, before any wallet is asked: another network's address, dust.
  await amount.fill('0.001')
  await to.fill(p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true)).address!)
  await expect(message).toHaveText('Not a Bitcoin Regtest address')
  const recipient = freshBitcoinAddress()
  await to.fill(recipient)
  await amount.fill('0.000001')
  await expect(message).toHaveText('Below the dust limit (294 sats) for that address')
  await amount.fill('0.001')
  await expect(message).toHaveText('')
  // The fee at each speed, from the stand-in's estimates (fast 26, normal 10, slow 2 sat/vB).
  await expect(fee).toHaveText(/ BTC \(10 sat\/vB\)$/)
  await dialog.getByRole('radio', { name: 'Fast' }).check()
  await expect(fee).toHaveText(/ BTC \(26 sat\/vB\)$/)
  await dialog.getByRole('radio', { name: 'Slow' }).check()
  await expect(fee).toHaveText(/ BTC \(2 sat\/vB\)$/)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 0.001 BTC')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await bitcoinBalance(recipient)).toBe(100_000)
  // 1 input, 2 outputs at 2 sat/vB: about 141 vB.
  const paid = 3_000_000 - 100_000 - (await bitcoinBalance(wallet.payment))
  expect(paid).toBeGreaterThanOrEqual(280)
  expect(paid).toBeLessThan(300)

  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const rows = dialog.locator('[data-tx-id]')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toHaveAttribute('data-operation', 'send')
  await expect(rows.last()).toHaveAttribute('data-operation', 'receive')
})
test('behavior: a page without a Bitcoin network never loads Bitcoin discovery; one with it loads it once', async ({
  page,
}) => {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/airlock-bitcoin.js')) loaded.push(request.url())
  })
  await gotoSdkPage(page, { projectId: bitcoinProject, networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  expect(loaded).toEqual([])
  await gotoSdkPage(page, { projectId: bitcoinProject })
  await waitForAirlock(page)
  await expect.poll(() => loaded.length).toBe(1)
})
