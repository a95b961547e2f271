/**
 * What the host mirrors of the frame, kept current once the handshake is done: the state
 * (`airlock.getState()`, its events), the page (the namespaces, whether the view a plain open()
 * shows is rendered, what to announce over EIP-6963), whether the frame is to be shown and,
 * embedded, its height.
 *
 * A state is told once what the frame remembers of it is stored: a site told 'connected' may
 * reload at once, and the reload must find the connection (issue 33). The connection actions
 * save before they change the state (stores/connections.ts), so waiting for the storage to
 * settle is waiting for that save.
 */
import type { AirlockState, FramePage } from '@airlock/protocol'
import { namespaceOf, resolveWalletAnnouncement } from '@airlock/protocol'
import { prerendered } from '../flows/restingStack'
import { airlockState } from '../stores/controllers'
import type { BridgeContext, Remote } from './context'

export function startStateMirror(
  context: Pick<
    BridgeContext,
    'store' | 'navigation' | 'visibility' | 'onFrameVisibility' | 'storage'
  >,
  { remote, handshaken }: { remote: Remote; handshaken: () => boolean },
) {
  const { store, navigation, visibility, storage } = context

  /** Embedded mode: the host sizes the iframe to the modal's content. */
  function reportHeight() {
    if (!handshaken() || !store.getState().options?.embedded) return
    const height = document.body.offsetHeight
    remote().then((host) => host.setFrame({ visible: true, height }))
  }

  // What the host needs of the page: the namespaces (Solana wallets) and whether the view a
  // plain open() shows is rendered. Told once rendered: after React's commit, not before it.
  let lastPage = ''
  const uuid = crypto.randomUUID()
  let pageTimer: ReturnType<typeof setTimeout> | undefined
  function tellPage() {
    if (!handshaken()) return
    clearTimeout(pageTimer)
    const send = () => {
      const state = store.getState()
      const page: FramePage = {
        namespaces: [...new Set(state.networks.flatMap((n) => namespaceOf(n.caipNetworkId) ?? []))],
        prerendered: prerendered(context),
      }
      // What the host announces Airlock by over EIP-6963 (the rdns by default: this origin's
      // host), with one uuid for the frame's life.
      const announce = state.config.project
        ? resolveWalletAnnouncement(state.config.project.walletAnnouncement, location.origin, uuid)
        : undefined
      // A site may turn it off for its page (`announce: false`), never on past its project.
      if (announce && state.options?.announce !== false) page.announce = announce
      const serialized = JSON.stringify(page)
      if (serialized === lastPage) return
      lastPage = serialized
      remote().then((host) => host.emit({ type: 'page', ...page }))
    }
    if (!prerendered(context)) return send()
    visibility.firstRender.then(() => {
      clearTimeout(pageTimer)
      pageTimer = setTimeout(send)
    })
  }
  store.subscribe(tellPage)
  navigation.onViewChange(tellPage)

  // What the host hears of the state and of the frame's visibility, in the order it happened:
  // a frame that closes itself once connected is hidden after the host heard 'connected', never
  // before (a site waiting for a connection would take the close for the visitor giving up).
  let outbox: Promise<void> = Promise.resolve()
  let queued = 0
  /** Sends after whatever is queued, and after `before` when given; at once when nothing is. */
  function inTurn(send: () => Promise<void>, before?: Promise<void>) {
    if (!before && queued === 0) {
      const sent = send()
      outbox = outbox.then(() => sent).catch(() => {})
      return
    }
    queued++
    outbox = outbox
      .then(() => before)
      .catch(() => {})
      .then(() => {
        queued--
        return send()
      })
      .catch(() => {})
  }

  // The host mirrors our state; tell it whenever what it sees changes, once what the frame
  // remembers of it is stored.
  let lastSent = ''
  async function tell(next: AirlockState) {
    // `open` is the host's to say; a change of it alone is not news to the host.
    const serialized = JSON.stringify({ ...next, open: false })
    if (serialized === lastSent) return
    lastSent = serialized
    // Sent once `emit` is called: its answer is not waited for.
    void (await remote()).emit({ type: 'state', state: next })
  }
  store.subscribe((state) => {
    if (!handshaken()) return
    const next = airlockState(state)
    // The frame's own storage is written at once: nothing to wait for.
    inTurn(() => tell(next), storage()?.settled?.())
  })
  context.onFrameVisibility((visible) => {
    inTurn(async () => {
      void (await remote()).setFrame({ visible })
    })
  })
  new ResizeObserver(reportHeight).observe(document.body)
  return {
    reportHeight,
    tellPage,
    /**
     * Resolves once the host has been sent every state and visibility so far: a call that
     * changes the state (disconnect, switchNetwork) answers after it, so a site reading
     * `getState()` once its call resolved reads the new state.
     */
    told: () => outbox,
  }
}
export type StateMirror = ReturnType<typeof startStateMirror>
