/**
 * The image the API answers for a wallet without a logo: a rounded tile with the wallet's
 * initial, its colour derived from the name so neighbouring tiles differ. An SVG written here,
 * never from input other than the one escaped letter.
 */

import { createHash } from 'node:crypto'

/** The tile for `name`, or a neutral "?" tile when there is no wallet. */
export function fallbackWalletImage(name: string | undefined): string {
  const initial = name === undefined ? '?' : (Array.from(name.trim())[0]?.toUpperCase() ?? '?')
  const fill = name === undefined ? '#5b6270' : `hsl(${hueOf(name)} 42% 40%)`
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="24" fill="${fill}"/>`,
    '<text x="48" y="50" dominant-baseline="central" text-anchor="middle" fill="#fff" ',
    'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="44" font-weight="700">',
    escapeXml(initial),
    '</text></svg>',
  ].join('')
}

function hueOf(name: string): number {
  return Math.round(
    createHash('sha256').update(name.trim().toLowerCase()).digest()[0]! * (360 / 256),
  )
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  )
}
