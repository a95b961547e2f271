// Journey: a visitor who uses the keyboard only. What they type after choosing a way in goes
// into the field that way asks for, never to the page behind (issue 41).
import { codesMailedTo, freshEmail, nextCode, openModalOnSite } from './support/email'
import { expectOpen, modal } from './support/modal'
import { expect, test } from './support/test'

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
  await expect(codeField).toHaveValue(code)
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
