import { describe, expect, test } from 'vitest'
import { networkMark } from './networkMarks'

describe('network marks', () => {
  test('behavior: Ethereum and its test and dev chains show its mark; known L2s and other namespaces their own', () => {
    const ethereum = networkMark('eip155:1')?.image
    expect(decodeURIComponent(ethereum ?? '')).toContain('<title>Ethereum</title>')
    expect(networkMark('eip155:31337')?.image).toBe(ethereum)
    expect(networkMark('eip155:11155111')?.image).toBe(ethereum)
    expect(networkMark('eip155:10')).toMatchObject({ color: '#FF0420' })
    expect(networkMark('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatchObject({
      color: '#9945FF',
    })
    // The mark's SVG names its brand in its <title>.
    expect(
      decodeURIComponent(networkMark('bip122:000000000019d6689c085ae165831e93')?.image ?? ''),
    ).toContain('<title>Bitcoin</title>')
  })

  test('behavior: a network whose mark is not known gets none (its initial shows)', () => {
    expect(networkMark('eip155:8453')).toBeUndefined()
    expect(networkMark('cosmos:cosmoshub-4')).toBeUndefined()
  })
})
