// What `npm run bench` reports, one row each, and which scenario (bench/scenarios.mjs) yields it.
import { KiB } from './harness.mjs'

/**
 * What the table shows, one row each. `scenario` names the browser run that yields the sample
 * under `id`; `target` is an upper bound (none: reported only); `breakdown` rows are printed
 * in a second table that explains the headline rows; `decimals` fixes the digits shown (default:
 * about 3 significant digits).
 */
export const measurements = [
  {
    id: 'hostJs',
    name: 'Host page JS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    target: 10 * KiB,
  },
  {
    id: 'frameFirstBundle',
    name: 'Frame first bundle (gzip: entry and modulepreloads)',
    unit: 'bytes',
    scenario: 'coldOpen',
    target: 100 * KiB,
  },
  {
    id: 'navToVisible',
    name: 'Cold: navigation start → visible',
    unit: 'ms',
    scenario: 'coldOpen',
    target: 250,
  },
  {
    id: 'clickToVisible',
    name: 'Warm: click → visible (loaded, 2 s idle)',
    unit: 'ms',
    scenario: 'warmOpen',
    target: 16,
  },
  {
    id: 'requestToApproval',
    name: 'Warm: request → approval visible (incl. simulation)',
    unit: 'ms',
    scenario: 'approvalVisible',
    target: 150,
  },
  {
    id: 'clickToQr',
    name: 'Click WalletConnect → QR code visible (local relay)',
    unit: 'ms',
    scenario: 'walletConnectQr',
    target: 1000,
  },
  {
    id: 'providerOverhead',
    name: 'Provider overhead, connected browser wallet (per call)',
    unit: 'ms',
    decimals: 3,
    scenario: 'providerCalls',
    target: 0.2,
  },
  {
    id: 'bridgeRoundTrip',
    name: 'Bridge round trip, disconnected (per call)',
    unit: 'ms',
    decimals: 3,
    scenario: 'bridgeCalls',
    target: 1,
  },
  {
    id: 'navToClick',
    name: 'Cold: navigation start → Connect clicked',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'coldClickToVisible',
    name: 'Cold: click → visible',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeBytes',
    name: 'Modal iframe (gzip, all responses until settled)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeScript',
    name: 'Modal iframe: JS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeDocument',
    name: 'Modal iframe: HTML (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeStylesheet',
    name: 'Modal iframe: CSS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeOther',
    name: 'Modal iframe: other (fetch, images, fonts)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
]
