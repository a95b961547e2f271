// The modal's Cosmos requests against the dev Cosmos chain on loopback (scripts/devCosmos.mjs: a
// real ledger behind a node's REST API), with a wallet that signs as Keplr does (cosmjs's direct
// and amino signers with its key): a bank send planned, signed, checked and landed; ADR-036
// signatures handed to the site only when they are the account's; what a wallet or a site gets
// wrong refused in words, with nothing broadcast.
import type { NetworkConfig, RequestArguments } from '@airlock/protocol'
import { adr036SignDoc } from '@airlock/protocol/cosmos'
import { Secp256k1Wallet } from '@cosmjs/amino'
import { Random } from '@cosmjs/crypto'
import { toBase64, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevCosmos, startDevCosmos } from '../../../../scripts/devCosmos.mjs'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import { signDirectAsWallet } from '../test/cosmosSigning'
import { cosmosRequest } from './cosmosRequests'

type Params = Record<string, unknown>

/** A Keplr-like wallet of one key, answering the host's cosmos_* calls; `tamper` changes its answers. */
async function keplrLike(
  key = Random.getBytes(32),
  tamper: (method: string, answer: Params) => Params = (_, a) => a,
) {
  const direct = await DirectSecp256k1Wallet.fromKey(key, 'cosmos')
  const amino = await Secp256k1Wallet.fromKey(key, 'cosmos')
  const [account] = await direct.getAccounts()
  if (!account) throw new Error('no account')
  const asked: string[] = []
  const host: HostWalletCall = async ({ method, params }: RequestArguments) => {
    asked.push(method)
    const p = (params ?? {}) as Params
    if (method === 'cosmos_connect')
      return [{ address: account.address, publicKey: toBase64(account.pubkey), algo: 'secp256k1' }]
    if (method === 'cosmos_signArbitrary')
      return tamper(method, {
        ...(
          await amino.signAmino(
            String(p.address),
            adr036SignDoc(String(p.address), String(p.message)),
          )
        ).signature,
      })
    if (method === 'cosmos_signDirect') {
      return tamper(
        method,
        await signDirectAsWallet(direct, String(p.address), p.signDoc as Params),
      )
    }
    throw new Error(`the wallet was asked ${method}`)
  }
  return { address: account.address, host, asked }
}

