import { expect, test } from 'vitest'
import { defaultWalletIcon, defaultWalletRdns } from './walletAnnouncement'

test("behavior: the default rdns is the modal's host reversed", () => {
  expect(defaultWalletRdns('https://modal.example.com/modal')).toBe('com.example.modal')
  expect(defaultWalletRdns('http://localhost:8787')).toBe('localhost')
})

test('behavior: the default icon is an SVG data URI, as EIP-6963 asks', () => {
  expect(defaultWalletIcon.startsWith('data:image/svg+xml,')).toBe(true)
  expect(decodeURIComponent(defaultWalletIcon)).toContain('viewBox="0 0 96 96"')
})
