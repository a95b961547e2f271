// The dev Cosmos chain over real HTTP on loopback, driven as a wallet and the modal drive a Cosmos
// node: keys made here, @cosmjs/stargate's SigningStargateClient over the CometBFT RPC (direct
// and amino signers), the REST API read and posted to with fetch. Funding shows in balances and
// history; direct and amino sends land exactly (amount to the recipient, amount + fee from the
// sender); "auto" fees simulate; each refusal (a wrong chain id, another key's signature, a wrong
// sequence, funds or fee short, garbage, another chain's address, an unknown message) reads as the
// SDK's and changes nothing, while a message failing after the ante handler keeps the fee, as the
// SDK's delivery does; with automine off a send waits for a block.
import { type OfflineAminoSigner, Secp256k1Wallet } from '@cosmjs/amino'
import { Random } from '@cosmjs/crypto'
import { toBase64, toBech32 } from '@cosmjs/encoding'
import {
  DirectSecp256k1HdWallet,
  DirectSecp256k1Wallet,
  makeSignDoc,
  type OfflineDirectSigner,
} from '@cosmjs/proto-signing'
import {
  BroadcastTxError,
  calculateFee,
  GasPrice,
  SigningStargateClient,
  StargateClient,
} from '@cosmjs/stargate'
import { MsgDelegate } from 'cosmjs-types/cosmos/staking/v1beta1/tx'
import { AuthInfo, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevCosmos, startDevCosmos } from './devCosmos.mjs'

const gasPrice = GasPrice.fromString('0.0025uatom')
/** 100 000 gas at the minimum gas price: 250uatom. */
const fee = calculateFee(100_000, gasPrice)
const uatom = (amount: number | string) => [{ denom: 'uatom', amount: String(amount) }]

type Signer = OfflineDirectSigner | OfflineAminoSigner
type Wallet = { signer: Signer; address: string; client: SigningStargateClient }

