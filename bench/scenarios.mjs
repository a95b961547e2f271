// The browser runs of `npm run bench`: each in its own fresh context, each returning samples keyed
// by measurement id (bench/measurements.mjs), what it requested, and what it tried to reach off
// loopback.
import { formatEther } from 'viem'
import { fundOnAnvil, signUpByEmail } from './emailWallet.mjs'
import { loopbackHosts, sum, trackNetwork, withTimeout } from './harness.mjs'
import { callPlans, installBenchWallet, timeEthChainId } from './providerCalls.mjs'
import {
  airlockApprovalSystem,
  airlockSystem,
  coldOpen,
  probeScript,
  requestToVisible,
  warmOpen,
} from './visible.mjs'

const timeouts = {
  navigation: 15_000,
  modalVisible: 15_000,
  preload: 15_000,
  settle: 5_000,
  connect: 15_000,
  calls: 60_000,
  signUp: 30_000,
}

/** The small ETH send the approval scenario asks for: 0.01 ETH to anvil's account #1. */
export const benchSend = {
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 10n ** 16n,
  funding: 10n ** 18n,
}

/**
 * In-page (top frame): the site asks `airlock.provider` to send `value` (hex wei) from `from` to
 * `to`, noting the epoch time it asks as `window.__benchClick`; the request is not awaited.
 */
function sendTransaction({ from, to, value }) {
  const at = performance.timeOrigin + performance.now()
  window.__benchClick = at
  window.__benchRequest = window.airlock.provider
    .request({ method: 'eth_sendTransaction', params: [{ from, to, value }] })
    .then(
      (hash) => ({ hash }),
      (error) => ({ error: `${error?.code ?? ''} ${error?.message ?? error}` }),
    )
  return at
}

/** A new page in `context`, and the accounting of its requests. */
async function newTrackedPage(context) {
  const page = await context.newPage()
  return { page, network: trackNetwork(page, loopbackHosts) }
}

/**
 * A new page on the demo, once `window.airlock` exists, the bridge handshake is done and the
 * page's requests settle.
 */
async function loadDemo(context, urls) {
  const { page, network } = await newTrackedPage(context)
  await page.goto(urls.demo, { waitUntil: 'load', timeout: timeouts.navigation })
  await page.waitForFunction(() => window.airlock, null, { timeout: timeouts.preload })
  await page.waitForSelector('#connect:not([disabled])', { timeout: timeouts.preload })
  // close() awaits the bridge, so once it resolves the handshake is done.
  await withTimeout(
    'the bridge handshake',
    page.evaluate(() => window.airlock.close()),
    timeouts.preload,
  )
  await network.quiet(500, timeouts.settle)
  return { page, network }
}

/** Times `eth_chainId` in the page by `plan` (bench/providerCalls.mjs). */
const timeCalls = (page, plan) =>
  withTimeout('timing eth_chainId', page.evaluate(timeEthChainId, plan), timeouts.calls)

/**
 * The modal page's first bundle, as the size budget counts it (scripts/size.mjs): its entry
 * script and the modules it preloads, read from the page the API serves (its style sheet is
 * the "CSS" row).
 */
async function firstBundlePaths(modalUrl) {
  const html = await (await fetch(modalUrl)).text()
  const paths = new Set()
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g))
    if (/<script\b/.test(match[0]) || /rel="modulepreload"/.test(match[0]))
      paths.add(new URL(match[1], modalUrl).pathname)
  return paths
}

