// The visitor's yes or no to the embedded wallet's requests: one at a time, in order, only from
// the view, and a no when the modal closes or the wallet locks.
import { describe, expect, test } from 'vitest'
import { createModalStore } from '../stores/store'
import { type ApprovalViews, createApprovals, type PendingApproval } from './approvals'

const request = (message: string): PendingApproval => ({
  kind: 'message',
  message,
  network: 'eip155:31337',
  from: '0x0000000000000000000000000000000000000001',
})

function setUp() {
  const store = createModalStore({ projectId: 'demo', project: null } as never)
  const shown: string[] = []
  const failures: string[] = []
  const views: ApprovalViews = {
    async showApproval() {
      const pending = store.getState().approval
      shown.push(pending?.kind === 'message' ? pending.message : '?')
      store.setState({ open: true })
      return true
    },
    async endApproval(openedForIt) {
      if (openedForIt) store.setState({ open: false })
    },
    async showFailure(message) {
      failures.push(message)
    },
    async showCallsStatus() {
      store.setState({ open: true })
    },
  }
  return { store, shown, failures, approvals: createApprovals(store, views) }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('approvals', () => {
  test('behavior: the request waits in the store for the view; Approve resolves true', async () => {
    const { store, approvals } = setUp()
    const asked = approvals.ask(request('hi'))
    await settled()
    expect(store.getState().approval).toEqual(request('hi'))
    approvals.decide(true)
    expect(await asked).toBe(true)
    expect(store.getState().approval).toBeUndefined()
  })

  test('behavior: one at a time, in the order they came', async () => {
    const { shown, approvals } = setUp()
    const first = approvals.ask(request('first'))
    const second = approvals.ask(request('second'))
    await settled()
    expect(shown).toEqual(['first'])
    approvals.decide(false)
    expect(await first).toBe(false)
    await settled()
    expect(shown).toEqual(['first', 'second'])
    approvals.decide(true)
    expect(await second).toBe(true)
  })

  test('behavior: closing the modal while a request waits declines it', async () => {
    const { store, approvals } = setUp()
    const asked = approvals.ask(request('hi'))
    await settled()
    store.setState({ open: false })
    expect(await asked).toBe(false)
  })

  test('behavior: locking the wallet declines what waits, queued requests unseen', async () => {
    const { shown, approvals } = setUp()
    const first = approvals.ask(request('first'))
    const second = approvals.ask(request('second'))
    await settled()
    approvals.declineAll()
    expect(await first).toBe(false)
    expect(await second).toBe(false)
    expect(shown).toEqual(['first'])
  })

  test('behavior: a batch status waits for the request the visitor is deciding on, then shows', async () => {
    const { store, approvals } = setUp()
    const asked = approvals.ask(request('hi'))
    await settled()
    const showing = approvals.showCallsStatus('0x01', async () => ({
      chainId: '0x7a69',
      status: 200,
      receipts: [{ transactionHash: '0xaa' }],
    }))
    await settled()
    expect(store.getState().callsStatus).toBeUndefined()
    expect(store.getState().approval).toEqual(request('hi'))
    approvals.decide(true)
    await asked
    await showing
    expect(store.getState().callsStatus).toEqual({
      id: '0x01',
      network: 'eip155:31337',
      state: 'confirmed',
      transactionHashes: ['0xaa'],
    })
  })

  test('behavior: no decision without a request waiting', () => {
    const { approvals } = setUp()
    expect(() => approvals.decide(true)).not.toThrow()
  })

  test('behavior: a failure after the yes is told in the modal once the approval went away, in its own words', async () => {
    const { store, failures, approvals } = setUp()
    const asked = approvals.ask(request('hi'))
    await settled()
    approvals.decide(true)
    await asked
    approvals.failedAfterApproval(new Error('insufficient funds for gas * price + value'))
    await settled()
    expect(store.getState().approval).toBeUndefined()
    expect(failures).toEqual([
      'What you approved failed: insufficient funds for gas * price + value',
    ])
  })
})
