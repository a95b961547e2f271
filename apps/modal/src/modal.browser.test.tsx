// Opening and closing the modal as the host asks, in Chromium: the view a connected visitor
// rests on (Account) loads on demand, and nothing about that wait may undo what the host asked.
import { expect, test } from 'vitest'
import { evmAccount } from './test/fixtures'
import { connectedState, renderView } from './test/renderView'

test('behavior: an open asked for while a close waits for the resting view stays open, on that view', async () => {
  const { modal } = renderView('Connect', { state: connectedState(evmAccount) })
  const closed: string[] = []
  modal.onFrameClose(() => closed.push('closed'))
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

test('behavior: an open of the view already shown waits for the next frame, and a close asked for meanwhile wins', async () => {
  const { modal } = renderView('Connect')
  modal.store.setState({ open: false })
  expect(modal.navigation.view()).toBe('Connect')
  // The host showed the frame on the click and told it; the frame's work waits a frame.
  const opening = modal.openModal({})
  expect(modal.store.getState().open).toBe(false)
  await opening
  expect(modal.store.getState().open).toBe(true)

  await modal.closeModal({ fromFrame: false })
  const reopening = modal.openModal({})
  const closing = modal.closeModal({ fromFrame: false })
  await Promise.all([reopening, closing])
  expect(modal.store.getState().open).toBe(false)
})
