import type { HostWalletInfo } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { installedWalletFor, namespacesOf } from './walletRegistry'

describe('installedWalletFor', () => {
  const host = (
    fields: Partial<HostWalletInfo> & Pick<HostWalletInfo, 'name'>,
  ): HostWalletInfo => ({
    id: `uuid-${fields.name}`,
    icon: '',
    type: 'ANNOUNCED',
    ...fields,
  })
  const metaMaskHost = host({ name: 'MetaMask', rdns: 'io.metamask' })
  const renamed = host({ name: 'Rabby', rdns: 'io.rabby' })
  const noRdns = host({ name: ' Zerion ' })

  test("behavior: a registry wallet matches the page's wallet by rdns, else by name ignoring case", () => {
    const hostWallets = [metaMaskHost, renamed, noRdns]
    expect(installedWalletFor({ name: 'MetaMask', rdns: 'io.metamask' }, hostWallets)).toBe(
      metaMaskHost,
    )
    expect(installedWalletFor({ name: 'Rabby Wallet', rdns: 'io.rabby' }, hostWallets)).toBe(
      renamed,
    )
    expect(installedWalletFor({ name: 'zerion', rdns: 'io.zerion.wallet' }, hostWallets)).toBe(
      noRdns,
    )
    expect(
      installedWalletFor({ name: 'Phantom', rdns: 'app.phantom' }, hostWallets),
    ).toBeUndefined()
    expect(installedWalletFor({ name: 'Meta' }, hostWallets)).toBeUndefined()
  })
})

test("namespacesOf: each namespace of the site's networks once, in order", () => {
  expect(
    namespacesOf(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453']),
  ).toEqual(['eip155', 'solana'])
  expect(namespacesOf([])).toEqual([])
  expect(namespacesOf(['eip155:1', 'not a network'])).toEqual(['eip155'])
})
