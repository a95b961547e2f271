/**
 * The pictures of Account's round wallet actions (Buy, Swap, Receive, Send): line drawings in the
 * text's colour. Decorative: each button's label under it names it.
 */
import type { WalletFeature } from '../../stores/walletFeatures'

const paths: Record<WalletFeature, string> = {
  // A card with its stripe.
  onramp:
    'M3 6.5A1.5 1.5 0 0 1 4.5 5h11A1.5 1.5 0 0 1 17 6.5v7a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 13.5ZM3 8.5h14M6 12h3',
  // Two arrows, one each way.
  swaps: 'M6 4 3 7l3 3M3 7h11M14 10l3 3-3 3M17 13H6',
  // An arrow down onto a line.
  receive: 'M10 3v10M5.5 8.5 10 13l4.5-4.5M4 16.5h12',
  // An arrow up, away.
  send: 'M10 16V5M5.5 9.5 10 5l4.5 4.5M4 3.5h12',
}

export function WalletFeatureIcon({ feature }: { feature: WalletFeature }) {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path
        d={paths[feature]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
