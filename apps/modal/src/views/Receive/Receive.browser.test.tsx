// Receive as the visitor sees it (issue 22): the connected address as a QR code and as text with
// Copy, the site's networks of its namespace; and Account offering the wallet's features in the
// spec's order, only those on.
import { defaultProjectFeatures } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { accountText } from '../../messages/accountText'
import { receiveText } from '../../messages/receiveText'
import { evmAccount } from '../../test/fixtures'
import {
  anvil,
  connectedState,
  projectConfig,
  renderView,
  solanaLocalnet,
} from '../../test/renderView'

const base: typeof anvil = {
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: anvil.rpcUrl,
}
const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

beforeAll(async () => {
  await import('./Receive')
  await import('../Account/Account')
})

describe('Receive', () => {
  test('behavior: the address as a QR code and as text; the networks it receives on, the active one marked', async () => {
    renderView('Receive', {
      below: ['Account'],
      config: projectConfig({ networks: [anvil, base, solanaLocalnet] }),
      state: connectedState(evmAccount),
    })
    const qr = await screen.findByRole('img', { name: receiveText.qrLabel(evmAccount) })
    expect(qr.dataset.uri).toBe(evmAccount)
    await expect.poll(() => qr.dataset.ready).toBe('true')
    expect(screen.getByText(evmAccount)).toBeVisible()
    const networks = screen.getByRole('list', { name: receiveText.networks })
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Anvil', 'Base'])
    expect(within(networks).getByText('Anvil')).toHaveAttribute('aria-current', 'true')
    expect(screen.getByText(receiveText.onlyTheseNetworks)).toBeVisible()
  })

  test('behavior: Copy copies the address and says so', async () => {
    const { modal } = renderView('Receive', {
      below: ['Account'],
      state: connectedState(evmAccount),
    })
    await userEvent.click(await screen.findByRole('button', { name: receiveText.copy }))
    await expect.poll(() => modal.store.getState().toast?.message).toBe(accountText.addressCopied)
  })

  test('behavior: a Solana address receives on Solana networks only', async () => {
    renderView('Receive', {
      below: ['Account'],
      config: projectConfig({ networks: [anvil, solanaLocalnet] }),
      state: connectedState(solanaAccount, solanaLocalnet),
    })
    const networks = await screen.findByRole('list', { name: receiveText.networks })
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Solana Localnet'])
  })
})

describe('Account: the wallet’s features', () => {
  const featureButtons = async () => {
    await screen.findByRole('tabpanel')
    return Array.from(document.querySelectorAll<HTMLElement>('[data-wallet-feature]')).map(
      (button) => button.textContent,
    )
  }

  test('behavior: in the spec’s order (Buy, Swap, Receive, Send); Receive opens the Receive view', async () => {
    const { modal } = renderView('Account', { state: connectedState(evmAccount) })
    expect(await featureButtons()).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }))
    await expect.poll(() => modal.navigation.view()).toBe('Receive')
  })

  test('behavior: a feature the project or the site turned off is not offered', async () => {
    renderView('Account', {
      config: projectConfig({ features: { ...defaultProjectFeatures, receive: false } }),
      options: { features: { onramp: false } },
      state: connectedState(evmAccount),
    })
    expect(await featureButtons()).toEqual(['Swap', 'Send'])
  })

  test('behavior: on Solana, Swap (EVM transactions) is not offered', async () => {
    renderView('Account', { state: connectedState(solanaAccount, solanaLocalnet) })
    expect(await featureButtons()).toEqual(['Buy', 'Receive', 'Send'])
  })
})
