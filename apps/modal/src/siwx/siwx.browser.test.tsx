// The frame follows the connected account's sign-in (spec §4 "SIWX"): a session kept for the
// account and network is found again and reaches the site's state; a switch of network or
// account to one without a session asks for a sign-in, the open modal going to SIWXSignMessage.
import type { NetworkConfig } from '@airlock/protocol'
import { siwxErrors } from '@airlock/protocol'
import { expect, test } from 'vitest'
import { HttpError } from '../api'
import { airlockState } from '../stores/controllers'
import { evmAccount, evmAccountSession, evmReceiver } from '../test/fixtures'
import {
  anvil,
  connectedState,
  projectConfig,
  renderView,
  unreachableRpcUrl,
} from '../test/renderView'

const mainnet: NetworkConfig = {
  ...anvil,
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  rpcUrl: unreachableRpcUrl,
}
const host = { origin: location.origin, href: location.href, sdkVersion: '0.1.0' }
const token = 't'.repeat(43)
const session = evmAccountSession

/** The open modal on SwitchNetwork for a connected account with a kept session on anvil. */
function renderSignedIn(nonce?: () => unknown) {
  const stored = new Map([
    [
      'airlock:v1:siwxSessions',
      JSON.stringify({ [`eip155:31337|${evmAccount.toLowerCase()}`]: token }),
    ],
  ])
  const rendered = renderView('SwitchNetwork', {
    config: projectConfig({ siwx: 'required', networks: [anvil, mainnet] }),
    api: {
      ...(nonce ? { 'POST /v1/projects/test-project/siwx/nonces': nonce } : {}),
      'GET /v1/siwx/session': (_, { bearer }) =>
        bearer === token
          ? { projectId: 'test-project', hostOrigin: location.origin, session }
          : new HttpError(401, { error: { code: 'siwxSessionInvalid', message: 'none' } }),
    },
  })
  rendered.modal.setStorage({
    get: (key) => stored.get(key) ?? null,
    set: (key, value) => void stored.set(key, value),
  })
  rendered.modal.store.setState({ ...connectedState(evmAccount), siwx: 'required', host })
  return rendered
}

test("behavior: the account's kept session is found again and reaches the site's state", async () => {
  const { modal } = renderSignedIn()
  await expect.poll(() => modal.store.getState().siwxSession?.token).toBe(token)
  expect(airlockState(modal.store.getState()).siwxSession).toEqual({ ...session, token })
  expect(modal.navigation.view()).toBe('SwitchNetwork')
})

test('behavior: switching to a network with no session asks for a sign-in; back on the signed one, the session returns', async () => {
  const { modal } = renderSignedIn()
  await expect.poll(() => modal.store.getState().siwxSession?.token).toBe(token)
  modal.store.setState({ activeNetwork: 'eip155:1', caipAddress: `eip155:1:${evmAccount}` })
  await expect.poll(() => modal.navigation.view()).toBe('SIWXSignMessage')
  expect(modal.store.getState().siwxSession).toBeUndefined()

  modal.store.setState({ activeNetwork: 'eip155:31337', caipAddress: `eip155:31337:${evmAccount}` })
  await expect.poll(() => modal.store.getState().siwxSession?.token).toBe(token)
})

test('behavior: switching to an account with no session asks for a sign-in', async () => {
  const { modal } = renderSignedIn()
  await expect.poll(() => modal.store.getState().siwxSession?.token).toBe(token)
  modal.store.setState({ address: evmReceiver, caipAddress: `eip155:31337:${evmReceiver}` })
  await expect.poll(() => modal.navigation.view()).toBe('SIWXSignMessage')
  expect(modal.store.getState().siwxSession).toBeUndefined()
})

test.each([
  ['the project has sign-in off', { siwx: 'off' }, siwxErrors.notEnabled],
  ['no account is connected', { address: undefined }, siwxErrors.noActiveCaipAddress],
  ['no network is active', { activeNetwork: undefined }, siwxErrors.noActiveCaipNetworkOrClient],
  ['the host is not known yet', { host: undefined }, siwxErrors.noActiveCaipNetworkOrClient],
] as const)(
  'error: signing in when %s fails with the spec’s SIWX error',
  async (_, change, message) => {
    const { modal } = renderSignedIn()
    modal.store.setState(change)
    const siwx = await modal.siwx.load()
    await expect(siwx.signIn()).rejects.toThrow(message)
  },
)

test("error: signing in with no wallet to ask fails with 'No ConnectionController client found'", async () => {
  const { modal } = renderSignedIn(() => ({
    nonce: 'f00dfeedcafe0123',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
  }))
  // Connected, but to a wallet the page no longer has.
  modal.store.setState({ connectorId: 'gone', hostWallets: [] })
  const siwx = await modal.siwx.load()
  await expect(siwx.signIn()).rejects.toThrow(siwxErrors.noConnectionControllerClient)
})
