// The Polkadot stand-in over real WebSocket and HTTP on loopback, driven as the modal and a wallet
// drive a node: @polkadot/api connects, reads balances and fees and signs with keyring pairs
// (sr25519, ed25519, ecdsa) or with a signer object as a browser extension signs; transfers land
// in a block with their events and in Subscan's list; each refusal (another key's signature, a
// stale or future nonce, a fee it cannot pay, an unsigned or undecodable extrinsic) is answered as
// a node words it and changes nothing, and a transfer the runtime refuses keeps only the fee.
import '@polkadot/api-augment/polkadot'
import { polkadotCaipNetworkIds } from '@airlock/protocol'
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { ApiOptions, SubmittableExtrinsic } from '@polkadot/api/types'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import type { Signer, SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady, mnemonicGenerate } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevPolkadot, existentialDeposit, startDevPolkadot } from './devPolkadot.mjs'

const dot = 10_000_000_000n

type RpcAnswer = { result?: unknown; error?: { code: number; message: string; data?: string } }

describe('dev Polkadot', () => {
  let node: DevPolkadot
  let api: ApiPromise
  let keyring: Keyring

  beforeAll(async () => {
    await cryptoWaitReady()
    keyring = new Keyring({ ss58Format: 42 })
    node = await startDevPolkadot({ port: 0, quiet: true })
    // WsProvider's optional ttl is typed `number | null | undefined` against the interface's
    // `number | null`, which exactOptionalPropertyTypes refuses: the same provider, retyped.
    const provider = new WsProvider(node.wsUrl) as NonNullable<ApiOptions['provider']>
    api = await ApiPromise.create({ provider, noInitWarn: true })
  })
  afterAll(async () => {
    await api?.disconnect()
    await node?.close()
  })

  function pair(type: 'sr25519' | 'ed25519' | 'ecdsa') {
    return keyring.addFromMnemonic(mnemonicGenerate(), {}, type)
  }

  async function funded(type: 'sr25519' | 'ed25519' | 'ecdsa', plancks = 10n * dot) {
    const account = pair(type)
    node.fund(account.address, plancks)
    return account
  }

  async function free(address: string) {
    return (await api.query.system.account(address)).data.free.toBigInt()
  }
  async function nonce(address: string) {
    return (await api.query.system.account(address)).nonce.toNumber()
  }

  async function rpc(method: string, params: unknown[]): Promise<RpcAnswer> {
    const response = await fetch(node.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    return (await response.json()) as RpcAnswer
  }

  /** Signs and submits `tx`, watching it to the block that holds it; statuses and events seen. */
  function send(tx: SubmittableExtrinsic<'promise'>, from: KeyringPair | string, signer?: Signer) {
    return new Promise<{ statuses: string[]; events: string[]; feePaid: bigint; error?: string }>(
      (resolve, reject) => {
        const statuses: string[] = []
        tx.signAndSend(from, signer ? { signer } : {}, (result) => {
          statuses.push(result.status.type)
          if (!result.status.isInBlock) return
          resolve({
            statuses,
            events: result.events.map(({ event }) => `${event.section}.${event.method}`),
            feePaid: BigInt(
              result.events
                .find(({ event }) => event.method === 'TransactionFeePaid')
                ?.event.data[1]?.toString() ?? -1,
            ),
            ...(result.dispatchError ? { error: result.dispatchError.toString() } : {}),
          })
        }).catch(reject)
      },
    )
  }

  async function subscan(address: string, row = 10, page = 0) {
    const response = await fetch(`${node.subscanUrl}/api/v2/scan/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, row, page }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    return (await response.json()) as {
      code: number
      message: string
      data: { count: number; transfers: Record<string, unknown>[] }
    }
  }

  test('behavior: @polkadot/api connects and reads the chain as a dev Polkadot', async () => {
    expect(api.genesisHash.toHex()).toBe(node.genesisHash)
    expect(api.runtimeVersion.specName.toString()).toBe('polkadot')
    expect(api.registry.chainSS58).toBe(42)
    expect(api.registry.chainDecimals).toEqual([10])
    expect(api.registry.chainTokens).toEqual(['DOT'])
    expect(api.consts.balances.existentialDeposit.toBigInt()).toBe(existentialDeposit)
    expect((await api.rpc.system.chain()).toString()).toBe('Airlock Polkadot Dev')
    // The genesis hash is fixed: another start has the same.
    const again = await startDevPolkadot({ port: 0, quiet: true })
    expect(again.genesisHash).toBe(node.genesisHash)
    await again.close()
    // …which the catalogue's Polkadot Local names (CAIP-2: its first 32 hex digits).
    expect(polkadotCaipNetworkIds.local).toBe(`polkadot:${node.genesisHash.slice(2, 34)}`)
  })

  test('behavior: funding shows in System.Account', async () => {
    const account = pair('sr25519')
    expect(await free(account.address)).toBe(0n)
    node.fund(account.address, 3n * dot)
    expect(await free(account.address)).toBe(3n * dot)
    const answer = await fetch(`${node.httpUrl}/dev/fund`, {
      method: 'POST',
      body: JSON.stringify({ address: account.address, amount: '5000000000' }),
    })
    expect(answer.status).toBe(200)
    expect(await free(account.address)).toBe(35n * (dot / 10n))
    const refused = await fetch(`${node.httpUrl}/dev/fund`, {
      method: 'POST',
      body: JSON.stringify({ address: 'not-an-address', amount: '5' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      code: 400,
      message: 'not-an-address is not a Polkadot address',
    })
  })

  test('behavior: an sr25519 transferKeepAlive lands in a block, the fee taken from the sender, and Subscan lists it', async () => {
    const alice = await funded('sr25519')
    const bob = pair('sr25519')
    const amount = 1_234_500_000n
    const tx = api.tx.balances.transferKeepAlive(bob.address, amount)
    const fee = (await tx.paymentInfo(alice)).partialFee.toBigInt()
    expect(fee).toBeGreaterThan(0n)
    const { statuses, events, error, feePaid } = await send(tx, alice)
    expect(statuses).toEqual(['Ready', 'InBlock'])
    expect(feePaid).toBe(fee)
    expect(error).toBeUndefined()
    expect(events).toEqual([
      'balances.Withdraw',
      'balances.Transfer',
      'transactionPayment.TransactionFeePaid',
      'system.ExtrinsicSuccess',
    ])
    expect(await free(alice.address)).toBe(10n * dot - amount - fee)
    expect(await free(bob.address)).toBe(amount)
    expect(await nonce(alice.address)).toBe(1)

    const listed = await subscan(bob.address)
    expect(listed.code).toBe(0)
    expect(listed.message).toBe('Success')
    expect(listed.data.count).toBe(1)
    expect(listed.data.transfers[0]).toMatchObject({
      from: alice.address,
      to: bob.address,
      amount: '0.12345',
      amount_v2: '1234500000',
      success: true,
      fee: fee.toString(),
      hash: tx.hash.toHex(),
    })
    const { block_num, extrinsic_index, block_timestamp } = listed.data.transfers[0] ?? {}
    expect(extrinsic_index).toBe(`${block_num}-0`)
    expect(typeof block_timestamp).toBe('number')
    expect((await subscan(alice.address)).data.count).toBe(1)
  })

  test('behavior: ed25519 and ecdsa senders are checked and applied too (transferAllowDeath, transferAll)', async () => {
    for (const type of ['ed25519', 'ecdsa'] as const) {
      const sender = await funded(type, 2n * dot)
      const recipient = pair('sr25519')
      // The fee is by length, and an ecdsa signature is a byte longer than the one paymentInfo
      // estimates with: the fee paid is read from the block's events.
      const transfer = await send(
        api.tx.balances.transferAllowDeath(recipient.address, dot),
        sender,
      )
      expect(transfer.error).toBeUndefined()
      const fee = transfer.feePaid
      expect(fee).toBeGreaterThan(0n)
      expect(await free(sender.address)).toBe(dot - fee)
      expect(await free(recipient.address)).toBe(dot)

      const all = await send(api.tx.balances.transferAll(recipient.address, true), sender)
      expect(all.error).toBeUndefined()
      const allFee = all.feePaid
      expect(await free(sender.address)).toBe(existentialDeposit)
      expect(await free(recipient.address)).toBe(2n * dot - fee - allFee - existentialDeposit)
    }
  })

  test('behavior: a transfer signed through a signer object, as an extension signs, lands', async () => {
    const alice = await funded('sr25519')
    const bob = pair('ed25519')
    const signer: Signer = {
      async signPayload(payload: SignerPayloadJSON) {
        const extrinsicPayload = api.registry.createType('ExtrinsicPayload', payload, {
          version: payload.version,
        })
        return { id: 1, ...extrinsicPayload.sign(alice) }
      },
    }
    const tx = api.tx.balances.transferKeepAlive(bob.address, dot)
    const fee = (await tx.paymentInfo(alice.address)).partialFee.toBigInt()
    const { statuses, error } = await send(tx, alice.address, signer)
    expect(statuses).toContain('InBlock')
    expect(error).toBeUndefined()
    expect(await free(alice.address)).toBe(9n * dot - fee)
    expect(await free(bob.address)).toBe(dot)

    // The same, signing the raw payload bytes with the type byte in front, as `signRaw` would.
    const rawSigner: Signer = {
      async signPayload(payload: SignerPayloadJSON) {
        const bytes = api.registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .toU8a({ method: true })
        return { id: 2, signature: u8aToHex(alice.sign(bytes, { withType: true })) }
      },
    }
    expect(
      (await send(api.tx.balances.transferKeepAlive(bob.address, dot), alice.address, rawSigner))
        .error,
    ).toBeUndefined()
    expect(await free(bob.address)).toBe(2n * dot)
  })

  test('behavior: a balance subscription sees funding and a transfer; an immortal transfer lands too', async () => {
    const alice = pair('sr25519')
    const bob = pair('ed25519')
    const seen: bigint[] = []
    let changed = () => {}
    const unsubscribe = await api.query.system.account(alice.address, (info) => {
      seen.push(info.data.free.toBigInt())
      changed()
    })
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        changed = () => seen.length >= count && resolve()
        changed()
      })
    await next(1)
    node.fund(alice.address, 2n * dot)
    await next(2)
    const immortal = await api.tx.balances
      .transferKeepAlive(bob.address, dot)
      .signAsync(alice, { era: 0 })
    expect(immortal.era.isImmortalEra).toBe(true)
    expect((await rpc('author_submitExtrinsic', [immortal.toHex()])).result).toBe(
      immortal.hash.toHex(),
    )
    await next(3)
    unsubscribe()
    expect(seen[0]).toBe(0n)
    expect(seen[1]).toBe(2n * dot)
    expect(seen[2]).toBeLessThan(dot)
    expect(await free(bob.address)).toBe(dot)
  })

  test('behavior: the derives and calls a wallet view uses answer: balances, nonce, best block, fees', async () => {
    const alice = await funded('sr25519', 5n * dot)
    const all = await api.derive.balances.all(alice.address)
    expect(all.freeBalance.toBigInt()).toBe(5n * dot)
    expect(all.accountNonce.toNumber()).toBe(0)
    expect((await api.rpc.system.accountNextIndex(alice.address)).toNumber()).toBe(0)
    expect((await api.call.accountNonceApi.accountNonce(alice.address)).toNumber()).toBe(0)
    const best = await api.derive.chain.bestNumber()
    expect(best.toNumber()).toBe((await api.rpc.chain.getHeader()).number.toNumber())
    expect((await api.rpc.chain.getFinalizedHead()).toHex()).toBe(
      (await api.rpc.chain.getBlockHash()).toHex(),
    )
    const signed = await api.tx.balances.transferKeepAlive(alice.address, dot).signAsync(alice)
    const viaCall = await api.call.transactionPaymentApi.queryInfo(
      signed.toHex(),
      signed.encodedLength,
    )
    const viaRpc = await api.rpc.payment.queryInfo(signed.toHex())
    expect(viaCall.partialFee.toBigInt()).toBeGreaterThan(0n)
    expect(viaRpc.partialFee.toBigInt()).toBe(viaCall.partialFee.toBigInt())
  })

  describe('refusals', () => {
    async function refusedUnchanged(hex: string, addresses: string[]) {
      const before = await Promise.all(addresses.map(async (a) => [await free(a), await nonce(a)]))
      const answer = await rpc('author_submitExtrinsic', [hex])
      expect(
        await Promise.all(addresses.map(async (a) => [await free(a), await nonce(a)])),
      ).toEqual(before)
      return answer.error
    }

    test('behavior: a payload signed by another key is a bad signature', async () => {
      const alice = await funded('sr25519')
      const mallory = pair('sr25519')
      const bob = pair('sr25519')
      const signer: Signer = {
        async signPayload(payload: SignerPayloadJSON) {
          const signed = api.registry.createType('ExtrinsicPayload', payload, {
            version: payload.version,
          })
          return { id: 1, ...signed.sign(mallory) }
        },
      }
      const tx = await api.tx.balances
        .transferKeepAlive(bob.address, dot)
        .signAsync(alice.address, {
          signer,
        })
      expect(await refusedUnchanged(tx.toHex(), [alice.address, bob.address])).toEqual({
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction has a bad signature',
      })
    })

    test('behavior: a future nonce and a used one are refused', async () => {
      const alice = await funded('sr25519')
      const bob = pair('sr25519')
      const ahead = await api.tx.balances
        .transferKeepAlive(bob.address, dot)
        .signAsync(alice, { nonce: 3 })
      expect(await refusedUnchanged(ahead.toHex(), [alice.address, bob.address])).toEqual({
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction will be valid in the future',
      })
      const first = await api.tx.balances
        .transferKeepAlive(bob.address, dot)
        .signAsync(alice, { nonce: 0 })
      expect((await rpc('author_submitExtrinsic', [first.toHex()])).result).toBe(first.hash.toHex())
      const again = await api.tx.balances
        .transferKeepAlive(bob.address, dot)
        .signAsync(alice, { nonce: 0 })
      expect(await refusedUnchanged(again.toHex(), [alice.address, bob.address])).toEqual({
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction is outdated',
      })
      expect(await free(bob.address)).toBe(dot)
    })

    test('behavior: a sender that cannot pay the fee is refused', async () => {
      const poor = await funded('sr25519', existentialDeposit)
      const bob = pair('sr25519')
      const tx = await api.tx.balances.transferAllowDeath(bob.address, 1n).signAsync(poor)
      expect(await refusedUnchanged(tx.toHex(), [poor.address, bob.address])).toEqual({
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Inability to pay some fees (e.g. account balance too low)',
      })
    })

    test('behavior: garbage and unsigned extrinsics are refused', async () => {
      const bob = pair('sr25519')
      expect((await refusedUnchanged('0xdeadbeef', [bob.address]))?.code).toBe(1001)
      expect((await refusedUnchanged('0xdeadbeef', [bob.address]))?.message).toMatch(
        /^Extrinsic has invalid format: /,
      )
      expect((await refusedUnchanged('not hex', [bob.address]))?.code).toBe(1001)
      const unsigned = api.tx.balances.transferKeepAlive(bob.address, dot).toHex()
      expect(await refusedUnchanged(unsigned, [bob.address])).toEqual({
        code: 1011,
        message: 'Unknown Transaction Validity',
        data: 'Could not find an unsigned validator for the unsigned transaction',
      })
    })

    test('behavior: a transfer above the balance or below the existential deposit fails in its block, only the fee taken', async () => {
      const alice = await funded('sr25519', dot)
      const bob = pair('sr25519')
      // Each case's amount from the balance the sender will hold once the fee is withdrawn (the
      // fee estimated on an amount of the same encoded length).
      const cases = [
        [
          (left: bigint) => api.tx.balances.transferKeepAlive(bob.address, left + 1n),
          '{"token":"FundsUnavailable"}',
        ],
        [
          (left: bigint) =>
            api.tx.balances.transferKeepAlive(bob.address, left - existentialDeposit + 1n),
          '{"token":"NotExpendable"}',
        ],
        [
          () => api.tx.balances.transferAllowDeath(bob.address, existentialDeposit - 1n),
          '{"token":"BelowMinimum"}',
        ],
      ] as const
      let expected = dot
      for (const [transfer, dispatchError] of cases) {
        const fee = (await transfer(expected).paymentInfo(alice)).partialFee.toBigInt()
        const { events, error, feePaid } = await send(transfer(expected - fee), alice)
        expect(feePaid).toBe(fee)
        expect(error).toBe(dispatchError)
        expect(events).toContain('system.ExtrinsicFailed')
        expect(events).not.toContain('balances.Transfer')
        expected -= fee
        expect(await free(alice.address)).toBe(expected)
        expect(await free(bob.address)).toBe(0n)
      }
      const listed = await subscan(alice.address)
      expect(listed.data.count).toBe(3)
      expect(listed.data.transfers.map((transfer) => transfer.success)).toEqual([
        false,
        false,
        false,
      ])
    })
  })

  test('behavior: HTTP answers allow any origin, preflight included; Subscan pages newest first', async () => {
    const preflight = await fetch(`${node.subscanUrl}/api/v2/scan/transfers`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const alice = await funded('sr25519')
    const bob = pair('sr25519')
    for (const amount of [1n, 2n, 3n])
      await send(api.tx.balances.transferKeepAlive(bob.address, amount * dot), alice)
    const page = await subscan(bob.address, 2, 0)
    expect(page.data.count).toBe(3)
    expect(page.data.transfers.map((transfer) => transfer.amount)).toEqual(['3', '2'])
    expect((await subscan(bob.address, 2, 1)).data.transfers.map((t) => t.amount)).toEqual(['1'])
    expect((await rpc('chain_subscribeNewHeads', [])).error?.message).toBe(
      'Subscriptions are not supported on HTTP',
    )
    expect((await rpc('system_properties', [])).result).toEqual({
      ss58Format: 42,
      tokenDecimals: 10,
      tokenSymbol: 'DOT',
    })
  })
})
