// Journey: a visitor without any wallet signs in by email (issue 18). The code arrives by real
// SMTP (the stack's capturing server), the wallet is made in the frame, and the site uses it
// through `airlock.provider` like any wallet — every signature and transaction through
// ApproveTransaction. It is there again after a reload, and on a new browser after the recovery
// step; a lost device can be removed.

import type { Page } from '@playwright/test'
import { type Address, getPublicKeyFromAddress, signatureBytes, verifySignature } from '@solana/kit'
import {
  createWalletClient,
  custom,
  type Hex,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { foundry } from 'viem/chains'
import { fromDatabase, onDatabase } from './support/database'
import {
  answerApproval,
  askForCode,
  codesMailedTo,
  enterCode,
  freshEmail,
  keepRecoveryCode,
  mailsTo,
  nextCode,
  openModalOnSite,
  openSite,
  shownRecoveryCode,
  signUpByEmail,
  typeRecoveryGroups,
} from './support/email'
import { recordHttpErrors } from './support/httpErrors'
import { expectClosed, expectOpen, modal, waitForAddress, waitForAirlock } from './support/modal'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const state = (page: Page) => page.evaluate(() => window.airlock!.getState())

/** How the modal counts the tries a code has left. */
const tries = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'}`

test('behavior: an email and a code make a wallet on eip155 and solana; a reload finds the same one', async ({
  page,
}) => {
  const httpErrors = recordHttpErrors(page)
  await openSite(page)
  const email = freshEmail()
  const { address } = await signUpByEmail(page, email)
  await expectClosed(page)
  expect(await state(page)).toMatchObject({ status: 'connected', connectorId: 'email' })
  // A first sign-in is a normal path: nothing in it is an HTTP error in the visitor's console.
  expect(httpErrors).toEqual([])
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  // The Account view says whose wallet it is.
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(modal(page).dialog.locator(`[data-email="${email}"]`)).toHaveText(email)
  await page.evaluate(() => window.airlock!.close())

  // The same wallet on Solana: its own address, and it signs.
  await page.evaluate(() => window.airlock!.switchNetwork('solana:localnet'))
  await page.waitForFunction(() => window.airlock!.getState().namespace === 'solana')
  const solanaAddress = (await state(page)).address as Address
  expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const signing = page.evaluate(async () => {
    const { signature } = await window.airlock!.solana.signMessage(
      new TextEncoder().encode('gm from email'),
    )
    return [...signature]
  })
  await answerApproval(page, 'message', 'Approve')
  const signature = new Uint8Array(await signing)
  expect(
    await verifySignature(
      await getPublicKeyFromAddress(solanaAddress),
      signatureBytes(signature),
      new TextEncoder().encode('gm from email'),
    ),
  ).toBe(true)

  // Back on EVM; a reload opens the wallet again from this device's share, with no prompt.
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:31337'))
  await page.waitForFunction(() => window.airlock!.getState().namespace === 'eip155')
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
  await expectClosed(page)
})

test('behavior: the site signs and sends through ApproveTransaction; a rejection is 4001', async ({
  page,
}) => {
  await openSite(page)
  const { address } = await signUpByEmail(page, freshEmail())
  const from = address as Hex
  const client = anvilClient()
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [from, `0x${parseEther('1').toString(16)}`] as never,
  })

  // A message: shown as text, signed on Approve, and viem verifies it.
  const signing = page.evaluate(
    (account) =>
      window.airlock!.provider.request({
        method: 'personal_sign',
        params: ['0x676d2066726f6d20656d61696c', account],
      }),
    from,
  )
  await expect(modal(page).dialog.locator('[data-approval-message]')).toHaveText('gm from email')
  await answerApproval(page, 'message', 'Approve')
  const signature = (await signing) as Hex
  expect(await verifyMessage({ address: from, message: 'gm from email', signature })).toBe(true)
  await expectClosed(page)

  // A transaction: the receiver and the value in words, sent on Approve.
  const receiver = freshAddress()
  const sending = page.evaluate(
    ([account, to]) =>
      window.airlock!.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: account, to, value: '0x2386f26fc10000' }],
      }),
    [from, receiver],
  )
  const { dialog } = modal(page)
  await expect(dialog).toContainText(receiver)
  await expect(dialog.locator('[data-value]')).toHaveText('0.01 ETH')
  await answerApproval(page, 'transaction', 'Approve')
  const hash = (await sending) as Hex
  await client.waitForTransactionReceipt({ hash })
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))

  // Reject: the site gets EIP-1193's 4001, and nothing is signed.
  const rejected = page.evaluate(
    (account) =>
      window
        .airlock!.provider.request({ method: 'personal_sign', params: ['0x6869', account] })
        .catch((error: { code?: number }) => ({ code: error.code })),
    from,
  )
  await answerApproval(page, 'message', 'Reject')
  expect(await rejected).toEqual({ code: 4001 })
  await expectClosed(page)
})

