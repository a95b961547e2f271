// Purchases in Activity (issue 36) as the visitor sees them: each order opened through Buy,
// 'Bought 97.5 USDC', pending until the API says otherwise, read again while pending; when it
// completes the tag goes and a toast says so; a failed one is tagged. Our API's routes are the
// test's; nothing of the modal is replaced.
import type { OnrampOrder } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { onRampText } from '../../messages/onRampText'
import { onrampOrdersRefreshMs } from '../../onramp/onrampQueries'
import { evmAccount, testHost } from '../../test/fixtures'
import { type ApiRoutes, anvil, connectedState, renderView } from '../../test/renderView'

const ordersPath = 'GET /v1/projects/test-project/onramp/orders'

const order = (status: OnrampOrder['status']): OnrampOrder => ({
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
  provider: 'meld',
  status,
  address: evmAccount.toLowerCase(),
  network: anvil.caipNetworkId,
  purchaseCurrency: 'USDC',
  purchaseAmount: '97.5',
  paymentAmount: '100',
  paymentCurrency: 'USD',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})

/** Empty account data, and the orders route answering `answers` in turn (the last one after). */
function routes(answers: OnrampOrder[][], asked: Record<string, string>[] = []): ApiRoutes {
  let call = 0
  const base = `GET /v1/accounts/${evmAccount}`
  return {
    [`${base}/balances`]: () => ({ balances: [] }),
    [`${base}/nfts`]: () => ({ data: [], next: null }),
    [`${base}/transactions`]: () => ({ data: [], next: null }),
    [ordersPath]: (query) => {
      asked.push(query)
      const orders = answers[Math.min(call, answers.length - 1)] ?? []
      call += 1
      return { orders }
    },
  }
}

beforeAll(async () => {
  await import('./Account')
})

async function purchases() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
  return within(await screen.findByRole('tabpanel')).findByRole('list', {
    name: onRampText.purchases,
  })
}

describe('Purchases in Activity', () => {
  test('behavior: a pending purchase shows as Bought with its tag, then completes with a toast', async () => {
    const asked: Record<string, string>[] = []
    const { modal } = renderView('Account', {
      state: { ...connectedState(evmAccount), host: testHost },
      api: routes([[order('pending')], [order('completed')]], asked),
    })
    const list = await purchases()
    const row = within(list).getByText('Bought 97.5 USDC').closest('li')
    expect(row).toHaveAttribute('data-status', 'pending')
    expect(within(row as HTMLElement).getByText('Pending')).toBeVisible()
    expect(within(row as HTMLElement).getByText('100 USD')).toBeVisible()
    expect(asked[0]).toEqual({
      hostOrigin: testHost.origin,
      address: evmAccount,
      network: anvil.caipNetworkId,
    })

    // Read again while pending: the API says it completed.
    await expect
      .poll(() => list.querySelector('[data-onramp-order]')?.getAttribute('data-status'), {
        timeout: onrampOrdersRefreshMs + 3_000,
      })
      .toBe('completed')
    expect(within(list).queryByText('Pending')).toBeNull()
    expect(modal.store.getState().toast).toMatchObject({
      message: 'Purchase complete: 97.5 USDC',
      variant: 'success',
    })
    expect(await screen.findByText('Purchase complete: 97.5 USDC')).toBeVisible()
  })

  test('behavior: a failed purchase is tagged Failed', async () => {
    const asked: Record<string, string>[] = []
    renderView('Account', {
      state: { ...connectedState(evmAccount), host: testHost },
      api: routes([[order('failed')]], asked),
    })
    const list = await purchases()
    const row = within(list).getByText('Bought 97.5 USDC').closest('li') as HTMLElement
    expect(row).toHaveAttribute('data-status', 'failed')
    expect(within(row).getByText('Failed')).toBeVisible()
    expect(screen.queryByText(/Purchase complete/)).toBeNull()
    expect(asked).toHaveLength(1)
  })

  test('behavior: with Buy switched off by the site there is no purchases list and nothing is asked', async () => {
    const asked: Record<string, string>[] = []
    renderView('Account', {
      options: { networks: [anvil.caipNetworkId], features: { onramp: false } },
      state: { ...connectedState(evmAccount), host: testHost },
      api: routes([[order('pending')]], asked),
    })
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
    // The transactions answered (none): the tab has settled.
    expect(
      await within(await screen.findByRole('tabpanel')).findByText('No activity yet'),
    ).toBeVisible()
    expect(screen.queryByRole('list', { name: onRampText.purchases })).toBeNull()
    expect(asked).toEqual([])
  })
})
