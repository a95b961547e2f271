// A site that signs its visitors in itself (createAirlock's `siwxHandler`): the frame asks the
// page for the message, the wallet signs it for real (anvil's account #1 key, public), and the
// page's handler verifies it as a site's backend would (viem, offline) and keeps the session. The
// frame holds what the page answers to the page's origin, the account and the time: a message
// meant for anything else is never put to the wallet.
import {
  parseCaipNetworkId,
  type SiwxHandler,
  type SiwxMessageData,
  type SiwxSiteSignIn,
  toastMessages,
  unknownError,
} from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { evmAccount, evmReceiver, evmSigner, testHost, testHostWallet } from '../test/fixtures'
import { connectedState, projectConfig, renderView } from '../test/renderView'
import { siwxText } from '../views/SIWXSignMessage/siwxText'

const hour = 3_600_000

/** The message a site's backend makes of the frame's fields: viem's SIWE, with its own nonce. */
const siteMessage = (input: Omit<SiwxMessageData, 'nonce'>, nonce = generateSiweNonce()) =>
  createSiweMessage({
    domain: input.domain,
    address: input.accountAddress as Hex,
    chainId: Number(parseCaipNetworkId(input.chainId).reference),
    uri: input.uri,
    version: '1',
    nonce,
    statement: input.statement,
    issuedAt: new Date(input.issuedAt),
    expirationTime: input.expirationTime ? new Date(input.expirationTime) : undefined,
  })

/** A site's handler: its nonces, its verification (offline, viem) and its kept sign-ins. */
function siteHandler(changes: Partial<SiwxHandler> = {}) {
  const kept = new Map<string, SiwxSiteSignIn>()
  const asked: string[] = []
  const handler: SiwxHandler = {
    async createMessage(input) {
      asked.push('createMessage')
      return siteMessage(input)
    },
    async verify({ message, signature, data }) {
      asked.push('verify')
      if (
        !(await verifyMessage({
          address: data.accountAddress as Hex,
          message,
          signature: signature as Hex,
        }))
      )
        throw new Error('Not signed by the account.')
      const token = `site-${kept.size + 1}`
      kept.set(data.accountAddress, { message, signature, token })
      return token
    },
    async getSession({ accountAddress }) {
      asked.push('getSession')
      return kept.get(accountAddress) ?? null
    },
    async signOut(session) {
      asked.push('signOut')
      kept.delete(session.data.accountAddress)
    },
    ...changes,
  }
  return { handler, kept, asked }
}

/** SIWXSignMessage for the connected account, the page handling sign-in with `handler`. */
function renderSiteSignIn(handler: SiwxHandler) {
  const signed: string[] = []
  const rendered = renderView('SIWXSignMessage', {
    config: projectConfig({ siwx: 'required' }),
    state: {
      ...connectedState(evmAccount),
      hostWallets: [testHostWallet],
      host: testHost,
      siwx: 'required',
    },
    siwxHandler: handler,
    walletRequest: async (_, request) => {
      if (request.method !== 'personal_sign') return null
      const message = hexToString((request.params as [Hex])[0])
      signed.push(message)
      return evmSigner.signMessage({ message })
    },
  })
  return { ...rendered, signed }
}

test('behavior: the site makes the message, the wallet signs it, the site verifies and keeps the session; our API is not asked', async () => {
  const site = siteHandler()
  const { modal, signed, apiCalls } = renderSiteSignIn(site.handler)
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  await expect.poll(() => modal.store.getState().open).toBe(false)
  expect(signed).toHaveLength(1)
  expect(signed[0]).toContain(`${location.host} wants you to sign in with your Ethereum account:`)
  expect(site.kept.get(evmAccount)?.message).toBe(signed[0])
  expect(modal.store.getState().siwxSession).toMatchObject({
    token: 'site-1',
    message: signed[0],
    data: { domain: location.host, uri: location.origin, accountAddress: evmAccount },
  })
  expect(apiCalls.filter(({ path }) => path.includes('siwx'))).toEqual([])
})