test('behavior: a viem wallet client over airlock.provider works unchanged with the email wallet', async ({
  page,
}) => {
  await openSite(page)
  await signUpByEmail(page, freshEmail())
  // viem's own client code, its requests carried to the page's provider.
  const wallet = createWalletClient({
    chain: foundry,
    transport: custom({
      request: (args) =>
        page.evaluate((request) => window.airlock!.provider.request(request), args),
    }),
  })
  const [account] = await wallet.getAddresses()
  expect(await wallet.getChainId()).toBe(31337)
  await anvilClient().request({
    method: 'anvil_setBalance' as never,
    params: [account, `0x${parseEther('1').toString(16)}`] as never,
  })
  const signing = wallet.signMessage({ account: account as Hex, message: 'viem says hi' })
  await answerApproval(page, 'message', 'Approve')
  expect(
    await verifyMessage({
      address: account as Hex,
      message: 'viem says hi',
      signature: await signing,
    }),
  ).toBe(true)
  const typed = {
    domain: { name: 'Airlock', version: '1', chainId: 31337 },
    types: { Greeting: [{ name: 'text', type: 'string' }] },
    primaryType: 'Greeting',
    message: { text: 'gm' },
  } as const
  const signingTyped = wallet.signTypedData({ account: account as Hex, ...typed })
  await answerApproval(page, 'typedData', 'Approve')
  expect(
    await verifyTypedData({ address: account as Hex, ...typed, signature: await signingTyped }),
  ).toBe(true)
  const receiver = freshAddress()
  const sending = wallet.sendTransaction({
    account: account as Hex,
    to: receiver,
    value: parseEther('0.02'),
  })
  await answerApproval(page, 'transaction', 'Approve')
  await anvilClient().waitForTransactionReceipt({ hash: await sending })
  expect(await anvilClient().getBalance({ address: receiver })).toBe(parseEther('0.02'))
})

test('behavior: a wrong code, then the right one: the tries left are said, the wallet is made, and nothing is an HTTP error', async ({
  page,
}) => {
  await openSite(page)
  const httpErrors = recordHttpErrors(page)
  const email = freshEmail()
  const code = await askForCode(page, email)
  const { dialog } = modal(page)
  await enterCode(page, code === '000000' ? '111111' : '000000')
  await expect(dialog.getByRole('alert')).toHaveText(
    `That code is not right: ${tries(4)} left. Check the latest email.`,
  )
  await enterCode(page, code)
  await keepRecoveryCode(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  // A typo is a normal step: the visitor's console logs no failed request for it.
  expect(httpErrors).toEqual([])
})

test('error: five wrong codes lock the code, and the right one is then refused in words', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  const code = await askForCode(page, email)
  const wrong = code === '000000' ? '111111' : '000000'
  const { dialog } = modal(page)
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterCode(page, wrong)
    await expect(dialog.getByRole('alert')).toHaveText(
      attempt < 4
        ? `That code is not right: ${tries(4 - attempt)} left. Check the latest email.`
        : 'Too many wrong codes: this code is locked. Ask for a new one.',
    )
  }
  await enterCode(page, code)
  await expect(dialog.getByRole('alert')).toHaveText(
    'Too many wrong codes: this code is locked. Ask for a new one.',
  )
  expect((await state(page)).status).toBe('disconnected')
})

