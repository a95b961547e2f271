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
