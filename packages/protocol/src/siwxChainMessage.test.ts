// The Bitcoin, Polkadot and Cosmos sign-in text: its exact lines, round trips through
// `parseSiwxMessage`, and the texts the parser refuses because they are not the one form written
// for their fields.
import { describe, expect, test } from 'vitest'
import type { SiwxMessageData } from './siwx'
import { SiwxError } from './siwxError'
import { createSiwxMessage, parseSiwxMessage } from './siwxMessages'

const regtestAddress = 'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x'
const everyField: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: regtestAddress,
  chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  statement: 'Sign in to prove you control this account. It costs nothing.',
  uri: 'https://shop.example/login',
  version: '1',
  nonce: 'q7Xk2mP9vR4t',
  issuedAt: '2025-03-04T05:06:07.890Z',
  expirationTime: '2025-03-11T05:06:07.890Z',
  notBefore: '2025-03-04T05:00:00.000Z',
  requestId: 'request-42',
  resources: [
    'https://shop.example/terms',
    'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
  ],
}
const fewest: SiwxMessageData = {
  domain: '127.0.0.1:5173',
  accountAddress: regtestAddress,
  chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  nonce: 'q7Xk2mP9vR4t',
  issuedAt: '2025-03-04T05:06:07.890Z',
}

function refusal(run: () => unknown): SiwxError {
  try {
    run()
  } catch (error) {
    if (error instanceof SiwxError) return error
    throw error
  }
  throw new Error('expected a SiwxError, but nothing was thrown')
}

describe('the text', () => {
  test("behavior: EIP-4361's lines in SIWE's order, for a Bitcoin account, with the whole CAIP-2 id", () => {
    expect(createSiwxMessage(everyField)).toBe(
      [
        'shop.example wants you to sign in with your Bitcoin account:',
        regtestAddress,
        '',
        'Sign in to prove you control this account. It costs nothing.',
        '',
        'URI: https://shop.example/login',
        'Version: 1',
        'Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        'Nonce: q7Xk2mP9vR4t',
        'Issued At: 2025-03-04T05:06:07.890Z',
        'Expiration Time: 2025-03-11T05:06:07.890Z',
        'Not Before: 2025-03-04T05:00:00.000Z',
        'Request ID: request-42',
        'Resources:',
        '- https://shop.example/terms',
        '- ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
      ].join('\n'),
    )
  })

  test('behavior: without a statement, two blank lines (as EIP-4361); a scheme goes before the domain', () => {
    expect(createSiwxMessage({ ...fewest, scheme: 'http' })).toBe(
      [
        'http://127.0.0.1:5173 wants you to sign in with your Bitcoin account:',
        regtestAddress,
        '',
        '',
        'URI: http://127.0.0.1:5173',
        'Version: 1',
        'Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        'Nonce: q7Xk2mP9vR4t',
        'Issued At: 2025-03-04T05:06:07.890Z',
      ].join('\n'),
    )
  })

  test.each([
    ['every field', everyField],
    ['the fewest fields', fewest],
    ['a scheme', { ...fewest, scheme: 'http' }],
    [
      'a mainnet address',
      {
        ...everyField,
        accountAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
        chainId: 'bip122:000000000019d6689c085ae165831e93',
      },
    ],
  ] as const)('behavior: a message with %s reads back as its data', (_, data) => {
    expect(parseSiwxMessage(createSiwxMessage(data))).toStrictEqual(data)
  })

  test('error: fields the text cannot carry are refused when it is written', () => {
    expect(
      refusal(() =>
        createSiwxMessage({ ...everyField, statement: 'one\nURI: https://evil.example' }),
      ).message,
    ).toBe('Malformed sign-in message: the statement has a line break.')
    expect(
      refusal(() => createSiwxMessage({ ...everyField, accountAddress: 'bc1q not' })).message,
    ).toBe('Malformed sign-in message: "bc1q not" is not a Bitcoin address.')
  })
})

