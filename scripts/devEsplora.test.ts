// The dev Esplora over real HTTP on loopback, driven as a wallet and the modal drive Esplora: keys
// made here, spends built and signed with @scure/btc-signer and broadcast as raw hex. Funding shows
// in the balance, UTXOs and history; P2WPKH, P2TR, P2PKH and P2SH-P2WPKH spends are applied to
// both sides; each refusal (a bad or foreign signature, a spent, missing or double-spent input,
// dust, outputs above inputs, a fee below 1 sat/vB, garbage, another network's address) is a 400
// with bitcoind's reason that changes nothing; with automine off a spend waits for a block.
import { p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh, RawTx, Transaction } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevEsplora, defaultFeeEstimates, startDevEsplora } from './devEsplora.mjs'

const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const mainnet = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }
const testnet = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

type Kind = 'wpkh' | 'tr' | 'pkh' | 'sh-wpkh'
type Wallet = {
  kind: Kind
  key: Uint8Array
  address: string
  script: Uint8Array
  /** What an input spending this wallet's output needs besides its UTXO. */
  inputExtras: { tapInternalKey?: Uint8Array; redeemScript?: Uint8Array }
}
type Coin = { txid: string; vout: number; value: number }
type Output = { address: string; amount: number }

function wallet(kind: Kind): Wallet {
  const key = randomPrivateKeyBytes()
  if (kind === 'tr') {
    const payment = p2tr(pubSchnorr(key), undefined, regtest)
    return {
      kind,
      key,
      address: payment.address,
      script: payment.script,
      inputExtras: { tapInternalKey: payment.tapInternalKey },
    }
  }
  if (kind === 'sh-wpkh') {
    const payment = p2sh(p2wpkh(pubECDSA(key), regtest), regtest)
    return {
      kind,
      key,
      address: payment.address,
      script: payment.script,
      inputExtras: { redeemScript: payment.redeemScript },
    }
  }
  const payment = (kind === 'pkh' ? p2pkh : p2wpkh)(pubECDSA(key), regtest)
  return { kind, key, address: payment.address, script: payment.script, inputExtras: {} }
}

/**
 * A transaction spending `coins` of `from` to `outputs`, signed by `from`'s key; or by `signer`,
 * whose own script and inputs stand in for `from`'s (so it really signs, but as someone else).
 */
function spend(from: Wallet, coins: Coin[], outputs: Output[], signer: Wallet = from) {
  const tx = new Transaction({ allowLegacyWitnessUtxo: true })
  for (const coin of coins)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: signer.script, amount: BigInt(coin.value) },
      ...signer.inputExtras,
    })
  for (const output of outputs) tx.addOutputAddress(output.address, BigInt(output.amount), regtest)
  tx.sign(signer.key)
  tx.finalize()
  return tx
}

/** `target`'s raw hex with the witnesses of `source` put in its place. */
function withWitnessesOf(target: Transaction, source: Transaction) {
  const decoded = RawTx.decode(target.extract())
  return Buffer.from(
    RawTx.encode({ ...decoded, witnesses: RawTx.decode(source.extract()).witnesses }),
  ).toString('hex')
}

/** secp256k1's group order: s and n − s are the same ECDSA signature, and only the low one relays. */
const curveOrder = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** A DER signature (with its sighash byte) turned into its high-S twin. */
function highS(signature: Uint8Array) {
  const rLength = signature[3] ?? 0
  const r = signature.subarray(4, 4 + rLength)
  const sLength = signature[5 + rLength] ?? 0
  const s = BigInt(
    `0x${Buffer.from(signature.subarray(6 + rLength, 6 + rLength + sLength)).toString('hex')}`,
  )
  const high = Buffer.from((curveOrder - s).toString(16).padStart(64, '0'), 'hex')
  // A high S has its top bit set, so DER prefixes a zero byte to keep it positive.
  const sBytes = Uint8Array.from([0, ...high])
  const body = [2, r.length, ...r, 2, sBytes.length, ...sBytes]
  return Uint8Array.from([0x30, body.length, ...body, signature.at(-1) ?? 1])
}

