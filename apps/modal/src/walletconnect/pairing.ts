/**
 * The pairing URI's life (spec §4, §9): a URI lives 4 minutes and is treated as expired 10 s
 * before that, so a fresh one replaces it while the visitor still has time to scan it. A
 * proposal the wallet rejects, or a pairing that fails, ends in an error state from which
 * `start()` makes a fresh URI. Pure: the clock, the timers and the client come from outside.
 */
import { isUserRejection, pairingExpiredMarginMs, pairingExpiryMs } from '@airlock/protocol'

export type PairingState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; uri: string; expiresAt: number }
  | { status: 'error'; reason: 'rejected' | 'failed' }

/** One proposal: its URI, and the wallet's answer. */
export type Proposal<session> = { uri: string; approval: () => Promise<session> }

export type PairingOptions<session> = {
  propose(): Promise<Proposal<session>>
  onChange(state: PairingState): void
  onSession(session: session): void
  /** A proposal failed for a reason other than the visitor declining (relay, client). */
  onError?(error: unknown): void
  now?: () => number
}

export function isExpired(state: PairingState, now: number): boolean {
  return state.status === 'ready' && now >= state.expiresAt - pairingExpiredMarginMs
}

export function createPairing<session>(options: PairingOptions<session>) {
  const now = options.now ?? Date.now
  let state: PairingState = { status: 'idle' }
  let timer: ReturnType<typeof setTimeout> | undefined
  // Each proposal's answers count only while it is the current one.
  let generation = 0

  function set(next: PairingState) {
    state = next
    options.onChange(next)
  }

  async function propose() {
    const current = ++generation
    clearTimeout(timer)
    set({ status: 'loading' })
    let proposal: Proposal<session>
    try {
      proposal = await options.propose()
    } catch (error) {
      options.onError?.(error)
      if (current === generation) set({ status: 'error', reason: 'failed' })
      return
    }
    if (current !== generation) return
    const expiresAt = now() + pairingExpiryMs
    set({ status: 'ready', uri: proposal.uri, expiresAt })
    // Replace the URI when it counts as expired.
    timer = setTimeout(propose, expiresAt - pairingExpiredMarginMs - now())
    proposal.approval().then(
      (session) => {
        if (current !== generation) return
        clearTimeout(timer)
        generation++
        set({ status: 'idle' })
        options.onSession(session)
      },
      (error: unknown) => {
        if (current !== generation) return
        clearTimeout(timer)
        const rejected = isUserRejection(error)
        if (!rejected) options.onError?.(error)
        set({ status: 'error', reason: rejected ? 'rejected' : 'failed' })
      },
    )
  }

  return {
    state: () => state,
    /** Shows a URI: the current one while it is fresh, else a new one. */
    start() {
      if (state.status === 'loading') return
      if (state.status === 'ready' && !isExpired(state, now())) return
      void propose()
    },
    /** A fresh URI, whatever the current one (retry after an error). */
    restart() {
      void propose()
    },
    /** Forgets the current proposal: its answer, if any comes, is ignored. */
    stop() {
      generation++
      clearTimeout(timer)
      set({ status: 'idle' })
    },
  }
}
export type Pairing = ReturnType<typeof createPairing>
