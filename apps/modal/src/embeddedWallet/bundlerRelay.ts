/**
 * The modal's way to a smart account's bundler and paymaster: the API's relay (`POST
 * /v1/projects/:id/bundler`, one JSON-RPC request a call; `…/bundler/info`, what the network
 * offers), so their URLs and keys stay on the server (the protocol's bundlerRelay.ts). Each call
 * goes with the frame token (api.ts), and with the frame's session cookie, which the paymaster
 * needs: it sponsors only the signed-in visitor's own account.
 */
import { bundlerInfoSchema, entryPointOf } from '@airlock/protocol'
import { custom, type Transport } from 'viem'
import { type ApiFetch, HttpError, RequestTimeoutError } from '../api'

/** Whose relay: the project, the site's origin (as the bridge observed it) and the network. */
export type BundlerRelayTarget = { projectId: string; hostOrigin: string; chainId: string }

/**
 * A viem transport to the network's bundler through the API's relay: one JSON-RPC request a
 * call; the bundler's error (an AA code, a refusal) reaches viem as a JSON-RPC error, which it
 * turns into its user-operation errors.
 */
export function bundlerRelayTransport(apiFetch: ApiFetch, target: BundlerRelayTarget): Transport {
  let id = 0
  const path = `/v1/projects/${encodeURIComponent(target.projectId)}/bundler`
  return custom(
    {
      async request({ method, params }) {
        const answer = await apiFetch<{ result?: unknown; error?: RelayedRpcError }>('POST', path, {
          query: { hostOrigin: target.hostOrigin, chainId: target.chainId },
          body: { jsonrpc: '2.0', id: id++, method, params: params ?? [] },
          frame: target,
          quiet: true,
        })
        if (answer?.error) throw relayedError(answer.error)
        return answer?.result
      },
    },
    // A refused or failed call is answered at once: a user operation is not sent twice.
    { retryCount: 0 },
  )
}

/**
 * What the API offers a smart account on a network (`POST …/bundler/info`): the EntryPoint, and
 * whether a paymaster sponsors the gas.
 * @throws HttpError `bundlerNotConfigured` or `smartAccountsDisabled` where there is none.
 */
export async function bundlerInfo(apiFetch: ApiFetch, target: BundlerRelayTarget) {
  const answer = await apiFetch(
    'POST',
    `/v1/projects/${encodeURIComponent(target.projectId)}/bundler/info`,
    {
      query: { hostOrigin: target.hostOrigin, chainId: target.chainId },
      frame: target,
      quiet: true,
    },
  )
  const info = bundlerInfoSchema.parse(answer)
  if (info.entryPoint.toLowerCase() !== entryPointOf(info.account).toLowerCase())
    throw new Error(
      `The bundler of ${target.chainId} serves another EntryPoint (${info.entryPoint}).`,
    )
  return info
}

/**
 * Why a relayed call failed on the way, wherever viem wrapped it: the API's refusal (its
 * `HttpError`: no bundler there, the bundler down), or no answer at all (`unreachable`: offline,
 * timed out). Undefined when the bundler itself answered with an error.
 */
export function relayFailureOf(error: unknown): HttpError | 'unreachable' | undefined {
  const causes: unknown[] = []
  for (let cause = error; cause instanceof Error && causes.length < 8; cause = cause.cause)
    causes.push(cause)
  const refusal = causes.find((cause) => cause instanceof HttpError)
  if (refusal) return refusal as HttpError
  if (causes.some((cause) => cause instanceof TypeError || cause instanceof RequestTimeoutError))
    return 'unreachable'
  return undefined
}

/** The API's own words in its error body, else the HTTP status. */
export function apiMessageOf(error: HttpError): string {
  const message = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof message === 'string' ? message : error.message
}

type RelayedRpcError = { code?: unknown; message?: unknown; data?: unknown }

/** A bundler's JSON-RPC error as viem reads errors of a transport: code, message, data. */
function relayedError(error: RelayedRpcError) {
  const message = typeof error.message === 'string' ? error.message : 'The bundler refused.'
  return Object.assign(new Error(message), {
    code: typeof error.code === 'number' ? error.code : -32603,
    data: error.data,
  })
}