describe('dev Esplora', () => {
  let esplora: DevEsplora
  beforeAll(async () => {
    esplora = await startDevEsplora({ port: 0, quiet: true })
  })
  afterAll(async () => {
    await esplora?.close()
  })

  async function get(path: string, at = esplora) {
    const response = await fetch(`${at.url}${path}`)
    const text = await response.text()
    return {
      status: response.status,
      cors: response.headers.get('access-control-allow-origin'),
      text,
      json: () => JSON.parse(text),
    }
  }
  async function post(path: string, body: string, at = esplora) {
    const response = await fetch(`${at.url}${path}`, { method: 'POST', body })
    return {
      status: response.status,
      cors: response.headers.get('access-control-allow-origin'),
      text: await response.text(),
    }
  }
  async function fund(address: string, sats: number, at = esplora): Promise<Coin> {
    const answer = await post('/dev/fund', JSON.stringify({ address, sats }), at)
    expect(answer.status).toBe(200)
    return { txid: answer.text, vout: 0, value: sats }
  }
  /** What a refusal must leave as it was: the tip, and each wallet's stats, UTXOs and history. */
  async function snapshot(wallets: Wallet[], at = esplora) {
    return {
      tip: (await get('/blocks/tip/hash', at)).text,
      wallets: await Promise.all(
        wallets.map(async (one) => [
          (await get(`/address/${one.address}`, at)).json(),
          (await get(`/address/${one.address}/utxo`, at)).json(),
          (await get(`/address/${one.address}/txs`, at)).json(),
        ]),
      ),
    }
  }
  const balance = async (address: string, at = esplora) => {
    const { chain_stats: chain, mempool_stats: mempool } = (
      await get(`/address/${address}`, at)
    ).json()
    return (
      chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
    )
  }

  test('funding an address shows in its balance, UTXOs and history, in a new block', async () => {
    const alice = wallet('wpkh')
    const height = Number((await get('/blocks/tip/height')).text)
    const coin = await fund(alice.address, 100_000)
    expect(coin.txid).toMatch(/^[0-9a-f]{64}$/)

    const tip = await get('/blocks/tip/height')
    expect(tip).toMatchObject({ status: 200, cors: '*', text: String(height + 1) })
    const tipHash = (await get('/blocks/tip/hash')).text
    expect(tipHash).toMatch(/^[0-9a-f]{64}$/)

    const info = await get(`/address/${alice.address}`)
    expect(info.cors).toBe('*')
    expect(info.json()).toEqual({
      address: alice.address,
      chain_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 100_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
      mempool_stats: {
        funded_txo_count: 0,
        funded_txo_sum: 0,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 0,
      },
    })
    const status = { confirmed: true, block_height: height + 1, block_hash: tipHash }
    expect((await get(`/address/${alice.address}/utxo`)).json()).toEqual([
      { txid: coin.txid, vout: 0, value: 100_000, status: expect.objectContaining(status) },
    ])
    const [funding] = (await get(`/address/${alice.address}/txs`)).json()
    expect(funding).toMatchObject({
      txid: coin.txid,
      fee: 0,
      vin: [{ is_coinbase: true, prevout: null }],
      vout: [
        {
          scriptpubkey: Buffer.from(alice.script).toString('hex'),
          scriptpubkey_type: 'v0_p2wpkh',
          scriptpubkey_address: alice.address,
          value: 100_000,
        },
      ],
      status,
    })
    expect((await get(`/tx/${coin.txid}`)).json()).toEqual(funding)
    expect((await get(`/tx/${coin.txid}/status`)).json()).toEqual({
      ...status,
      block_time: expect.any(Number),
    })
    const hex = (await get(`/tx/${coin.txid}/hex`)).text
    expect(Transaction.fromRaw(Buffer.from(hex, 'hex'), { allowUnknownInputs: true }).id).toBe(
      coin.txid,
    )
  })

  test('fee estimates are a map of block targets to sat/vB, fastest dearest', async () => {
    const answer = await get('/fee-estimates')
    expect(answer.cors).toBe('*')
    const estimates: Record<string, number> = answer.json()
    expect(estimates).toEqual(defaultFeeEstimates)
    expect(Object.keys(estimates)).toEqual(
      expect.arrayContaining(['1', '2', '3', '6', '144', '1008']),
    )
    expect(estimates['1']).toBeGreaterThan(estimates['6'] ?? Infinity)
    expect(estimates['6']).toBeGreaterThan(estimates['144'] ?? Infinity)
  })

  test.each([
    ['wpkh', 'tr'],
    ['tr', 'wpkh'],
    ['pkh', 'sh-wpkh'],
    ['sh-wpkh', 'pkh'],
  ] as const)(
    'a %s spend to %s is applied to both sides, its fee in the tx',
    async (fromKind, toKind) => {
      const sender = wallet(fromKind)
      const recipient = wallet(toKind)
      const coin = await fund(sender.address, 100_000)
      const tx = spend(
        sender,
        [coin],
        [
          { address: recipient.address, amount: 30_000 },
          { address: sender.address, amount: 69_000 },
        ],
      )

      const answer = await post('/tx', tx.hex)
      expect(answer).toEqual({ status: 200, cors: '*', text: tx.id })

      expect(await balance(sender.address)).toBe(69_000)
      expect(await balance(recipient.address)).toBe(30_000)
      expect((await get(`/address/${sender.address}/utxo`)).json()).toEqual([
        expect.objectContaining({ txid: tx.id, vout: 1, value: 69_000 }),
      ])
      expect((await get(`/address/${recipient.address}/utxo`)).json()).toEqual([
        expect.objectContaining({ txid: tx.id, vout: 0, value: 30_000 }),
      ])
      expect((await get(`/address/${sender.address}`)).json().chain_stats).toEqual({
        funded_txo_count: 2,
        funded_txo_sum: 169_000,
        spent_txo_count: 1,
        spent_txo_sum: 100_000,
        tx_count: 2,
      })
      // Newest first.
      expect(
        (await get(`/address/${sender.address}/txs`))
          .json()
          .map((one: { txid: string }) => one.txid),
      ).toEqual([tx.id, coin.txid])
      const json = (await get(`/tx/${tx.id}`)).json()
      expect(json).toMatchObject({
        txid: tx.id,
        fee: 1_000,
        weight: tx.weight,
        size: tx.extract().length,
        vin: [
          {
            txid: coin.txid,
            vout: 0,
            is_coinbase: false,
            prevout: { scriptpubkey_address: sender.address, value: 100_000 },
          },
        ],
        vout: [
          { scriptpubkey_address: recipient.address, value: 30_000 },
          { scriptpubkey_address: sender.address, value: 69_000 },
        ],
        status: { confirmed: true },
      })
      expect((await get(`/tx/${tx.id}/hex`)).text).toBe(tx.hex)
    },
  )

  test('a P2WPKH spend of two coins to several outputs is applied', async () => {
    const sender = wallet('wpkh')
    const coins = [await fund(sender.address, 40_000), await fund(sender.address, 50_000)]
    const recipients = [wallet('tr'), wallet('pkh')]
    const tx = spend(sender, coins, [
      { address: recipients[0]?.address ?? '', amount: 45_000 },
      { address: recipients[1]?.address ?? '', amount: 44_000 },
    ])
    expect(await post('/tx', tx.hex)).toMatchObject({ status: 200, text: tx.id })
    expect(await balance(sender.address)).toBe(0)
    expect((await get(`/address/${sender.address}/utxo`)).json()).toEqual([])
    expect(await balance(recipients[0]?.address ?? '')).toBe(45_000)
    expect(await balance(recipients[1]?.address ?? '')).toBe(44_000)
  })

  describe('refuses, with bitcoind’s reason, and changes nothing', () => {
    const rpcError = (code: number, message: string) =>
      `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`

    /** Broadcasts `hex` and expects a 400 with `reason` that leaves `wallets` and the tip as they were. */
    async function expectRefused(hex: string, reason: string, wallets: Wallet[], at = esplora) {
      const before = await snapshot(wallets, at)
      const answer = await post('/tx', hex, at)
      expect(answer).toEqual({ status: 400, cors: '*', text: reason })
      expect(await snapshot(wallets, at)).toEqual(before)
    }

    test('a signature over other data', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('tr')
      const coin = await fund(alice.address, 100_000)
      const meant = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      const sent = spend(alice, [coin], [{ address: bob.address, amount: 98_000 }])
      await expectRefused(
        withWitnessesOf(sent, meant),
        rpcError(
          -26,
          'non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)',
        ),
        [alice, bob],
      )
      expect((await get(`/tx/${sent.id}`)).status).toBe(404)
    })

    test('a signature by another key (P2WPKH)', async () => {
      const alice = wallet('wpkh')
      const mallory = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      const forged = spend(alice, [coin], [{ address: mallory.address, amount: 99_000 }], mallory)
      await expectRefused(
        forged.hex,
        rpcError(
          -26,
          'mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)',
        ),
        [alice, mallory],
      )
    })

    test('a signature by another key (P2TR key path)', async () => {
      const alice = wallet('tr')
      const mallory = wallet('tr')
      const coin = await fund(alice.address, 100_000)
      const forged = spend(alice, [coin], [{ address: mallory.address, amount: 99_000 }], mallory)
      await expectRefused(
        forged.hex,
        rpcError(-26, 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)'),
        [alice, mallory],
      )
    })

    test('a signature by another key over the right pubkey (P2PKH)', async () => {
      const alice = wallet('pkh')
      const mallory = wallet('pkh')
      const coin = await fund(alice.address, 100_000)
      const real = spend(alice, [coin], [{ address: mallory.address, amount: 99_000 }])
      const forged = spend(alice, [coin], [{ address: mallory.address, amount: 99_000 }], mallory)
      // Mallory's signature, with Alice's pubkey after it as her output asks.
      const decoded = RawTx.decode(real.extract())
      const malloryScriptSig = RawTx.decode(forged.extract()).inputs[0]?.finalScriptSig
      const aliceScriptSig = decoded.inputs[0]?.finalScriptSig
      if (!malloryScriptSig || !aliceScriptSig) throw new Error('no scriptSig')
      const malloryLength = (malloryScriptSig[0] ?? 0) + 1
      const aliceLength = (aliceScriptSig[0] ?? 0) + 1
      const scriptSig = Uint8Array.from([
        ...malloryScriptSig.subarray(0, malloryLength),
        ...aliceScriptSig.subarray(aliceLength),
      ])
      const hex = Buffer.from(
        RawTx.encode({
          ...decoded,
          inputs: decoded.inputs.map((input) => ({ ...input, finalScriptSig: scriptSig })),
        }),
      ).toString('hex')
      await expectRefused(
        hex,
        rpcError(
          -26,
          'non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)',
        ),
        [alice, mallory],
      )
    })

    test('a high-S signature (P2WPKH)', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      const decoded = RawTx.decode(
        spend(alice, [coin], [{ address: bob.address, amount: 99_000 }]).extract(),
      )
      const [[signature, pubkey] = []] = decoded.witnesses ?? []
      if (!signature || !pubkey) throw new Error('no witness')
      const hex = Buffer.from(
        RawTx.encode({ ...decoded, witnesses: [[highS(signature), pubkey]] }),
      ).toString('hex')
      await expectRefused(
        hex,
        rpcError(
          -26,
          'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)',
        ),
        [alice, bob],
      )
    })

    test('a spend of an output type the ledger does not verify (P2WSH)', async () => {
      const key = randomPrivateKeyBytes()
      const payment = p2wsh(p2pk(pubECDSA(key)), regtest)
      const bob = wallet('wpkh')
      const coin = await fund(payment.address, 100_000)
      const tx = new Transaction()
      tx.addInput({
        txid: coin.txid,
        index: 0,
        witnessUtxo: { script: payment.script, amount: 100_000n },
        witnessScript: payment.witnessScript,
      })
      tx.addOutputAddress(bob.address, 99_000n, regtest)
      tx.sign(key)
      tx.finalize()
      await expectRefused(tx.hex, rpcError(-26, 'bad-txns-nonstandard-inputs'), [bob])
      expect(await balance(payment.address)).toBe(100_000)
    })

    test('an input already spent on chain, and the same transaction again', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      const first = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      expect((await post('/tx', first.hex)).status).toBe(200)
      const again = spend(alice, [coin], [{ address: alice.address, amount: 98_000 }])
      await expectRefused(again.hex, rpcError(-25, 'bad-txns-inputs-missingorspent'), [alice, bob])
      await expectRefused(first.hex, rpcError(-27, 'Transaction already in block chain'), [
        alice,
        bob,
      ])
    })

    test('an input that does not exist', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const ghost = { txid: 'ab'.repeat(32), vout: 0, value: 100_000 }
      const tx = spend(alice, [ghost], [{ address: bob.address, amount: 99_000 }])
      await expectRefused(tx.hex, rpcError(-25, 'bad-txns-inputs-missingorspent'), [alice, bob])
      const real = await fund(alice.address, 100_000)
      const pastTheEnd = spend(
        alice,
        [{ ...real, vout: 1 }],
        [{ address: bob.address, amount: 99_000 }],
      )
      await expectRefused(pastTheEnd.hex, rpcError(-25, 'bad-txns-inputs-missingorspent'), [
        alice,
        bob,
      ])
    })

    test('the same input twice in one transaction', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      const tx = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      const decoded = RawTx.decode(tx.extract())
      const doubled = Buffer.from(
        RawTx.encode({
          ...decoded,
          inputs: [...decoded.inputs, ...decoded.inputs],
          witnesses: [...(decoded.witnesses ?? []), ...(decoded.witnesses ?? [])],
        }),
      ).toString('hex')
      await expectRefused(doubled, rpcError(-26, 'bad-txns-inputs-duplicate'), [alice, bob])
    })

    test.each([
      ['wpkh', 293, 294],
      ['tr', 329, 330],
      ['pkh', 545, 546],
      ['sh-wpkh', 539, 540],
    ] as const)('a dust output to %s (%i sats)', async (kind, dust, threshold) => {
      const alice = wallet('wpkh')
      const bob = wallet(kind)
      const coin = await fund(alice.address, 100_000)
      const tx = spend(
        alice,
        [coin],
        [
          { address: bob.address, amount: dust },
          { address: alice.address, amount: 90_000 },
        ],
      )
      await expectRefused(tx.hex, rpcError(-26, 'dust'), [alice, bob])
      // The threshold itself is not dust.
      const fine = spend(
        alice,
        [coin],
        [
          { address: bob.address, amount: threshold },
          { address: alice.address, amount: 90_000 },
        ],
      )
      expect(await post('/tx', fine.hex)).toMatchObject({ status: 200, text: fine.id })
    })

    test('outputs worth more than the inputs', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      // The signer refuses to sign it, so the raw transaction is altered after signing: the sums
      // are checked before the signatures.
      const signed = RawTx.decode(
        spend(alice, [coin], [{ address: bob.address, amount: 99_000 }]).extract(),
      )
      const hex = Buffer.from(
        RawTx.encode({
          ...signed,
          outputs: signed.outputs.map((output) => ({ ...output, amount: 110_000n })),
        }),
      ).toString('hex')
      await expectRefused(
        hex,
        rpcError(-26, 'bad-txns-in-belowout, value in (0.001) < value out (0.0011)'),
        [alice, bob],
      )
    })

    test('a fee below 1 sat/vB, and exactly 1 sat/vB accepted; one above maxfeerate refused', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000)
      const low = spend(alice, [coin], [{ address: bob.address, amount: 100_000 - 50 }])
      expect(low.vsize).toBeGreaterThan(50)
      await expectRefused(low.hex, rpcError(-26, `min relay fee not met, 50 < ${low.vsize}`), [
        alice,
        bob,
      ])
      // A fee of exactly one sat per vbyte (an ECDSA signature's length varies by a byte: settle
      // the fee on the size it makes).
      let fee = low.vsize
      let exact = spend(alice, [coin], [{ address: bob.address, amount: 100_000 - fee }])
      while (exact.vsize !== fee) {
        fee = exact.vsize
        exact = spend(alice, [coin], [{ address: bob.address, amount: 100_000 - fee }])
      }
      expect(await post('/tx', exact.hex)).toMatchObject({ status: 200, text: exact.id })
      expect((await get(`/tx/${exact.id}`)).json()).toMatchObject({ fee })
      // Above sendrawtransaction's maxfeerate (0.1 BTC/kvB) is refused too.
      const rich = await fund(alice.address, 2_000_000)
      const absurd = spend(alice, [rich], [{ address: bob.address, amount: 1_000 }])
      expect(absurd.fee).toBeGreaterThan(10_000n * BigInt(absurd.vsize))
      await expectRefused(
        absurd.hex,
        rpcError(-25, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)'),
        [alice, bob],
      )
    })

    test('garbage instead of a transaction', async () => {
      const alice = wallet('wpkh')
      const alive = spend(
        alice,
        [await fund(alice.address, 100_000)],
        [{ address: alice.address, amount: 99_000 }],
      )
      const decodeFailed = rpcError(
        -22,
        'TX decode failed. Make sure the tx has at least one input.',
      )
      for (const garbage of ['', 'zz', 'deadbeef', 'abc', `${alive.hex}00`, alive.hex.slice(0, -2)])
        await expectRefused(garbage, decodeFailed, [alice])
    })
  })

  test('an address of another network, or none, is a 400; an unknown transaction a 404', async () => {
    const key = pubECDSA(randomPrivateKeyBytes())
    for (const address of [
      p2wpkh(key, mainnet).address,
      p2wpkh(key, testnet).address,
      p2pkh(key, mainnet).address,
      p2tr(pubSchnorr(randomPrivateKeyBytes()), undefined, mainnet).address,
      'not-an-address',
    ]) {
      for (const path of ['', '/utxo', '/txs'])
        expect(await get(`/address/${address}${path}`)).toMatchObject({
          status: 400,
          cors: '*',
          text: 'Invalid Bitcoin address',
        })
      expect(await post('/dev/fund', JSON.stringify({ address, sats: 1000 }))).toMatchObject({
        status: 400,
        text: 'Invalid Bitcoin address',
      })
    }
    // Testnet's base58 addresses are regtest's too, as bitcoind's regtest reads them.
    expect((await get(`/address/${p2pkh(key, testnet).address}`)).status).toBe(200)

    expect(await get(`/tx/${'ab'.repeat(32)}`)).toMatchObject({
      status: 404,
      text: 'Transaction not found',
    })
    expect(await get('/tx/nothex')).toMatchObject({ status: 400, text: 'Invalid hex string' })
    expect(await get('/tx/%zz')).toMatchObject({ status: 400, text: 'Invalid hex string' })
    expect(await get('/address/%zz')).toMatchObject({
      status: 400,
      text: 'Invalid Bitcoin address',
    })
    expect((await get('/elsewhere')).status).toBe(404)
  })

  test('history pages: 25 confirmed at a time after the last seen txid, the mempool apart', async () => {
    const alice = wallet('wpkh')
    const coins: Coin[] = []
    for (let count = 0; count < 27; count++) coins.push(await fund(alice.address, 1_000 + count))
    const newestFirst = coins.map((coin) => coin.txid).reverse()
    const txids = async (path: string) =>
      (await get(`/address/${alice.address}${path}`)).json().map((tx: { txid: string }) => tx.txid)

    expect(await txids('/txs')).toEqual(newestFirst.slice(0, 25))
    expect(await txids('/txs/chain')).toEqual(newestFirst.slice(0, 25))
    expect(await txids(`/txs/chain/${newestFirst[24]}`)).toEqual(newestFirst.slice(25))
    expect(await txids(`/txs/chain/${newestFirst[26]}`)).toEqual([])
    expect(await txids(`/txs/chain/${'cd'.repeat(32)}`)).toEqual([])
    expect(await txids('/txs/mempool')).toEqual([])
    expect(await get(`/address/${alice.address}/txs/chain/nothex`)).toMatchObject({
      status: 400,
      text: 'Invalid hex string',
    })
  })

  test('a browser’s preflight for POST /tx is allowed from any origin', async () => {
    const response = await fetch(`${esplora.url}/tx`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type')
  })

  describe('with automine off', () => {
    let manual: DevEsplora
    beforeAll(async () => {
      manual = await startDevEsplora({ port: 0, quiet: true, automine: false })
    })
    afterAll(async () => {
      await manual?.close()
    })

    test('a spend waits in the mempool until a block is mined', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('tr')
      const coin = await fund(alice.address, 100_000, manual)
      const tx = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      expect(await post('/tx', tx.hex, manual)).toMatchObject({ status: 200, text: tx.id })

      const height = Number((await get('/blocks/tip/height', manual)).text)
      expect((await get(`/tx/${tx.id}/status`, manual)).json()).toEqual({ confirmed: false })
      expect((await get(`/address/${bob.address}`, manual)).json()).toMatchObject({
        chain_stats: { funded_txo_sum: 0, tx_count: 0 },
        mempool_stats: { funded_txo_count: 1, funded_txo_sum: 99_000, tx_count: 1 },
      })
      expect((await get(`/address/${alice.address}`, manual)).json().mempool_stats).toMatchObject({
        spent_txo_count: 1,
        spent_txo_sum: 100_000,
      })
      expect((await get(`/address/${bob.address}/utxo`, manual)).json()).toEqual([
        { txid: tx.id, vout: 0, value: 99_000, status: { confirmed: false } },
      ])
      // The unconfirmed spend is listed before the confirmed funding.
      expect(
        (await get(`/address/${alice.address}/txs`, manual))
          .json()
          .map((one: { txid: string; status: { confirmed: boolean } }) => [
            one.txid,
            one.status.confirmed,
          ]),
      ).toEqual([
        [tx.id, false],
        [coin.txid, true],
      ])

      const mined = await post('/dev/mine', '', manual)
      expect(mined.status).toBe(200)
      expect(mined.text).toMatch(/^[0-9a-f]{64}$/)
      expect((await get('/blocks/tip/hash', manual)).text).toBe(mined.text)
      expect((await get(`/tx/${tx.id}/status`, manual)).json()).toEqual({
        confirmed: true,
        block_height: height + 1,
        block_hash: mined.text,
        block_time: expect.any(Number),
      })
      expect((await get(`/address/${bob.address}`, manual)).json()).toMatchObject({
        chain_stats: { funded_txo_sum: 99_000, tx_count: 1 },
        mempool_stats: { funded_txo_sum: 0, tx_count: 0 },
      })
    })

    test('a second spend of an input spent in the mempool is a conflict', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('wpkh')
      const coin = await fund(alice.address, 100_000, manual)
      const first = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      expect((await post('/tx', first.hex, manual)).status).toBe(200)
      const before = await snapshot([alice, bob], manual)
      const second = spend(alice, [coin], [{ address: alice.address, amount: 98_000 }])
      expect(await post('/tx', second.hex, manual)).toEqual({
        status: 400,
        cors: '*',
        text: `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message: 'txn-mempool-conflict' })}`,
      })
      expect(await snapshot([alice, bob], manual)).toEqual(before)
      expect(await post('/tx', first.hex, manual)).toMatchObject({
        status: 400,
        text: `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message: 'txn-already-in-mempool' })}`,
      })
    })

    test('a spend of an unconfirmed output is accepted, and both confirm in one block', async () => {
      const alice = wallet('wpkh')
      const bob = wallet('tr')
      const carol = wallet('wpkh')
      const coin = await fund(alice.address, 100_000, manual)
      const first = spend(alice, [coin], [{ address: bob.address, amount: 99_000 }])
      expect((await post('/tx', first.hex, manual)).status).toBe(200)
      const second = spend(
        bob,
        [{ txid: first.id, vout: 0, value: 99_000 }],
        [{ address: carol.address, amount: 98_000 }],
      )
      expect(await post('/tx', second.hex, manual)).toMatchObject({ status: 200, text: second.id })
      const hash = manual.mine()
      for (const tx of [first, second])
        expect((await get(`/tx/${tx.id}/status`, manual)).json()).toMatchObject({
          confirmed: true,
          block_hash: hash,
        })
      expect(await balance(carol.address, manual)).toBe(98_000)
      expect(await balance(bob.address, manual)).toBe(0)
    })
  })
})
