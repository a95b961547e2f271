// Opening and closing the modal as the host asks, in Chromium: the view a connected visitor
// rests on (Account) loads on demand, and nothing about that wait may undo what the host asked.
import { expect, test } from 'vitest'
import { createModal } from './modal'
import { createViewRouter } from './navigation/viewRouter'
import { evmAccount, evmAccountSession, testHost, testHostWallet } from './test/fixtures'
import { connectedState, projectConfig, renderView } from './test/renderView'

test('behavior: an open asked for while a close waits for the resting view stays open, on that view', async () => {
  const { modal } = renderView('Connect', { state: connectedState(evmAccount) })
  const closed: string[] = []
  modal.onFrameVisibility((visible) => closed.push(visible ? 'shown' : 'closed'))
  // The wallet connected and the modal closes: it rests on Account, whose code is not loaded.
  const closing = modal.closeModal({ fromFrame: true })
  expect(modal.store.getState().open).toBe(false)
  expect(closed).toEqual(['closed'])
  // The site opens it again before that code arrived.
  await modal.openModal({})
  await closing
  expect(modal.store.getState().open).toBe(true)
  expect(closed).toEqual(['closed'])
  expect(modal.navigation.view()).toBe('Account')
})

test('behavior: an open of the view the host already shows waits for the next frame, and a close asked for meanwhile wins', async () => {
  const { modal } = renderView('Connect')
  modal.store.setState({ open: false })
  expect(modal.navigation.view()).toBe('Connect')
  // The host showed the frame on the click and told it; the frame's work waits a frame.
  const opening = modal.openModal({}, { shown: true })
  expect(modal.store.getState().open).toBe(false)
  await opening
  expect(modal.store.getState().open).toBe(true)

  await modal.closeModal({ fromFrame: false })
  const reopening = modal.openModal({}, { shown: true })
  const closing = modal.closeModal({ fromFrame: false })
  await Promise.all([reopening, closing])
  expect(modal.store.getState().open).toBe(false)
})

test('behavior: an open the host has not shown yet answers without waiting for a frame', async () => {
  const { modal } = renderView('Connect')
  modal.store.setState({ open: false })
  // The host shows the frame only on this answer (a click before the frame was ready).
  const frames: number[] = []
  const frame = requestAnimationFrame((at) => frames.push(at))
  await modal.openModal({}, { shown: false })
  cancelAnimationFrame(frame)
  expect(modal.store.getState().open).toBe(true)
  expect(frames).toEqual([])
})

test('behavior: an open asked before the dialog first rendered is answered once it has', async () => {
  const modal = createModal(projectConfig(), createViewRouter(['Connect']))
  let answered = false
  const opening = modal.openModal({}).then(() => {
    answered = true
  })
  // A task later, with nothing else to wait for, the open still waits for the dialog.
  await new Promise((resolve) => setTimeout(resolve))
  expect(answered).toBe(false)
  expect(modal.store.getState().open).toBe(false)
  modal.dialogRendered()
  await opening
  expect(modal.store.getState().open).toBe(true)
})

test('behavior: a site that opens the modal on hearing of a connection keeps it open, on Account', async () => {
  // Sign-in is required and the account has a kept session: the connect flow asks our API for
  // it before it closes the modal, and the API answers only once the test releases it.
  const token = 't'.repeat(43)
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const { modal } = renderView('Connect', {
    config: projectConfig({ siwx: 'required' }),
    state: { hostWallets: [testHostWallet], siwx: 'required', host: testHost },
    walletRequest: async (_, { method }) => (method === 'eth_chainId' ? '0x7a69' : [evmAccount]),
    api: {
      'GET /v1/siwx/session': async () => {
        await released
        return {
          projectId: 'test-project',
          hostOrigin: location.origin,
          session: evmAccountSession,
        }
      },
    },
  })
  const stored = new Map([
    [
      'airlock:v1:siwxSessions',
      JSON.stringify({ [`eip155:31337|${evmAccount.toLowerCase()}`]: token }),
    ],
  ])
  modal.setStorage({
    get: (key) => stored.get(key) ?? null,
    set: (key, value) => void stored.set(key, value),
  })
  const visibility: boolean[] = []
  modal.onFrameVisibility((visible) => visibility.push(visible))
  const connecting = modal.connectWallet(testHostWallet.id)
  await expect.poll(() => modal.store.getState().status).toBe('connected')
  // The site hears 'connected' and opens the modal, while the flow waits for the session.
  await modal.openModal({})
  release()
  await connecting
  expect(modal.store.getState().siwxSession?.token).toBe(token)
  expect(modal.store.getState().open).toBe(true)
  expect(visibility).toEqual([])
  expect(modal.navigation.view()).toBe('Account')
})

test('behavior: a wallet gone while the closed modal heads for Account: it rests on Connect, and opens there', async () => {
  const { modal } = renderView('Connect')
  modal.store.setState({ open: false, siteOptions: modal.store.getState().options })
  // Connected while closed (a reload's reconnect): the stack heads for Account, whose code loads.
  modal.store.setState(connectedState(evmAccount))
  // Disconnected before that code came (the site's disconnect()).
  modal.store.setState({
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
    connectorId: undefined,
    activeConnectionId: undefined,
  })
  await modal.openModal({})
  // Account's code has come meanwhile and changed nothing.
  await modal.navigation.viewCode.load('Account')
  await new Promise((resolve) => setTimeout(resolve))
  expect([modal.navigation.view(), modal.navigation.depth()]).toEqual(['Connect', 1])
  expect(modal.store.getState().open).toBe(true)
})
