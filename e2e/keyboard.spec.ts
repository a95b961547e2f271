// Journey: a visitor who uses the keyboard only (issue 41). What they type after choosing a way in
// goes into the field that way asks for, never to the page behind; with Tab, Shift+Tab, Enter and
// Esc alone they open the modal from the site, connect a browser wallet, sign up by email, send
// and approve a site's transaction (the swap is swap-keyboard.spec.ts, in the swap-pool project),
// and every control they land on shows a focus ring.
import { type Hex, parseEther, toHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import {
  approvalScreen,
  codesMailedTo,
  freshEmail,
  nextCode,
  openModalOnSite,
  openSite,
  shownRecoveryCode,
} from './support/email'
import { fund } from './support/faucet'
import { accountByKeyboard, keyWallet, openByKeyboard, tabTo } from './support/keyboard'
import { expectOpen, modal } from './support/modal'
import { providerRequest } from './support/provider'
import { expect, test } from './support/test'
import { anvilClient, freshAddress, installTestWallet } from './support/testWallet'

test('behavior: Enter on Continue with email, then typing: the address goes into the email field, then the code into the code field', async ({
  page,
}) => {
  await openModalOnSite(page)
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Continue with email' }).focus()
  await page.keyboard.press('Enter')
  await expectOpen(page, 'Email')
  const email = freshEmail()
  // The field says what to type ("Email address"); "Email" is the view's title.
  await expect(dialog.getByLabel('Email address', { exact: true })).toBeFocused()
  await page.keyboard.type(email)
  await expect(dialog.getByLabel('Email')).toHaveValue(email)
  const known = (await codesMailedTo(email)).length
  await page.keyboard.press('Enter')
  await expect(dialog).toContainText(`Enter the 6-digit code sent to ${email}`)
  const code = await nextCode(email, known)
  const codeField = dialog.getByRole('textbox', { name: 'Code' })
  await expect(codeField).toBeFocused()
  await page.keyboard.type(code)
  // Six digits submit the code at once, so the field may be gone before its value is read: the
  // code reached it when it was accepted, and the new wallet's recovery code shows.
  await shownRecoveryCode(page)
})

test('behavior: Enter on All Wallets, then typing: the search finds the wallet', async ({
  page,
}) => {
  await openModalOnSite(page)
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'All Wallets' }).focus()
  await page.keyboard.press('Enter')
  await expectOpen(page, 'All Wallets')
  const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
  await expect(search).toBeFocused()
  await page.keyboard.type('rainbow')
  await expect(search).toHaveValue('rainbow')
})

test('behavior: keyboard only: the site opens the modal, All Wallets and Esc back, then the browser wallet: connected, a focus ring on every control on the way', async ({
  page,
}) => {
  await installTestWallet(page, { ...keyWallet, privateKey: generatePrivateKey() })
  await openSite(page, { networks: ['eip155:31337'] })
  await openByKeyboard(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await tabTo(page, dialog.getByRole('button', { name: 'All Wallets' }))
  await page.keyboard.press('Enter')
  await expectOpen(page, 'All Wallets')
  await page.keyboard.press('Escape')
  await expectOpen(page, 'Connect Wallet')
  await tabTo(page, dialog.getByRole('button', { name: new RegExp(keyWallet.name) }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
})

test('behavior: keyboard only: email sign-up from the address to the recovery code typed back: connected', async ({
  page,
}) => {
  await openSite(page, { networks: ['eip155:31337'] })
  await openByKeyboard(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await tabTo(page, dialog.getByRole('button', { name: 'Continue with email' }))
  await page.keyboard.press('Enter')
  await expectOpen(page, 'Email')
  const email = freshEmail()
  await expect(dialog.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(email)
  const known = (await codesMailedTo(email)).length
  await page.keyboard.press('Enter')
  const code = await nextCode(email, known)
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toBeFocused()
  await page.keyboard.type(code)
  const recoveryCode = await shownRecoveryCode(page)
  await tabTo(page, dialog.getByRole('button', { name: 'I saved my recovery code' }))
  await page.keyboard.press('Enter')
  const groups = dialog.locator('[data-recovery-group]')
  await expect(groups).toHaveCount(2)
  for (const field of await groups.all()) {
    await tabTo(page, field)
    const group = Number(await field.getAttribute('data-recovery-group'))
    await page.keyboard.type(recoveryCode.split('-')[group - 1] as string)
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Finish' }))
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
})

test('behavior: keyboard only: Send ETH from Account, reviewed and sent: it lands on anvil', async ({
  page,
}) => {
  await accountByKeyboard(page)
  const { dialog } = modal(page)
  await tabTo(page, dialog.getByRole('button', { name: 'Send', exact: true }))
  await page.keyboard.press('Enter')
  await expectOpen(page, 'Send')
  await tabTo(page, dialog.getByRole('button', { name: /Token/ }))
  await page.keyboard.press('Enter')
  await tabTo(page, dialog.locator('button[data-symbol="ETH"]'))
  await page.keyboard.press('Enter')
  await tabTo(page, dialog.getByRole('textbox', { name: 'Amount', exact: true }))
  await page.keyboard.type('0.01')
  const receiver = freshAddress()
  await tabTo(page, dialog.getByRole('textbox', { name: 'To', exact: true }))
  await page.keyboard.type(receiver)
  await expect(dialog.locator('[data-send-fee]')).toHaveText(/ ETH$/)
  await tabTo(page, dialog.getByRole('button', { name: 'Preview send' }))
  await page.keyboard.press('Enter')
  await expectOpen(page, 'Review Send')
  await tabTo(page, dialog.getByRole('button', { name: 'Send', exact: true }))
  await page.keyboard.press('Enter')
  await expect(modal(page).frame.getByText('Sent 0.01 ETH')).toBeVisible()
  expect(await anvilClient().getBalance({ address: receiver })).toBe(parseEther('0.01'))
})

test('behavior: keyboard only: the email wallet approves the site’s transaction with Tab and Enter: it is mined', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  const receiver = freshAddress()
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: receiver, value: toHex(parseEther('0.01')) },
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await tabTo(page, screen.approve)
  await page.keyboard.press('Enter')
  const hash = (await sending) as Hex
  await anvilClient().waitForTransactionReceipt({ hash })
  expect(await anvilClient().getBalance({ address: receiver })).toBe(parseEther('0.01'))
})
