/**
 * Whose paymaster a sent user operation names (issue 35). A project may let its sites have their
 * own ERC-7677 paymaster services pay (its `paymasterServices`); the operator's sponsorship rules
 * (the visitor's session, their own account, the calls listed, the daily caps) are for the
 * operator's paymaster only. For a project with such services, the relay asks the network's
 * paymaster for its stub data for the operation (which costs and counts nothing) and compares the
 * paymaster it names with the operation's: another one is the site's. When the network's
 * paymaster can't be asked, or answers nothing of its form, the operation is taken for the
 * operator's, and the rules hold.
 */
import { type BundlerRequest, evmChainId } from '@airlock/protocol'
import type { BundlerRelay, NetworkBundler } from './bundlerRelay'

/**
 * Whether the operator's paymaster on `network` is the one `request` (an `eth_sendUserOperation`
 * naming `paymaster`, lower case) names; true when it can't be told.
 */
export async function namesOperatorPaymaster(
  relay: BundlerRelay,
  service: NetworkBundler,
  request: BundlerRequest,
  paymaster: string,
): Promise<boolean> {
  const { network, bundlerUrl } = service
  const operatorUrl = relay.paymasterOf(service, true)
  // No paymaster of the operator's on this network: it pays for nothing here.
  if (operatorUrl === undefined) return false
  const [operation, entryPoint] = request.params ?? []
  const stub: BundlerRequest = {
    jsonrpc: '2.0',
    id: request.id,
    method: 'pm_getPaymasterStubData',
    params: [operation, entryPoint, evmChainId(network), {}],
  }
  let answer: unknown
  try {
    answer = await relay.send({ network, bundlerUrl, paymasterUrl: operatorUrl }, stub)
  } catch {
    return true
  }
  const result = (answer as { result?: { paymaster?: unknown; paymasterAndData?: unknown } }).result
  const named =
    typeof result?.paymaster === 'string'
      ? result.paymaster
      : typeof result?.paymasterAndData === 'string'
        ? result.paymasterAndData.slice(0, 42)
        : undefined
  return named === undefined || named.toLowerCase() === paymaster
}
