// Journey: a site whose project asks visitors to sign in with their wallet (SIWX). After the
// wallet connects, the modal asks for a signature of a message bound to the site; the session it
// starts is the site's to read (`airlock.siwx.getSession()`) and its backend's to verify with the
// token, and a captured sign-in works neither again nor on another site.

import type { SiwxSessionResponse, SiwxSiteSession } from '@airlock/protocol'
import { bitcoinNetworkParams, verifyBitcoinMessage } from '@airlock/protocol/bitcoin'
import { verifyCosmosMessage } from '@airlock/protocol/cosmos'
import { verifyPolkadotMessage } from '@airlock/protocol/polkadot'
import type { Page } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { devChainContracts } from '../devchain/seed.mjs'
import { installBitcoinTestWallet, regtest } from './support/bitcoinTestWallet'
import { cosmosLocal, installCosmosTestWallet } from './support/cosmosTestWallet'
import { expectClosed, expectOpen, modal, waitForAirlock } from './support/modal'
import {
  bitcoinSiwxProject,
  cosmosSiwxProject,
  polkadotSiwxProject,
  siwxProjects,
} from './support/operator'
import { installPolkadotTestWallet, polkadotLocal } from './support/polkadotTestWallet'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { installSolanaTestWallet, solanaAccounts } from './support/solanaTestWallet'
import { expect, test } from './support/test'
import { anvilAccounts, anvilClient, installTestWallet } from './support/testWallet'
import { connectPhone } from './support/walletConnect'
import { createWalletPeer } from './support/walletPeer'

const fixturesHost = new URL(origins.fixtures).host
const getSession = (page: Page) =>
  page.evaluate(() => window.airlock!.siwx.getSession()) as Promise<SiwxSiteSession | null>

/** What the site's backend reads with the session's token. */
const readSession = (token: string) =>
  fetch(`${origins.modal}/v1/siwx/session`, { headers: { Authorization: `Bearer ${token}` } })

/**
 * The SDK page of `project` (with the SDK page's `options`), a wallet connected from the modal,
 * and the modal on SIWXSignMessage.
 */
async function connectToSignIn<wallet extends { name: string }>(
  page: Page,
  project: string,
  install: () => Promise<wallet>,
  options: object = {},
): Promise<wallet> {
  const wallet = await install()
  await gotoSdkPage(page, { projectId: project, modalUrl: origins.modal, ...options })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await modal(page)
    .dialog.getByRole('button', { name: new RegExp(wallet.name) })
    .click()
  await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Sign In')
  await expect(modal(page).dialog).toContainText(`${fixturesHost} asks you to sign in`)
  return wallet
}

/** An EVM test wallet with an account of its own. */
const ownWallet = (page: Page) => () =>
  installTestWallet(page, {
    name: 'Sign Wallet',
    rdns: 'dev.airlock.sign',
    privateKey: generatePrivateKey(),
  })

/** Signs in from SIWXSignMessage and waits for the session the site then has. */
async function signIn(page: Page): Promise<SiwxSiteSession> {
  await modal(page).dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await page.waitForFunction(() => window.airlock!.getState().siwxSession !== undefined)
  await expectClosed(page)
  return (await getSession(page)) as SiwxSiteSession
}

/** The session's message is `address`'s signature: what a site's backend checks offline. */
async function expectSignedBy(address: Hex, session: SiwxSiteSession) {
  expect(
    await verifyMessage({ address, message: session.message, signature: session.signature as Hex }),
  ).toBe(true)
}

/**
 * A reload reconnects the wallet and finds `session` again: the modal stays closed and the
 * wallet was asked to sign once in all.
 */
async function expectFoundAfterReload(
  page: Page,
  session: SiwxSiteSession,
  wallet: { requests: readonly { method: string }[] },
) {
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().siwxSession !== undefined)
  expect((await getSession(page))?.token).toBe(session.token)
  await expectClosed(page)
  expect(wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(1)
}

