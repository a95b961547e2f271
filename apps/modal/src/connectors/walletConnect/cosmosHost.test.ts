// The modal's Cosmos requests through a WalletConnect session (cosmosHost.ts), the phone a real
// secp256k1 key answering WalletConnect's cosmos methods as cosmjs signs: the session's accounts
// with the phone's public key, ADR-036 as cosmos_signAmino of the ADR-036 document, a bank send
// signed in direct mode that lands on the dev Cosmos chain (scripts/devCosmos.mjs); another
// key's signature and a chain the phone did not approve refused, nothing sent.
import type { NetworkConfig, RequestArguments } from '@airlock/protocol'
import { adr036SignDoc, verifyCosmosMessage } from '@airlock/protocol/cosmos'
import { Secp256k1Wallet, type StdSignDoc } from '@cosmjs/amino'
import { Random } from '@cosmjs/crypto'
import { fromBase64, toBase64, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevCosmos, startDevCosmos } from '../../../../../scripts/devCosmos.mjs'
import { cosmosRequest } from '../../cosmos/cosmosRequests'
import { signDirectAsWallet } from '../../test/cosmosSigning'
import { walletConnectCosmos } from './cosmosHost'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>
const local = 'cosmos:airlock-local-1' as const

/**
 * A session whose phone holds one key (and `signer`'s for signing: a phone that is not the
 * account), approved on `approved` with its address; every request it got, in order.
 */
async function phoneSession(options: { signerKey?: Uint8Array; approved?: string } = {}) {
  const key = Random.getBytes(32)
  const [account] = await (await DirectSecp256k1Wallet.fromKey(key, 'cosmos')).getAccounts()
  if (!account) throw new Error('no account')
  const signerKey = options.signerKey ?? key
  const direct = await DirectSecp256k1Wallet.fromKey(signerKey, 'cosmos')
  const amino = await Secp256k1Wallet.fromKey(signerKey, 'cosmos')
  const [signer] = await direct.getAccounts()
  const approved = options.approved ?? local
  const extra = toBech32('cosmos', Random.getBytes(20))
  const asked: RequestArguments[] = []
  const sessions: WalletConnectSessions = {
    restore: async () => true,
    current: () => ({
      approved: [approved as never],
      network: approved as never,
      accounts: [account.address],
    }),
    hasSession: () => true,
    async request(request) {
      asked.push(request)
      const p = (request.params ?? {}) as Params
      switch (request.method) {
        case 'cosmos_getAccounts':
          // An account the phone holds but did not approve for the session comes too.
          return [
            { address: account.address, algo: 'secp256k1', pubkey: toBase64(account.pubkey) },
            { address: extra, algo: 'secp256k1', pubkey: toBase64(account.pubkey) },
          ]
        case 'cosmos_signAmino':
          return amino.signAmino(signer!.address, p.signDoc as StdSignDoc)
        case 'cosmos_signDirect':
          return signDirectAsWallet(direct, signer!.address, p.signDoc as Params)
        default:
          throw new Error(`the phone was asked ${request.method}`)
      }
    },
    disconnect: async () => {},
  }
  return { address: account.address, host: walletConnectCosmos(sessions), asked }
}

describe('Cosmos requests through a WalletConnect session', () => {
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
      caipNetworkId: local,
      name: 'Cosmos Local',
      nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
      rpcUrl: chain.restUrl,
    }
  })
  afterAll(async () => {
    await chain?.close()
  })

  test('behavior: the accounts are the session’s, with the public key the phone gave', async () => {
    const phone = await phoneSession()
    const accounts = (await cosmosRequest(
      { method: 'cosmos_getAccounts' },
      { address: phone.address, network, host: phone.host },
    )) as { address: string; pubkey: string }[]
    expect(accounts.map(({ address }) => address)).toEqual([phone.address])
    expect(fromBase64(accounts[0]!.pubkey)).toHaveLength(33)
    expect(phone.asked[0]).toEqual({ method: 'cosmos_getAccounts', params: {} })
  })

  test('behavior: cosmos_signArbitrary is the phone’s cosmos_signAmino of the ADR-036 document, verified for the account', async () => {
    const phone = await phoneSession()
    const signature = await cosmosRequest(
      { method: 'cosmos_signArbitrary', params: { message: 'Sign in from the phone' } },
      { address: phone.address, network, host: phone.host },
    )
    const verify = (message: string) =>
      verifyCosmosMessage({
        address: phone.address,
        message,
        signature: JSON.stringify(signature),
        network: 'local',
      })
    expect(verify('Sign in from the phone')).toBe(true)
    expect(verify('Sign in elsewhere')).toBe(false)
    expect(phone.asked.at(-1)).toEqual({
      method: 'cosmos_signAmino',
      params: {
        signerAddress: phone.address,
        signDoc: adr036SignDoc(phone.address, 'Sign in from the phone'),
      },
    })
  })

  test('error: a phone signing with another key than the account’s gives the site nothing, and sends nothing', async () => {
    const phone = await phoneSession({ signerKey: Random.getBytes(32) })
    await expect(
      cosmosRequest(
        { method: 'cosmos_signArbitrary', params: { message: 'Sign in from the phone' } },
        { address: phone.address, network, host: phone.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s.')
    await chain.fund(phone.address, 2_000_000)
    const recipient = toBech32('cosmos', Random.getBytes(20))
    await expect(
      cosmosRequest(
        { method: 'cosmos_sendTokens', params: { recipientAddress: recipient, amount: '1000' } },
        { address: phone.address, network, host: phone.host },
      ),
    ).rejects.toThrow('The wallet signed with another key than the account’s: nothing was sent.')
    expect(await balance(recipient)).toBe(0n)
  })

  test('behavior: a bank send is signed by the phone in direct mode and lands', async () => {
    const phone = await phoneSession()
    await chain.fund(phone.address, 3_000_000)
    const recipient = toBech32('cosmos', Random.getBytes(20))
    const { transactionHash } = (await cosmosRequest(
      { method: 'cosmos_sendTokens', params: { recipientAddress: recipient, amount: '1000000' } },
      { address: phone.address, network, host: phone.host },
    )) as { transactionHash: string }
    expect(transactionHash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balance(recipient)).toBe(1_000_000n)
    const direct = phone.asked.find(({ method }) => method === 'cosmos_signDirect')
    expect(direct?.params).toMatchObject({
      signerAddress: phone.address,
      signDoc: { chainId: 'airlock-local-1', accountNumber: expect.any(String) },
    })
  })

  test('error: a chain the phone did not approve has no accounts and is never asked to sign', async () => {
    const phone = await phoneSession({ approved: 'cosmos:cosmoshub-4' })
    await expect(
      cosmosRequest(
        { method: 'cosmos_signArbitrary', params: { message: 'hello' } },
        { address: phone.address, network, host: phone.host },
      ),
    ).rejects.toThrow('The connected account is not on this Cosmos network.')
    expect(phone.asked).toEqual([])
  })
})
