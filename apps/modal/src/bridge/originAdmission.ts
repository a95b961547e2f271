/**
 * Which host the frame serves, and which of its calls get through. penpal talks only to the
 * parent window and only when its origin is one of the project's allowed origins; this records
 * that origin (the one penpal observed, never one the host reports), answers nothing but the
 * handshake before it, and lets what touches wallets or what the frame remembers through only
 * for a known project on a proven origin.
 *
 * A revocation reaches loaded frames (issue 33): an open re-checks that the origin is still
 * allowed, and so does every call that reaches a wallet or storage (the site's requests: a
 * signature, a transaction) once the API's last answer is older than the project's admission
 * cache (`admissionCacheSeconds`, at most a minute). A revoked origin gets the frame closed and
 * every call after refused with 'Invalid App Configuration', naming the origin.
 */
import {
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  invalidBridgeMessage,
  maxAdmissionCacheSeconds,
  type ProjectConfig,
  ProjectIdNotConfiguredError,
  parseProjectConfig,
} from '@airlock/protocol'
import { afterNextFrame } from '../afterNextFrame'
import type { ApiFetch } from '../api'
import { applyProjectConfig } from '../stores/controllers'
import type { BridgeContext } from './context'

/**
 * Records the origin of the parent's penpal handshake (SYN) as penpal itself does: same
 * source, same allowed-origin test, the latest SYN wins. Registered before penpal's listener,
 * so it has seen every SYN penpal accepts.
 */
export function observeHostOrigin(allowedOrigins: readonly string[]): () => string | undefined {
  let observed: string | undefined
  addEventListener('message', ({ source, origin, data }) => {
    const message = data as { namespace?: unknown; type?: unknown } | null
    if (source !== window.parent || message?.namespace !== 'penpal' || message.type !== 'SYN')
      return
    if (allowedOrigins.includes('*') || allowedOrigins.includes(origin)) observed = origin
  })
  return () => observed
}

/**
 * The project's configuration as the API serves it now: null when the project is gone,
 * undefined when there is no telling (offline, or an answer this build can't read).
 */
async function currentProject(
  apiFetch: ApiFetch,
  projectId: string,
): Promise<ProjectConfig | null | undefined> {
  const served = await apiFetch<unknown>(
    'GET',
    `/v1/projects/${encodeURIComponent(projectId)}/config`,
    { quiet: true },
  ).catch((error: { status?: number }) => (error?.status === 404 ? null : undefined))
  if (served === null || served === undefined) return served
  const parsed = parseProjectConfig(served)
  return parsed.success ? parsed.data : undefined
}

/**
 * Call before penpal connects (see `observeHostOrigin`). `now`: the clock the admission cache is
 * kept by, ms since the page's navigation (the tests' own).
 */
export function createOriginAdmission(
  { store, api, closeModal }: Pick<BridgeContext, 'store' | 'api' | 'closeModal'>,
  allowedOrigins: readonly string[],
  now: () => number = () => performance.now(),
) {
  const { config } = store.getState()
  const hostOrigin = observeHostOrigin(allowedOrigins)
  let handshaken = false
  // Set when the API no longer allows the host's origin: from then on this frame serves nobody.
  let revoked = false

  const refuseWithoutProject = () => {
    if (config.error === 'projectIdNotConfigured') throw new ProjectIdNotConfiguredError()
    if (config.error === 'invalidProjectId')
      throw new InvalidProjectIdError({ details: `Project "${config.projectId}" does not exist.` })
  }
  const revokedError = () =>
    new InvalidAppConfigurationError({
      details: `The origin ${hostOrigin()} is no longer allowed for project "${config.projectId}".`,
    })
  const refuseRevoked = () => {
    if (revoked) throw revokedError()
  }
  const ready =
    <args extends unknown[], result>(handler: (...a: args) => result) =>
    (...a: args): result => {
      if (!handshaken) invalidBridgeMessage('The handshake must come first.')
      refuseRevoked()
      return handler(...a)
    }

  // When the API last said the host's origin may embed the project: the page itself, served with
  // the project's configuration for a frame of it, was its first answer (the clock's zero).
  let admittedAt = 0
  /** The admission cache, as the project's configuration (re-read on open) says now. */
  const cacheMs = () =>
    (store.getState().config.project?.admissionCacheSeconds ?? maxAdmissionCacheSeconds) * 1000
  const stale = () => now() - admittedAt >= cacheMs()

  /**
   * Asks the API whether the origin may still embed the project; `apply`: the project's settings
   * as it answers them reach this loaded frame too. No answer (offline, an answer this build can't
   * read) changes nothing, and the next call asks again.
   */
  async function askApi(origin: string, projectId: string, apply: boolean) {
    const asked = now()
    const project = await currentProject(api.apiFetch, projectId)
    if (project === undefined || revoked) return
    if (project?.allowedOrigins.includes(origin)) {
      admittedAt = asked
      if (apply) applyProjectConfig(store, project)
      return
    }
    revoked = true
    await closeModal({ fromFrame: true })
  }

  /** What the API is asked now, if anything; whatever reaches a wallet or storage waits for it. */
  let originCheck: Promise<void> = Promise.resolve()
  let asking = false

  /**
   * An open reads the project's configuration again, so what the operator changed reaches this
   * loaded frame: a revoked origin, and the networks, features, theme and wallets. The read runs
   * beside the open, off the path to a visible modal (one API round trip would be most of it);
   * whatever reaches a wallet or storage waits for it, so nothing slips through.
   */
  function recheckProject() {
    const origin = hostOrigin()
    const { projectId } = config
    if (!projectId || !config.project || !origin) return
    // Set at once, so whatever reaches a wallet or storage waits for it; started after the
    // frame that shows the modal, so it never delays that frame.
    originCheck = afterNextFrame()
      .then(() => askApi(origin, projectId, true))
      .catch(() => {})
  }

  /**
   * Before a call reaches a wallet or storage: the API's answer for this origin, no older than
   * the admission cache (asked again when it is; one question at a time), and never revoked.
   */
  async function untilAdmitted() {
    const origin = hostOrigin()
    const { projectId } = config
    if (projectId && config.project && origin && !revoked && !asking && stale()) {
      asking = true
      originCheck = originCheck
        .then(() => (stale() ? askApi(origin, projectId, false) : undefined))
        .catch(() => {})
        .finally(() => {
          asking = false
        })
    }
    await originCheck
    refuseRevoked()
  }

  return {
    hostOrigin,
    handshaken: () => handshaken,
    /** The handshake succeeded: the host's other calls are answered from now on. */
    admitCalls() {
      handshaken = true
    },
    refuseRevoked,
    /** For every method but the handshake: only after it, and never once revoked. */
    ready,
    /**
     * For methods that reach wallets or storage: a known project on an origin the API allowed
     * within the admission cache.
     */
    proven: <args extends unknown[], result>(handler: (...a: args) => Promise<result>) =>
      ready(async (...a: args): Promise<result> => {
        refuseWithoutProject()
        await untilAdmitted()
        return handler(...a)
      }),
    recheckProject,
    untilAdmitted,
  }
}
export type OriginAdmission = ReturnType<typeof createOriginAdmission>
