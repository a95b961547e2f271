// The results of `npm run bench`: printed as tables and written to bench/RESULTS.md, with how each
// figure was measured.

import { formatEther } from 'viem'
import { format, markdownTable, plainTable, runs, warmupRuns } from './harness.mjs'
import { measurements } from './measurements.mjs'
import { callPlans } from './providerCalls.mjs'
import { writeResultsSection } from './results.mjs'
import { benchSend } from './scenarios.mjs'

/** Rows of cells, one list of measurements to one table (header first). */
function tableRows(list, results) {
  const header = ['Metric', 'Airlock', 'Target', 'Airlock min–max']
  const rows = list.map((measurement) => {
    const { median: value, min, max } = results[measurement.id]
    const { target, unit, decimals } = measurement
    const mark = target === undefined ? '' : value <= target ? ' ✓' : ' ✗'
    const row = [
      measurement.name,
      `${format(value, unit, { decimals })}${mark}`,
      target === undefined ? '—' : `≤ ${format(target, unit, { whole: true, decimals })}`,
      min === max ? '—' : `${format(min, unit, { decimals })} – ${format(max, unit, { decimals })}`,
    ]
    return row
  })
  return [header, ...rows]
}

/** The API table: the balances endpoint under load, cached and read fresh. */
function throughputRows(throughput) {
  const { cached, fresh } = throughput
  const meets = cached.requestsPerSecond >= 5000 && cached.p99Ms <= 20
  const row = (name, result, target) => [
    name,
    `${result.requestsPerSecond.toLocaleString('en-US')} req/s`,
    `${result.p50Ms} ms`,
    `${result.p99Ms} ms`,
    String(result.errors),
    target,
  ]
  return [
    ['Balances endpoint', 'Throughput', 'p50', 'p99', 'Errors', 'Target'],
    row('Cached', cached, `≥ 5,000 req/s, p99 ≤ 20 ms ${meets ? '✓' : '✗'}`),
    row('Fresh (cache=false, built-in indexer)', fresh, '—'),
  ]
}

/** Prints the tables and writes bench/RESULTS.md. */
export function report({ results, encodings, offLoopback, throughput }, machineLine) {
  const headline = measurements.filter((measurement) => !measurement.breakdown)
  const breakdown = measurements.filter((measurement) => measurement.breakdown)
  const headlineRows = tableRows(headline, results)
  const breakdownRows = tableRows(breakdown, results)
  const notes = [
    `Medians of ${runs} interleaved rounds (each runs every scenario once, each in a fresh browser context with an empty cache), after ${warmupRuns} discarded warm-up round(s); loopback only, non-loopback hosts fail to resolve.`,
    '**Visible** = the iframe is shown on the host page (laid out, not hidden, not transparent) AND, inside the frame (its own origin, its own clock aligned via `performance.timeOrigin + performance.now()`), the dialog is laid out with its wallet list; the later of the two. Each side is probed on every animation frame of its document; after a click, each side counts from the first animation frame at or after the click where its probe held (bench/visible.mjs). While it waits the harness runs no code in the pages (the probes and the click report by console message; their records are read once both sides held), so Playwright’s own script compiles nowhere in the measured window.',
    'Cold: from the host document’s navigation start; `#connect` clicked (`button.click()`) as soon as it is enabled. Warm: the page loaded, the bridge handshake done, its requests settled, then 2 s idle before the click.',
    `Request → approval visible: an email-wallet visitor, signed up in its context as a visitor does (the code from the stack's dev mail server, the recovery code kept; bench/emailWallet.mjs) and given ${formatEther(benchSend.funding)} ETH on anvil; the wallet open in the frame, the modal closed, the page's requests settled, 2 s idle; then the demo page calls \`airlock.provider.request({ method: 'eth_sendTransaction' })\` of ${formatEther(benchSend.value)} ETH to anvil's account #1 on the local anvil. Visible = the iframe shown on the host page AND, in the frame, the approval card laid out with the simulation's balance change of the account ("−… ETH") laid out — fees, decoding and the simulation against anvil all inside the window; from the page's clock at the call.`,
    'Bytes: encoded (compressed) response body sizes as Chromium received them; host JS = script responses requested by the host document (airlock.js, and airlock-solana.js since the demo project has a Solana network; the demo page’s own JS is inline). Frame first bundle = the modal page’s entry script and its modulepreloads, as the size budget counts it (its style sheet is the CSS row).',
    `Provider overhead: the demo with a minimal EIP-6963 wallet injected into the page (it answers in-page), connected by clicking it in the modal; after ${callPlans.provider.warmup} warm-up calls each way, ${callPlans.provider.blocks} alternating blocks of ${callPlans.provider.blockSize} \`eth_chainId\` calls each way through \`airlock.provider.request\` and the wallet’s own \`provider.request\`; figure = median per-call time via Airlock − the same for the wallet. Checked: every call reached the wallet, and the page posted fewer messages to the modal than it made calls (a bridge hop posts one per call).`,
    `Bridge round trip: the demo with no wallet, after the handshake; after ${callPlans.bridge.warmup} warm-up calls, ${callPlans.bridge.blocks * callPlans.bridge.blockSize} \`airlock.provider.request({ method: 'eth_chainId' })\` calls in blocks of ${callPlans.bridge.blockSize}, each answered by the modal from its active network.`,
    'Per-call times: the page’s `performance.now()` is coarsened to 100 µs (not cross-origin isolated), so a call’s time is its block’s time over the block size, awaited one after another; the median is over blocks.',
    `Response encodings: ${[...encodings].sort().join(', ')}.`,
    `Balances endpoint: autocannon in this process against the API on loopback, ${throughput.connections} connections for ${throughput.durationSeconds} s per row, for anvil account #0 on the seeded dev chain; "fresh" asks \`cache=false\`, so each request reads the chain (native balance) and the indexer's tables (tokens).`,
  ]
  if (offLoopback.size)
    notes.push(`Requests to non-loopback origins (failed): ${[...offLoopback].join(', ')}.`)

  const apiRows = throughputRows(throughput)
  console.log(
    `\n${plainTable(headlineRows)}\n\nBreakdown\n${plainTable(breakdownRows)}\n\nAPI\n${plainTable(apiRows)}\n`,
  )
  console.log(`Machine: ${machineLine}`)
  for (const note of notes) console.log(`- ${note}`)

  const markdown = [
    '## Airlock: `npm run bench`',
    '',
    `Generated by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machineLine}.`,
    '',
    markdownTable(headlineRows),
    '',
    '### Breakdown',
    '',
    markdownTable(breakdownRows),
    '',
    '### API',
    '',
    markdownTable(apiRows),
    '',
    '### Method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n')
  writeResultsSection('airlock', markdown)
  console.log('\nbench: wrote bench/RESULTS.md')
}
