// The local Solana RPC (solanaRpc.mjs over LiteSVM, seeded by solanaDev.mjs), driven the way the
// modal and wallets drive a cluster: @solana/kit's RPC and subscriptions clients over loopback,
// real System and Token instructions signed with the dev keys, raw HTTP for the wire details.
import {
  type Address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  type Blockhash,
  compileTransaction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devUsdMint, signInstructions, solanaDevAccounts } from './solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from './solanaRpc.mjs'

const SOL = 1_000_000_000n
let chain: SolanaRpc
// Typed as a test cluster (devnet's API: requestAirdrop included), which the local chain is.
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions<ReturnType<typeof devnet>>>
let devAccount0: KeyPairSigner

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(chain.url))
  rpcSubscriptions = createSolanaRpcSubscriptions(devnet(chain.wsUrl))
  devAccount0 = await createKeyPairSignerFromBytes(solanaDevAccounts[0].secretKey)
})

afterAll(async () => {
  await chain?.stop()
})

type Lifetime = { blockhash: Blockhash; lastValidBlockHeight: bigint }

async function signedTransaction(
  payer: KeyPairSigner,
  instructions: Instruction[],
  lifetime?: Lifetime,
) {
  return signInstructions(
    payer,
    instructions,
    lifetime ?? (await rpc.getLatestBlockhash().send()).value,
  )
}

async function send(transaction: Awaited<ReturnType<typeof signedTransaction>>) {
  return rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
    .send()
}

type RawReply = {
  result?: unknown
  error?: { code: number; message: string; data?: { err: unknown; logs: string[] } }
}

async function rawRpc<Reply = RawReply>(body: unknown, init: RequestInit = {}) {
  const response = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  })
  return { response, payload: (await response.json()) as Reply }
}

describe('the seeded chain', () => {
  test('behavior: the dev accounts hold 1,000, 100 and 100 SOL', async () => {
    const balances = await Promise.all(
      solanaDevAccounts.map(async ({ address }) => (await rpc.getBalance(address).send()).value),
    )
    expect(balances).toEqual([1_000n * SOL, 100n * SOL, 100n * SOL])
  })

  test('behavior: account #0 holds 1,250.5 sUSD in its associated token account, shaped like mainnet', async () => {
    const { value } = await rpc
      .getTokenAccountsByOwner(
        solanaDevAccounts[0].address,
        { mint: devUsdMint.address },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(value).toEqual([
      {
        pubkey: devUsdMint.seeded.tokenAccount,
        account: {
          data: {
            program: 'spl-token',
            parsed: {
              type: 'account',
              info: {
                mint: devUsdMint.address,
                owner: solanaDevAccounts[0].address,
                state: 'initialized',
                isNative: false,
                tokenAmount: {
                  amount: '1250500000',
                  decimals: 6,
                  uiAmount: 1250.5,
                  uiAmountString: '1250.5',
                },
              },
            },
            space: 165n,
          },
          executable: false,
          lamports: expect.any(BigInt),
          owner: TOKEN_PROGRAM_ADDRESS,
          rentEpoch: 18_446_744_073_709_551_615n,
          space: 165n,
        },
      },
    ])
  })

  test('behavior: accounts #1 and #2 have no token account', async () => {
    for (const account of [solanaDevAccounts[1], solanaDevAccounts[2]]) {
      const { value } = await rpc
        .getTokenAccountsByOwner(
          account.address,
          { programId: TOKEN_PROGRAM_ADDRESS },
          { encoding: 'jsonParsed' },
        )
        .send()
      expect(value).toEqual([])
    }
  })

  test('behavior: the sUSD mint parses with 6 decimals and #0 as mint authority', async () => {
    const { value } = await rpc
      .getAccountInfo(devUsdMint.address, { encoding: 'jsonParsed' })
      .send()
    expect(value?.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: solanaDevAccounts[0].address,
          supply: '1250500000',
        },
      },
      space: 82n,
    })
    const missing = await generateKeyPairSigner()
    expect((await rpc.getAccountInfo(missing.address).send()).value).toBeNull()
  })
})