describe('Cosmos requests on Cosmos Local', () => {
  let chain: DevCosmos
  let network: NetworkConfig
  const balance = async (address: string) => {
    const answer = (await (
      await fetch(`${chain.restUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uatom`)
    ).json()) as { balance: { amount: string } }
    return BigInt(answer.balance.amount)
  }

  beforeAll(async () => {
    chain = await startDevCosmos({ port: 0, quiet: true })
    network = {
      caipNetworkId: 'cosmos:airlock-local-1',
      name: 'Cosmos Local',
      nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
      rpcUrl: chain.restUrl,
    }
  })
  afterAll(async () => {
    await chain?.close()
  })

  test('behavior: cosmos_sendTokens lands: the recipient has the amount, the sender paid it and the simulated fee', async () => {
    const wallet = await keplrLike()
    const recipient = toBech32('cosmos', Random.getBytes(20))
    await chain.fund(wallet.address, 3_000_000)
    const { transactionHash } = (await cosmosRequest(
      { method: 'cosmos_sendTokens', params: { recipientAddress: recipient, amount: '1000000' } },
      { address: wallet.address, network, host: wallet.host },
    )) as { transactionHash: string }
    expect(transactionHash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balance(recipient)).toBe(1_000_000n)
    const paid = 3_000_000n - (await balance(wallet.address))
    // The amount and a fee at 0.0025 uatom a unit of gas: a few hundred uatom.
    expect(paid > 1_000_000n && paid < 1_001_000n).toBe(true)
  })

  test('security: a wallet that signs with another key is refused before anything is broadcast', async () => {
    const wallet = await keplrLike(Random.getBytes(32), (method, answer) => {
      if (method !== 'cosmos_signDirect') return answer
      return {
        ...answer,
        signature: { ...(answer.signature as Params), signature: toBase64(Random.getBytes(64)) },
      }
    })
    const recipient = toBech32('cosmos', Random.getBytes(20))
    await chain.fund(wallet.address, 3_000_000)
    await expect(
      cosmosRequest(
        { method: 'cosmos_sendTokens', params: { recipientAddress: recipient, amount: '1000' } },
        { address: wallet.address, network, host: wallet.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s: nothing was sent.')
    expect(await balance(wallet.address)).toBe(3_000_000n)
  })

  test('security: a wallet that changes the transaction (its fee) is refused', async () => {
    const wallet = await keplrLike(Random.getBytes(32), (method, answer) => {
      if (method !== 'cosmos_signDirect') return answer
      const signed = answer.signed as Params
      return {
        ...answer,
        signed: { ...signed, authInfoBytes: `${String(signed.authInfoBytes).slice(0, -4)}AAA=` },
      }
    })
    await chain.fund(wallet.address, 3_000_000)
    await expect(
      cosmosRequest(
        {
          method: 'cosmos_sendTokens',
          params: { recipientAddress: toBech32('cosmos', Random.getBytes(20)), amount: '1000' },
        },
        { address: wallet.address, network, host: wallet.host },
      ),
    ).rejects.toThrow('The wallet changed the transaction: nothing was sent.')
    expect(await balance(wallet.address)).toBe(3_000_000n)
  })

  test('behavior: cosmos_signArbitrary gives the site the account’s ADR-036 signature; another key’s is refused', async () => {
    const wallet = await keplrLike()
    const answer = (await cosmosRequest(
      { method: 'cosmos_signArbitrary', params: { message: 'Hello from the site' } },
      { address: wallet.address, network, host: wallet.host },
    )) as { pub_key: { value: string }; signature: string }
    expect(answer.pub_key.value).toHaveLength(44)
    const liar = await keplrLike(Random.getBytes(32), (method, signed) => {
      if (method !== 'cosmos_signArbitrary') return signed
      return { ...signed, signature: toBase64(Random.getBytes(64)) }
    })
    await expect(
      cosmosRequest(
        { method: 'cosmos_signArbitrary', params: { message: 'Hello from the site' } },
        { address: liar.address, network, host: liar.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s.')
  })

  test.each([
    [
      'an Osmosis recipient',
      { recipientAddress: toBech32('osmo', new Uint8Array(20).fill(1)), amount: '10' },
      'is not a Cosmos Local address: it is an Osmosis one.',
    ],
    [
      'an amount with decimals',
      { recipientAddress: toBech32('cosmos', new Uint8Array(20).fill(1)), amount: '1.5' },
      'amount must be a whole number of uatom, as a decimal string.',
    ],
  ])(
    'error: cosmos_sendTokens with %s is refused before the wallet is asked',
    async (_, params, words) => {
      const wallet = await keplrLike()
      await expect(
        cosmosRequest(
          { method: 'cosmos_sendTokens', params },
          { address: wallet.address, network, host: wallet.host },
        ),
      ).rejects.toThrow(words)
      expect(wallet.asked).toEqual([])
    },
  )

  test('error: a sign document of another chain is refused before the wallet is asked', async () => {
    const wallet = await keplrLike()
    await expect(
      cosmosRequest(
        {
          method: 'cosmos_signDirect',
          params: {
            signDoc: {
              chainId: 'cosmoshub-4',
              bodyBytes: '',
              authInfoBytes: '',
              accountNumber: '0',
            },
          },
        },
        { address: wallet.address, network, host: wallet.host },
      ),
    ).rejects.toThrow('signDoc is for cosmoshub-4, not the active network airlock-local-1.')
    expect(wallet.asked).toEqual([])
  })
})
