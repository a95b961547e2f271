// What the visitor approved and then failed is told in the modal: an error toast that stays, the
// modal opened again if it had closed after the approval.
import { expect, test } from 'vitest'
import { createModalStore } from '../stores/store'
import { showApprovalFailure } from './approval'

function setUp(open: boolean) {
  const store = createModalStore({ projectId: 'demo', project: null } as never)
  store.setState({ open })
  const opened: unknown[] = []
  const context = {
    store,
    navigation: {} as never,
    closeModal: async () => {},
    openModal: async (params: unknown) => {
      opened.push(params)
      store.setState({ open: true })
    },
    setFrameVisible: (visible: boolean) => opened.push({ frameVisible: visible }),
  }
  return { store, opened, context }
}

test('behavior: the modal closed after the approval opens again with the reason in an error toast', async () => {
  const { store, opened, context } = setUp(false)
  await showApprovalFailure(context, 'What you approved failed: insufficient funds')
  expect(opened).toEqual([{}, { frameVisible: true }])
  expect(store.getState().open).toBe(true)
  expect(store.getState().toast).toEqual({
    message: 'What you approved failed: insufficient funds',
    variant: 'error',
    autoClose: false,
  })
})

test('behavior: in a modal still open, the toast shows over what the visitor is on', async () => {
  const { store, opened, context } = setUp(true)
  await showApprovalFailure(context, 'What you approved failed: the bundler is out of reach')
  expect(opened).toEqual([])
  expect(store.getState().toast?.message).toBe(
    'What you approved failed: the bundler is out of reach',
  )
})
