import type { HostWalletInfo } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { connectMethodOrder, orderHostWallets } from './ordering'

const wallet = (name: string, rdns: string, type: HostWalletInfo['type'] = 'ANNOUNCED') => ({
  id: `uuid-${name}`,
  name,
  icon: '',
  rdns,
  type,
})
const alpha = wallet('Alpha', 'com.alpha')
const beta = wallet('Beta', 'com.beta')
const gamma = wallet('Gamma', 'com.gamma')
const browser = { id: 'injected', name: 'Browser Wallet', icon: '', type: 'INJECTED' as const }
const base = { recent: [], featuredWalletIds: [], excludeWallets: [], isMobile: false }

describe('Connect ordering (spec §2, §5)', () => {
  test('behavior: connect methods are email, social, wallet; wallet first when a wallet is shown', () => {
    expect(connectMethodOrder(false)).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodOrder(true)).toEqual(['wallet', 'email', 'social'])
  })
  test('behavior: recent wallets come before the other announced wallets, newest first', () => {
    const ordered = orderHostWallets({
      ...base,
      hostWallets: [alpha, beta, gamma],
      recent: [
        { id: 'com.gamma', name: 'Gamma' },
        { id: 'com.beta', name: 'Beta' },
      ],
    })
    expect(ordered.map((entry) => [entry.section, entry.wallet.name])).toEqual([
      ['recent', 'Gamma'],
      ['recent', 'Beta'],
      ['injected', 'Alpha'],
    ])
  })
  test('behavior: featuredWalletIds order the announced wallets', () => {
    const ordered = orderHostWallets({
      ...base,
      hostWallets: [alpha, beta],
      featuredWalletIds: ['com.beta'],
    })
    expect(ordered.map((entry) => entry.wallet.name)).toEqual(['Beta', 'Alpha'])
  })
  test('behavior: excluded wallets are hidden by rdns or by name', () => {
    expect(
      orderHostWallets({
        ...base,
        hostWallets: [alpha, beta, gamma],
        excludeWallets: ['com.alpha', 'Gamma'],
      }).map((entry) => entry.wallet.name),
    ).toEqual(['Beta'])
  })
  test('behavior: the Browser Wallet is hidden on desktop and shown on mobile', () => {
    expect(orderHostWallets({ ...base, hostWallets: [browser] })).toEqual([])
    expect(orderHostWallets({ ...base, hostWallets: [browser], isMobile: true })).toHaveLength(1)
  })
})
