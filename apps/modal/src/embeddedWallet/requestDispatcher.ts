/**
 * The request dispatch the embedded wallet's providers share (evmSigner.ts, smartAccountSigner.ts,
 * solanaSigner.ts): a table of method → handler, so a provider says only which methods it
 * answers and how. A request without a method name is invalid params (-32602); a method without
 * a handler goes to the provider's `otherwise` or is refused as EIP-1193 says (4200). With it,
 * the shape those providers share: what they are, and how they put a request to the visitor.
 */
import {
  type CaipNetworkId,
  type NetworkConfig,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import type { Asker } from '../connectors/types'
import { invalid } from './signerInput'

/** A provider of one of the wallet's accounts (`address`: the account's, in its chain's form). */
export type AccountProvider<address extends string> = {
  address: address
  /**
   * A request as the bridge carries it; fails with the EIP-1193 error of its case. `asker`: who
   * asks (by default the site), which the approval says.
   */
  request(args: RequestArguments, asker?: Asker): Promise<unknown>
  /** The network it is on: where requests that name no chain go. */
  network(): CaipNetworkId
}

/**
 * Where a request would be signed: the network it is for and the wallet's account; `fromModal`
 * when the visitor built it in the modal (their Send or Swap), not the site.
 */
export type ApprovalContext<address extends string> = {
  network: CaipNetworkId
  from: address
  fromModal?: true
  /** The smart account's contract where it is a second address (a Safe): 'Safe 1.4.1'. */
  account?: string
}

/** What an approval adds for who asks: `fromModal` for the modal's own request. */
export const askedBy = (asker: Asker): { fromModal?: true } =>
  asker === 'modal' ? { fromModal: true } : {}

/** Asks the visitor about `request`, described in data; resolves true only when they approve. */
export type AskVisitor<request> = (request: request) => Promise<boolean>

/** What a provider starts with, but its key. */
export type ProviderOptions<request> = {
  /** The site's networks; the wallet uses those of its namespace and can be on no other. */
  networks: readonly NetworkConfig[]
  /**
   * The CAIP-2 id of the network it starts on, one of `networks`: where requests that name no
   * chain go.
   */
  network: CaipNetworkId
  approve: AskVisitor<request>
}

export type RequestParams = RequestArguments['params']

/**
 * Answers one method; `method` is the name it was asked by, as one handler may answer several;
 * `asker` who asks.
 */
export type RequestHandler = (params: RequestParams, method: string, asker: Asker) => unknown

/** The methods a provider answers. Only own keys count: `toString` is no method of a wallet. */
export type RequestHandlers = Readonly<Record<string, RequestHandler>>

export type RequestDispatcherOptions = {
  /** A request no handler takes; by default refused with 4200. */
  otherwise?: ((args: RequestArguments, asker: Asker) => unknown) | undefined
}

/**
 * An EIP-1193 `request` that answers each method with its handler.
 *
 * @example
 * const request = requestDispatcher({
 *   eth_accounts: () => [address],
 *   personal_sign: (params) => personalSign(params),
 * })
 * await request({ method: 'eth_accounts' }) // ['0x…']
 * await request({ method: 'eth_sign' }) // rejects: 4200 'The embedded wallet does not support eth_sign.'
 */
export function requestDispatcher(
  handlers: RequestHandlers,
  { otherwise = refuseUnsupported }: RequestDispatcherOptions = {},
): (args: RequestArguments, asker?: Asker) => Promise<unknown> {
  return async (args, asker = 'site') => {
    const { method, params } = args ?? {}
    if (typeof method !== 'string') throw invalid('A request needs a method name.')
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    return handler ? handler(params, method, asker) : otherwise(args, asker)
  }
}

/** 4200 for a method the embedded wallet has no answer to. */
function refuseUnsupported({ method }: RequestArguments): never {
  throw new UnsupportedMethodError({ message: `The embedded wallet does not support ${method}.` })
}

/**
 * A method's positional parameters: an array with at least one entry per name in `names` (the
 * names say in the error what was expected).
 *
 * @example
 * const [message, address] = positional('personal_sign', params, ['message', 'address'])
 */
export function positional(
  method: string,
  params: RequestParams,
  names: readonly string[],
): unknown[] {
  if (!Array.isArray(params) || params.length < names.length)
    throw invalid(`${method} takes the parameters [${names.join(', ')}].`)
  return params
}
