// CallsStatus as the visitor sees it (issue 35): a batch pending, followed until it is confirmed
// with its transaction hashes; one that failed, with what that means; the network by its name.
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { callsStatusShower } from '../../embeddedWallet/callsStatusShown'
import { viewTitles } from '../../messages'
import { callsStatusText as text } from '../../messages/callsStatusText'
import { renderView } from '../../test/renderView'

beforeAll(async () => {
  await import('./CallsStatus')
})

const id = `0x01${'00'.repeat(6)}7a69${'ab'.repeat(32)}${'cd'.repeat(16)}`
const transactionHash = `0x${'12'.repeat(32)}`

describe('CallsStatus', () => {
  test('behavior: Pending while the batch is followed, then Confirmed with its transaction hash, without the visitor asking', async () => {
    const { modal } = renderView('CallsStatus')
    // What the wallet answers now: pending until the test lands it.
    let answer: unknown = { chainId: '0x7a69', status: 100 }
    const { show } = callsStatusShower(modal.store, async () => undefined, 20)
    await show(id, async () => answer)

    expect(await screen.findByRole('status')).toHaveTextContent(text.state.pending)
    expect(screen.getByText(viewTitles.CallsStatus)).toBeVisible()
    expect(screen.getByText(text.explain.pending)).toBeVisible()
    expect(screen.getByText('Anvil')).toBeVisible()

    answer = { chainId: '0x7a69', status: 200, receipts: [{ status: '0x1', transactionHash }] }

    await expect.poll(() => screen.getByRole('status').textContent).toBe(text.state.confirmed)
    expect(screen.getByText(text.explain.confirmed)).toBeVisible()
    const hashes = screen.getByRole('list', { name: text.transactions })
    expect(within(hashes).getByText(transactionHash)).toBeVisible()
    expect(modal.store.getState().callsStatus?.state).toBe('confirmed')
  })

  test('behavior: a batch that reverted is Failed, saying none of its calls took effect', async () => {
    const { modal } = renderView('CallsStatus')
    const { show } = callsStatusShower(modal.store, async () => undefined, 20)
    await show(id, async () => ({
      chainId: '0x7a69',
      status: 500,
      receipts: [{ status: '0x0', transactionHash }],
    }))
    expect(await screen.findByRole('status')).toHaveTextContent(text.state.failed)
    expect(screen.getByText(text.explain.failed)).toBeVisible()
    expect(screen.getByText(transactionHash)).toBeVisible()
  })

  test('behavior: a pending batch sent from this frame has Speed up and Cancel; one that is not, none; a cancelled one (400) is Cancelled', async () => {
    const { modal } = renderView('CallsStatus')
    const { show } = callsStatusShower(modal.store, async () => undefined, 20)
    let answer: unknown = { chainId: '0x7a69', status: 100 }
    await show(id, async () => answer)
    expect(await screen.findByRole('status')).toHaveTextContent(text.state.pending)
    expect(screen.queryByRole('button', { name: text.speedUp })).toBeNull()
    expect(screen.queryByRole('button', { name: text.cancel })).toBeNull()

    await show(
      id,
      async () => answer,
      async () => undefined,
    )
    expect(await screen.findByRole('button', { name: text.speedUp })).toBeVisible()
    expect(screen.getByRole('button', { name: text.cancel })).toBeVisible()

    answer = { chainId: '0x7a69', status: 400 }
    await expect.poll(() => screen.getByRole('status').textContent).toBe(text.state.cancelled)
    expect(screen.getByText(text.explain.cancelled)).toBeVisible()
    expect(screen.queryByRole('button', { name: text.cancel })).toBeNull()
  })

  test('error: a status that cannot be asked shows nothing and is the caller’s error', async () => {
    const { modal } = renderView('CallsStatus')
    const { show } = callsStatusShower(modal.store, async () => undefined, 20)
    await expect(
      show(id, async () => {
        throw new Error('Unknown bundle id')
      }),
    ).rejects.toThrow('Unknown bundle id')
    expect(await screen.findByText(text.nothing)).toBeVisible()
  })
})