/** The site signs the visitor out; it has no session then. */
async function signOut(page: Page) {
  await page.evaluate(() => window.airlock!.siwx.signOut())
  expect(await getSession(page)).toBeNull()
}

test('behavior: required sign-in: the wallet signs the site’s message, the modal closes, and the site and its backend have the session', async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, siwxProjects.required, ownWallet(page))
  expect(await getSession(page)).toBeNull()
  const session = await signIn(page)
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    uri: origins.fixtures,
    accountAddress: wallet.address,
    chainId: 'eip155:31337',
  })
  expect(wallet.requests.map((request) => request.method)).toContain('personal_sign')
  // Offline, from the message and signature alone.
  await expectSignedBy(wallet.address, session)
  // The site's backend, with the token: whose session, for which site.
  const read = await readSession(session.token)
  expect(read.status).toBe(200)
  expect((await read.json()) as SiwxSessionResponse).toMatchObject({
    projectId: siwxProjects.required,
    hostOrigin: origins.fixtures,
    session: { message: session.message, signature: session.signature },
  })

  await expectFoundAfterReload(page, session, wallet)

  // Signing out ends it at the API too; the wallet stays connected.
  await signOut(page)
  expect((await readSession(session.token)).status).toBe(401)
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('connected')

  // Reconnected on the next visit with no session, the modal opens by itself to ask again.
  await page.reload()
  await waitForAirlock(page)
  await expectOpen(page, 'Sign In')
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(true)
})

test('behavior: a site that signs visitors in itself: its backend makes the message and verifies the signature, the session is its own, and the Airlock API keeps none', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(origins.modal) && request.url().includes('/siwx/'))
      asked.push(request.url())
  })
  const wallet = await connectToSignIn(page, siwxProjects.required, ownWallet(page), {
    siteSiwx: true,
  })
  const session = await signIn(page)
  // The site's own message (its statement, its nonce), for this site and account.
  expect(session.message).toContain('Sign in to the fixture shop.')
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    accountAddress: wallet.address,
    chainId: 'eip155:31337',
  })
  const keptBySite = () =>
    fetch(
      `${origins.fixtures}/site-siwx/sessions?${new URLSearchParams({ address: wallet.address, chainId: 'eip155:31337' })}`,
    ).then((response) => response.json())
  expect(await keptBySite()).toEqual({
    message: session.message,
    signature: session.signature,
    token: session.token,
  })
  // Nothing of it at the Airlock API.
  expect((await readSession(session.token)).status).toBe(401)
  expect(asked).toEqual([])

  await expectFoundAfterReload(page, session, wallet)

  // Signing out ends it at the site.
  await signOut(page)
  expect(await keptBySite()).toBeNull()
  expect(asked).toEqual([])
})

test("error: required sign-in declined shows 'Signature declined' and stays; Cancel then disconnects", async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, siwxProjects.required, ownWallet(page))
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
  await connectToSignIn(page, siwxProjects.optional, ownWallet(page))
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
  await connectToSignIn(page, siwxProjects.required, ownWallet(page))
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

test('behavior: a smart-contract wallet (ERC-1271, deployed on anvil) signs in with its owner’s key', async ({
  page,
}) => {
  // The dev chain's seeded wallet, owned by anvil account #1.
  await connectToSignIn(page, siwxProjects.required, () =>
    installTestWallet(page, {
      name: 'Contract Wallet',
      rdns: 'dev.airlock.contract',
      privateKey: anvilAccounts[1].privateKey,
      contractWallet: devChainContracts.smartWallet,
    }),
  )
  const session = await signIn(page)
  expect(session.data.accountAddress).toBe(devChainContracts.smartWallet)
  // The owner signed; the message verifies for the contract's address, through the chain.
  expect(
    await anvilClient().verifyMessage({
      address: devChainContracts.smartWallet,
      message: session.message,
      signature: session.signature as Hex,
    }),
  ).toBe(true)
  expect((await readSession(session.token)).status).toBe(200)
})

