import { describe, expect, test } from 'vitest'
import { backAction, closingView, openingView, shownView } from './rules'

const desktop = { hasAdapters: true, isMobile: false }

describe('opening rules, first that applies wins', () => {
  test('behavior: rule 1, a namespace other than the active chain prompts a network switch', () => {
    expect(
      openingView({ ...desktop, namespace: 'solana', activeNamespace: 'eip155', view: 'Account' }),
    ).toBe('SwitchActiveChain')
  })
  test('behavior: rule 1 does not apply when the namespace is the active one', () => {
    expect(openingView({ ...desktop, namespace: 'eip155', activeNamespace: 'eip155' })).toBe(
      'Connect',
    )
  })
  test('behavior: rule 2, no adapters and no address shows ConnectingWalletConnectBasic on desktop', () => {
    expect(openingView({ hasAdapters: false, isMobile: false, view: 'Account' })).toBe(
      'ConnectingWalletConnectBasic',
    )
  })
  test('behavior: rule 2 shows AllWallets on mobile', () => {
    expect(openingView({ hasAdapters: false, isMobile: true })).toBe('AllWallets')
  })
  test('behavior: rule 2 does not apply when an address is connected', () => {
    expect(openingView({ hasAdapters: false, isMobile: false, address: '0xabc' })).toBe('Account')
  })
  test('behavior: rule 3, an explicit view is opened', () => {
    expect(openingView({ ...desktop, view: 'SwitchNetwork', address: '0xabc' })).toBe(
      'SwitchNetwork',
    )
    expect(openingView({ ...desktop, view: 'Account' })).toBe('Account')
  })
  test('behavior: rule 4, a connected address opens Account', () => {
    expect(openingView({ ...desktop, address: '0xabc' })).toBe('Account')
  })
  test('behavior: rule 5, otherwise Connect', () => {
    expect(openingView(desktop)).toBe('Connect')
  })
})

describe('closing, going back, Connect when connected', () => {
  test('behavior: closing resets to Connect in overlay mode, connected or not', () => {
    expect(closingView({ embedded: false, connected: true })).toBe('Connect')
    expect(closingView({ embedded: false, connected: false })).toBe('Connect')
  })
  test('behavior: in embedded mode closing goes to Account when connected, else Connect', () => {
    expect(closingView({ embedded: true, connected: true })).toBe('Account')
    expect(closingView({ embedded: true, connected: false })).toBe('Connect')
  })
  test('behavior: going back pops, and with one entry left closes the modal', () => {
    expect(backAction(3)).toBe('pop')
    expect(backAction(2)).toBe('pop')
    expect(backAction(1)).toBe('close')
    expect(backAction(0)).toBe('close')
  })
  test('behavior: Connect is shown as Account when connected', () => {
    expect(shownView('Connect', true)).toBe('Account')
    expect(shownView('Connect', false)).toBe('Connect')
    expect(shownView('SwitchNetwork', true)).toBe('SwitchNetwork')
  })
})
