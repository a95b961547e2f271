// The modal's Polkadot requests through a WalletConnect session (polkadotHost.ts), the phone a
// real sr25519 key answering WalletConnect's polkadot methods as polkadot{.js} signs (<Bytes>-
// wrapped, type byte first): the session's accounts written with the network's SS58 prefix, a
// message signature given to the site only when it is the account's, a transaction payload
// handed to the phone as its transactionPayload.
import type { RequestArguments } from '@airlock/protocol'
import { polkadotAddressOf, verifyPolkadotMessage } from '@airlock/protocol/polkadot'
import { hexToU8a, u8aConcat, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { sr25519PairFromSeed, sr25519Sign } from '@polkadot/util-crypto'
import { describe, expect, test } from 'vitest'
import { polkadotRequest } from '../../polkadot/polkadotRequests'
import { walletConnectPolkadot } from './polkadotHost'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>
const local = {
  caipNetworkId: 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c' as const,
  name: 'Polkadot Local',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrl: 'http://127.0.0.1:9',
}
const pair = sr25519PairFromSeed(new Uint8Array(32).fill(3))
const other = sr25519PairFromSeed(new Uint8Array(32).fill(4))
// The phone approved its account with Polkadot's prefix (0); Polkadot Local writes it with 42.
const given = polkadotAddressOf(pair.publicKey, 'polkadot')
const onLocal = polkadotAddressOf(pair.publicKey, 'local')
const signed = (data: Uint8Array, signer = pair) =>
  u8aToHex(u8aConcat([1], sr25519Sign(data, signer)))

/** A session of `pair`'s account whose phone signs with `signer`; every request it got. */
function phoneSession(signer = pair) {
  const asked: RequestArguments[] = []
  const sessions: WalletConnectSessions = {
    restore: async () => true,
    current: () => ({
      approved: [local.caipNetworkId],
      network: local.caipNetworkId,
      accounts: [given],
    }),
    hasSession: () => true,
    async request(request) {
      asked.push(request)
      const p = (request.params ?? {}) as Params
      if (request.method === 'polkadot_signMessage')
        return { signature: signed(u8aWrapBytes(hexToU8a(String(p.message))), signer) }
      if (request.method === 'polkadot_signTransaction')
        return { signature: signed(new Uint8Array([1, 2, 3]), signer) }
      throw new Error(`the phone was asked ${request.method}`)
    },
    disconnect: async () => {},
  }
  return { host: walletConnectPolkadot(sessions), asked }
}

describe('Polkadot requests through a WalletConnect session', () => {
  test('behavior: the accounts are the session’s, written with the network’s prefix', async () => {
    const phone = phoneSession()
    expect(
      await polkadotRequest(
        { method: 'polkadot_getAccounts' },
        { address: onLocal, network: local, host: phone.host },
      ),
    ).toEqual([{ address: onLocal }])
    expect(phone.asked).toEqual([])
  })

  test('behavior: polkadot_signMessage is the phone’s, the message in hex; its signature verifies for the account', async () => {
    const phone = phoneSession()
    const { signature } = (await polkadotRequest(
      { method: 'polkadot_signMessage', params: { message: 'Sign in from the phone' } },
      { address: onLocal, network: local, host: phone.host },
    )) as { signature: string }
    expect(
      verifyPolkadotMessage({
        address: onLocal,
        message: 'Sign in from the phone',
        signature,
        network: 'local',
      }),
    ).toBe(true)
    expect(phone.asked).toEqual([
      {
        method: 'polkadot_signMessage',
        params: {
          address: onLocal,
          message: u8aToHex(new TextEncoder().encode('Sign in from the phone')),
        },
      },
    ])
  })

  test('error: a phone signing with another key than the account’s gives the site nothing', async () => {
    const phone = phoneSession(other)
    await expect(
      polkadotRequest(
        { method: 'polkadot_signMessage', params: { message: 'Sign in from the phone' } },
        { address: onLocal, network: local, host: phone.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s.')
  })

  test('behavior: polkadot_signTransaction hands the phone the payload as its transactionPayload', async () => {
    const phone = phoneSession()
    const payload = { address: onLocal, method: '0x0500', nonce: '0x00', specVersion: '0x01' }
    const answer = await polkadotRequest(
      { method: 'polkadot_signTransaction', params: { transactionPayload: payload } },
      { address: onLocal, network: local, host: phone.host },
    )
    expect(answer).toEqual({ signature: expect.stringMatching(/^0x01[0-9a-f]{128}$/) })
    expect(phone.asked).toEqual([
      {
        method: 'polkadot_signTransaction',
        params: { address: onLocal, transactionPayload: payload },
      },
    ])
  })

  test('error: a phone answering without a signature is refused in words', async () => {
    const host = walletConnectPolkadot({
      restore: async () => true,
      current: () => ({ approved: [], network: undefined, accounts: [] }),
      hasSession: () => true,
      request: async () => ({ signature: 'not hex' }),
      disconnect: async () => {},
    })
    await expect(
      host({ method: 'polkadot_signPayload', params: { payload: { address: onLocal } } }),
    ).rejects.toThrow('The wallet answered polkadot_signTransaction without a signature.')
  })
})
