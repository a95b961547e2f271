/**
 * What the CallsStatus view shows of a batch (EIP-5792 `wallet_showCallsStatus`, or a user
 * operation past its timeout, issue 35 point 6): its state read from the wallet's own
 * `wallet_getCallsStatus` answer, put in the store, and asked again while the view shows it and
 * it is pending, so the visitor sees it end (confirmed, failed, partly, cancelled) without
 * asking. A pending one sent from this frame may be sped up or cancelled from the view
 * (`replaceShown`, sentOperations.ts).
 */
import type { CaipNetworkId } from '@airlock/protocol'
import type { ModalStore } from '../stores/store'

/** A batch as CallsStatus shows it. */
export type ShownCallsStatus = {
  id: string
  network: CaipNetworkId
  /**
   * EIP-5792's 100 pending; 200 confirmed; 500 failed; 600 partly confirmed; 400 (not included,
   * never will be) cancelled: the only 400 this wallet answers is a batch the visitor cancelled.
   */
  state: 'pending' | 'confirmed' | 'failed' | 'partial' | 'cancelled'
  /** The transactions that landed, in order. */
  transactionHashes: string[]
  /** It may be sped up or cancelled from here while pending (sent from this frame). */
  replaceable?: true
}

/** Speeds up or cancels the batch shown (smartAccountSigner's `ReplacePending`). */
export type ReplaceShown = (how: 'speedUp' | 'cancel') => Promise<void>

/** Gets the batch's `wallet_getCallsStatus` answer again. */
export type CallsStatusOf = () => Promise<unknown>

/** How often a pending batch's status is asked again while it is shown. */
export const callsStatusPollMs = 1_000

/**
 * A `wallet_getCallsStatus` answer as CallsStatus shows it; an answer of another shape (never
 * from this wallet's providers) is an error, not a guess.
 *
 * @example
 * shownStatusOf('0x01…', { chainId: '0x7a69', status: 200, receipts: [{ transactionHash: '0x…' }] })
 * // { id: '0x01…', network: 'eip155:31337', state: 'confirmed', transactionHashes: ['0x…'] }
 */
export function shownStatusOf(id: string, answer: unknown): ShownCallsStatus {
  const {
    chainId,
    status,
    receipts = [],
  } = (answer ?? {}) as {
    chainId?: unknown
    status?: unknown
    receipts?: { transactionHash?: unknown }[]
  }
  if (typeof chainId !== 'string' || typeof status !== 'number' || !Array.isArray(receipts))
    throw new Error('wallet_getCallsStatus answered a status of an unknown shape.')
  const state =
    status === 100
      ? 'pending'
      : status === 200
        ? 'confirmed'
        : status === 600
          ? 'partial'
          : status === 400
            ? 'cancelled'
            : 'failed'
  return {
    id,
    network: `eip155:${BigInt(chainId)}`,
    state,
    transactionHashes: receipts
      .map(({ transactionHash }) => transactionHash)
      .filter((hash): hash is string => typeof hash === 'string'),
  }
}

/**
 * Shows a batch in CallsStatus: its status asked first (an error there is the caller's: the
 * site's request fails with it), the view opened on it, then asked again every `pollMs` while it
 * is pending and still the one shown in an open modal.
 *
 * @example
 * const { show } = callsStatusShower(store, () => showCallsStatusView(flows))
 * await show(id, () => signer.request({ method: 'wallet_getCallsStatus', params: [id] }))
 */
export function callsStatusShower(
  store: ModalStore,
  showView: () => Promise<void>,
  pollMs = callsStatusPollMs,
) {
  // How the batch shown may be replaced, when it was sent from this frame (set by `show`).
  let replaceOf: { id: string; replace: ReplaceShown } | undefined
  const shownAs = (id: string, answer: unknown): ShownCallsStatus => {
    const shown = shownStatusOf(id, answer)
    return replaceOf?.id === id && shown.state === 'pending'
      ? { ...shown, replaceable: true }
      : shown
  }

  const stillShown = (id: string) => {
    const { open, callsStatus } = store.getState()
    return open && callsStatus?.id === id && callsStatus.state === 'pending'
  }

  async function follow(id: string, statusOf: CallsStatusOf) {
    while (stillShown(id)) {
      await new Promise((resolve) => setTimeout(resolve, pollMs))
      // A status that can't be asked now (the RPC, the bundler) is asked again next time.
      const answer = await statusOf().catch(() => undefined)
      if (answer === undefined || !stillShown(id)) continue
      store.setState({ callsStatus: shownAs(id, answer) })
    }
  }

  async function show(id: string, statusOf: CallsStatusOf, replace?: ReplaceShown) {
    replaceOf = replace ? { id, replace } : undefined
    store.setState({ callsStatus: shownAs(id, await statusOf()) })
    await showView()
    void follow(id, statusOf)
  }

  /**
   * Speeds up or cancels the batch shown (the visitor approves it on the approval screen): its
   * failure is the caller's to show; nothing when the batch shown can't be replaced from here.
   */
  async function replaceShown(how: 'speedUp' | 'cancel') {
    const shown = store.getState().callsStatus
    if (!shown?.replaceable || replaceOf?.id !== shown.id) return
    await replaceOf.replace(how)
  }

  return { show, replaceShown }
}
