import { describe, expect, test } from 'vitest'
import { parseHostWalletEvent, parseHostWallets } from './bridge'

describe('bridge: what the host may say about wallets', () => {
  test('behavior: a host wallet and its events pass', () => {
    expect(
      parseHostWallets([{ id: 'uuid-1', name: 'Wallet', icon: 'javascript:x', type: 'ANNOUNCED' }]),
    ).toEqual([{ id: 'uuid-1', name: 'Wallet', icon: '', type: 'ANNOUNCED' }])
    expect(
      parseHostWalletEvent({ walletId: 'uuid-1', event: 'accountsChanged', data: ['0x1'] }),
    ).toEqual({ walletId: 'uuid-1', event: 'accountsChanged', data: ['0x1'] })
  })

  test('security: the host cannot speak for the frame’s WalletConnect session', () => {
    expect(() =>
      parseHostWalletEvent({ walletId: 'walletConnect', event: 'accountsChanged', data: ['0x1'] }),
    ).toThrow(/"walletConnect" is not a host wallet/)
    expect(() =>
      parseHostWallets([{ id: 'walletConnect', name: 'Fake', icon: '', type: 'INJECTED' }]),
    ).toThrow(/"walletConnect" is not a host wallet/)
  })
})
