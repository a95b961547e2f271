import type { WalletListing } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { getWalletLink } from './getWalletLink'
import { formatWalletLink, walletLink } from './links'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=00ff'
const encoded = encodeURIComponent(uri)

const wallet = (
  links: Partial<Pick<WalletListing, 'mobile' | 'desktop' | 'stores' | 'homepage'>>,
): WalletListing => ({
  id: 'w',
  name: 'Wallet',
  imageUrl: '/v1/wallets/w/image',
  namespaces: ['eip155'],
  mobile: {},
  desktop: {},
  stores: {},
  ...links,
})

describe('wallet deeplinks', () => {
  test('behavior: a bare scheme becomes scheme://wc?uri=', () => {
    expect(formatWalletLink('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(formatWalletLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
  })

  test('behavior: a scheme with a path keeps it', () => {
    expect(formatWalletLink('argent://app', uri)).toBe(`argent://app/wc?uri=${encoded}`)
  })

  test('behavior: a universal link gets /wc?uri=', () => {
    expect(formatWalletLink('https://rnbwapp.com', uri)).toBe(
      `https://rnbwapp.com/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('https://link.trustwallet.com/', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  test('behavior: phones use the mobile links (native first), desktops the desktop app', () => {
    const both = wallet({
      mobile: { native: 'rainbow:', universal: 'https://rnbwapp.com' },
      desktop: { native: 'rainbowdesktop:' },
    })
    expect(walletLink(both, uri, true)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(walletLink(both, uri, false)).toBe(`rainbowdesktop://wc?uri=${encoded}`)
    expect(walletLink(wallet({ mobile: { universal: 'https://rnbwapp.com' } }), uri, true)).toBe(
      `https://rnbwapp.com/wc?uri=${encoded}`,
    )
  })

  test('edge: no link for the platform, or no wallet → undefined (the QR code)', () => {
    expect(walletLink(wallet({ mobile: { native: 'rainbow:' } }), uri, false)).toBeUndefined()
    expect(walletLink(undefined, uri, true)).toBeUndefined()
  })

  test('security: javascript:, data: and plain http prefixes are never used', () => {
    for (const native of ['javascript:', 'data:text/html,x', 'http://evil.example', 'file://'])
      expect(walletLink(wallet({ mobile: { native } }), uri, true)).toBeUndefined()
  })

  test('behavior: "Get" leads to the store of the device, else the homepage, and only over https', () => {
    const rainbow = wallet({
      homepage: 'https://rainbow.me/',
      stores: {
        ios: 'https://apps.apple.com/app/rainbow-ethereum-wallet/id1457119021',
        android: 'https://play.google.com/store/apps/details?id=me.rainbow',
        chrome: 'https://chromewebstore.google.com/detail/rainbow/opfgelmcmbiajamepnmloijbpoleiama',
      },
    })
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'
    const pixel = 'Mozilla/5.0 (Linux; Android 14; Pixel 8)'
    expect(getWalletLink(rainbow, true, iphone)).toBe(rainbow.stores.ios)
    expect(getWalletLink(rainbow, true, pixel)).toBe(rainbow.stores.android)
    expect(getWalletLink(rainbow, false, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(
      rainbow.stores.chrome,
    )
    const appOnly = wallet({ homepage: 'https://trustwallet.com/', stores: {} })
    expect(getWalletLink(appOnly, false, '')).toBe('https://trustwallet.com/')
    expect(getWalletLink(wallet({ homepage: 'javascript:alert(1)' }), false, '')).toBeUndefined()
    expect(getWalletLink(wallet({}), true, iphone)).toBeUndefined()
  })
})