test('behavior: a Solana wallet signs in (Sign In With Solana), its ed25519 signature checked by the API', async ({
  page,
}) => {
  await connectToSignIn(page, siwxProjects.required, () =>
    installSolanaTestWallet(page, { name: 'Sol Sign Wallet' }),
  )
  const session = await signIn(page)
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    accountAddress: solanaAccounts[0].address,
    chainId: 'solana:localnet',
  })
  expect(session.message).toContain(
    `${fixturesHost} wants you to sign in with your Solana account:`,
  )
  expect((await readSession(session.token)).status).toBe(200)
})

test('behavior: a Bitcoin wallet signs in with a BIP-322 signature, checked by the API and by anyone offline', async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, bitcoinSiwxProject, () =>
    installBitcoinTestWallet(page, { name: 'Sats Sign Wallet' }),
  )
  const session = await signIn(page)
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    accountAddress: wallet.payment,
    chainId: regtest,
  })
  expect(session.message).toContain(
    `${fixturesHost} wants you to sign in with your Bitcoin account:\n${wallet.payment}`,
  )
  expect(
    await verifyBitcoinMessage({
      address: wallet.payment,
      message: session.message,
      signature: session.signature,
      network: bitcoinNetworkParams.regtest,
    }),
  ).toBe(true)
  expect((await readSession(session.token)).status).toBe(200)
  expect(wallet.requests.filter(({ method }) => method === 'bitcoin:signMessage')).toHaveLength(1)
})

test('behavior: a Cosmos wallet signs in with an ADR-036 signature, checked by the API and by anyone offline', async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, cosmosSiwxProject, () =>
    installCosmosTestWallet(page, { name: 'Keplr' }),
  )
  const session = await signIn(page)
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    accountAddress: wallet.address,
    chainId: cosmosLocal,
  })
  expect(session.message).toContain(
    `${fixturesHost} wants you to sign in with your Cosmos account:\n${wallet.address}`,
  )
  expect(
    verifyCosmosMessage({
      address: wallet.address,
      message: session.message,
      signature: session.signature,
      network: 'local',
    }),
  ).toBe(true)
  expect((await readSession(session.token)).status).toBe(200)
  expect(wallet.requests.filter(({ method }) => method === 'signArbitrary')).toHaveLength(1)
})

test('behavior: a Polkadot extension signs in with signRaw (sr25519 over <Bytes>), checked by the API and by anyone offline', async ({
  page,
}) => {
  const wallet = await connectToSignIn(page, polkadotSiwxProject, () =>
    installPolkadotTestWallet(page),
  )
  const session = await signIn(page)
  // The extension gives its account with the generic prefix; Polkadot Local's is 42 too.
  expect(session.data).toMatchObject({
    domain: fixturesHost,
    accountAddress: wallet.address,
    chainId: polkadotLocal,
  })
  expect(session.message).toContain(
    `${fixturesHost} wants you to sign in with your Polkadot account:\n${wallet.address}`,
  )
  expect(
    verifyPolkadotMessage({
      address: wallet.address,
      message: session.message,
      signature: session.signature,
      network: 'local',
    }),
  ).toBe(true)
  expect((await readSession(session.token)).status).toBe(200)
  expect(wallet.requests.filter(({ method }) => method === 'signRaw')).toHaveLength(1)
})

test('behavior: a phone wallet (WalletConnect) signs in through the relay', async ({ page }) => {
  const phone = await createWalletPeer({ privateKey: generatePrivateKey(), name: 'Phone Wallet' })
  try {
    // The phone answers what the modal asks (its capabilities, the sign-in's personal_sign).
    phone.autoAnswer('answer')
    await gotoSdkPage(page, { projectId: siwxProjects.required, modalUrl: origins.modal })
    await waitForAirlock(page)
    await connectPhone(page, phone)
    await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Sign In')
    const session = await signIn(page)
    expect(session.data).toMatchObject({ accountAddress: phone.address, chainId: 'eip155:31337' })
    await expectSignedBy(phone.address, session)
  } finally {
    await phone.close()
  }
})
