// Journey: a site whose project asks visitors to sign in with their wallet (SIWX). After the
// wallet connects, the modal asks for a signature of a message bound to the site; the session it
// starts is the site's to read (`airlock.siwx.getSession()`) and its backend's to verify with the
// token, and a captured sign-in works neither again nor on another site.

import type { SiwxSessionResponse, SiwxSiteSession } from '@airlock/protocol'
import type { Page } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { expectClosed, modal, waitForAirlock } from './support/modal'
import { siwxProjects } from './support/operator'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { installTestWallet, type TestWallet } from './support/testWallet'

const fixturesHost = new URL(origins.fixtures).host
const getSession = (page: Page) =>
  page.evaluate(() => window.airlock!.siwx.getSession()) as Promise<SiwxSiteSession | null>

/** What the site's backend reads with the session's token. */
const readSession = (token: string) =>
  fetch(`${origins.modal}/v1/siwx/session`, { headers: { Authorization: `Bearer ${token}` } })

/** The SDK page of `project`, a test wallet of its own, and the modal on SIWXSignMessage. */
async function connectToSignIn(page: Page, project: string): Promise<TestWallet> {
  const wallet = await installTestWallet(page, {
    name: 'Sign Wallet',
    rdns: 'dev.airlock.sign',
    privateKey: generatePrivateKey(),
  })
  await gotoSdkPage(page, { projectId: project, modalUrl: origins.modal })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await modal(page)
    .dialog.getByRole('button', { name: /Sign Wallet/ })
    .click()
  await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Sign In')
  await expect(modal(page).dialog).toContainText(`${fixturesHost} asks you to sign in`)
  return wallet
}

test('behavior: required sign-in: the wallet signs the site’s message, the modal closes, and the site and its backend have the session', async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, siwxProjects.required)
  expect(await getSession(page)).toBeNull()
  await modal(page).dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await page.waitForFunction(() => window.airlock!.getState().siwxSession !== undefined)
  await expectClosed(page)

  const session = (await getSession(page)) as SiwxSiteSession
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    uri: origins.fixtures,
    accountAddress: wallet.address,
    chainId: 'eip155:31337',
  })
  expect(wallet.requests.map((request) => request.method)).toContain('personal_sign')
  // Offline, from the message and signature alone.
  expect(
    await verifyMessage({
      address: wallet.address,
      message: session.message,
      signature: session.signature as Hex,
    }),
  ).toBe(true)
  // The site's backend, with the token: whose session, for which site.
  const read = await readSession(session.token)
  expect(read.status).toBe(200)
  expect((await read.json()) as SiwxSessionResponse).toMatchObject({
    projectId: siwxProjects.required,
    hostOrigin: origins.fixtures,
    session: { message: session.message, signature: session.signature },
  })

  // A reload reconnects the wallet and finds the session: no second prompt.
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().siwxSession !== undefined)
  expect((await getSession(page))?.token).toBe(session.token)
  await expectClosed(page)
  expect(wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(1)

  // Signing out ends it at the API too; the wallet stays connected.
  await page.evaluate(() => window.airlock!.siwx.signOut())
  expect(await getSession(page)).toBeNull()
  expect((await readSession(session.token)).status).toBe(401)
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('connected')
})

test("error: required sign-in declined shows 'Signature declined' and stays; Cancel then disconnects", async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, siwxProjects.required)
  wallet.rejectNext('personal_sign')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('Signature declined')
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Sign In')

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
  await expectClosed(page)
  expect(await getSession(page)).toBeNull()
})

test('behavior: optional sign-in cancelled: the modal closes and the wallet stays connected', async ({
  page,
}) => {
  await connectToSignIn(page, siwxProjects.optional)
  await modal(page).dialog.getByRole('button', { name: 'Cancel' }).click()
  await expectClosed(page)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
  })
  expect(await getSession(page)).toBeNull()
})

test('security: a captured sign-in is refused when replayed, and on another site of the project', async ({
  page,
}) => {
  await connectToSignIn(page, siwxProjects.required)
  // What crossed the network when the visitor signed: the frame's sign-in request.
  const signedIn = page.waitForRequest(
    (request) => request.url().endsWith('/siwx/sessions') && request.method() === 'POST',
  )
  await modal(page).dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  const captured = JSON.parse((await signedIn).postData() ?? '{}') as { hostOrigin: string }
  await page.waitForFunction(() => window.airlock!.getState().siwxSession !== undefined)

  const replay = (body: object) =>
    fetch(`${origins.modal}/v1/projects/${siwxProjects.required}/siwx/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origins.modal },
      body: JSON.stringify(body),
    })
  const again = await replay(captured)
  expect(again.status).toBe(401)
  expect(await again.json()).toMatchObject({ error: { code: 'siwxNonceInvalid' } })
  const elsewhere = await replay({ ...captured, hostOrigin: origins.demo })
  expect(elsewhere.status).toBe(401)
  expect(await elsewhere.json()).toMatchObject({ error: { code: 'siwxDomainMismatch' } })
})
