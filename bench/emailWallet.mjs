// An email-wallet visitor for `npm run bench`: signs up on the demo page the way a visitor does
// (the steps of e2e/support/email.ts, which the bench cannot import: it is TypeScript on
// Playwright's test runner) — the code from the stack's dev mail server, the recovery code kept —
// and funds the new account on anvil. Setup only: nothing here is timed.

import { randomUUID } from 'node:crypto'

const frameSelector = 'iframe[data-airlock]'
const recoveryCodeShape = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/

/** Every 6-digit code the dev mail server (its page at `devMailUrl`) holds for `to`, oldest first. */
async function codesMailedTo(devMailUrl, to) {
  const response = await fetch(new URL('messages.json', devMailUrl))
  if (!response.ok) throw new Error(`the dev mail server answered ${response.status}`)
  return (await response.json())
    .filter((mail) => mail.to.includes(to))
    .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
    .filter((code) => code !== undefined)
}

/** The first code mailed to `to` after the `known` ones, within `timeoutMs`. */
async function nextCode(devMailUrl, to, known, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const codes = await codesMailedTo(devMailUrl, to)
    if (codes.length > known) return codes.at(-1)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no login code mailed to ${to} within ${timeoutMs} ms`)
}

/**
 * On the demo page (the bridge up, the modal closed): opens the modal, signs a fresh address in
 * by email, keeps the recovery code (read, "I saved my recovery code", its two groups typed back,
 * Finish) and waits until the modal closes connected. Returns the EVM address.
 */
export async function signUpByEmail(page, { devMailUrl, timeoutMs }) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`
  const dialog = page.frameLocator(frameSelector).getByRole('dialog')
  const options = { timeout: timeoutMs }
  await page.evaluate(() => window.airlock.open())
  await dialog.getByRole('button', { name: 'Continue with email', exact: true }).click(options)
  await dialog.getByLabel('Email', { exact: true }).fill(email, options)
  const known = (await codesMailedTo(devMailUrl, email)).length
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click(options)
  const code = await nextCode(devMailUrl, email, known, timeoutMs)
  await dialog.getByLabel('Code', { exact: true }).fill(code, options)

  const shown = dialog.locator('[data-recovery-code]')
  await shown.waitFor(options)
  const recoveryCode = (await shown.textContent(options))?.trim() ?? ''
  if (!recoveryCodeShape.test(recoveryCode))
    throw new Error(`the recovery code shown is not one: ${JSON.stringify(recoveryCode)}`)
  await dialog.getByRole('button', { name: 'I saved my recovery code', exact: true }).click(options)
  const groups = dialog.locator('[data-recovery-group]')
  await groups.first().waitFor(options)
  for (const field of await groups.all()) {
    const group = Number(await field.getAttribute('data-recovery-group', options))
    await field.fill(recoveryCode.split('-')[group - 1], options)
  }
  await dialog.getByRole('button', { name: 'Finish', exact: true }).click(options)
  await page.waitForFunction(
    () => {
      const state = window.airlock.getState()
      return state.status === 'connected' && !state.open
    },
    null,
    { timeout: timeoutMs, polling: 50 },
  )
  return page.evaluate(() => window.airlock.getState().address)
}

/** Sets `address`'s balance on anvil at `rpcUrl` to `wei`. */
export async function fundOnAnvil(rpcUrl, address, wei) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [address, `0x${wei.toString(16)}`],
    }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`anvil_setBalance failed: ${body.error.message}`)
}