test('error: ten wrong codes over two codes lock the address: the modal says so, even to the right code, and the address is told', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  const first = await askForCode(page, email)
  const { dialog } = modal(page)
  const alert = dialog.getByRole('alert')
  const locked =
    'Too many wrong codes for this email: codes for it are paused for a while. Check your inbox, then try again later.'
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterCode(page, first === '000000' ? '111111' : '000000')
    await expect(alert).toHaveText(
      attempt < 4
        ? `That code is not right: ${tries(4 - attempt)} left. Check the latest email.`
        : 'Too many wrong codes: this code is locked. Ask for a new one.',
    )
  }
  // A new code is 5 tries of its own, but not 5 more for the address: the 10th wrong one locks it.
  await page.clock.install()
  await page.clock.fastForward(31_000)
  const known = (await codesMailedTo(email)).length
  await dialog.getByRole('button', { name: 'Resend code' }).click()
  const second = await nextCode(email, known)
  const wrong = second === '000000' ? '111111' : '000000'
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterCode(page, wrong)
    await expect(alert).toHaveText(
      attempt < 4
        ? `That code is not right: ${tries(4 - attempt)} left. Check the latest email.`
        : locked,
    )
  }
  await enterCode(page, second)
  await expect(alert).toHaveText(locked)
  expect((await state(page)).status).toBe('disconnected')
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
    .toContain('Sign-in to demo with this email is paused')
})

test('error: an expired code is refused in words; a new one signs in', async ({ page }) => {
  await openSite(page)
  const email = freshEmail()
  const code = await askForCode(page, email)
  // Ten minutes pass for this code: its row says it expired a second ago.
  onDatabase(
    'UPDATE email_codes SET expires_at = ? WHERE email = ?',
    new Date(Date.now() - 1000).toISOString(),
    email,
  )
  const { dialog } = modal(page)
  await enterCode(page, code)
  await expect(dialog.getByRole('alert')).toHaveText('This code has expired. Ask for a new one.')
  // The countdown ends, and Resend mails a new code that works.
  const resend = dialog.getByRole('button', { name: 'Resend code' })
  const countdown = dialog.getByRole('button', { name: /Resend code in \d+ s/ })
  await expect(countdown).toBeDisabled()
  // The count and its unit never wrap apart (a no-break space between them).
  expect(await countdown.textContent()).toMatch(/ \d+\u00a0s$/)
  await page.clock.install()
  await page.clock.fastForward(31_000)
  const known = (await codesMailedTo(email)).length
  await resend.click()
  await enterCode(page, await nextCode(email, known))
  await expect(dialog.locator('[data-recovery-code]')).toBeVisible({ timeout: 15_000 })
})

test('behavior: with email off for the page there is no email entry, and EmailLogin is refused', async ({
  page,
}) => {
  await openModalOnSite(page, { features: { email: false } })
  await expectOpen(page, 'Connect Wallet')
  await expect(modal(page).dialog.getByRole('button', { name: 'Continue with email' })).toHaveCount(
    0,
  )
  const refused = await page.evaluate(() =>
    window
      .airlock!.open({ view: 'EmailLogin' })
      .then(() => 'opened')
      .catch((error: Error) => error.message),
  )
  expect(refused).toContain('The EmailLogin view needs the "email" feature')
})

