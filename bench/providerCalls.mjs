// Timing requests through `airlock.provider` in the demo page: a minimal in-page browser wallet
// to connect, and the timed blocks of `eth_chainId` calls. The functions run in the page
// (Playwright serializes them), so they use nothing from outside their bodies.

/**
 * In-page, before the demo's scripts (top-level frame only): a minimal EIP-6963 browser wallet
 * that answers entirely in the page, kept as `window.__benchWallet` to call it directly. It
 * counts its calls, and the page's MessagePort posts (penpal's channel to the modal after the
 * handshake), so the bench can tell a request went to the wallet without a bridge hop.
 */
export function installBenchWallet() {
  if (window.top !== window) return
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const counts = { walletCalls: 0, portPosts: 0 }
  const post = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (...args) {
    counts.portPosts++
    return post.apply(this, args)
  }
  const provider = {
    async request({ method }) {
      counts.walletCalls++
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return '0x7a69'
        case 'wallet_revokePermissions':
          return null
      }
      throw Object.assign(new Error(`Bench Wallet does not support ${method}.`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Bench Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    rdns: 'dev.airlock.bench',
  })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.__benchWallet = { provider, counts }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/**
 * In-page: times `eth_chainId` through `airlock.provider` and, with `direct`, on the bench
 * wallet's own provider, in alternating blocks of `blockSize` calls after `warmup` calls each
 * way. The page's clock is coarsened to 100 µs (it is not cross-origin isolated), far coarser
 * than a call, so each block yields its time over its size; returns, per way, the median of
 * those per-call figures in ms, and the bench wallet's counts over the timed blocks.
 */
export async function timeEthChainId({ direct, warmup, blocks, blockSize }) {
  const chainId = '0x7a69'
  const ways = { airlock: () => window.airlock.provider.request({ method: 'eth_chainId' }) }
  if (direct) {
    const { provider } = window.__benchWallet
    ways.direct = () => provider.request({ method: 'eth_chainId' })
  }
  for (const [name, call] of Object.entries(ways)) {
    const result = await call()
    if (result !== chainId)
      throw new Error(`eth_chainId (${name}) returned ${JSON.stringify(result)}, not ${chainId}`)
  }
  const timeBlock = async (call, size) => {
    const start = performance.now()
    for (let i = 0; i < size; i++) await call()
    return (performance.now() - start) / size
  }
  for (const call of Object.values(ways)) await timeBlock(call, warmup)
  const perCall = Object.fromEntries(Object.keys(ways).map((name) => [name, []]))
  const counts = window.__benchWallet?.counts
  const before = counts && { ...counts }
  for (let block = 0; block < blocks; block++) {
    // Each way goes first in every other block, so drift and GC fall on both alike.
    const order = block % 2 ? Object.keys(ways).reverse() : Object.keys(ways)
    for (const name of order) perCall[name].push(await timeBlock(ways[name], blockSize))
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  return {
    medians: Object.fromEntries(
      Object.entries(perCall).map(([name, list]) => [name, median(list)]),
    ),
    counts:
      counts &&
      Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - before[key]])),
    status: window.airlock.getState().status,
  }
}

/** Calls each request measurement makes, split into timed blocks (see timeEthChainId). */
export const callPlans = {
  // Blocks of 2000 calls each way, alternating: a call takes well under 1 µs, so a block must
  // span several ticks of the page's 100 µs clock.
  provider: { direct: true, warmup: 2000, blocks: 15, blockSize: 2000 },
  // 1000 calls, in blocks of ~20 ms.
  bridge: { direct: false, warmup: 100, blocks: 20, blockSize: 50 },
}