describe('what the parser refuses', () => {
  const text = createSiwxMessage(everyField)
  test.each([
    [
      'CRLF line ends',
      text.replaceAll('\n', '\r\n'),
      'not an Ethereum, Solana, Bitcoin, Polkadot or Cosmos sign-in',
    ],
    ['a space after a value', text.replace('Version: 1', 'Version: 1 '), 'version "1 " is not 1.'],
    [
      'a space after the nonce',
      text.replace('q7Xk2mP9vR4t', 'q7Xk2mP9vR4t '),
      'the nonce has a line break or spaces around it.',
    ],
    [
      'fields out of order',
      text.replace(
        'Version: 1\nChain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        'Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328\nVersion: 1',
      ),
      'canonical',
    ],
    [
      'a field twice',
      text.replace('Nonce: q7Xk2mP9vR4t', 'Nonce: q7Xk2mP9vR4t\nNonce: otherNonce99'),
      'canonical',
    ],
    ['no nonce', text.replace('Nonce: q7Xk2mP9vR4t\n', ''), 'it has no Nonce.'],
    [
      'no chain id',
      text.replace('Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328\n', ''),
      'it has no Chain ID.',
    ],
    ['a line of its own', text.replace('Version: 1\n', 'Version: 1\nNote: hello\n'), 'canonical'],
    [
      'a line of its own after the resources',
      `${text}\nNote: hello`,
      'the resource "Note: hello" is not an RFC 3986 URI.',
    ],
    [
      'an Ethereum chain id',
      text.replace('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'eip155:1'),
      'chain id "eip155:1" is not a CAIP-2 Bitcoin, Polkadot or Cosmos network.',
    ],
    [
      'a chain reference of the wrong form',
      text.replace('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bip122:regtest!'),
      'is not a CAIP-2 Bitcoin, Polkadot or Cosmos network.',
    ],
    [
      'an address with a space',
      text.replace(regtestAddress, `${regtestAddress} x`),
      'is not a Bitcoin address.',
    ],
    [
      'a statement without its blank line',
      text.replace('It costs nothing.\n\n', 'It costs nothing.\n'),
      'it has no URI.',
    ],
    ['an empty Resources list', createSiwxMessage(fewest).concat('\nResources:'), 'canonical'],
    [
      'a resource without its dash',
      text.replace('- https://shop.example/terms', 'https://shop.example/terms'),
      'canonical',
    ],
    ['version 2', text.replace('Version: 1', 'Version: 2'), 'version "2" is not 1.'],
    [
      'a nonce too short',
      text.replace('q7Xk2mP9vR4t', 'q7Xk'),
      'the nonce is not 8 or more letters and digits.',
    ],
    [
      'an Issued At that is no date',
      text.replace('2025-03-04T05:06:07.890Z', 'yesterday'),
      'Issued At "yesterday" is not an RFC 3339 date-time.',
    ],
  ])('error: a text with %s', (_, candidate, words) => {
    const error = refusal(() => parseSiwxMessage(candidate))
    expect(error.code).toBe('siwxInvalidMessage')
    expect(error.message).toContain('Malformed sign-in message: ')
    expect(error.message).toContain(words)
  })

  test('behavior: a Solana or Ethereum header is not read as a Bitcoin one', () => {
    const solana = text.replace('Bitcoin account', 'Solana account')
    expect(refusal(() => parseSiwxMessage(solana)).message).not.toContain('Bitcoin')
  })
})

describe('Polkadot and Cosmos accounts', () => {
  const polkadotAddress = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
  const cosmosAddress = 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'
  const polkadot: SiwxMessageData = {
    ...fewest,
    accountAddress: polkadotAddress,
    chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  }
  const cosmos: SiwxMessageData = {
    ...fewest,
    accountAddress: cosmosAddress,
    chainId: 'cosmos:cosmoshub-4',
  }

  test('behavior: each header names its chain and the whole CAIP-2 id is the Chain ID', () => {
    expect(createSiwxMessage(polkadot)).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Polkadot account:',
        polkadotAddress,
        '',
        '',
        'URI: http://127.0.0.1:5173',
        'Version: 1',
        'Chain ID: polkadot:91b171bb158e2d3848fa23a9f1c25182',
        'Nonce: q7Xk2mP9vR4t',
        'Issued At: 2025-03-04T05:06:07.890Z',
      ].join('\n'),
    )
    expect(createSiwxMessage(cosmos).split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Cosmos account:',
      cosmosAddress,
    ])
  })

  test('behavior: each reads back to its fields', () => {
    expect(parseSiwxMessage(createSiwxMessage(polkadot))).toEqual(polkadot)
    expect(parseSiwxMessage(createSiwxMessage({ ...everyField, ...cosmos }))).toEqual({
      ...everyField,
      ...cosmos,
    })
  })

  test('error: a header that names another chain than the Chain ID is refused', () => {
    const text = createSiwxMessage(cosmos).replace('Cosmos account', 'Polkadot account')
    expect(refusal(() => parseSiwxMessage(text)).message).toContain(
      'not in the canonical Sign In With Polkadot form.',
    )
    const swapped = createSiwxMessage(polkadot).replace('Polkadot account', 'Bitcoin account')
    expect(refusal(() => parseSiwxMessage(swapped)).message).toContain(
      'not in the canonical Sign In With Bitcoin form.',
    )
  })

  test("error: an address of another chain's form is refused when it is written", () => {
    expect(
      refusal(() => createSiwxMessage({ ...polkadot, accountAddress: cosmosAddress })).message,
    ).toBe(`Malformed sign-in message: "${cosmosAddress}" is not a Polkadot address.`)
    expect(
      refusal(() => createSiwxMessage({ ...cosmos, accountAddress: polkadotAddress })).message,
    ).toBe(`Malformed sign-in message: "${polkadotAddress}" is not a Cosmos address.`)
  })
})