export const scenarios = {
  /** A first visit: load the demo, click Connect as soon as it can be clicked. */
  async coldOpen({ context, urls }) {
    const { page, network } = await newTrackedPage(context)
    const timing = await coldOpen(page, airlockSystem, urls.demo, {
      timeoutMs: timeouts.modalVisible,
    })
    // Lazy chunks, analytics and the like belong to the iframe's cost too.
    await network.quiet(500, timeouts.settle)

    const frames = page.frames().filter((frame) => frame !== page.mainFrame())
    if (frames.length !== 1) throw new Error(`expected one iframe, found ${frames.length}`)
    const hostJs = network.entries.filter((entry) => entry.mainFrame && entry.type === 'script')
    const iframe = network.entries.filter((entry) => !entry.mainFrame)
    const ofType = (...types) => iframe.filter((entry) => types.includes(entry.type))
    const firstBundle = await firstBundlePaths(frames[0].url())
    return {
      samples: {
        hostJs: sum(hostJs),
        frameFirstBundle: sum(
          iframe.filter((entry) => firstBundle.has(new URL(entry.url).pathname)),
        ),
        iframeBytes: sum(iframe),
        navToVisible: timing.navToVisible,
        navToClick: timing.navToClick,
        coldClickToVisible: timing.navToVisible - timing.navToClick,
        iframeScript: sum(ofType('script')),
        iframeDocument: sum(ofType('document')),
        iframeStylesheet: sum(ofType('stylesheet')),
        iframeOther: sum(
          iframe.filter((e) => !['script', 'document', 'stylesheet'].includes(e.type)),
        ),
      },
      detail: timing.sides,
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /** A returning click: the page loaded and idle, the frame preloaded; time only the click. */
  async warmOpen({ context, urls }) {
    const { page, network } = await newTrackedPage(context)
    const timing = await warmOpen(page, airlockSystem, urls.demo, {
      network,
      timeoutMs: timeouts.modalVisible,
      // close() awaits the bridge, so once it resolves the handshake is done.
      ready: (page) => page.evaluate(() => window.airlock.close()),
    })
    await network.settled()
    return {
      samples: { clickToVisible: timing.clickToVisible },
      detail: timing.sides,
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /**
   * WalletConnect: the modal open on Connect, then a click on WalletConnect until the QR code is
   * drawn — loading the sign-client chunk, connecting to the local relay, creating the pairing
   * and rendering the code. The click is dispatched in the frame, so nothing preloads on hover.
   */
  async walletConnectQr({ context, urls }) {
    const { page, network } = await newTrackedPage(context)
    await page.goto(urls.demo, { waitUntil: 'load', timeout: timeouts.navigation })
    await page.waitForFunction(() => window.airlock, null, { timeout: timeouts.preload })
    await page.evaluate(() => window.airlock.open())
    const frame = await (await page.waitForSelector('iframe[data-airlock]')).contentFrame()
    await frame.waitForSelector('[data-wallet-id="walletConnect"]:not([disabled])', {
      timeout: timeouts.preload,
    })
    const visible = await frame.evaluate(
      (timeoutMs) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no QR code')), timeoutMs)
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-uri][data-ready="true"]')) return
            observer.disconnect()
            requestAnimationFrame(() => {
              clearTimeout(timer)
              resolve(performance.now() - t0)
            })
          })
          observer.observe(document.body, { subtree: true, childList: true, attributes: true })
          const t0 = performance.now()
          document.querySelector('[data-wallet-id="walletConnect"]').click()
        }),
      timeouts.modalVisible,
    )
    await network.settled()
    return {
      samples: { clickToQr: visible },
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /**
   * A site talking to a connected browser wallet: `airlock.provider.request` against calling
   * the wallet's own provider, both in the page.
   */
  async providerCalls({ context, urls }) {
    await context.addInitScript(installBenchWallet)
    const { page, network } = await loadDemo(context, urls)
    await withTimeout(
      'connecting the bench wallet',
      (async () => {
        await page.evaluate(() => window.airlock.open())
        await page
          .frameLocator('iframe[data-airlock]')
          .getByRole('button', { name: /Bench Wallet/ })
          .click({ timeout: timeouts.connect })
        await page.waitForFunction(() => window.airlock.getState().status === 'connected', null, {
          timeout: timeouts.connect,
          polling: 50,
        })
      })(),
      timeouts.connect,
    )
    // Whatever the modal does after connecting (closing, balances) happens before the clock.
    await network.quiet(500, timeouts.settle)
    const plan = callPlans.provider
    const result = await timeCalls(page, plan)
    const calls = plan.blocks * plan.blockSize
    if (result.status !== 'connected')
      throw new Error(`the bench wallet disconnected while timed (${result.status})`)
    // Both ways reach the wallet once per call; a bridge hop would post to the modal's port.
    if (result.counts.walletCalls !== 2 * calls || result.counts.portPosts >= calls)
      throw new Error(
        `airlock.provider did not go straight to the wallet: ${JSON.stringify(result.counts)} ` +
          `over ${calls} calls each way`,
      )
    await network.settled()
    return {
      samples: { providerOverhead: result.medians.airlock - result.medians.direct },
      // Per way, in ms per call: each is below the page clock's resolution, their difference not.
      detail: { ...result.medians, ...result.counts },
      // No byte rows here: the response encodings noted are those of the other scenarios.
      requests: [],
      offLoopback: network.offLoopback,
    }
  },

  /**
   * An email-wallet visitor (signed up in this context, funded on anvil), the wallet open in the
   * frame and the modal closed, the page settled and 2 s idle; then the site's
   * `eth_sendTransaction` of 0.01 ETH on the local anvil, until the approval card is visible with
   * the simulation's "−… ETH" laid out (bench/visible.mjs, airlockApprovalSystem).
   */
  async approvalVisible({ context, urls }) {
    await context.addInitScript({ content: probeScript(airlockApprovalSystem) })
    const { page, network } = await loadDemo(context, urls)
    const from = await withTimeout(
      'signing up by email',
      signUpByEmail(page, { devMailUrl: urls.devMail, timeoutMs: timeouts.signUp }),
      timeouts.signUp * 2,
    )
    await fundOnAnvil(urls.anvil, from, benchSend.funding)
    // Whatever the modal does after signing up (closing, balances) happens before the clock.
    await network.quiet(500, timeouts.settle)
    await page.waitForTimeout(2000)
    const send = { from, to: benchSend.to, value: `0x${benchSend.value.toString(16)}` }
    let timing
    try {
      timing = await requestToVisible(page, airlockApprovalSystem, sendTransaction, send, {
        timeoutMs: timeouts.modalVisible,
      })
    } catch (error) {
      // A request answered early (an error, say) says why nothing was shown.
      const answer = await Promise.race([
        page.evaluate(() => window.__benchRequest),
        new Promise((resolve) => setTimeout(resolve, 1000, 'no answer')),
      ]).catch(() => undefined)
      throw new Error(`${error.message} (the request: ${JSON.stringify(answer)})`)
    }
    // Measured: now check it was this request's card (its value) and what the simulation said.
    const card = page
      .frameLocator('iframe[data-airlock]')
      .locator('[role="dialog"] [data-approval-kind="transaction"]')
    const shown = {
      value: await card.locator('[data-value]').textContent({ timeout: timeouts.settle }),
      changes: await card.locator('[data-balance-change]').allTextContents(),
    }
    if (shown.value !== `${formatEther(benchSend.value)} ETH`)
      throw new Error(`the approval card shows another request: ${JSON.stringify(shown)}`)
    await network.settled()
    return {
      samples: { requestToApproval: timing.requestToVisible },
      detail: { ...timing.sides, ...shown },
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /** A site's request with no wallet connected: it crosses the bridge to the modal and back. */
  async bridgeCalls({ context, urls }) {
    const { page, network } = await loadDemo(context, urls)
    const result = await timeCalls(page, callPlans.bridge)
    if (result.status === 'connected') throw new Error('expected no connected wallet')
    await network.settled()
    return {
      samples: { bridgeRoundTrip: result.medians.airlock },
      requests: [],
      offLoopback: network.offLoopback,
    }
  },
}
