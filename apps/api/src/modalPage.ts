/**
 * The modal's HTML page for one project: the build's `index.html` with the project's
 * configuration inlined (so the modal starts without a round trip) and the Content Security
 * Policy whose `frame-ancestors` limits which sites may embed it.
 */

import type { NetworkConfig } from './networks'
import type { ProjectConfig } from './projectConfig'

/** What the modal reads from `<script id="airlock-config">` before doing anything else. */
export type ModalBootConfig = {
  projectId: string | null
  project: ProjectConfig | null
  error: null | 'invalidProjectId' | 'projectIdNotConfigured'
}

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

export function renderModalPage(template: string, config: ModalBootConfig, file: string): string {
  if (!template.includes(configPlaceholder)) throw new ModalTemplateError(file)
  const script = `<script id="airlock-config" type="application/json">${serializeScriptJson(config)}</script>`
  // A function replacement, so `$` sequences in the JSON are not read as patterns.
  return template.replace(configPlaceholder, () => script)
}

/**
 * The modal page's CSP. `frameAncestors` is the project's allowed origins (`'none'` when it has
 * none) or `undefined` for an unknown project, whose page only shows an alert and may be framed
 * anywhere so the site's developer sees it.
 */
export function modalContentSecurityPolicy(
  networks: readonly NetworkConfig[],
  frameAncestors: readonly string[] | undefined,
): string {
  const rpcOrigins = [...new Set(networks.map((network) => new URL(network.rpcUrl).origin))]
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
    "img-src 'self' data: https: http://localhost:* http://127.0.0.1:*",
    `connect-src 'self' ${[...rpcOrigins, 'https:', 'wss:', 'ws://127.0.0.1:*', 'ws://localhost:*'].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')
}
