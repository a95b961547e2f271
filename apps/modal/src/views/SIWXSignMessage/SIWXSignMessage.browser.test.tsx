// SIWXSignMessage as the visitor sees it (spec §4 "SIWX", §8 toasts): who asks, which account
// signs, what Sign and Cancel do. The wallet signs for real (anvil's account #1 key, public);
// our API's nonce and session routes are the test's, and check what the frame sends them.
import {
  type SiwxSession,
  siwxMessageData,
  siwxStatement,
  toastMessages,
  UserRejectedRequestError,
} from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { type Hex, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { viewTitles } from '../../messages'
import { siwxText } from '../../messages/siwxText'
import { evmAccount, evmSigner, testHost, testHostWallet } from '../../test/fixtures'
import { connectedState, projectConfig, renderView } from '../../test/renderView'

const nonce = 'f00dfeedcafe0123'

type Signing = (message: string) => Promise<Hex>

/** SIWXSignMessage for the connected account, the project asking for `mode` sign-in. */
function renderSignIn({
  mode = 'required' as 'optional' | 'required',
  sign = ((message) => evmSigner.signMessage({ message })) as Signing,
  nonceAnswer = (): unknown => ({ nonce, expiresAt: new Date(Date.now() + 300_000).toISOString() }),
} = {}) {
  const sessions: { message: string; signature: Hex }[] = []
  const requests: string[] = []
  const rendered = renderView('SIWXSignMessage', {
    config: projectConfig({ siwx: mode }),
    state: {
      ...connectedState(evmAccount),
      hostWallets: [testHostWallet],
      host: testHost,
      siwx: mode,
    },
    walletRequest: async (_, request) => {
      requests.push(request.method)
      if (request.method !== 'personal_sign') return null
      const [hex] = request.params as [Hex]
      const message = new TextDecoder().decode(
        Uint8Array.from((hex.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))),
      )
      return sign(message)
    },
    api: {
      'POST /v1/projects/test-project/siwx/nonces': nonceAnswer,
      'POST /v1/projects/test-project/siwx/sessions': async (_, { body }) => {
        const { message, signature } = body as { message: string; signature: Hex }
        sessions.push({ message, signature })
        const session: SiwxSession = {
          data: siwxMessageData({
            hostOrigin: testHost.origin,
            address: evmAccount,
            chainId: 'eip155:31337',
            nonce,
            now: Date.now(),
          }),
          message,
          signature,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }
        return { token: 'a'.repeat(43), session }
      },
    },
  })
  return { ...rendered, sessions, requests }
}

test('behavior: it says which site asks, which account signs and what signing does', async () => {
  renderSignIn()
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    viewTitles.SIWXSignMessage,
  )
  expect(await screen.findByText(siwxText.title(location.host))).toBeVisible()
  expect(screen.getByText(siwxStatement)).toBeVisible()
  expect(screen.getByText(siwxText.required)).toBeVisible()
  expect(document.querySelector(`[data-address="${evmAccount}"]`)).not.toBeNull()
})

test('behavior: Sign has the wallet sign the site’s message; the session is kept and the modal closes', async () => {
  const { modal, sessions } = renderSignIn()
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  await expect.poll(() => modal.store.getState().open).toBe(false)
  const [sent] = sessions
  expect(sent?.message).toContain(
    `${location.host} wants you to sign in with your Ethereum account:`,
  )
  expect(sent?.message).toContain(`Nonce: ${nonce}`)
  expect(sent?.message).toContain(`URI: ${location.origin}`)
  expect(
    await verifyMessage({
      address: evmAccount,
      message: sent?.message ?? '',
      signature: sent?.signature ?? '0x',
    }),
  ).toBe(true)
  expect(modal.store.getState().siwxSession).toMatchObject({ token: 'a'.repeat(43) })
})

test("behavior: while the wallet has the request, 'Authenticating...' shows", async () => {
  let release: (signature: Hex) => void = () => {}
  renderSignIn({ sign: () => new Promise((resolve) => (release = resolve)) })
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  expect(await screen.findByRole('button', { name: toastMessages.authenticating })).toBeDisabled()
  release('0x00')
})

test("error: a declined signature shows 'Signature declined' and the view stays, to sign again", async () => {
  const { modal } = renderSignIn({
    sign: async () => {
      throw new UserRejectedRequestError()
    },
  })
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  expect(await screen.findByText(toastMessages.signatureDeclined)).toBeVisible()
  expect(modal.navigation.view()).toBe('SIWXSignMessage')
  expect(modal.store.getState()).toMatchObject({ open: true, status: 'connected' })
  expect(await screen.findByRole('button', { name: siwxText.sign })).toBeEnabled()
})

test("error: no nonce shows 'A problem occurred while trying initialize authentication', disconnects and goes back to Connect", async () => {
  const { modal, requests } = renderSignIn({
    nonceAnswer: () => new HttpError(503, { error: { code: 'internalError', message: 'down' } }),
  })
  await userEvent.click(await screen.findByRole('button', { name: siwxText.sign }))
  expect(await screen.findByText(toastMessages.siwxInitFailed)).toBeVisible()
  await expect.poll(() => modal.navigation.view()).toBe('Connect')
  expect(modal.store.getState().status).toBe('disconnected')
  expect(requests).not.toContain('personal_sign')
})

test('behavior: Cancel when sign-in is required disconnects the wallet', async () => {
  const { modal } = renderSignIn({ mode: 'required' })
  await userEvent.click(await screen.findByRole('button', { name: siwxText.cancel }))
  await expect.poll(() => modal.store.getState().status).toBe('disconnected')
  expect(modal.store.getState().open).toBe(false)
})

test('behavior: Cancel when sign-in is optional closes, and the wallet stays connected', async () => {
  const { modal, sessions } = renderSignIn({ mode: 'optional' })
  expect(await screen.findByText(siwxText.optional)).toBeVisible()
  await userEvent.click(await screen.findByRole('button', { name: siwxText.cancel }))
  await expect.poll(() => modal.store.getState().open).toBe(false)
  expect(modal.store.getState()).toMatchObject({ status: 'connected', siwxSession: undefined })
  expect(sessions).toEqual([])
})
