// ApproveTransaction as the visitor sees it (issue 34 points 4 and 5): Approve arms only after
// the card has been seen for 500 ms, as Chromium proves it (IntersectionObserver v2), and never
// while the page makes it transparent or covers it; the card names the site that asks, says what
// is asked (an EIP-7702 upgrade too: the contract and its address), and keeps a long message
// inside it.
import { simple7702AccountAddress } from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { beforeAll, expect, test } from 'vitest'
import type { AccountUpgrade } from '../../embeddedWallet/accountUpgrade'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { viewTitles } from '../../messages'
import { approveText } from '../../messages/approveText'
import { evmAccount, testHost } from '../../test/fixtures'
import { connectedState, renderView } from '../../test/renderView'
import { fitModalUnscaled } from '../../test/viewport'
import { seenForMs } from './useSeenArming'

const message: PendingApproval = {
  kind: 'message',
  network: 'eip155:31337',
  from: evmAccount,
  message: 'Sign in to the shop',
}

function renderApproval(approval: PendingApproval = message) {
  return renderView('ApproveTransaction', {
    state: { ...connectedState(evmAccount), host: testHost, approval },
  })
}

const approveButton = () => screen.getByRole('button', { name: approveText.approveButton })

beforeAll(fitModalUnscaled)

test('security: Approve arms once the card has been seen for 500 ms', async () => {
  const shown = performance.now()
  renderApproval()
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    viewTitles.ApproveTransaction,
  )
  expect(await screen.findByRole('button', { name: approveText.approveButton })).toBeDisabled()
  await expect.poll(() => approveButton().dataset.arming).toBe('armed')
  expect(approveButton()).toBeEnabled()
  expect(performance.now() - shown).toBeGreaterThanOrEqual(seenForMs)
})

for (const [hiding, hide, show] of [
  [
    'transparent',
    (element: HTMLElement) => {
      element.style.opacity = '0'
    },
    (element: HTMLElement) => {
      element.style.opacity = ''
    },
  ],
  [
    'covered by the page',
    () => {
      const cover = document.body.appendChild(document.createElement('div'))
      cover.dataset.cover = ''
      // The page's own picture over the card; clicks pass through it to the card below.
      cover.style.cssText =
        'position:fixed;inset:0;z-index:1000;background:white;opacity:0.9;pointer-events:none'
    },
    () => document.querySelector('[data-cover]')?.remove(),
  ],
] as const)
  test(`security: while the card is ${hiding}, Approve never arms; seen again, it arms 500 ms later`, async () => {
    const { container } = renderApproval()
    hide(container)
    await screen.findByRole('button', { name: approveText.approveButton })
    // The browser has looked and found the card not visible: waiting, a click does nothing.
    await expect.poll(() => approveButton().dataset.arming).toBe('waiting')
    approveButton().click()
    expect(approveButton()).toBeDisabled()
    // Long enough to have armed, had it been visible: it arms only once seen again.
    const seenAgain = await new Promise<number>((resolve) =>
      setTimeout(() => {
        show(container)
        resolve(performance.now())
      }, seenForMs * 2),
    )
    expect(approveButton()).toBeDisabled()
    await expect.poll(() => approveButton().dataset.arming).toBe('armed')
    expect(performance.now() - seenAgain).toBeGreaterThanOrEqual(seenForMs)
  })

test('behavior: the card names the site that asks, by the origin the bridge observed', async () => {
  renderApproval()
  const origin = await screen.findByText(testHost.origin)
  expect(origin).toBeVisible()
  expect(origin.parentElement).toHaveTextContent(`${approveText.askedBy} ${testHost.origin}`)
})

const typedData: PendingApproval = {
  kind: 'typedData',
  network: 'eip155:31337',
  from: evmAccount,
  domain: { name: 'Shop', chainId: 31337 },
  primaryType: 'Order',
  message: { item: 'hat' },
}
const transaction: PendingApproval = {
  kind: 'transaction',
  network: 'eip155:31337',
  from: evmAccount,
  to: evmAccount,
  value: 1n,
}
for (const [approval, title] of [
  [message, approveText.signMessage],
  [typedData, approveText.signTypedData],
  [transaction, approveText.sendTransaction],
  [
    { ...transaction, kind: 'calls', calls: [transaction] } as PendingApproval,
    approveText.sendCalls,
  ],
] as const)
  test(`behavior: a ${approval.kind} request is titled '${title}'`, async () => {
    renderApproval(approval)
    expect(await screen.findByText(title)).toBeVisible()
  })

