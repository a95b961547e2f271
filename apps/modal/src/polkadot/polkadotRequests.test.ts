// The modal's Polkadot requests with an extension of real sr25519 keys (as polkadot{.js} signs:
// <Bytes>-wrapped, type byte first): accounts written with the network's SS58 prefix whatever the
// extension gave; a message signature handed to the site only when it is the account's; another
// network's recipient or a fractional amount refused before the extension is asked.
import type { RequestArguments } from '@airlock/protocol'
import { polkadotAddressOf } from '@airlock/protocol/polkadot'
import { hexToU8a, u8aConcat, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { sr25519PairFromSeed, sr25519Sign } from '@polkadot/util-crypto'
import { describe, expect, test } from 'vitest'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import { polkadotRequest, polkadotWalletModule } from './polkadotRequests'

const local = {
  caipNetworkId: 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c' as const,
  name: 'Polkadot Local',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrl: 'http://127.0.0.1:9',
}
const pair = sr25519PairFromSeed(new Uint8Array(32).fill(1))
const other = sr25519PairFromSeed(new Uint8Array(32).fill(2))
// The extension gives its account with Polkadot's prefix (0); Polkadot Local writes it with 42.
const given = polkadotAddressOf(pair.publicKey, 'polkadot')
const onLocal = polkadotAddressOf(pair.publicKey, 'local')

/** An extension of `pair`'s account that signs raw data with `signer`. */
function extension(signer = pair) {
  const asked: string[] = []
  const host: HostWalletCall = async ({ method, params }: RequestArguments) => {
    asked.push(method)
    if (method === 'polkadot_connect') return [{ address: given, type: 'sr25519' }]
    if (method === 'polkadot_signRaw') {
      const { data } = params as { data: string }
      return {
        signature: u8aToHex(u8aConcat([1], sr25519Sign(u8aWrapBytes(hexToU8a(data)), signer))),
      }
    }
    throw new Error(`the extension was asked ${method}`)
  }
  return { host, asked }
}

describe('Polkadot requests on Polkadot Local', () => {
  test('behavior: accounts are written with the network’s prefix, whatever the extension gave', async () => {
    const { host } = extension()
    expect(await polkadotWalletModule.accounts(host, local, { silent: true })).toEqual([onLocal])
    expect(polkadotWalletModule.eventAccounts([given, 'not an address'], local)).toEqual([onLocal])
  })

  test('behavior: polkadot_signMessage gives the site the account’s signature; another key’s is refused', async () => {
    const good = extension()
    const answer = (await polkadotRequest(
      { method: 'polkadot_signMessage', params: { message: 'Hello from the site' } },
      { address: onLocal, network: local, host: good.host },
    )) as { signature: string }
    expect(answer.signature).toMatch(/^0x01[0-9a-f]{128}$/)
    const liar = extension(other)
    await expect(
      polkadotRequest(
        { method: 'polkadot_signMessage', params: { message: 'Hello from the site' } },
        { address: onLocal, network: local, host: liar.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s.')
  })

  test.each([
    [
      'a Polkadot (prefix 0) recipient',
      { recipientAddress: given, amount: '10' },
      `"${given}" is not a Polkadot Local address: it is a Polkadot one.`,
    ],
    [
      'a fractional amount',
      { recipientAddress: onLocal, amount: '1.5' },
      'amount must be a whole number of plancks, as a decimal string.',
    ],
  ])(
    'error: polkadot_sendTokens with %s is refused before the extension is asked',
    async (_, params, words) => {
      const { host, asked } = extension()
      await expect(
        polkadotRequest(
          { method: 'polkadot_sendTokens', params },
          { address: onLocal, network: local, host },
        ),
      ).rejects.toThrow(words)
      expect(asked).toEqual([])
    },
  )

  test('error: a message from another account than the connected one is refused', async () => {
    const { host } = extension()
    const stranger = polkadotAddressOf(other.publicKey, 'local')
    await expect(
      polkadotRequest(
        { method: 'polkadot_signMessage', params: { message: 'hi', address: stranger } },
        { address: onLocal, network: local, host },
      ),
    ).rejects.toThrow(`${stranger} is not the connected account.`)
  })
})
