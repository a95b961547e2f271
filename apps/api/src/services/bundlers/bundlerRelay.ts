/**
 * The bundler relay (issue 20): passes one JSON-RPC request of the modal's smart account to the
 * network's ERC-4337 bundler, or ERC-7677's paymaster methods to its paymaster, and gives back
 * what it answered. Only the user-operation methods pass (`bundlerMethods`); a paymaster is asked
 * only for a project that sponsors gas. The services' URLs never leave the server: a failure is
 * a `BundlerRelayError` in words, naming the network, never the URL.
 */
import {
  type BundlerMethod,
  type BundlerRequest,
  bundlerMethods,
  type CaipNetworkId,
  isCaipNetworkId,
  paymasterMethods,
  type SmartAccountKind,
} from '@airlock/protocol'
import type { BundlerConfig, PaymasterConfig, SmartAccountConfig } from './bundlerConfig'
import { resolveServices, type SmartAccountNetworks } from './projectSmartAccounts'

export type BundlerRelayErrorCode =
  | 'bundlerNotConfigured'
  | 'bundlerMethodNotAllowed'
  | 'paymasterNotConfigured'
  | 'bundlerUnavailable'

export class BundlerRelayError extends Error {
  override name = 'BundlerRelayError' as const
  constructor(
    readonly code: BundlerRelayErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** A network's services, for one project: its paymaster only when the project sponsors gas. */
export type RelayTarget = {
  network: CaipNetworkId
  bundlerUrl: string
  paymasterUrl: string | undefined
}

/**
 * A network with a bundler, for one project: its URL, its paymaster (the project's own or the
 * deployment's) and how its smart accounts are made.
 */
export type NetworkBundler = {
  network: CaipNetworkId
  bundlerUrl: string
  paymasterUrl: string | undefined
  account: SmartAccountKind
}

export type BundlerRelay = {
  /**
   * The network of `chainId` for a project with `own` services (its settings'), its bundler and
   * how its smart accounts are made, when the project or the deployment has a bundler there.
   */
  bundlerOf(chainId: string, own: SmartAccountNetworks): NetworkBundler | undefined
  /** The network's paymaster, when the project chose to sponsor gas and there is one. */
  paymasterOf(service: NetworkBundler, sponsored: boolean): string | undefined
  /**
   * Refuses, asking no one, a request `send` would not pass on to `target`: a method not on the
   * list, a paymaster method where no paymaster sponsors the project's gas.
   * @throws BundlerRelayError
   */
  check(target: RelayTarget, request: BundlerRequest): void
  /**
   * The service's JSON-RPC answer to `request`, checked first as `check` does.
   * @throws BundlerRelayError
   */
  send(target: RelayTarget, request: BundlerRequest): Promise<unknown>
}

const isBundlerMethod = (method: string): method is BundlerMethod =>
  (bundlerMethods as readonly string[]).includes(method)

/**
 * @example
 * const relay = createBundlerRelay({ bundlers, smartAccounts, paymasters })
 * const answer = await relay.send({ network, bundlerUrl, paymasterUrl }, request)
 */
export function createBundlerRelay({
  bundlers,
  smartAccounts,
  paymasters,
  timeoutMs = 20_000,
}: {
  /** The deployment's (env); a project's own services override them network by network. */
  bundlers: BundlerConfig
  /** A bundler network left out: EIP-7702 to Simple7702Account. */
  smartAccounts: SmartAccountConfig
  paymasters: PaymasterConfig
  /** How long the bundler (or paymaster) may take to answer; default 20 s. */
  timeoutMs?: number | undefined
}): BundlerRelay {
  /** The URL and name of the service that answers `request`; a refusal if it is not passed on. */
  function serviceFor({ network, bundlerUrl, paymasterUrl }: RelayTarget, request: BundlerRequest) {
    if (!isBundlerMethod(request.method))
      throw new BundlerRelayError(
        'bundlerMethodNotAllowed',
        `The bundler relay does not pass on ${JSON.stringify(request.method)}: only ${bundlerMethods.join(', ')}.`,
      )
    const forPaymaster = (paymasterMethods as readonly string[]).includes(request.method)
    const target = forPaymaster ? paymasterUrl : bundlerUrl
    if (!target)
      throw new BundlerRelayError(
        'paymasterNotConfigured',
        `No paymaster sponsors this project's gas on ${network}: smart accounts pay their own gas there.`,
      )
    return { target, service: forPaymaster ? 'paymaster' : 'bundler' }
  }

  return {
    bundlerOf(chainId, own) {
      if (!isCaipNetworkId(chainId)) return undefined
      const services = resolveServices({ bundlers, smartAccounts, paymasters }, own, chainId)
      return services && { network: chainId, ...services }
    },
    // The operator pays for sponsored gas: only a project that chose it has the paymaster.
    paymasterOf: ({ paymasterUrl }, sponsored) => (sponsored ? paymasterUrl : undefined),
    check(target, request) {
      serviceFor(target, request)
    },
    async send(relayTarget, request) {
      const { network } = relayTarget
      const { target, service } = serviceFor(relayTarget, request)
      let answer: unknown
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        })
        answer = await response.json()
      } catch (error) {
        const why =
          error instanceof Error && error.name === 'TimeoutError'
            ? `did not answer within ${timeoutMs / 1000} s`
            : 'could not be reached'
        throw new BundlerRelayError('bundlerUnavailable', `The ${service} of ${network} ${why}.`)
      }
      if (!isJsonRpcAnswer(answer, request.id))
        throw new BundlerRelayError(
          'bundlerUnavailable',
          `The ${service} of ${network} answered nonsense.`,
        )
      return answer
    },
  }
}

/** A JSON-RPC 2.0 answer to the request of `id`: a result or an error object. */
function isJsonRpcAnswer(value: unknown, id: number): boolean {
  const answer = value as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown }
  return (
    typeof answer === 'object' &&
    answer !== null &&
    answer.jsonrpc === '2.0' &&
    answer.id === id &&
    ('result' in answer || (typeof answer.error === 'object' && answer.error !== null))
  )
}
