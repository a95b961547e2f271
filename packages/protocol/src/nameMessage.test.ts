import { describe, expect, test } from 'vitest'
import { type NameMessageData, nameMessage, readNameMessage } from './nameMessage'

const data: NameMessageData = {
  action: 'register',
  name: 'alice.airlock.eth',
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  chainId: 10,
  site: 'https://shop.example',
  attributes: {},
  timestamp: 1795687200,
}

describe('nameMessage', () => {
  test('behavior: lines a person reads, binding the action, name, account, chain, site and time', () => {
    expect(nameMessage(data)).toBe(
      [
        'shop.example asks you to register this name for your account:',
        '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        '',
        'Name: alice.airlock.eth',
        'URI: https://shop.example',
        'Chain ID: 10',
        'Issued At: 2026-11-26T10:00:00Z',
      ].join('\n'),
    )
  })

  test('behavior: records in a fixed order, each a quoted text; a records change says so', () => {
    const message = nameMessage({
      ...data,
      action: 'records',
      site: 'http://localhost:5173',
      attributes: {
        'com.github': 'alice',
        description: 'Alice\nURI: https://evil.example',
        avatar: 'ipfs://bafy',
        url: 'https://alice.example/',
        'com.twitter': 'alice',
      },
    })
    expect(message.split('\n')).toEqual([
      "localhost:5173 asks you to change this name's records:",
      '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      '',
      'Name: alice.airlock.eth',
      'Avatar: "ipfs://bafy"',
      // A line break in a record stays inside its quotes: it can't write a line of its own.
      'Description: "Alice\\nURI: https://evil.example"',
      'URL: "https://alice.example/"',
      'Twitter: "alice"',
      'GitHub: "alice"',
      'URI: http://localhost:5173',
      'Chain ID: 10',
      'Issued At: 2026-11-26T10:00:00Z',
    ])
  })
})

describe('readNameMessage', () => {
  test('behavior: what nameMessage builds reads back to the same data', () => {
    const withRecords = {
      ...data,
      attributes: {
        avatar: 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1',
        description: 'a "quote"',
      },
    }
    expect(readNameMessage(nameMessage(data))).toEqual({ data })
    expect(readNameMessage(nameMessage(withRecords))).toEqual({ data: withRecords })
  })

  test.each([
    [
      'raw JSON, as names were signed before',
      '{"name":"alice.airlock.eth","attributes":{},"timestamp":1}',
      /^The message is not a name message: its first line/,
    ],
    [
      'another first line',
      nameMessage(data).replace('asks you to', 'wants you to'),
      /^The message is not a name message: its first line/,
    ],
    [
      'a line without a key',
      nameMessage(data).replace('Chain ID: 10', 'Chain ID 10'),
      /^The message's line "Chain ID 10" is not "Key: value"\.$/,
    ],
    [
      'a record not quoted',
      nameMessage({ ...data, attributes: { description: 'hi' } }).replace('"hi"', 'hi'),
      /^The message's Description is not a quoted text\.$/,
    ],
    [
      'no time',
      nameMessage(data).replace(/\nIssued At: .*$/, ''),
      /^The message is not a name message: .*timestamp/s,
    ],
    [
      'a time with milliseconds',
      nameMessage(data).replace('00Z', '00.000Z'),
      /^The message is not in its canonical form; sign exactly:\nshop\.example asks/,
    ],
    [
      'a chain id in hex',
      nameMessage(data).replace('Chain ID: 10', 'Chain ID: 0xa'),
      /^The message is not a name message: .*chainId/s,
    ],
    [
      'CRLF line ends',
      nameMessage(data).replaceAll('\n', '\r\n'),
      /^The message is not a name message: /,
    ],
    [
      'a link that is not one',
      nameMessage(data).replace('\nURI:', '\nURL: "javascript:alert(1)"\nURI:'),
      /must be an http\(s\) URL/,
    ],
    [
      'a line it does not have',
      nameMessage(data).replace('\nURI:', '\nOwner: 0x1\nURI:'),
      /^The message is not in its canonical form/,
    ],
  ])('error: %s is refused, saying why', (_case, message, problem) => {
    const read = readNameMessage(message)
    expect(read.data).toBeUndefined()
    expect(read.problem).toMatch(problem)
  })
})
