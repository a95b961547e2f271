// Email login from the visitor's side: the codes the API mailed, read from the stack's capturing
// SMTP server (scripts/devMail.mjs, its JSON page), and the steps of EmailLogin and
// ApproveTransaction in the modal (the approval screen as the visitor reads it).
import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { modal, waitForAirlock } from './modal'
import { origins, ports } from './ports'
import { gotoSdkPage } from './sdkPage'

type Mail = { to: string[]; subject: string; text: string }

/** The SDK page of the demo project (or the project `options` name), the bridge up. */
export async function openSite(page: Page, options: object = {}) {
  await gotoSdkPage(page, { projectId: 'demo', modalUrl: origins.modal, ...options })
  await waitForAirlock(page)
}

/** The site, as `openSite` opens it, with the modal open on its first view. */
export async function openModalOnSite(page: Page, options: object = {}) {
  await openSite(page, options)
  await page.evaluate(() => window.airlock!.open())
}

/** An address nobody else's test uses. */
export const freshEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.com`

/** Every mail sent to `to`, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${ports.devMail}/messages.json`)
  return ((await response.json()) as Mail[]).filter((mail) => mail.to.includes(to))
}

/** Every 6-digit code mailed to `to`, oldest first. */
export async function codesMailedTo(to: string): Promise<string[]> {
  return (await mailsTo(to))
    .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
    .filter((code): code is string => code !== undefined)
}

/** Waits for a code mailed to `to` after the `known` ones, and returns it. */
export async function nextCode(to: string, known: number): Promise<string> {
  await expect.poll(async () => (await codesMailedTo(to)).length).toBeGreaterThan(known)
  return (await codesMailedTo(to)).at(-1) as string
}

/** How a test opens the modal: the site's `airlock.open()`, or a click on the site's own button. */
export type OpenModal = () => Promise<unknown>

/**
 * Opens the modal (`open`: by default the site's `airlock.open()`), goes to EmailLogin and asks
 * for a code for `email`; returns the code.
 */
export async function askForCode(
  page: Page,
  email: string,
  open: OpenModal = () => page.evaluate(() => window.airlock!.open()),
): Promise<string> {
  const { dialog } = modal(page)
  await open()
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Email')
  await dialog.getByLabel('Email').fill(email)
  const known = (await codesMailedTo(email)).length
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toContainText(`Enter the 6-digit code sent to ${email}`)
  return nextCode(email, known)
}

/** Types a code in EmailLogin (six digits submit it). */
export async function enterCode(page: Page, code: string) {
  const field = modal(page).dialog.getByLabel('Code')
  await field.fill('')
  await field.fill(code)
}

/** The recovery code a pending wallet shows, once it is on screen. */
export async function shownRecoveryCode(page: Page): Promise<string> {
  const { dialog } = modal(page)
  const shown = dialog.locator('[data-recovery-code]')
  await expect(shown).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/, { timeout: 15_000 })
  // Titled after the step, whichever login (Email, Connecting, Farcaster) it came from.
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Recovery Code')
  return (await shown.textContent()) as string
}

/** Types back the two groups of `recoveryCode` the view asks for (the view is on that step). */
export async function typeRecoveryGroups(page: Page, recoveryCode: string) {
  const groups = modal(page).dialog.locator('[data-recovery-group]')
  await expect(groups).toHaveCount(2)
  for (const field of await groups.all()) {
    const group = Number(await field.getAttribute('data-recovery-group'))
    await field.fill(recoveryCode.split('-')[group - 1] as string)
  }
}

/**
 * The pending wallet's recovery code, kept as a visitor keeps it: read, "I saved my recovery
 * code", the two groups asked typed back, Finish. Returns the code.
 */
export async function keepRecoveryCode(page: Page): Promise<string> {
  const { dialog } = modal(page)
  const recoveryCode = await shownRecoveryCode(page)
  await dialog.getByRole('button', { name: 'I saved my recovery code' }).click()
  await typeRecoveryGroups(page, recoveryCode)
  await dialog.getByRole('button', { name: 'Finish' }).click()
  return recoveryCode
}

/**
 * Signs `email` in for the first time (the modal opened by `open`, see askForCode): the code,
 * then the recovery code kept and confirmed; the modal closes connected. Returns the recovery code
 * and the EVM address.
 */
export async function signUpByEmail(page: Page, email: string, open?: OpenModal) {
  await enterCode(page, await askForCode(page, email, open))
  const recoveryCode = await keepRecoveryCode(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  const address = (await page.evaluate(() => window.airlock!.getState().address)) as string
  return { recoveryCode, address }
}

/** ApproveTransaction is showing a request of `kind`; Approve or Reject it. */
export async function answerApproval(
  page: Page,
  kind: 'message' | 'typedData' | 'transaction' | 'calls',
  answer: 'Approve' | 'Reject',
) {
  const { dialog } = modal(page)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Approve Transaction')
  await expect(dialog.locator(`[data-approval-kind="${kind}"]`)).toBeVisible()
  await dialog.getByRole('button', { name: answer, exact: true }).click()
}

/** The approval on screen, as the visitor sees it in the modal's frame. */
export function approvalScreen(page: Page) {
  const { dialog } = modal(page)
  return {
    dialog,
    card: (kind: string) => dialog.locator(`[data-approval-kind="${kind}"]`),
    approve: dialog.getByRole('button', { name: /^Approve( anyway)?$/ }),
    reject: dialog.getByRole('button', { name: 'Reject', exact: true }),
    /** The value of the details row labelled `label` (a <dt> and the <dd> after it). */
    row: (label: string) =>
      dialog.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`).first(),
    simulation: dialog.locator('[data-simulation]'),
    /** Who asks: the site's origin as the bridge saw it, or the visitor's own request. */
    askingOrigin: dialog.locator('[data-asking-origin]'),
    askedByYou: dialog.locator('[data-asked-by-you]'),
    /** The expected balance changes, one line each ("+29.9 aUSD", "−0.01 ETH"). */
    balanceChanges: dialog.locator('[data-balance-change]'),
    shown: () => dialog.locator('[data-approval-kind]').count(),
  }
}
