import { describe, expect, test } from 'vitest'
import { InvalidParamsError } from './errors'
import {
  frameMethodValidators,
  parseHandshake,
  parseHostWalletEvent,
  parseHostWallets,
} from './frameValidators'

const wallet = { id: 'uuid-1', name: 'Wallet', icon: 'data:image/png;base64,AA', type: 'ANNOUNCED' }

describe('parseHandshake', () => {
  test('behavior: a handshake reads back with its options checked', () => {
    expect(
      parseHandshake({
        protocolVersion: 1,
        isMobile: true,
        open: true,
        options: { networks: ['eip155:1'] },
      }),
    ).toEqual({
      protocolVersion: 1,
      isMobile: true,
      open: true,
      options: { networks: ['eip155:1'] },
    })
  })

  test.each([
    ['no parameters', undefined, 'protocolVersion must be a number.'],
    [
      'a version that is not a number',
      { protocolVersion: '1', isMobile: false },
      'protocolVersion',
    ],
    [
      'isMobile missing',
      { protocolVersion: 1, options: { networks: [] } },
      'isMobile must be a boolean.',
    ],
    [
      'open missing',
      { protocolVersion: 1, isMobile: false, options: {} },
      'open must be a boolean.',
    ],
    [
      'a bad option',
      { protocolVersion: 1, isMobile: false, open: false, options: { networks: ['eip155'] } },
      'networks[0]',
    ],
  ])('behavior: %s is refused naming it', (_, value, details) => {
    expect(() => parseHandshake(value)).toThrow(InvalidParamsError)
    expect(() => parseHandshake(value)).toThrow(details)
  })
})

describe('parseHostWalletEvent', () => {
  test('behavior: an event of a host wallet passes with its data', () => {
    const event = { walletId: 'uuid-1', event: 'chainChanged', data: '0x1' }
    expect(parseHostWalletEvent(event, ['walletConnect'])).toEqual(event)
  })

  test.each(['polkadotAccountsChanged', 'cosmosAccountsChanged'])(
    'behavior: a Polkadot or Cosmos wallet’s %s passes with its addresses',
    (name) => {
      const event = { walletId: `${name}-wallet`, event: name, data: ['addr1', 'addr2'] }
      expect(parseHostWalletEvent(event, ['walletConnect'])).toEqual(event)
    },
  )

  test('behavior: an unknown event is refused', () => {
    expect(() => parseHostWalletEvent({ walletId: 'uuid-1', event: 'message', data: 1 })).toThrow(
      'Unknown wallet event.',
    )
  })

  test("behavior: a host can't speak for a wallet id the frame keeps", () => {
    expect(() =>
      parseHostWalletEvent({ walletId: 'walletConnect', event: 'disconnect' }, ['walletConnect']),
    ).toThrow('"walletConnect" is not a host wallet.')
  })
})

describe('parseHostWallets', () => {
  test('behavior: icons other than data: images and https URLs are dropped; namespaces default to eip155', () => {
    expect(
      parseHostWallets([{ ...wallet, icon: 'javascript:alert(1)', rdns: 'io.wallet' }]),
    ).toEqual([
      {
        id: 'uuid-1',
        name: 'Wallet',
        icon: '',
        rdns: 'io.wallet',
        type: 'ANNOUNCED',
        namespaces: ['eip155'],
      },
    ])
  })

  test('behavior: a wallet may speak polkadot and cosmos, beside other namespaces, each listed once', () => {
    expect(
      parseHostWallets([
        { ...wallet, namespaces: ['eip155', 'polkadot', 'polkadot'] },
        { ...wallet, id: 'cosmos:Keplr', name: 'Keplr', namespaces: ['cosmos'] },
      ]).map(({ namespaces }) => namespaces),
    ).toEqual([['eip155', 'polkadot'], ['cosmos']])
  })

  test.each([
    ['not a list', { wallets: [] }, 'Host wallets must be a list.'],
    [
      'more than 50 wallets',
      Array.from({ length: 51 }, () => wallet),
      'Host wallets must be a list.',
    ],
    ['an unknown wallet type', [{ ...wallet, type: 'EXTENSION' }], 'Unknown wallet type.'],
    [
      'an unknown namespace',
      [{ ...wallet, namespaces: ['tron'] }],
      'A wallet speaks eip155, solana, bip122, polkadot, cosmos or several of them.',
    ],
    ['a nameless wallet', [{ ...wallet, name: '' }], 'wallet.name must be a non-empty string.'],
  ])('behavior: %s is refused', (_, value, details) => {
    expect(() => parseHostWallets(value)).toThrow(details)
  })
})

describe('open', () => {
  const { open } = frameMethodValidators()
  test('behavior: open takes its parameters and whether the host already shows the frame', () => {
    expect(open([{ view: 'AllWallets' }, true])).toEqual([{ view: 'AllWallets' }, true])
    expect(open([{}, false])).toEqual([{}, false])
  })

  test.each([
    ['missing', []],
    ['a string', [{}, 'true']],
    ['a number', [{}, 1]],
  ])('error: a shown flag that is %s is refused', (_, list) => {
    expect(() => open(list)).toThrow(InvalidParamsError)
    expect(() => open(list)).toThrow('shown must be a boolean.')
  })
})
