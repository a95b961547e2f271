// A swap in Activity as the visitor sees it (issue 41): titled by its operation, reading what went
// out, an arrow, what came in — not "To" the router the transaction called. Our API's routes are
// the test's; nothing of the modal is replaced.
import type { Transaction } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { evmAccount } from '../../test/fixtures'
import { type ApiRoutes, anvil, connectedState, renderView } from '../../test/renderView'

const router = '0xd4cb1a2a1cdb2a7e2eb2fe0b1b7bfed3f0c2c0aa'

const activityEntry = (
  id: string,
  operationType: string,
  transfers: Transaction['transfers'],
): Transaction => ({
  id: `0x${id.repeat(64 / id.length)}`,
  metadata: {
    minedAt: new Date().toISOString(),
    chain: anvil.caipNetworkId,
    operationType,
    status: 'confirmed',
    sentFrom: evmAccount,
    sentTo: router,
  },
  transfers,
})

function routes(transactions: Transaction[]): ApiRoutes {
  const base = `GET /v1/accounts/${evmAccount}`
  return {
    [`${base}/balances`]: () => ({ balances: [] }),
    [`${base}/nfts`]: () => ({ data: [], next: null }),
    [`${base}/transactions`]: () => ({ data: transactions, next: null }),
  }
}

beforeAll(async () => {
  await import('./Account')
})

async function activityRows() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }))
  const list = await within(await screen.findByRole('tabpanel')).findByRole('list', {
    name: 'Activity',
  })
  return within(list).findAllByRole('listitem')
}

describe('Activity', () => {
  test('behavior: a swap reads "Swapped" and "0.001 ETH → 5 aUSD", with no "To" the router; a contract call that is a trade reads the same way', async () => {
    renderView('Account', {
      state: connectedState(evmAccount),
      api: routes([
        activityEntry('a1', 'trade', [
          { direction: 'in', fungible_info: { symbol: 'aUSD', quantity: { numeric: '5' } } },
          { direction: 'out', fungible_info: { symbol: 'ETH', quantity: { numeric: '0.001' } } },
        ]),
        activityEntry('b2', 'execute', [
          { direction: 'out', fungible_info: { symbol: 'aUSD', quantity: { numeric: '100' } } },
          { direction: 'in', fungible_info: { symbol: 'ETH', quantity: { numeric: '0.0331' } } },
        ]),
        activityEntry('c3', 'send', [
          { direction: 'out', fungible_info: { symbol: 'ETH', quantity: { numeric: '0.25' } } },
        ]),
      ]),
    })
    const [swap, call, send] = (await activityRows()) as [HTMLElement, HTMLElement, HTMLElement]
    expect(swap).toHaveAttribute('data-operation', 'trade')
    expect(within(swap).getByText('Swapped')).toBeVisible()
    expect(within(swap).getByText('0.001 ETH → 5 aUSD')).toBeVisible()
    expect(swap.textContent).not.toMatch(/To |more/)
    expect(within(call).getByText('Contract call')).toBeVisible()
    expect(within(call).getByText('100 aUSD → 0.033 ETH')).toBeVisible()
    expect(call.textContent).not.toContain('To ')
    // Not a trade: the amount and whom it went to, as before.
    expect(within(send).getByText('0.25 ETH')).toBeVisible()
    expect(within(send).getByText('To 0xd4…c2c0aa')).toBeVisible()
  })
})