describe('sending transactions', () => {
  test('behavior: a SOL transfer signed by account #0 lands and the receiver holds it', async () => {
    const receiver = await generateKeyPairSigner()
    const transaction = await signedTransaction(devAccount0, [
      getTransferSolInstruction({
        source: devAccount0,
        destination: receiver.address,
        amount: 2n * SOL,
      }),
    ])
    const signature = await send(transaction)
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ confirmationStatus: 'finalized', err: null })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(2n * SOL)
  })

  test('behavior: sendAndConfirmTransaction confirms over the WebSocket subscriptions', async () => {
    const receiver = await generateKeyPairSigner()
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const transaction = await signedTransaction(devAccount0, [
      getTransferSolInstruction({
        source: devAccount0,
        destination: receiver.address,
        amount: SOL,
      }),
    ])
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(SOL)
  })

  test('behavior: an SPL transfer creates the receiver’s token account and shows in jsonParsed', async () => {
    const receiver = await generateKeyPairSigner()
    const [receiverTokenAccount] = await findAssociatedTokenPda({
      owner: receiver.address,
      mint: devUsdMint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const transaction = await signedTransaction(devAccount0, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: devAccount0,
        ata: receiverTokenAccount,
        owner: receiver.address,
        mint: devUsdMint.address,
      }),
      getTransferCheckedInstruction({
        source: devUsdMint.seeded.tokenAccount,
        mint: devUsdMint.address,
        destination: receiverTokenAccount,
        authority: devAccount0,
        amount: 12_340_000n,
        decimals: devUsdMint.decimals,
      }),
    ])
    await send(transaction)
    const { value } = await rpc
      .getTokenAccountsByOwner(
        receiver.address,
        { programId: TOKEN_PROGRAM_ADDRESS },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(value).toHaveLength(1)
    expect(value[0]?.pubkey).toBe(receiverTokenAccount)
    expect(value[0]?.account.data.parsed.info).toEqual({
      mint: devUsdMint.address,
      owner: receiver.address,
      state: 'initialized',
      isNative: false,
      tokenAmount: { amount: '12340000', decimals: 6, uiAmount: 12.34, uiAmountString: '12.34' },
    })
    const balance = await rpc.getTokenAccountBalance(receiverTokenAccount).send()
    expect(balance.value.uiAmountString).toBe('12.34')
  })

  test('behavior: an overspend fails preflight with -32002, the logs and the error', async () => {
    const receiver = await generateKeyPairSigner()
    const transaction = await signedTransaction(devAccount0, [
      getTransferSolInstruction({
        source: devAccount0,
        destination: receiver.address,
        amount: 1_000_000n * SOL,
      }),
    ])
    const error = await send(transaction).catch((caught: unknown) => caught)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)

    const { payload } = await rawRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }],
    })
    expect(payload.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: { err: { InstructionError: [0, { Custom: 1 }] } },
    })
    expect(payload.error?.data?.logs).toContain(
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    )
    // Nothing landed.
    const { value } = await rpc
      .getSignatureStatuses([getSignatureFromTransaction(transaction)])
      .send()
    expect(value).toEqual([null])
  })

  test('behavior: a blockhash fetched a few transactions ago still lands; a made-up one does not', async () => {
    const receiver = await generateKeyPairSigner()
    const early = (await rpc.getLatestBlockhash().send()).value
    const transfer = (amount: bigint) =>
      getTransferSolInstruction({ source: devAccount0, destination: receiver.address, amount })
    await send(await signedTransaction(devAccount0, [transfer(SOL)]))
    await send(await signedTransaction(devAccount0, [transfer(SOL)]))
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(early.blockhash)
    expect((await rpc.isBlockhashValid(early.blockhash).send()).value).toBe(true)
    // Another amount: the first transfer above was signed with the same blockhash.
    await send(await signedTransaction(devAccount0, [transfer(2n * SOL)], early))
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(4n * SOL)

    const madeUp = {
      blockhash: receiver.address as string as Blockhash,
      lastValidBlockHeight: early.lastValidBlockHeight,
    }
    const { payload } = await rawRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [
        getBase64EncodedWireTransaction(
          await signedTransaction(devAccount0, [transfer(SOL)], madeUp),
        ),
        { encoding: 'base64' },
      ],
    })
    expect(payload.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })
  })

  test('behavior: signatureSubscribe notifies once the transaction lands, and at once if it has', async () => {
    const receiver = await generateKeyPairSigner()
    const transaction = await signedTransaction(devAccount0, [
      getTransferSolInstruction({
        source: devAccount0,
        destination: receiver.address,
        amount: SOL,
      }),
    ])
    const signature = getSignatureFromTransaction(transaction)
    const firstNotification = async () => {
      const abort = new AbortController()
      const notifications = await rpcSubscriptions
        .signatureNotifications(signature, { commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal })
      for await (const notification of notifications) {
        abort.abort()
        return notification.value
      }
    }
    const beforeLanding = firstNotification()
    // Let the subscription reach the server before the transaction does.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await send(transaction)
    expect(await beforeLanding).toEqual({ err: null })
    expect(await firstNotification()).toEqual({ err: null })
  })
})

describe('the wire', () => {
  test('behavior: getFeeForMessage charges 5,000 lamports for one signer', async () => {
    const receiver = await generateKeyPairSigner()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(devAccount0, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: devAccount0,
              destination: receiver.address,
              amount: 1n,
            }),
          ],
          m,
        ),
    )
    const { messageBytes } = compileTransaction(message)
    const encoded = getBase64Decoder().decode(messageBytes)
    const fee = await rpc
      .getFeeForMessage(encoded as Parameters<typeof rpc.getFeeForMessage>[0])
      .send()
    expect(fee.value).toBe(5000n)
  })

  test('behavior: a CORS preflight from another origin is answered', async () => {
    const response = await fetch(chain.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, solana-client',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, solana-client')
    const { response: post } = await rawRpc({ jsonrpc: '2.0', id: 1, method: 'getHealth' })
    expect(post.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('behavior: batches are answered in order and unknown methods get -32601', async () => {
    const { payload } = await rawRpc([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'getBlockProduction' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: [solanaDevAccounts[2].address] },
    ])
    expect(payload).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      {
        jsonrpc: '2.0',
        id: 3,
        result: {
          context: { apiVersion: expect.any(String), slot: expect.any(Number) },
          value: 100e9,
        },
      },
    ])
  })

  test('behavior: getTransaction and getSignaturesForAddress show a landed transfer', async () => {
    const receiver = await generateKeyPairSigner()
    const signature = await send(
      await signedTransaction(devAccount0, [
        getTransferSolInstruction({
          source: devAccount0,
          destination: receiver.address,
          amount: SOL,
        }),
      ]),
    )
    const history = await rpc.getSignaturesForAddress(receiver.address as Address).send()
    expect(history).toEqual([
      expect.objectContaining({ signature, err: null, confirmationStatus: 'finalized' }),
    ])
    const transaction = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(transaction?.meta?.fee).toBe(5000n)
    expect(transaction?.meta?.postBalances[1]).toBe(SOL)
    expect(transaction?.transaction.message.accountKeys).toContain(receiver.address)
  })

  test('behavior: requestAirdrop funds an address', async () => {
    const receiver = await generateKeyPairSigner()
    const signature = await rpc.requestAirdrop(receiver.address, lamports(5n * SOL)).send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.confirmationStatus).toBe('finalized')
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(5n * SOL)
  })
})