const upgrade: AccountUpgrade = {
  contract: 'Simple7702Account',
  address: simple7702AccountAddress,
}
for (const [approval, title] of [
  [{ ...transaction, upgrade }, approveText.upgradeAndSendTransaction],
  [
    { ...transaction, kind: 'calls', calls: [transaction], upgrade } as PendingApproval,
    approveText.upgradeAndSendCalls,
  ],
] as const)
  test(`behavior: a ${approval.kind} request that upgrades the account is titled '${title}' and names the contract and its address`, async () => {
    renderApproval(approval)
    expect(await screen.findByText(title)).toBeVisible()
    const note = screen.getByText('Upgrade this account to a smart account')
    expect(note).toBeVisible()
    const section = note.closest('[data-upgrade]')
    expect(section).toHaveTextContent('Simple7702Account')
    expect(section).toHaveTextContent(simple7702AccountAddress)
  })

for (const approval of [
  { ...message, account: 'Safe 1.4.1' },
  { ...transaction, account: 'Safe 1.4.1' },
] as PendingApproval[])
  test(`behavior: a ${approval.kind} request of a Safe names the account below its address`, async () => {
    renderApproval(approval)
    const label = await screen.findByText(approveText.smartAccount)
    expect(label.nextElementSibling).toHaveTextContent('Safe 1.4.1')
    expect(label.previousElementSibling).toHaveTextContent(evmAccount)
  })

test("behavior: an EOA's request (or the 7702 account's, the same address) names no smart account", async () => {
  renderApproval(transaction)
  await screen.findByRole('button', { name: approveText.approveButton })
  expect(screen.queryByText(approveText.smartAccount)).toBeNull()
})

test("behavior: removing the upgrade is titled 'Remove the account's upgrade' and names the contract the account stops running", async () => {
  renderApproval({ ...transaction, to: evmAccount, value: 0n, fromModal: true, removal: upgrade })
  expect(await screen.findByText("Remove the account's upgrade")).toBeVisible()
  const section = screen.getByText('Make this account a plain EOA again').closest('[data-upgrade]')
  expect(section).toHaveTextContent('Simple7702Account')
  expect(section).toHaveTextContent(simple7702AccountAddress)
})

test('behavior: a long message wraps and scrolls inside the card, never wider than it', async () => {
  const line = `${'0123456789abcdef'.repeat(12)} ${'word '.repeat(60)}`
  renderApproval({ ...message, message: Array.from({ length: 40 }, () => line).join('\n') })
  await screen.findByRole('button', { name: approveText.approveButton })
  const shown = document.querySelector<HTMLElement>('[data-approval-message]')!
  const card = screen.getByRole('dialog')
  expect(shown.scrollWidth).toBeLessThanOrEqual(shown.clientWidth)
  expect(shown.getBoundingClientRect().right).toBeLessThanOrEqual(
    card.getBoundingClientRect().right,
  )
  // Taller than its box: it scrolls within it, the buttons stay in the card.
  expect(shown.scrollHeight).toBeGreaterThan(shown.clientHeight)
  expect(approveButton().getBoundingClientRect().bottom).toBeLessThanOrEqual(
    card.getBoundingClientRect().bottom,
  )
})

/** Runs `check` as in a browser without IntersectionObserver v2 (Firefox, Safari). */
async function withoutVisibilityProof(check: () => Promise<void>) {
  const prototype = IntersectionObserverEntry.prototype
  const isVisible = Object.getOwnPropertyDescriptor(prototype, 'isVisible')
  delete (prototype as { isVisible?: unknown }).isVisible
  try {
    await check()
  } finally {
    if (isVisible) Object.defineProperty(prototype, 'isVisible', isVisible)
  }
}

test('security: where visibility cannot be proven, a transaction has no Approve in the frame, only the approval window', async () => {
  await withoutVisibilityProof(async () => {
    renderApproval(transaction)
    expect(await screen.findByRole('button', { name: approveText.approveInWindow })).toBeEnabled()
    expect(screen.queryByRole('button', { name: approveText.approveButton })).toBeNull()
    expect(screen.getByText(approveText.inWindowWhy)).toBeVisible()
    expect(screen.getByRole('button', { name: approveText.reject })).toBeEnabled()
  })
})

test('behavior: where visibility cannot be proven, a message to sign is still approved in the frame, and says so', async () => {
  await withoutVisibilityProof(async () => {
    renderApproval(message)
    await expect.poll(() => approveButton().dataset.arming).toBe('armed')
    expect(screen.getByText(approveText.visibilityUnproven)).toBeVisible()
    expect(screen.queryByRole('button', { name: approveText.approveInWindow })).toBeNull()
  })
})