test('behavior: a sign-in the site keeps for the account is found again; signing out ends it at the site', async () => {
  const site = siteHandler()
  const now = Date.now()
  const message = siteMessage({
    domain: location.host,
    accountAddress: evmAccount,
    chainId: 'eip155:31337',
    uri: location.origin,
    version: '1',
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + hour).toISOString(),
  })
  site.kept.set(evmAccount, {
    message,
    signature: await evmSigner.signMessage({ message }),
    token: 'kept',
  })
  const { modal } = renderSiteSignIn(site.handler)
  await expect.poll(() => modal.store.getState().siwxSession?.token).toBe('kept')
  expect(modal.store.getState().siwxSession?.expiresAt).toBe(new Date(now + hour).toISOString())

  await modal.siwx.signOut()
  expect(site.asked).toContain('signOut')
  expect(site.kept.size).toBe(0)
  expect(modal.store.getState().siwxSession).toBeUndefined()
})

/** The frame's fields, changed as a site that means harm (or errs) would. */
const wrong: [string, (input: Omit<SiwxMessageData, 'nonce'>) => unknown][] = [
  ['for another site', (input) => siteMessage({ ...input, domain: 'bank.example' })],
  [
    'with its URI on another site',
    (input) => siteMessage({ ...input, uri: 'https://bank.example/' }),
  ],
  ['for another account', (input) => siteMessage({ ...input, accountAddress: evmReceiver })],
  ['on another network', (input) => siteMessage({ ...input, chainId: 'eip155:1' })],
  [
    'already expired',
    (input) =>
      siteMessage({
        ...input,
        issuedAt: new Date(Date.now() - 2 * hour).toISOString(),
        expirationTime: new Date(Date.now() - hour).toISOString(),
      }),
  ],
  ['that is not CAIP-122', () => 'Sign this to win a prize.'],
  ['that is not text', () => ({ message: 'no' })],
]

test.each(wrong)(
  "security: a message %s is never put to the wallet: 'A problem occurred while trying initialize authentication', disconnected, back to Connect",
  async (_, make) => {
    const site = siteHandler({ createMessage: async (input) => make(input) as string })
    const { modal, signed } = renderSiteSignIn(site.handler)
    await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
    expect(await screen.findByText(toastMessages.siwxInitFailed)).toBeVisible()
    await expect.poll(() => modal.navigation.view()).toBe('Connect')
    expect(modal.store.getState().status).toBe('disconnected')
    expect(signed).toEqual([])
  },
)

test('security: a kept sign-in the site answers for another site is not used: the visitor signs in', async () => {
  const site = siteHandler()
  const now = Date.now()
  const message = siteMessage({
    domain: 'bank.example',
    accountAddress: evmAccount,
    chainId: 'eip155:31337',
    uri: 'https://bank.example',
    version: '1',
    issuedAt: new Date(now).toISOString(),
  })
  site.kept.set(evmAccount, {
    message,
    signature: await evmSigner.signMessage({ message }),
    token: 'elsewhere',
  })
  const { modal } = renderSiteSignIn(site.handler)
  await expect.poll(() => site.asked).toContain('getSession')
  expect(await modal.siwx.checked()).toBe('needed')
  expect(modal.navigation.view()).toBe('SIWXSignMessage')
  expect(modal.store.getState().siwxSession).toBeUndefined()
})

test('error: a site that refuses the signature leaves the visitor unsigned, on the view, told something went wrong', async () => {
  const site = siteHandler({
    verify: async () => {
      throw new Error('Nonce already used.')
    },
  })
  const { modal, signed } = renderSiteSignIn(site.handler)
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  expect(await screen.findByText(unknownError)).toBeVisible()
  expect(signed).toHaveLength(1)
  expect(modal.navigation.view()).toBe('SIWXSignMessage')
  expect(modal.store.getState().siwxSession).toBeUndefined()
})
