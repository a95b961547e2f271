// Connect as the visitor sees it (spec §2 ordering, §5 excluded wallets and Browser Wallet):
// which wallets are listed, in which order, with which tag.
import type { HostWalletInfo, WalletListing } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { ui, viewTitles } from '../../messages'
import { allWalletsText } from '../../messages/allWalletsText'
import { projectConfig, renderView, solanaLocalnet, unmountViews } from '../../test/renderView'

const wallet = (name: string, rdns: string, extra: Partial<HostWalletInfo> = {}) =>
  ({ id: `uuid-${rdns}`, name, icon: '', rdns, type: 'ANNOUNCED', ...extra }) as HostWalletInfo

const rabby = wallet('Rabby', 'io.rabby')
const metaMask = wallet('MetaMask', 'io.metamask')
const zerion = wallet('Zerion', 'io.zerion')

/** The list's rows as the visitor reads them: name, then tag when there is one. */
async function rows() {
  const list = await screen.findByRole('list', { name: 'Wallets' })
  return within(list)
    .getAllByRole('button')
    .map((button) => {
      // An icon's initial is decoration, hidden from assistive technology: not read here either.
      const read = button.cloneNode(true) as HTMLElement
      for (const hidden of read.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
      return read.textContent
    })
}

/** The connection methods in the order the view shows them: email, or the wallet list. */
async function methods() {
  await screen.findByRole('list', { name: 'Wallets' })
  return [...document.querySelectorAll('[data-method="email"], [aria-label="Wallets"]')].map(
    (element) => (element.matches('[data-method="email"]') ? 'email' : 'wallet'),
  )
}

describe('Connect', () => {
  test('behavior: email comes first when the page shows no browser wallet (spec §2 method order)', async () => {
    renderView('Connect')
    expect(await methods()).toEqual(['email', 'wallet'])
    expect(screen.getByRole('button', { name: ui.continueWithEmail })).toBeEnabled()
  })

  test('behavior: wallets come first when the page shows a browser wallet', async () => {
    renderView('Connect', { state: { hostWallets: [rabby] } })
    expect(await methods()).toEqual(['wallet', 'email'])
  })

  test('behavior: no email entry when the site turns email off', async () => {
    renderView('Connect', { options: { features: { email: false } } })
    expect(await methods()).toEqual(['wallet'])
  })
  test('behavior: WalletConnect first, then the announced wallets, then All Wallets last', async () => {
    renderView('Connect', { state: { hostWallets: [rabby, metaMask] } })
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(viewTitles.Connect)
    expect(await rows()).toEqual([
      `${ui.walletConnect}${ui.notSetUp}`,
      `Rabby${ui.installed}`,
      `MetaMask${ui.installed}`,
      ui.allWalletsEntry,
    ])
  })

  test('behavior: the recent wallets come right after WalletConnect, newest first, tagged Recent', async () => {
    renderView('Connect', {
      state: {
        hostWallets: [rabby, metaMask, zerion],
        recentWallets: [
          { id: 'io.zerion', name: 'Zerion', rdns: 'io.zerion' },
          { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
        ],
      },
    })
    expect(await rows()).toEqual([
      `${ui.walletConnect}${ui.notSetUp}`,
      `Zerion${ui.recent}`,
      `MetaMask${ui.recent}`,
      `Rabby${ui.installed}`,
      ui.allWalletsEntry,
    ])
  })

  test('behavior: featured wallets lead the installed ones, in the featured order', async () => {
    renderView('Connect', {
      state: { hostWallets: [rabby, metaMask, zerion] },
      options: { featuredWalletIds: ['io.zerion', 'MetaMask'] },
    })
    expect(await rows()).toEqual([
      `${ui.walletConnect}${ui.notSetUp}`,
      `Zerion${ui.installed}`,
      `MetaMask${ui.installed}`,
      `Rabby${ui.installed}`,
      ui.allWalletsEntry,
    ])
  })

  test('behavior: an excluded wallet is not listed, by rdns or by name', async () => {
    renderView('Connect', {
      state: { hostWallets: [rabby, metaMask, zerion] },
      options: { excludeWallets: ['io.rabby', 'zerion'] },
    })
    const names = await rows()
    expect(names).toContain(`MetaMask${ui.installed}`)
    expect(names.join()).not.toMatch(/Rabby|Zerion/)
  })

  test('behavior: on desktop the injected Browser Wallet is hidden (spec §5)', async () => {
    renderView('Connect', {
      state: {
        hostWallets: [wallet('Browser Wallet', '', { id: 'injected', type: 'INJECTED' }), metaMask],
      },
    })
    expect(await rows()).toEqual([
      `${ui.walletConnect}${ui.notSetUp}`,
      `MetaMask${ui.installed}`,
      ui.allWalletsEntry,
    ])
  })

  test('behavior: a wallet of none of the site’s namespaces is left out', async () => {
    const solanaOnly = wallet('Solflare', 'com.solflare', { namespaces: ['solana'] })
    const dual = wallet('Phantom', 'app.phantom', { namespaces: ['eip155', 'solana'] })
    renderView('Connect', {
      state: { hostWallets: [solanaOnly, dual, metaMask] },
      options: { networks: ['eip155:31337'] },
    })
    const names = await rows()
    expect(names).toContain(`Phantom${ui.installed}`)
    expect(names.join()).not.toContain('Solflare')

    // A Solana site lists it, and leaves out the EVM-only wallet.
    unmountViews()
    renderView('Connect', {
      config: projectConfig({ networks: [solanaLocalnet] }),
      state: { hostWallets: [solanaOnly, dual, metaMask] },
    })
    expect((await rows()).join()).toMatch(/^(?!.*MetaMask).*Solflare.*Phantom/)
  })

  test('behavior: with no browser wallet the page says so, and All Wallets is still offered', async () => {
    renderView('Connect')
    expect(await screen.findByText(ui.noBrowserWallets)).toBeVisible()
    expect(await rows()).toEqual([`${ui.walletConnect}${ui.notSetUp}`, ui.allWalletsEntry])
    expect(screen.getByRole('button', { name: new RegExp(ui.walletConnect) })).toBeDisabled()
  })

  test('behavior: a project whose configuration is broken offers no wallet', async () => {
    renderView('Connect', {
      config: { projectId: null, project: null, error: 'projectIdNotConfigured' },
      state: { hostWallets: [metaMask] },
    })
    expect(await screen.findByText(ui.unavailable)).toBeVisible()
    expect(screen.queryByRole('button', { name: /MetaMask/ })).toBeNull()
  })

  test('behavior: choosing a wallet asks it to connect and shows the Connecting view', async () => {
    const asked: { walletId: string; method: string }[] = []
    renderView('Connect', {
      state: { hostWallets: [metaMask] },
      // The wallet's prompt stays open: the view waits on it.
      walletRequest: (walletId, request) => {
        asked.push({ walletId, method: request.method })
        return new Promise(() => {})
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: /MetaMask/ }))
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      viewTitles.ConnectingExternal,
    )
    await expect.poll(() => asked[0]).toMatchObject({ walletId: metaMask.id })
  })

  test('behavior: All Wallets lists the registry for the site’s networks, without its excluded wallets', async () => {
    const listing = (id: string, name: string): WalletListing => ({
      id,
      name,
      imageUrl: '',
      namespaces: ['eip155'],
      mobile: {},
      desktop: {},
      stores: {},
    })
    const { apiCalls } = renderView('Connect', {
      options: { networks: ['eip155:31337'], excludeWallets: ['io.rabby'] },
      api: {
        'GET /v1/wallets': () => ({
          count: 2,
          data: [listing('rainbow', 'Rainbow'), listing('trust', 'Trust Wallet')],
        }),
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: ui.allWalletsEntry }))
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      viewTitles.AllWallets,
    )
    const registry = await screen.findByRole('list', { name: allWalletsText.listLabel })
    expect(await within(registry).findByRole('button', { name: /Rainbow/ })).toBeVisible()
    expect(within(registry).getByRole('button', { name: /Trust Wallet/ })).toBeVisible()
    // What the API was asked for: the site's namespaces, less what it excludes.
    expect(apiCalls.find((call) => call.path === '/v1/wallets')?.query).toMatchObject({
      namespaces: 'eip155',
      exclude: 'io.rabby',
    })
  })
})
