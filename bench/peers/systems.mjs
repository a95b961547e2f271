// Peer systems for the benchmark: where each built page lives, how to open its connect
// dialog, and an in-page probe that is true once the dialog shows a laid-out wallet list.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

// Installed version if bench/peers/node_modules exists, else the pinned one.
function version(name) {
  try {
    return JSON.parse(readFileSync(join(here, 'node_modules', name, 'package.json'), 'utf8'))
      .version
  } catch {
    return JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).dependencies[name]
  }
}

// Runs in the page (serialized with .toString()): AppKit renders <w3m-modal> with nested
// shadow roots; the connect view lists wallets as <w3m-list-wallet data-testid="wallet-selector-*">
// and its "Search Wallet" entry as data-testid="all-wallets".
function appkitDialogProbe() {
  const sized = (el) => {
    const r = el.getBoundingClientRect()
    return r.width > 0 && r.height > 0
  }
  // Matches under root, including its own shadow root and every nested one.
  const deepAll = (root, selector, hits = []) => {
    if (root.shadowRoot) deepAll(root.shadowRoot, selector, hits)
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(selector)) hits.push(el)
      if (el.shadowRoot) deepAll(el.shadowRoot, selector, hits)
    }
    return hits
  }
  const card = document
    .querySelector('w3m-modal')
    ?.shadowRoot?.querySelector('wui-card[data-testid="w3m-modal-card"]')
  if (!card || !sized(card)) return false
  const view = deepAll(card, 'w3m-connect-view').find(sized)
  if (!view) return false
  // Its list's entries: wallets, or the "Search Wallet" entry to all of them, which is all a
  // click made before AppKit's connectors are ready shows (counted, to be fair to it).
  return deepAll(view, '[data-testid^="wallet-selector-"], [data-testid="all-wallets"]').some(sized)
}

// Runs in the page: RainbowKit's modal is a [role=dialog] with one button per wallet.
function rainbowkitDialogProbe() {
  const sized = (el) => {
    const r = el.getBoundingClientRect()
    return r.width > 0 && r.height > 0
  }
  const dialog = [...document.querySelectorAll('[role="dialog"]')].find(sized)
  if (!dialog) return false
  return [...dialog.querySelectorAll('[data-testid^="rk-wallet-option-"]')].some(sized)
}

export const peers = [
  {
    id: 'appkit',
    label: `AppKit ${version('@reown/appkit')} + wagmi`,
    path: '/appkit/',
    buttonSelector: '#connect',
    enabledButtonSelector: '#connect:not([disabled])',
    dialogProbe: appkitDialogProbe,
  },
  {
    id: 'rainbowkit',
    label: `RainbowKit ${version('@rainbow-me/rainbowkit')} + wagmi`,
    path: '/rainbowkit/',
    buttonSelector: '#connect',
    enabledButtonSelector: '#connect:not([disabled])',
    dialogProbe: rainbowkitDialogProbe,
  },
]
