/**
 * The approval screen's view tests: ApproveTransaction on a request of the embedded wallet, with
 * the project's token list answered by the test's swap API and, where a test needs them, the
 * indexer's balances as the Account view left them and a token contract's own symbol and decimals. The RPC of the view tests can't be reached, so a
 * contract's claim is put where its read keeps it (tokenUnitsQuery's cache) before the request
 * shows, as an answer of its RPC would be.
 */
import type { SwapToken, TokenBalance } from '@airlock/protocol'
import type { PendingApproval } from '../embeddedWallet/approvals'
import { queryClientOf } from '../queries/queryClient'
import { type TokenUnits, tokenUnitsQuery } from '../queries/tokenUnits'
import { accountDataKey } from '../stores/accountData'
import { evmAccount, testHost } from './fixtures'
import { anvil, connectedState, renderView } from './renderView'

export type RenderApprovalOptions = {
  /** The project's token list on anvil (the swap API's tokens). */
  tokenList?: SwapToken[]
  /** What token contracts say of themselves, by address. */
  claims?: Record<`0x${string}`, TokenUnits>
  /** The indexer's balances of the connected account on anvil, as the Account view fetched them. */
  indexed?: TokenBalance[]
}

/** Renders ApproveTransaction on `approval`; the test then waits for what it shows. */
export function renderApproval(approval: PendingApproval, options: RenderApprovalOptions = {}) {
  const rendered = renderView('ApproveTransaction', {
    state: { ...connectedState(evmAccount), host: testHost },
    api: {
      'GET /v1/projects/test-project/swap/tokens': () => ({ tokens: options.tokenList ?? [] }),
    },
  })
  const client = queryClientOf(rendered.modal.store)
  for (const [token, units] of Object.entries(options.claims ?? {}))
    client.setQueryData(tokenUnitsQuery(anvil, token as `0x${string}`).queryKey, units)
  if (options.indexed)
    client.setQueryData(
      accountDataKey('balances', {
        address: evmAccount,
        caipNetworkId: anvil.caipNetworkId,
        projectId: 'test-project',
      }),
      { tokens: options.indexed, source: 'api' },
    )
  rendered.modal.store.setState({ approval })
  return rendered
}