test('behavior: a new browser gets the same wallet after the recovery code; a lost device is removed', async ({
  page,
  browser,
}) => {
  await openSite(page)
  const email = freshEmail()
  const { recoveryCode, address } = await signUpByEmail(page, email)

  // Another browser: no share of this wallet on it, so the recovery code is asked for.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await openSite(other)
  await enterCode(other, await askForCode(other, email))
  const { dialog } = modal(other)
  await expect(dialog).toContainText('This device does not have your wallet yet.')
  // Titled after what the visitor does now, not "Email".
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Restore Wallet')
  await dialog.getByLabel('Recovery code').fill('0000-0000-0000-0000-0000')
  await dialog.getByRole('button', { name: 'Restore wallet' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'This recovery code does not open your wallet. Check it and try again.',
  )
  await dialog.getByLabel('Recovery code').fill(recoveryCode.toLowerCase())
  await dialog.getByRole('button', { name: 'Restore wallet' }).click()
  await other.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect((await state(other)).address).toBe(address)

  // From the new browser, the first one is removed.
  await other.evaluate(() => window.airlock!.open())
  await dialog.getByRole('button', { name: 'Devices' }).click()
  const devices = dialog.locator('[data-device-id]')
  await expect(devices).toHaveCount(2)
  const lost = devices.filter({ hasNotText: 'This device' })
  await lost.getByRole('button', { name: 'Remove' }).click()
  await lost.getByRole('button', { name: 'Remove for good' }).click()
  await expect(lost).toContainText('Removed')
  await otherContext.close()

  // The first browser's session ended with its device: a reload finds no wallet, and signing
  // in again needs the recovery code, since what this device kept opens nothing now.
  // The frame, restoring the saved email connection, asks for its session: ended.
  const sessionRefused = page.waitForResponse(
    (response) => response.url().includes('/email/session?') && response.status() === 401,
  )
  await page.reload()
  await waitForAirlock(page)
  await sessionRefused
  expect((await state(page)).status).toBe('disconnected')
  await enterCode(page, await askForCode(page, email))
  await expect(modal(page).dialog).toContainText('This device does not have your wallet yet.')
})

// A wallet's birth (issue 33, point 4): pending until this browser read its device share back and
// the visitor typed two groups of the recovery code back; at each fault the visitor finishes it or
// starts it over, and the API keeps one wallet, never a half-made one.

type WalletRow = { evm_address: string; confirmed_at: string | null }
const walletsOf = (email: string) =>
  fromDatabase<WalletRow>(
    'SELECT evm_address, confirmed_at FROM embedded_wallets WHERE email = ?',
    email,
  )
const devicesOf = (email: string) =>
  fromDatabase<{ device_id: string }>(
    'SELECT device_id FROM embedded_wallet_devices WHERE email = ?',
    email,
  )
/** The pending wallet's code shown, the groups asked typed back, Finish: connected. */
async function finishWallet(page: Page, recoveryCode: string) {
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'I saved my recovery code' }).click()
  await typeRecoveryGroups(page, recoveryCode)
  await dialog.getByRole('button', { name: 'Finish' }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
}

test('behavior: the tab closed, then a reload, on the recovery screen: each sign-in on this browser shows the same code again; two wrong groups are refused; finished, it opens after a reload', async ({
  context,
}) => {
  const email = freshEmail()
  const first = await context.newPage()
  await openSite(first)
  await enterCode(first, await askForCode(first, email))
  const recoveryCode = await shownRecoveryCode(first)
  expect(walletsOf(email)).toEqual([expect.objectContaining({ confirmed_at: null })])
  await first.close()

  // The tab is gone; the site never got the wallet, and the API keeps it pending.
  const page = await context.newPage()
  await openSite(page)
  expect((await state(page)).status).toBe('disconnected')
  await enterCode(page, await askForCode(page, email))
  expect(await shownRecoveryCode(page)).toBe(recoveryCode)
  const { dialog } = modal(page)
  await expect(dialog).toContainText(
    'Your wallet is not finished yet. This is its recovery code again.',
  )

  // A reload on the recovery screen: the same again.
  await page.reload()
  await waitForAirlock(page)
  expect((await state(page)).status).toBe('disconnected')
  await enterCode(page, await askForCode(page, email))
  expect(await shownRecoveryCode(page)).toBe(recoveryCode)

  // Groups that are not the code's are refused, and the wallet stays pending.
  await dialog.getByRole('button', { name: 'I saved my recovery code' }).click()
  const groups = dialog.locator('[data-recovery-group]')
  await expect(groups).toHaveCount(2)
  for (const field of await groups.all()) await field.fill('ZZZZ')
  await dialog.getByRole('button', { name: 'Finish' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'These groups are not the ones in your recovery code. Check it and try again.',
  )
  expect(walletsOf(email)).toEqual([expect.objectContaining({ confirmed_at: null })])
  await dialog.getByRole('button', { name: 'Show the code again' }).click()
  await finishWallet(page, recoveryCode)

  const [wallet] = walletsOf(email)
  expect(wallet?.confirmed_at).not.toBeNull()
  expect((await state(page)).address).toBe(wallet?.evm_address)
  expect(devicesOf(email)).toHaveLength(1)
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, wallet?.evm_address as string)
})