describe('dev Cosmos chain', () => {
  let chain: DevCosmos
  let reader: StargateClient
  const clients: StargateClient[] = []

  beforeAll(async () => {
    chain = await startDevCosmos({ port: 0, quiet: true })
    reader = await StargateClient.connect(chain.rpcUrl)
    clients.push(reader)
  })
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await chain?.close()
  })

  async function connect(signer: Signer, at = chain): Promise<Wallet> {
    const [account] = await signer.getAccounts()
    if (!account) throw new Error('the signer has no account')
    const client = await SigningStargateClient.connectWithSigner(at.rpcUrl, signer, {
      gasPrice,
      broadcastPollIntervalMs: 25,
    })
    clients.push(client)
    return { signer, address: account.address, client }
  }
  const directWallet = async () =>
    connect(await DirectSecp256k1Wallet.fromKey(Random.getBytes(32), 'cosmos'))
  const aminoWallet = async () =>
    connect(await Secp256k1Wallet.fromKey(Random.getBytes(32), 'cosmos'))
  async function funded(uatomAmount: number, make = directWallet) {
    const wallet = await make()
    await chain.fund(wallet.address, uatomAmount)
    return wallet
  }

  async function rest(path: string, init?: RequestInit, at = chain) {
    const response = await fetch(`${at.restUrl}${path}`, init)
    const text = await response.text()
    return {
      status: response.status,
      cors: response.headers.get('access-control-allow-origin'),
      json: JSON.parse(text),
    }
  }
  const balance = async (address: string) => (await reader.getBalance(address, 'uatom')).amount
  /** What a refusal must leave alone: the balance and the account's sequence. */
  async function accountState(address: string) {
    const account = await reader.getAccount(address)
    return { balance: await balance(address), sequence: account?.sequence }
  }
  /** A tx `wallet` signs for a MsgSend, with `signerData` in place of the chain's where given. */
  async function signedSend(
    wallet: Wallet,
    to: string,
    amount: number,
    options: {
      fee?: typeof fee
      signerData?: Partial<{ accountNumber: bigint; sequence: number; chainId: string }>
    } = {},
  ) {
    const { accountNumber, sequence } = await wallet.client.getSequence(wallet.address)
    const txRaw = await wallet.client.sign(
      wallet.address,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: wallet.address, toAddress: to, amount: uatom(amount) },
        },
      ],
      options.fee ?? fee,
      '',
      { accountNumber, sequence, chainId: chain.chainId, ...options.signerData },
    )
    return txRaw
  }
  const bytesOf = (txRaw: TxRaw) => TxRaw.encode(txRaw).finish()
  /** CheckTx's refusal of `bytes` through cosmjs: its code and log. */
  async function refusal(wallet: Wallet, bytes: Uint8Array) {
    const error = await wallet.client.broadcastTxSync(bytes).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(BroadcastTxError)
    const { code, codespace, log } = error as BroadcastTxError
    return { code, codespace, log }
  }

  test('behavior: the node reports chain id airlock-local-1 as CometBFT 0.38, to cosmjs and REST, to any origin', async () => {
    expect(await reader.getChainId()).toBe('airlock-local-1')
    expect(await reader.getHeight()).toBeGreaterThanOrEqual(1)
    const info = await rest('/cosmos/base/tendermint/v1beta1/node_info')
    expect(info.cors).toBe('*')
    expect(info.json.default_node_info.network).toBe('airlock-local-1')
    expect(info.json.default_node_info.version).toMatch(/^0\.38\./)
    const preflight = await fetch(`${chain.rpcUrl}/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    // The RPC answers at /rpc/ as at /rpc, and in CometBFT's GET form.
    const trailing = await StargateClient.connect(`${chain.rpcUrl}/`)
    clients.push(trailing)
    expect(await trailing.getChainId()).toBe('airlock-local-1')
    const status = JSON.parse(await (await fetch(`${chain.rpcUrl}/status`)).text())
    expect(status.result.node_info.network).toBe('airlock-local-1')
  })

  test('behavior: funding shows in getBalance, getAccount and the REST balances and account', async () => {
    const wallet = await connect(await DirectSecp256k1HdWallet.generate(12))
    expect(await wallet.client.getAccount(wallet.address)).toBeNull()
    const txhash = await chain.fund(wallet.address, 2_500_000)
    expect(txhash).toMatch(/^[0-9A-F]{64}$/)
    expect(await wallet.client.getBalance(wallet.address, 'uatom')).toEqual({
      denom: 'uatom',
      amount: '2500000',
    })
    expect(await wallet.client.getAllBalances(wallet.address)).toEqual(uatom(2_500_000))
    const account = await wallet.client.getAccount(wallet.address)
    expect(account).toMatchObject({ address: wallet.address, pubkey: null, sequence: 0 })

    const balances = await rest(`/cosmos/bank/v1beta1/balances/${wallet.address}`)
    expect(balances).toMatchObject({ status: 200, cors: '*' })
    expect(balances.json).toEqual({
      balances: uatom(2_500_000),
      pagination: { next_key: null, total: '1' },
    })
    expect(
      (await rest(`/cosmos/bank/v1beta1/balances/${wallet.address}/by_denom?denom=uatom`)).json,
    ).toEqual({ balance: { denom: 'uatom', amount: '2500000' } })
    expect((await rest(`/cosmos/auth/v1beta1/accounts/${wallet.address}`)).json).toEqual({
      account: {
        '@type': '/cosmos.auth.v1beta1.BaseAccount',
        address: wallet.address,
        pub_key: null,
        account_number: String(account?.accountNumber),
        sequence: '0',
      },
    })
    // The funding is a send in the recipient's history, like any other.
    const history = await rest(
      `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${wallet.address}'`)}`,
    )
    expect(history.json.tx_responses.map((tx: { txhash: string }) => tx.txhash)).toEqual([txhash])
  })

  test('behavior: an unfunded address reads as the SDK reads it: no account, a zero balance', async () => {
    const { address } = await directWallet()
    expect(await reader.getAccount(address)).toBeNull()
    expect(await balance(address)).toBe('0')
    expect(await rest(`/cosmos/auth/v1beta1/accounts/${address}`)).toMatchObject({
      status: 404,
      json: { code: 5, message: `account ${address} not found`, details: [] },
    })
    expect((await rest(`/cosmos/bank/v1beta1/balances/${address}`)).json.balances).toEqual([])
    const osmo = toBech32('osmo', Random.getBytes(20))
    expect(await rest(`/cosmos/bank/v1beta1/balances/${osmo}`)).toMatchObject({
      status: 400,
      json: {
        code: 3,
        message: `invalid address: hrp does not match bech32 prefix: expected 'cosmos' got 'osmo': internal logic error`,
      },
    })
  })

  test('behavior: a direct-signed send lands: the recipient gets the amount, the sender pays amount and fee', async () => {
    const sender = await funded(1_000_000)
    const recipient = await directWallet()
    const result = await sender.client.sendTokens(
      sender.address,
      recipient.address,
      uatom(123_456),
      fee,
      'dev',
    )
    expect(result.code).toBe(0)
    expect(result.transactionHash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balance(recipient.address)).toBe('123456')
    expect(await balance(sender.address)).toBe(String(1_000_000 - 123_456 - 250))
    expect((await reader.getAccount(sender.address))?.sequence).toBe(1)
    // The sender's public key is on its account once it has signed.
    expect((await reader.getAccount(sender.address))?.pubkey?.type).toBe(
      'tendermint/PubKeySecp256k1',
    )
  })

  test('behavior: an amino-signed (LEGACY_AMINO_JSON) send lands, as Keplr and Leap sign', async () => {
    const sender = await funded(1_000_000, aminoWallet)
    const recipient = await directWallet()
    const result = await sender.client.sendTokens(sender.address, recipient.address, uatom(7), fee)
    expect(result.code).toBe(0)
    expect(await balance(recipient.address)).toBe('7')
    expect(await balance(sender.address)).toBe(String(1_000_000 - 7 - 250))
    const tx = await rest(`/cosmos/tx/v1beta1/txs/${result.transactionHash}`)
    expect(tx.json.tx.auth_info.signer_infos[0].mode_info).toEqual({
      single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' },
    })
    // A second send with the bumped sequence lands too.
    await sender.client.sendTokens(sender.address, recipient.address, uatom(3), fee)
    expect(await balance(recipient.address)).toBe('10')
  })

  test('behavior: "auto" fees simulate, and the send uses the gas simulate said', async () => {
    const sender = await funded(1_000_000)
    const recipient = await aminoWallet()
    const message = {
      typeUrl: '/cosmos.bank.v1beta1.MsgSend',
      value: { fromAddress: sender.address, toAddress: recipient.address, amount: uatom(5_000) },
    }
    const simulated = await sender.client.simulate(sender.address, [message], '')
    expect(simulated).toBeGreaterThan(50_000)
    expect(simulated).toBeLessThan(200_000)
    const result = await sender.client.signAndBroadcast(sender.address, [message], 'auto')
    expect(result.code).toBe(0)
    // cosmjs simulates without the fee, so the real transaction is a few bytes longer (10 gas each).
    expect(Number(result.gasUsed)).toBeGreaterThanOrEqual(simulated)
    expect(Number(result.gasUsed)).toBeLessThan(simulated + 500)
    // cosmjs's "auto": gas × 1.4 at the gas price, rounded up.
    const gasLimit = Math.ceil(simulated * 1.4)
    expect(Number(result.gasWanted)).toBe(gasLimit)
    const paid = Math.ceil(gasLimit * 0.0025)
    expect(await balance(sender.address)).toBe(String(1_000_000 - 5_000 - paid))
    expect(await balance(recipient.address)).toBe('5000')

    // The REST simulate of a signed transaction answers the gas its delivery then uses.
    const txRaw = await signedSend(sender, recipient.address, 5_000)
    const rested = await rest('/cosmos/tx/v1beta1/simulate', {
      method: 'POST',
      body: JSON.stringify({ tx_bytes: toBase64(bytesOf(txRaw)) }),
    })
    expect(rested.status).toBe(200)
    const delivered = await sender.client.broadcastTx(bytesOf(txRaw), 5_000, 25)
    expect(rested.json.gas_info.gas_used).toBe(String(delivered.gasUsed))
    expect(rested.json.result.msg_responses).toEqual([
      { '@type': '/cosmos.bank.v1beta1.MsgSendResponse' },
    ])
  })

  test('behavior: getTx, searchTx and the REST txs queries find a send, newest first on ORDER_BY_DESC', async () => {
    const sender = await funded(1_000_000)
    const recipient = await directWallet()
    const first = await sender.client.sendTokens(sender.address, recipient.address, uatom(1), fee)
    const second = await sender.client.sendTokens(sender.address, recipient.address, uatom(2), fee)

    const found = await reader.getTx(second.transactionHash)
    expect(found).toMatchObject({ hash: second.transactionHash, code: 0, height: second.height })
    const transfer = found?.events.find(
      (event) =>
        event.type === 'transfer' &&
        event.attributes.some((a) => a.key === 'recipient' && a.value === recipient.address),
    )
    expect(transfer?.attributes).toContainEqual({ key: 'amount', value: '2uatom' })
    const bySender = await reader.searchTx([{ key: 'message.sender', value: sender.address }])
    expect(bySender.map((tx) => tx.hash)).toEqual([first.transactionHash, second.transactionHash])
    expect(await reader.getTx('00'.repeat(32))).toBeNull()
    // CometBFT's `tx` method, POSTed with the hash in base64 and in the GET form with 0x-hex.
    const rpcTx = async (init: RequestInit | undefined, path = '') =>
      JSON.parse(await (await fetch(`${chain.rpcUrl}${path}`, init)).text())
    const posted = await rpcTx({
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tx',
        params: { hash: toBase64(Buffer.from(first.transactionHash, 'hex')) },
      }),
    })
    expect(posted).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { hash: first.transactionHash, height: String(first.height), index: 0 },
    })
    expect(posted.result.tx_result).toMatchObject({ code: 0, gas_wanted: '100000' })
    const viaGet = await rpcTx(undefined, `/tx?hash=0x${second.transactionHash}`)
    expect(viaGet.result.hash).toBe(second.transactionHash)
    const missing = await rpcTx(undefined, `/tx?hash=0x${'00'.repeat(32)}`)
    expect(missing.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: `tx (${'00'.repeat(32)}) not found`,
    })

    const query = (text: string, extra = '') =>
      rest(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(text)}${extra}`)
    const sent = await query(
      `message.sender='${sender.address}'`,
      '&order_by=ORDER_BY_DESC&pagination.limit=10',
    )
    expect(sent.status).toBe(200)
    expect(sent.json.total).toBe('2')
    expect(sent.json.tx_responses.map((tx: { txhash: string }) => tx.txhash)).toEqual([
      second.transactionHash,
      first.transactionHash,
    ])
    const newest = sent.json.tx_responses[0]
    expect(newest).toMatchObject({
      height: String(second.height),
      txhash: second.transactionHash,
      code: 0,
      codespace: '',
      raw_log: '',
      gas_wanted: '100000',
      gas_used: String(second.gasUsed),
      tx: {
        '@type': '/cosmos.tx.v1beta1.Tx',
        body: {
          messages: [
            {
              '@type': '/cosmos.bank.v1beta1.MsgSend',
              from_address: sender.address,
              to_address: recipient.address,
              amount: uatom(2),
            },
          ],
        },
        auth_info: { fee: { amount: uatom(250), gas_limit: '100000' } },
      },
    })
    expect(newest.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const received = await query(`transfer.recipient='${recipient.address}'`, '&limit=1')
    expect(received.json.total).toBe('2')
    expect(received.json.tx_responses.map((tx: { txhash: string }) => tx.txhash)).toEqual([
      first.transactionHash,
    ])
    const byHash = await rest(`/cosmos/tx/v1beta1/txs/${first.transactionHash.toLowerCase()}`)
    expect(byHash.json.tx_response.txhash).toBe(first.transactionHash)
    expect(byHash.json.tx.body.messages[0].amount).toEqual(uatom(1))
    expect(await rest(`/cosmos/tx/v1beta1/txs/${'AB'.repeat(32)}`)).toMatchObject({
      status: 404,
      json: { code: 5, message: `tx not found: ${'AB'.repeat(32)}` },
    })
    expect(await rest('/cosmos/tx/v1beta1/txs?query=')).toMatchObject({
      status: 400,
      json: { code: 3, message: 'query cannot be empty' },
    })
  })

  describe('refusals read as the SDK and change nothing', () => {
    let sender: Wallet
    let recipient: Wallet
    beforeAll(async () => {
      sender = await funded(1_000_000)
      recipient = await directWallet()
    })
    async function expectUnchanged(run: () => Promise<void>) {
      const before = [await accountState(sender.address), await accountState(recipient.address)]
      await run()
      expect([await accountState(sender.address), await accountState(recipient.address)]).toEqual(
        before,
      )
    }

    test('behavior: a sign doc for another chain id fails signature verification (code 4)', async () => {
      await expectUnchanged(async () => {
        const txRaw = await signedSend(sender, recipient.address, 10, {
          signerData: { chainId: 'cosmoshub-4' },
        })
        const { accountNumber } = await sender.client.getSequence(sender.address)
        expect(await refusal(sender, bytesOf(txRaw))).toEqual({
          code: 4,
          codespace: 'sdk',
          log: `signature verification failed; please verify account number (${accountNumber}), sequence (0) and chain-id (airlock-local-1): unauthorized`,
        })
      })
    })

    test("behavior: another key's signature over the sender's sign doc is refused (code 4)", async () => {
      await expectUnchanged(async () => {
        const txRaw = await signedSend(sender, recipient.address, 10)
        const { accountNumber } = await sender.client.getSequence(sender.address)
        const other = recipient.signer as OfflineDirectSigner
        const { signature } = await other.signDirect(
          recipient.address,
          makeSignDoc(txRaw.bodyBytes, txRaw.authInfoBytes, chain.chainId, accountNumber),
        )
        const forged = TxRaw.fromPartial({
          ...txRaw,
          signatures: [Buffer.from(signature.signature, 'base64')],
        })
        expect((await refusal(sender, bytesOf(forged))).code).toBe(4)
        // The other key's own public key in the signer info does not control the sender's address.
        const otherPubkey = (await other.getAccounts())[0]?.pubkey ?? new Uint8Array()
        const authInfo = AuthInfo.decode(txRaw.authInfoBytes)
        const signerInfo = authInfo.signerInfos[0]
        if (!signerInfo?.publicKey) throw new Error('no signer info')
        signerInfo.publicKey.value = Uint8Array.from([10, 33, ...otherPubkey])
        const swapped = TxRaw.fromPartial({
          ...forged,
          authInfoBytes: AuthInfo.encode(authInfo).finish(),
        })
        expect(await refusal(sender, bytesOf(swapped))).toEqual({
          code: 8,
          codespace: 'sdk',
          log: `pubKey does not match signer address ${sender.address} with signer index: 0: invalid pubkey`,
        })
      })
    })

    test('behavior: a wrong sequence is refused with the expected one (code 32)', async () => {
      await expectUnchanged(async () => {
        const txRaw = await signedSend(sender, recipient.address, 10, {
          signerData: { sequence: 5 },
        })
        expect(await refusal(sender, bytesOf(txRaw))).toEqual({
          code: 32,
          codespace: 'sdk',
          log: 'account sequence mismatch, expected 0, got 5: incorrect account sequence',
        })
      })
    })

    test('behavior: a fee below gas × 0.0025uatom is refused (code 13); a fee above the balance (code 5)', async () => {
      await expectUnchanged(async () => {
        const low = await signedSend(sender, recipient.address, 10, {
          fee: { amount: uatom(249), gas: '100000' },
        })
        expect(await refusal(sender, bytesOf(low))).toEqual({
          code: 13,
          codespace: 'sdk',
          log: 'insufficient fees; got: 249uatom required: 250uatom: insufficient fee',
        })
        const otherDenom = await signedSend(sender, recipient.address, 10, {
          fee: { amount: [{ denom: 'uosmo', amount: '1000' }], gas: '100000' },
        })
        expect((await refusal(sender, bytesOf(otherDenom))).log).toBe(
          'insufficient fees; got: 1000uosmo required: 250uatom: insufficient fee',
        )
        const rich = await signedSend(sender, recipient.address, 10, {
          fee: { amount: uatom(5_000_000), gas: '100000' },
        })
        expect(await refusal(sender, bytesOf(rich))).toEqual({
          code: 5,
          codespace: 'sdk',
          log: 'spendable balance 1000000uatom is smaller than 5000000uatom: insufficient funds: insufficient funds',
        })
      })
    })

    test('behavior: sending more than the balance is refused by simulate ("auto" fee), nothing sent', async () => {
      await expectUnchanged(async () => {
        await expect(
          sender.client.sendTokens(sender.address, recipient.address, uatom(2_000_000), 'auto'),
        ).rejects.toThrow(
          /Query failed with \(6\): rpc error: code = Unknown desc = failed to execute message; message index: 0: spendable balance 1000000uatom is smaller than 2000000uatom: insufficient funds With gas wanted/,
        )
      })
    })

    test('behavior: garbage bytes are a tx parse error (code 2), over RPC and REST', async () => {
      await expectUnchanged(async () => {
        const garbage = Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03])
        const rpc = await refusal(sender, garbage)
        expect(rpc.code).toBe(2)
        expect(rpc.log).toMatch(/: tx parse error$/)
        const viaRest = await rest('/cosmos/tx/v1beta1/txs', {
          method: 'POST',
          body: JSON.stringify({ tx_bytes: toBase64(garbage), mode: 'BROADCAST_MODE_SYNC' }),
        })
        expect(viaRest.status).toBe(200)
        expect(viaRest.json.tx_response).toMatchObject({ code: 2, codespace: 'sdk', height: '0' })
        expect(viaRest.json.tx_response.raw_log).toMatch(/: tx parse error$/)
      })
    })

    test('behavior: an osmo1… recipient is an invalid address (code 7) in simulate, nothing sent', async () => {
      const osmo = toBech32('osmo', Random.getBytes(20))
      await expectUnchanged(async () => {
        await expect(
          sender.client.sendTokens(sender.address, osmo, uatom(10), 'auto'),
        ).rejects.toThrow(
          "failed to execute message; message index: 0: invalid to address: hrp does not match bech32 prefix: expected 'cosmos' got 'osmo': internal logic error: invalid address",
        )
      })
    })

    test('behavior: a message this chain does not route (staking) is a tx parse error (code 2)', async () => {
      await expectUnchanged(async () => {
        const { accountNumber, sequence } = await sender.client.getSequence(sender.address)
        const delegate = {
          typeUrl: '/cosmos.staking.v1beta1.MsgDelegate',
          value: MsgDelegate.fromPartial({
            delegatorAddress: sender.address,
            validatorAddress: toBech32('cosmosvaloper', Random.getBytes(20)),
            amount: { denom: 'uatom', amount: '10' },
          }),
        }
        const txRaw = await sender.client.sign(sender.address, [delegate], fee, '', {
          accountNumber,
          sequence,
          chainId: chain.chainId,
        })
        expect(await refusal(sender, bytesOf(txRaw))).toEqual({
          code: 2,
          codespace: 'sdk',
          log: 'unable to resolve type URL /cosmos.staking.v1beta1.MsgDelegate: tx parse error',
        })
      })
    })

    test('behavior: the same transaction twice is in the cache (code 19 over REST), applied once', async () => {
      const txRaw = await signedSend(sender, recipient.address, 10)
      const body = JSON.stringify({
        tx_bytes: toBase64(bytesOf(txRaw)),
        mode: 'BROADCAST_MODE_SYNC',
      })
      const post = () => rest('/cosmos/tx/v1beta1/txs', { method: 'POST', body })
      const first = await post()
      expect(first.json.tx_response).toMatchObject({ code: 0, raw_log: '' })
      const again = await post()
      expect(again.json.tx_response).toMatchObject({
        code: 19,
        txhash: first.json.tx_response.txhash,
        raw_log: 'tx already exists in cache',
      })
      expect(await balance(recipient.address)).toBe('10')
      expect((await reader.getAccount(sender.address))?.sequence).toBe(1)
    })
  })

  describe('a message failing after the ante handler keeps the fee and the sequence bump, as the SDK delivers it', () => {
    test('behavior: more than the balance with a set fee: code 5 in the block, only the fee leaves', async () => {
      const sender = await funded(100_000)
      const recipient = await directWallet()
      const result = await sender.client.sendTokens(
        sender.address,
        recipient.address,
        uatom(500_000),
        fee,
      )
      expect(result.code).toBe(5)
      expect(result.rawLog).toBe(
        'failed to execute message; message index: 0: spendable balance 99750uatom is smaller than 500000uatom: insufficient funds',
      )
      expect(await balance(sender.address)).toBe('99750')
      expect(await balance(recipient.address)).toBe('0')
      expect((await reader.getAccount(sender.address))?.sequence).toBe(1)
    })

    test('behavior: a gas limit below what the send uses runs out of gas (code 11), fee charged', async () => {
      const sender = await funded(100_000)
      const recipient = await directWallet()
      const lowGas = calculateFee(40_000, gasPrice)
      const result = await sender.client.sendTokens(
        sender.address,
        recipient.address,
        uatom(10),
        lowGas,
      )
      expect(result.code).toBe(11)
      expect(result.rawLog).toMatch(
        /^out of gas in location: \w+; gasWanted: 40000, gasUsed: \d+: out of gas$/,
      )
      expect(await balance(sender.address)).toBe(String(100_000 - 100))
      expect(await balance(recipient.address)).toBe('0')
      expect((await reader.getAccount(sender.address))?.sequence).toBe(1)
    })
  })

  test('behavior: with automine off a send waits in the mempool until a block is mined', async () => {
    const manual = await startDevCosmos({ port: 0, automine: false, quiet: true })
    try {
      const sender = await connect(
        await DirectSecp256k1Wallet.fromKey(Random.getBytes(32), 'cosmos'),
        manual,
      )
      const recipient = (
        await (await Secp256k1Wallet.fromKey(Random.getBytes(32))).getAccounts()
      )[0]
      if (!recipient) throw new Error('no recipient')
      // Funding is mined at once even so.
      await manual.fund(sender.address, 1_000_000)
      expect((await sender.client.getBalance(sender.address, 'uatom')).amount).toBe('1000000')
      const txRaw = await signedSend(sender, recipient.address, 42)
      const posted = await rest(
        '/cosmos/tx/v1beta1/txs',
        {
          method: 'POST',
          body: JSON.stringify({
            tx_bytes: toBase64(bytesOf(txRaw)),
            mode: 'BROADCAST_MODE_SYNC',
          }),
        },
        manual,
      )
      const { txhash, code } = posted.json.tx_response
      expect(code).toBe(0)
      expect(await sender.client.getTx(txhash)).toBeNull()
      expect((await sender.client.getBalance(recipient.address, 'uatom')).amount).toBe('0')
      const block = await manual.mine()
      expect(await sender.client.getTx(txhash)).toMatchObject({ code: 0, height: block.height })
      expect((await sender.client.getBalance(recipient.address, 'uatom')).amount).toBe('42')
      expect((await sender.client.getBalance(sender.address, 'uatom')).amount).toBe(
        String(1_000_000 - 42 - 250),
      )
    } finally {
      await manual.close()
    }
  })

  test("behavior: /dev/fund refuses another chain's address and a non-positive amount, funding nothing", async () => {
    const post = (body: unknown) =>
      rest('/dev/fund', { method: 'POST', body: JSON.stringify(body) })
    const osmo = toBech32('osmo', Random.getBytes(20))
    const refusedAddress = await post({ address: osmo, amount: '100' })
    expect(refusedAddress.status).toBe(400)
    expect(refusedAddress.json.error).toContain("expected 'cosmos' got 'osmo'")
    const { address } = await directWallet()
    expect((await post({ address, amount: 0 })).status).toBe(400)
    expect((await post({ address, amount: '1.5' })).status).toBe(400)
    expect(await reader.getAccount(address)).toBeNull()
    const funded = await post({ address, amount: '300' })
    expect(funded.json.txhash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balance(address)).toBe('300')
  })
})
