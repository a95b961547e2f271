/**
 * The modal's HTML page for one project: the build's `index.html` with the project's
 * configuration inlined (so the modal starts without a round trip) and the Content Security
 * Policy whose `frame-ancestors` limits which sites may embed it; in production mode the policy
 * names only https/wss sources off loopback.
 */

import type { ModalConfig, NetworkConfig, WalletConnectConfig } from '@airlock/protocol'
import { isLoopbackUrl } from '../loopback'

export const configPlaceholder = '<!--airlock-config-->'

/** Thrown when the modal build's `index.html` lacks the placeholder the config replaces. */
export class ModalTemplateError extends Error {
  override readonly name = 'ModalTemplateError'
  constructor(readonly file: string) {
    super(`${file} has no ${configPlaceholder} placeholder; rebuild the modal with npm run build.`)
  }
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` become `\u003c`, `\u003e`,
 * `\u0026`, so no value can close the element or open a comment.
 */
export function serializeScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
}

/**
 * The page: `template` with `config` inlined where its placeholder is, and `preload` (markup the
 * page fetches early: the visitor's catalogue chunk, modalLocale.ts) right after it.
 */
export function renderModalPage(
  template: string,
  config: ModalConfig,
  file: string,
  preload = '',
): string {
  if (!template.includes(configPlaceholder)) throw new ModalTemplateError(file)
  const script = `<script id="airlock-config" type="application/json">${serializeScriptJson(config)}</script>`
  // A function replacement, so `$` sequences in the JSON are not read as patterns.
  return template.replace(configPlaceholder, () => script + preload)
}

/**
 * WalletConnect Verify, as `@walletconnect/core` reaches it: a fetch of its public key and a
 * hidden attestation frame. Allowed only when Verify is on.
 */
export const walletConnectVerifyOrigin = 'https://verify.walletconnect.org'

export declare namespace modalContentSecurityPolicy {
  type Options = {
    /** The modal's WalletConnect relay (`readWalletConnectConfig`); null or absent: off. */
    walletConnect?: WalletConnectConfig | null | undefined
    /**
     * Production mode: no loopback or `http:`/`ws:` sources, and `connect-src` names the
     * networks' RPC origins and the relay instead of allowing any https or wss URL.
     */
    production?: boolean | undefined
    /** The ERC-7677 paymaster services the project lets its sites name: the modal asks them. */
    paymasterServices?: readonly string[] | undefined
  }
}

/**
 * The modal page's CSP. `frameAncestors` is the project's allowed origins (`'none'` when it has
 * none) or `undefined` for an unknown project, whose page only shows an alert and may be framed
 * anywhere so the site's developer sees it.
 *
 * @example
 * modalContentSecurityPolicy(networks, ['https://shop.example'], { walletConnect, production: true })
 */
export function modalContentSecurityPolicy(
  networks: readonly NetworkConfig[],
  frameAncestors: readonly string[] | undefined,
  {
    walletConnect = null,
    production = false,
    paymasterServices = [],
  }: modalContentSecurityPolicy.Options = {},
): string {
  const rpcOrigins = [
    ...networks.map((network) => new URL(network.rpcUrl).origin),
    ...paymasterServices.map((url) => new URL(url).origin),
  ]
  const verify = walletConnect?.verify ? [walletConnectVerifyOrigin] : []
  const connectSources = production
    ? // The start refuses http and loopback URLs in production (productionChecks.ts); they are
      // filtered here too, so no caller's mistake puts a visitor's own machine in the policy.
      [
        ...rpcOrigins,
        ...(walletConnect === null ? [] : [new URL(walletConnect.relayUrl).origin]),
        ...verify,
      ].filter(isProductionSource)
    : [...rpcOrigins, 'https:', 'wss:', 'ws://127.0.0.1:*', 'ws://localhost:*']
  const imageSources = modalImageSources(production)
  const ancestors =
    frameAncestors === undefined
      ? '*'
      : frameAncestors.length === 0
        ? "'none'"
        : frameAncestors.join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources.join(' ')}`,
    `connect-src ${["'self'", ...new Set(connectSources)].join(' ')}`,
    // frame-src replaces default-src for frames, so 'self' is kept beside Verify's.
    ...(verify.length > 0 ? [`frame-src ${["'self'", ...verify].join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')
}

/** Where the modal's pictures (site and token icons, NFTs) may come from: the CSP's img-src. */
export function modalImageSources(production: boolean): string[] {
  return production
    ? ["'self'", 'data:', 'https:']
    : ["'self'", 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*']
}

function isProductionSource(origin: string): boolean {
  return /^(https|wss):\/\//.test(origin) && !isLoopbackUrl(origin)
}
