// When a wallet modal is visible to the visitor, measured the same way for Airlock and for its
// peers (bench/run.mjs and bench/peers/run.mjs use this one module):
//
//   visible = the modal is shown on the host page AND, for a modal in an iframe, inside the frame
//   (its own origin, its own clock aligned via performance.timeOrigin + performance.now()) the
//   dialog is laid out with its wallet list. The later of the two timestamps.
//
// Each side is a probe run on every animation frame of its document (an init script in every
// frame); a probe holds when its element is in the DOM, shown and laid out with a non-zero box.
// After a click at time C, each side's time is the first animation frame at or after C where its
// probe held: a frame that keeps the dialog laid out while hidden counts from the click on, never
// from before it.
//
// The harness does not run code in the pages while it waits: the probes and the click say what
// happened with console messages (`airlock-bench:…`), which cost the page nothing, and the
// recorded times are read only once both sides have held. (Playwright's evaluate compiles its
// helper script in a document the first time, some 10 ms of that document's main thread: done
// during the measured window it would delay what is measured, for every system alike.)

/** The systems measured with this module: where the page is and what "visible" is on it. */
export const airlockSystem = {
  id: 'airlock',
  label: 'Airlock',
  path: '/',
  enabledButtonSelector: '#connect:not([disabled])',
  /** The host page shows the iframe: laid out, not hidden, not transparent. */
  hostProbe: () => {
    const frame = document.querySelector('iframe[data-airlock]')
    if (!frame) return false
    const style = getComputedStyle(frame)
    const box = frame.getBoundingClientRect()
    return (
      style.visibility === 'visible' &&
      style.display !== 'none' &&
      Number(style.opacity) > 0 &&
      box.width > 0 &&
      box.height > 0
    )
  },
  /** Inside the modal's frame: the dialog, and a wallet of its list, laid out. */
  frameProbe: () => {
    const dialog = document.querySelector('[role="dialog"]')
    const wallet = dialog?.querySelector('[data-wallet-id]')
    if (!dialog || !wallet) return false
    const laidOut = (element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    return laidOut(dialog) && laidOut(wallet)
  },
  framePath: '/modal',
}

/**
 * Airlock's approval screen for a site's `eth_sendTransaction` from the email wallet: the host
 * shows the iframe (as for the wallet list); inside the frame, the approval card of the
 * transaction AND its simulation's balance change of the account ("−0.01 ETH") laid out.
 */
export const airlockApprovalSystem = {
  id: 'airlockApproval',
  label: 'Airlock approval screen',
  hostProbe: airlockSystem.hostProbe,
  frameProbe: () => {
    const card = document.querySelector('[role="dialog"] [data-approval-kind="transaction"]')
    if (!card) return false
    const laidOut = (element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    const change = [...card.querySelectorAll('[data-balance-change]')].find((row) =>
      /^−\S+ ETH$/.test(row.textContent ?? ''),
    )
    return laidOut(card) && !!change && laidOut(change)
  },
  framePath: '/modal',
}

/**
 * The init script's body, for every frame of a page: records the epoch time of each animation
 * frame in which this document's probe held, as `window.__visibleProbe`.
 */
function recordProbe(hostProbe, frameProbe, framePath) {
  const top = window === window.top
  const probe = top ? hostProbe : frameProbe
  if (!probe || (!top && !location.pathname.startsWith(framePath))) return
  const heldAt = []
  Object.defineProperty(window, '__visibleProbe', { value: { heldAt } })
  let held = false
  let reported = false
  const tick = () => {
    try {
      const holds = !!probe()
      if (holds) {
        heldAt.push(performance.timeOrigin + performance.now())
        if (heldAt.length > 4000) heldAt.splice(0, 2000)
      }
      // The host says when it first holds after the click; a frame, each time it starts to hold.
      if (top && holds && !reported && window.__benchClick !== undefined) {
        reported = true
        console.debug('airlock-bench:host-visible')
      }
      if (!top && holds && !held) console.debug('airlock-bench:frame-held')
      held = holds
    } catch {}
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/** The init script for `system`, as source (probes are plain functions, no closures). */
export function probeScript(system) {
  const source = (fn) => (fn ? String(fn) : 'undefined')
  return `(${recordProbe})(${source(system.hostProbe)}, ${source(system.frameProbe)}, ${JSON.stringify(system.framePath ?? '')})`
}

/**
 * In-page (top frame), before the page's scripts: clicks the connect button the moment it can be
 * clicked and notes the epoch time of the click as `window.__benchClick`.
 */
function clickAsSoonAsEnabled(selector) {
  if (window !== window.top) return
  const tryClick = () => {
    const button = document.querySelector(selector)
    if (!button) return false
    window.__benchClick = performance.timeOrigin + performance.now()
    button.click()
    console.debug('airlock-bench:clicked')
    return true
  }
  const observer = new MutationObserver(() => {
    if (tryClick()) observer.disconnect()
  })
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  })
}

/**
 * The first animation frame, at or after `since` (epoch ms), where the host's probe and (for a
 * framed modal) the frame's probe held; undefined until both have.
 */
async function visibleSince(page, system, since) {
  const firstAfter = (frame) =>
    frame
      .evaluate((t) => window.__visibleProbe?.heldAt.find((at) => at >= t), since)
      .catch(() => undefined)
  const host = await firstAfter(page.mainFrame())
  if (host === undefined) return undefined
  if (!system.frameProbe) return { at: host, host }
  const frames = page
    .frames()
    .filter(
      (frame) => frame !== page.mainFrame() && new URL(frame.url()).pathname === system.framePath,
    )
  for (const frame of frames) {
    const inFrame = await firstAfter(frame)
    if (inFrame !== undefined) return { at: Math.max(host, inFrame), host, frame: inFrame }
  }
  return undefined
}

const sidesOf = ({ host, frame }, clickedAt) => ({
  host: host - clickedAt,
  ...(frame === undefined ? {} : { frame: frame - clickedAt }),
})

/**
 * The page's `airlock-bench:…` console messages, as they come (the probes' and the click's): each
 * a promise that resolves the first time it is said.
 */
function benchMessages(page) {
  const said = new Map()
  const heard = (text) => {
    if (!said.has(text)) {
      let resolve
      said.set(text, { promise: new Promise((r) => (resolve = r)), resolve })
    }
    return said.get(text)
  }
  page.on('console', (message) => {
    if (message.text().startsWith('airlock-bench:')) heard(message.text()).resolve()
  })
  return (text) => heard(text).promise
}

/** Waits, without running code in the page, until each side's probe has said it held. */
async function untilBothHeld(system, messages, timeoutMs) {
  const sides = [messages('airlock-bench:host-visible')]
  if (system.frameProbe) sides.push(messages('airlock-bench:frame-held'))
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(notVisible(system, timeoutMs)), timeoutMs)
  })
  try {
    await Promise.race([Promise.all(sides), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Once both sides have held (untilBothHeld): when, from their records. */
async function waitVisible(page, system, since, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const at = await visibleSince(page, system, since)
    if (at !== undefined) return at
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw notVisible(system, timeoutMs)
}

const notVisible = (system, timeoutMs) =>
  new Error(`${system.label}: the modal was not visible within ${timeoutMs} ms of the click`)

/**
 * A first visit: navigate, click the connect button as soon as it can be clicked. Returns the
 * times from navigation start (the top document's time origin) to the click and to visible.
 */
export async function coldOpen(page, system, url, { timeoutMs = 15_000 } = {}) {
  await page.addInitScript({ content: probeScript(system) })
  await page.addInitScript({
    content: `(${clickAsSoonAsEnabled})(${JSON.stringify(system.enabledButtonSelector)})`,
  })
  const messages = benchMessages(page)
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs })
  await Promise.race([
    messages('airlock-bench:clicked'),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${system.label}: never clicked`)), timeoutMs).unref(),
    ),
  ])
  // The click's time is read once the modal is visible: nothing runs in the page before then.
  await untilBothHeld(system, messages, timeoutMs)
  const { clickedAt, origin } = await page.evaluate(() => ({
    clickedAt: window.__benchClick,
    origin: performance.timeOrigin,
  }))
  const visible = await waitVisible(page, system, clickedAt, timeoutMs)
  return {
    navToClick: clickedAt - origin,
    navToVisible: visible.at - origin,
    // Which side came last, for BENCH_VERBOSE: each side's time from the click.
    sides: sidesOf(visible, clickedAt),
  }
}

/**
 * A returning click: the page loaded, its requests settled, then 2 s idle; the button is clicked
 * in the page. Returns click → visible in ms. `ready` may wait for more (Airlock: the handshake).
 */
export async function warmOpen(page, system, url, { network, ready, timeoutMs = 15_000 } = {}) {
  const messages = benchMessages(page)
  await page.addInitScript({ content: probeScript(system) })
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs })
  await page.waitForSelector(system.enabledButtonSelector, { timeout: timeoutMs })
  if (ready) await ready(page)
  await network?.quiet(500, timeoutMs)
  await page.waitForTimeout(2000)
  const clickedAt = await page.evaluate((selector) => {
    const at = performance.timeOrigin + performance.now()
    window.__benchClick = at
    document.querySelector(selector).click()
    return at
  }, system.enabledButtonSelector)
  await untilBothHeld(system, messages, timeoutMs)
  const visible = await waitVisible(page, system, clickedAt, timeoutMs)
  return { clickToVisible: visible.at - clickedAt, sides: sidesOf(visible, clickedAt) }
}

/**
 * A site's request, the page warm (the caller brought it there): `request(arg)` runs in the top
 * frame, notes the epoch time it starts as `window.__benchClick` and sends the request without
 * awaiting it (keeping the promise as `window.__benchRequest`). Returns request → visible in ms;
 * the probes of `system` must be in the page's init scripts (probeScript) and must not hold
 * before the request.
 */
export async function requestToVisible(page, system, request, arg, { timeoutMs = 15_000 } = {}) {
  const messages = benchMessages(page)
  const requestedAt = await page.evaluate(request, arg)
  await untilBothHeld(system, messages, timeoutMs)
  const visible = await waitVisible(page, system, requestedAt, timeoutMs)
  return { requestToVisible: visible.at - requestedAt, sides: sidesOf(visible, requestedAt) }
}
