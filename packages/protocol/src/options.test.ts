import { describe, expect, test } from 'vitest'
import { parseFrameOptions, parseOpenParams } from './options'
import { themeVariableError } from './theme'

describe('site options', () => {
  test('behavior: valid options pass through', () => {
    const options = parseFrameOptions({
      networks: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      defaultNetwork: 'eip155:1',
      themeMode: 'light',
      themeVariables: { '--airlock-accent': '#00ff88', '--airlock-font-size-master': '10px' },
      features: { swaps: false },
      excludeWallets: ['io.metamask'],
      embedded: false,
    })
    expect(options.networks).toHaveLength(2)
    expect(options.themeMode).toBe('light')
  })
  test.each([
    [null, 'options must be an object'],
    [{ networks: 'eip155:1' }, 'networks must be an array'],
    [{ networks: ['eip155:1', ' '] }, 'networks[1]'],
    [{ networks: ['tron:1'] }, 'networks[0]'],
    [
      { networks: ['eip155:1'], defaultNetwork: 'eip155:10' },
      'defaultNetwork must be one of networks',
    ],
    [{ themeMode: 'Dark' }, 'themeMode'],
    [{ themeVariables: { '--airlock-accent': 'url(x)' } }, 'Unsafe value'],
    [{ themeVariables: { color: 'red' } }, 'Unknown theme variable'],
    [{ features: { send: 'yes' } }, 'features.send must be a boolean'],
    [{ features: { teleport: true } }, 'unknown key "teleport"'],
    [{ siwx: 1 }, 'siwx must be a boolean'],
    [{ announce: 'off' }, 'announce must be a boolean'],
    [{ wat: true }, 'unknown key "wat"'],
  ])('behavior: bad options %j are refused naming the field', (value, message) => {
    expect(() => parseFrameOptions(value)).toThrow(message)
  })
  test('behavior: open parameters', () => {
    expect(parseOpenParams(undefined)).toEqual({})
    expect(parseOpenParams({ view: 'Account', namespace: 'eip155' })).toEqual({
      view: 'Account',
      namespace: 'eip155',
    })
    expect(() => parseOpenParams({ view: 'account' })).toThrow('Unknown view "account"')
    expect(() => parseOpenParams({ namespace: 'tron' })).toThrow('Unknown namespace')
    expect(() => parseOpenParams({ view: 'Account', x: 1 })).toThrow('Unknown key "x"')
    expect(() => parseOpenParams('Account')).toThrow()
  })
  test('security: a site cannot open the views that change or show the embedded wallet’s keys', () => {
    for (const view of ['WalletRecoveryCode', 'WalletExportKey'])
      expect(() => parseOpenParams({ view })).toThrow(
        `The ${view} view opens only from the modal's Account view.`,
      )
  })
  test('behavior: theme values must have a safe shape', () => {
    expect(themeVariableError('--airlock-accent', 'rgb(10, 20, 30)')).toBeUndefined()
    expect(themeVariableError('--airlock-accent', '#fff;}')).toContain('Unsafe')
    expect(
      themeVariableError('--airlock-font-family', 'Inter, "Helvetica Neue", sans-serif'),
    ).toBeUndefined()
    expect(themeVariableError('--airlock-font-family', 'x; background: url(y)')).toContain('Unsafe')
    expect(themeVariableError('--airlock-border-radius-master', '4px')).toBeUndefined()
    expect(themeVariableError('--airlock-border-radius-master', '4')).toContain('Unsafe')
    expect(themeVariableError('--airlock-color-mix-strength', '101')).toContain('Unsafe')
  })
})
