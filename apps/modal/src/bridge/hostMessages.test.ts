import { describe, expect, test } from 'vitest'
import { parseHostInfo, parseHostWalletEvent, parseHostWallets } from './hostMessages'

describe('bridge: what the host may say about wallets', () => {
  test('behavior: a host wallet and its events pass', () => {
    expect(
      parseHostWallets([{ id: 'uuid-1', name: 'Wallet', icon: 'javascript:x', type: 'ANNOUNCED' }]),
    ).toEqual([
      { id: 'uuid-1', name: 'Wallet', icon: '', type: 'ANNOUNCED', namespaces: ['eip155'] },
    ])
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

  test('behavior: a Wallet Standard wallet says its namespaces; its account changes pass', () => {
    const wallet = { id: 'standard:Sol', name: 'Sol', icon: '', type: 'ANNOUNCED' }
    expect(parseHostWallets([{ ...wallet, namespaces: ['solana'] }])[0]?.namespaces).toEqual([
      'solana',
    ])
    expect(
      parseHostWallets([{ ...wallet, namespaces: ['eip155', 'solana', 'solana'] }])[0]?.namespaces,
    ).toEqual(['eip155', 'solana'])
    expect(
      parseHostWalletEvent({ walletId: 'standard:Sol', event: 'solanaAccountsChanged', data: [] }),
    ).toEqual({ walletId: 'standard:Sol', event: 'solanaAccountsChanged', data: [] })
  })

  test('security: unknown, empty or malformed namespaces are refused', () => {
    const wallet = { id: 'x', name: 'X', icon: '', type: 'ANNOUNCED' }
    for (const namespaces of [['tron'], [], 'solana', [{}]])
      expect(() => parseHostWallets([{ ...wallet, namespaces }])).toThrow(
        /A wallet speaks eip155, solana, bip122, polkadot, cosmos or several of them/,
      )
  })

  test('behavior: a Bitcoin wallet, and one that speaks every namespace, are taken', () => {
    const wallet = { id: 'x', name: 'X', icon: '', type: 'ANNOUNCED' }
    expect(parseHostWallets([{ ...wallet, namespaces: ['bip122'] }])[0]?.namespaces).toEqual([
      'bip122',
    ])
    const every = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']
    expect(parseHostWallets([{ ...wallet, namespaces: every }])[0]?.namespaces).toEqual(every)
  })
})

describe('bridge: what the host may say about itself', () => {
  // The origin penpal observed the handshake come from.
  const observed = 'https://shop.example'
  const info = {
    origin: 'https://shop.example',
    href: 'https://shop.example/cart?x=1',
    isMobile: false,
    sdkVersion: '0.1.0',
  }

  test('behavior: an allowed origin, an href on it and a version pass', () => {
    expect(parseHostInfo(info, observed)).toEqual({
      origin: 'https://shop.example',
      href: 'https://shop.example/cart?x=1',
      sdkVersion: '0.1.0',
    })
    // An SDK from before sdkVersion: reported as unknown.
    expect(parseHostInfo({ ...info, sdkVersion: undefined }, observed).sdkVersion).toBe('unknown')
  })

  test('security: the host cannot make analytics describe another page', () => {
    // Self-reported origins are not trusted: only the observed one.
    expect(() => parseHostInfo({ ...info, href: 'https://other.example/' }, observed)).toThrow(
      /The host href is not on its origin/,
    )
    // An origin the host claims is no part of it: the page's origin is the one observed.
    expect(parseHostInfo({ ...info, origin: 'https://other.example' }, observed).origin).toBe(
      'https://shop.example',
    )
    expect(() => parseHostInfo({ ...info, href: 'not a url' }, observed)).toThrow(
      /href must be a URL/,
    )
  })

  test('behavior: a malformed sdkVersion is refused', () => {
    for (const sdkVersion of ['', 'latest', 1, '1.2.3<script>'])
      expect(() => parseHostInfo({ ...info, sdkVersion }, observed)).toThrow(/sdkVersion/)
  })

  test("behavior: Telegram's platform is kept when it is a short word, refused otherwise", () => {
    expect(parseHostInfo({ ...info, telegram: 'android_x' }, observed).telegram).toBe('android_x')
    expect(parseHostInfo(info, observed).telegram).toBeUndefined()
    for (const telegram of ['', 'ios<img>', 'x'.repeat(21), 7, {}, ['ios'], null])
      expect(() => parseHostInfo({ ...info, telegram }, observed)).toThrow(/telegram must be/)
  })
})