test('error: the answer lost after the API kept the wallet: the visitor is told, Try again starts it over, and only the finished wallet is left', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  // The API keeps the wallet; its answer never reaches the frame.
  let lost = 0
  await page.route(
    (url) => url.pathname === '/v1/projects/demo/embedded-wallet',
    async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback()
      lost++
      await route.fetch()
      await route.abort('connectionreset')
    },
  )
  await enterCode(page, await askForCode(page, email))
  const { dialog } = modal(page)
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Try again.', {
    timeout: 15_000,
  })
  const [kept] = walletsOf(email)
  expect(kept).toMatchObject({ confirmed_at: null })

  await dialog.getByRole('button', { name: 'Try again' }).click()
  await finishWallet(page, await shownRecoveryCode(page))
  const address = (await state(page)).address
  // One wallet, the finished one: the first try's was replaced, with its device.
  expect(walletsOf(email)).toEqual([{ evm_address: address, confirmed_at: expect.any(String) }])
  expect(address).not.toBe(kept?.evm_address)
  expect(devicesOf(email)).toHaveLength(1)
})

test('error: this browser’s storage refusing the device share: the visitor is told, and once it keeps it, Try again finishes a new wallet', async ({
  page,
}) => {
  // The frame keeps its share in the host's storage here (Playwright's context denies the frame
  // its own): that storage refuses the entry of the wallet's shares while the flag is up.
  await page.addInitScript(() => {
    if (window !== window.top) return
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key: string, value: string) {
      if (
        (window as { refuseShares?: boolean }).refuseShares &&
        key.endsWith(':embeddedWalletShares')
      )
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      return setItem.call(this, key, value)
    }
  })
  await openSite(page)
  await page.evaluate(() => {
    ;(window as { refuseShares?: boolean }).refuseShares = true
  })
  const email = freshEmail()
  await enterCode(page, await askForCode(page, email))
  const { dialog } = modal(page)
  await expect(dialog.getByRole('alert')).toHaveText(
    'This browser could not keep your wallet: try again, or use another browser.',
    { timeout: 15_000 },
  )
  expect(walletsOf(email)).toEqual([expect.objectContaining({ confirmed_at: null })])
  expect((await state(page)).status).toBe('disconnected')

  await page.evaluate(() => {
    ;(window as { refuseShares?: boolean }).refuseShares = false
  })
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await finishWallet(page, await shownRecoveryCode(page))
  const address = (await state(page)).address
  expect(walletsOf(email)).toEqual([{ evm_address: address, confirmed_at: expect.any(String) }])
  expect(devicesOf(email)).toHaveLength(1)
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address as string)
})

test('behavior: a sign-in in another browser before confirmation starts the wallet over; the first browser, told so, starts over into that wallet with its recovery code', async ({
  page,
  browser,
}) => {
  await openSite(page)
  const email = freshEmail()
  await enterCode(page, await askForCode(page, email))
  const firstCode = await shownRecoveryCode(page)

  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await openSite(other)
  await enterCode(other, await askForCode(other, email))
  const secondCode = await shownRecoveryCode(other)
  expect(secondCode).not.toBe(firstCode)
  await finishWallet(other, secondCode)
  const address = (await state(other)).address
  await otherContext.close()

  // The first browser's wallet was replaced: finishing it is refused in words, and Start over
  // finds the finished wallet, which this browser opens with its recovery code.
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'I saved my recovery code' }).click()
  await typeRecoveryGroups(page, firstCode)
  await dialog.getByRole('button', { name: 'Finish' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Your wallet was started over in another browser. Start over here to finish it on this one.',
  )
  expect((await state(page)).status).toBe('disconnected')
  await dialog.getByRole('button', { name: 'Start over' }).click()
  await expect(dialog).toContainText('This device does not have your wallet yet.')
  await dialog.getByLabel('Recovery code').fill(secondCode)
  await dialog.getByRole('button', { name: 'Restore wallet' }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect((await state(page)).address).toBe(address)
  expect(walletsOf(email)).toEqual([{ evm_address: address, confirmed_at: expect.any(String) }])
})
