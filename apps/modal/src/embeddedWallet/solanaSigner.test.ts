/**
 * The embedded wallet's Solana signer against the local Solana RPC (devchain/solanaRpc.mjs over
 * LiteSVM): signatures that verify, SOL transfers built by the Send view's own code that land,
 * what the approval is shown, that a "no" signs and sends nothing, and the EIP-1193 error of
 * each refusal.
 */
import type { NetworkConfig } from '@airlock/protocol'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devUsdMint, solanaDevAccounts } from '../../../../devchain/solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../../../devchain/solanaRpc.mjs'
import { prepareSolanaTransfer } from '../send/solanaTransfer'
import { priorityFeeFloorMicroLamports } from './solanaPriorityFee'
import { createSolanaSigner, type SolanaApprovalRequest } from './solanaSigner'
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from './solanaTransaction'
import { deriveWalletAccounts } from './walletAccounts'
import { createWalletSecret } from './walletSecret'

const SOL = 1_000_000_000n
const { solana: wallet } = deriveWalletAccounts(createWalletSecret())
// Dev accounts #1 and #2 of the seed: they exist, so a transfer of any amount may reach them.
const recipient = solanaDevAccounts[1].address
const stranger = solanaDevAccounts[2].address

let chain: SolanaRpc
// Typed as a test cluster (requestAirdrop included), which the local chain is.
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
let networks: NetworkConfig[]

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(chain.url))
  networks = [
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1',
    },
    {
      caipNetworkId: 'solana:localnet',
      name: 'Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: chain.url,
    },
    {
      // A network whose RPC nothing answers (port 1 refuses).
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: 'http://127.0.0.1:1',
    },
  ]
  await rpc.requestAirdrop(wallet.address, lamports(10n * SOL)).send()
})

afterAll(async () => {
  await chain?.stop()
})

/** A signer on the local chain whose approval answers `answer` and keeps what it was shown. */
function signerAnswering(answer: boolean) {
  const shown: SolanaApprovalRequest[] = []
  const signer = createSolanaSigner({
    secretKey: wallet.secretKey,
    networks,
    network: 'solana:localnet',
    approve: async (request) => {
      shown.push(request)
      return answer
    },
  })
  return { signer, shown }
}

const balance = async (account: Address) => (await rpc.getBalance(account).send()).value

/** The wire bytes the Send view asks a wallet to sign and send for `amount` lamports. */
async function solTransfer(amount: bigint) {
  const prepared = await prepareSolanaTransfer({
    rpcUrl: chain.url,
    from: wallet.address,
    to: recipient,
    amount,
  })
  return prepared.transaction
}

/** Wire bytes of `instructions` paid by `feePayer`, unsigned, on the latest blockhash. */
async function unsignedTransaction(feePayer: Address, instructions: Instruction[]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** Whether `signature` is the wallet's over `bytes`. */
async function signedByWallet(signature: Uint8Array, bytes: Uint8Array) {
  const publicKey = await getPublicKeyFromAddress(wallet.address)
  return verifySignature(publicKey, signature as Parameters<typeof verifySignature>[1], bytes)
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Error & { code: number; name: string }
  }
  throw new Error('expected a rejection')
}

describe('solana_signMessage', () => {
  test('signs the bytes once the visitor approved the text they read', async () => {
    const { signer, shown } = signerAnswering(true)
    const text = 'Sign in to Airlock\nNonce: 42 ✓'
    const message = new TextEncoder().encode(text)
    const answer = (await signer.request({
      method: 'solana_signMessage',
      params: { message },
    })) as {
      signedMessage: Uint8Array
      signature: Uint8Array
      signatureType: string
    }
    expect(shown).toEqual([
      { kind: 'message', network: 'solana:localnet', from: wallet.address, message: text },
    ])
    expect(answer.signedMessage).toEqual(message)
    expect(answer.signatureType).toBe('ed25519')
    expect(answer.signature).toHaveLength(64)
    expect(await signedByWallet(answer.signature, message)).toBe(true)
  })

  test('takes the account and chain the Wallet Standard connector adds', async () => {
    const { signer, shown } = signerAnswering(true)
    const message = new TextEncoder().encode('hi')
    const answer = (await signer.request({
      method: 'solana_signMessage',
      params: { message, account: wallet.address, chain: 'solana:devnet' },
    })) as { signature: Uint8Array }
    expect(shown[0]?.network).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(await signedByWallet(answer.signature, message)).toBe(true)
  })

  test('shows bytes that are not plain text as hex', async () => {
    const { signer, shown } = signerAnswering(true)
    for (const bytes of [
      [0xff, 0x00, 0x10],
      [0x68, 0x69, 0x07],
      [0x61, 0xe2, 0x80, 0xae, 0x62],
    ])
      await signer.request({
        method: 'solana_signMessage',
        params: { message: new Uint8Array(bytes) },
      })
    expect(shown.map((request) => request.kind === 'message' && request.message)).toEqual([
      '0xff0010',
      '0x686907',
      '0x61e280ae62',
    ])
  })

  test('a "no" rejects with 4001', async () => {
    const { signer, shown } = signerAnswering(false)
    const error = await rejection(
      signer.request({
        method: 'solana_signMessage',
        params: { message: new TextEncoder().encode('hi') },
      }),
    )
    expect(error).toMatchObject({ code: 4001, name: 'UserRejectedRequestError' })
    expect(shown).toHaveLength(1)
  })

  test("refuses a transaction's message bytes: they would sign the transaction", async () => {
    const { signer, shown } = signerAnswering(true)
    const transaction = getTransactionDecoder().decode(await solTransfer(SOL / 100n))
    const error = await rejection(
      signer.request({
        method: 'solana_signMessage',
        params: { message: new Uint8Array(transaction.messageBytes) },
      }),
    )
    expect(error).toMatchObject({ code: -32602, name: 'InvalidParamsError' })
    expect(error.message).toContain('solana_signTransaction')
    expect(shown).toEqual([])
  })
})

describe('solana_signTransaction', () => {
  test('signs the transfer the visitor was shown, and sends nothing', async () => {
    const { signer, shown } = signerAnswering(true)
    const amount = SOL / 4n
    const transaction = await solTransfer(amount)
    const [walletBefore, recipientBefore] = await Promise.all([
      balance(wallet.address),
      balance(recipient),
    ])
    const { signedTransaction } = (await signer.request({
      method: 'solana_signTransaction',
      params: { transaction },
    })) as { signedTransaction: Uint8Array }

    expect(shown).toEqual([
      {
        kind: 'transaction',
        network: 'solana:localnet',
        from: wallet.address,
        send: false,
        instructions: [
          {
            programId: SYSTEM_PROGRAM_ADDRESS,
            transfer: { from: wallet.address, to: recipient, lamports: amount },
          },
        ],
        fee: { base: 5000n, priority: 0n },
        // Exactly the transaction asked, for the approval screen to simulate.
        wireTransaction: Buffer.from(transaction).toString('base64'),
      },
    ])
    const signed = getTransactionDecoder().decode(signedTransaction)
    const unsigned = getTransactionDecoder().decode(transaction)
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    const signature = signed.signatures[wallet.address]
    expect(signature).toBeTruthy()
    expect(await signedByWallet(signature as Uint8Array, new Uint8Array(signed.messageBytes))).toBe(
      true,
    )
    expect([await balance(wallet.address), await balance(recipient)]).toEqual([
      walletBefore,
      recipientBefore,
    ])

    // The site may send it itself: the cluster takes the signature.
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    expect(await balance(recipient)).toBe(recipientBefore + amount)
  })

  test('refuses, unasked, a priority fee above 3× the estimate (the floor on a quiet cluster); one within it is shown', async () => {
    const { signer, shown } = signerAnswering(false)
    // The local cluster has no recent prioritization fees: the estimate is the floor.
    const cap = 3n * priorityFeeFloorMicroLamports
    const transfer = getTransferSolInstruction({
      source: createNoopSigner(wallet.address),
      destination: recipient,
      amount: 1n,
    })
    const priced = (microLamports: bigint) => {
      const data = new Uint8Array(9)
      data[0] = 3 // SetComputeUnitPrice
      new DataView(data.buffer).setBigUint64(1, microLamports, true)
      return unsignedTransaction(wallet.address, [
        { programAddress: address(COMPUTE_BUDGET_PROGRAM_ADDRESS), data },
        transfer,
      ])
    }
    const refused = await rejection(
      signer.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: await priced(cap + 1n) },
      }),
    )
    expect(refused).toMatchObject({
      name: 'InvalidParamsError',
      code: -32602,
      message: `solana_signAndSendTransaction: the priority fee ${cap + 1n} micro-lamports per compute unit is more than ${cap}, 3× the wallet's estimate (${priorityFeeFloorMicroLamports}); leave out the ComputeBudget price or lower it.`,
    })
    expect(shown).toEqual([])
    await expect(
      signer.request({
        method: 'solana_signTransaction',
        params: { transaction: await priced(cap) },
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(shown).toEqual([
      expect.objectContaining({
        fee: { base: 5000n, priority: (cap * 200_000n) / 1_000_000n },
      }),
    ])
  })

  test('reads an SPL Token transferChecked for the approval', async () => {
    const { signer, shown } = signerAnswering(false)
    const [source] = await findAssociatedTokenPda({
      owner: wallet.address,
      mint: devUsdMint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const transaction = await unsignedTransaction(wallet.address, [
      getTransferCheckedInstruction({
        source,
        mint: devUsdMint.address,
        destination: devUsdMint.seeded.tokenAccount,
        authority: createNoopSigner(wallet.address),
        amount: 1_500_000n,
        decimals: devUsdMint.decimals,
      }),
    ])
    const error = await rejection(
      signer.request({ method: 'solana_signTransaction', params: { transaction } }),
    )
    expect(error.code).toBe(4001)
    expect(shown[0]).toMatchObject({
      kind: 'transaction',
      send: false,
      instructions: [
        {
          programId: TOKEN_PROGRAM_ADDRESS,
          tokenTransfer: {
            mint: devUsdMint.address,
            from: source,
            to: devUsdMint.seeded.tokenAccount,
            authority: wallet.address,
            amount: 1_500_000n,
            decimals: devUsdMint.decimals,
          },
        },
      ],
    })
  })
})

describe('solana_signAndSendTransaction', () => {
  test('sends the transfer once approved: it lands and moves the balances', async () => {
    const { signer, shown } = signerAnswering(true)
    const amount = SOL / 2n
    const transaction = await solTransfer(amount)
    const [walletBefore, recipientBefore] = await Promise.all([
      balance(wallet.address),
      balance(recipient),
    ])
    // As the Wallet Standard connector asks: with the account and the cluster's name.
    const { signature } = (await signer.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction, account: wallet.address, chain: 'solana:localnet' },
    })) as { signature: Uint8Array }

    expect(shown).toMatchObject([{ kind: 'transaction', send: true }])
    expect(signature).toHaveLength(64)
    const { value } = await rpc
      .getSignatureStatuses([getBase58Decoder().decode(signature) as Signature])
      .send()
    expect(value[0]).toMatchObject({ err: null })
    expect(await balance(recipient)).toBe(recipientBefore + amount)
    expect(await balance(wallet.address)).toBe(walletBefore - amount - 5_000n)
  })

  test('a "no" rejects with 4001 and sends nothing', async () => {
    const { signer, shown } = signerAnswering(false)
    const transaction = await solTransfer(SOL / 2n)
    const [walletBefore, recipientBefore] = await Promise.all([
      balance(wallet.address),
      balance(recipient),
    ])
    const error = await rejection(
      signer.request({ method: 'solana_signAndSendTransaction', params: { transaction } }),
    )
    expect(error).toMatchObject({ code: 4001, name: 'UserRejectedRequestError' })
    expect(shown).toHaveLength(1)
    expect([await balance(wallet.address), await balance(recipient)]).toEqual([
      walletBefore,
      recipientBefore,
    ])
  })

  test("refuses, unasked, a transaction that also needs another signer's signature", async () => {
    const { signer, shown } = signerAnswering(true)
    const transaction = await unsignedTransaction(wallet.address, [
      getTransferSolInstruction({
        source: createNoopSigner(stranger),
        destination: recipient,
        amount: SOL,
      }),
    ])
    const error = await rejection(
      signer.request({ method: 'solana_signAndSendTransaction', params: { transaction } }),
    )
    expect(error).toMatchObject({ code: -32602, name: 'InvalidParamsError' })
    expect(error.message).toContain(stranger)
    expect(shown).toEqual([])
  })

  test("a transfer the cluster refuses keeps the RPC's code and says why", async () => {
    const { signer } = signerAnswering(true)
    const walletBefore = await balance(wallet.address)
    const transaction = await unsignedTransaction(wallet.address, [
      getTransferSolInstruction({
        source: createNoopSigner(wallet.address),
        destination: recipient,
        amount: walletBefore + SOL,
      }),
    ])
    const error = await rejection(
      signer.request({ method: 'solana_signAndSendTransaction', params: { transaction } }),
    )
    expect(error).toMatchObject({ code: -32002, name: 'ProviderRpcError' })
    expect(error.message).toContain('Custom program error: #1')
    expect(await balance(wallet.address)).toBe(walletBefore)
  })

  test('an RPC that does not answer is 4901', async () => {
    const { signer } = signerAnswering(true)
    const transaction = await solTransfer(SOL / 100n)
    const error = await rejection(
      signer.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction, chain: 'solana:devnet' },
      }),
    )
    expect(error).toMatchObject({ code: 4901, name: 'ChainDisconnectedError' })
  })
})

describe('refusals', () => {
  test("a transaction another account pays for is 4100, and the visitor isn't asked", async () => {
    const { signer, shown } = signerAnswering(true)
    const transaction = await unsignedTransaction(stranger, [
      getTransferSolInstruction({
        source: createNoopSigner(wallet.address),
        destination: recipient,
        amount: SOL,
      }),
    ])
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
      const error = await rejection(signer.request({ method, params: { transaction } }))
      expect(error).toMatchObject({ code: 4100, name: 'UnauthorizedError' })
      expect(error.message).toContain(`fee payer is ${stranger}`)
    }
    expect(shown).toEqual([])
  })

  test('another account is 4100', async () => {
    const { signer, shown } = signerAnswering(true)
    const error = await rejection(
      signer.request({
        method: 'solana_signMessage',
        params: { message: new Uint8Array([1]), account: stranger },
      }),
    )
    expect(error).toMatchObject({ code: 4100, name: 'UnauthorizedError' })
    expect(shown).toEqual([])
  })

  test.each([
    ['no params', 'solana_signMessage', undefined, 'takes { message: Uint8Array }'],
    ['a list', 'solana_signMessage', [new Uint8Array([1])], 'takes { message: Uint8Array }'],
    ['a text message', 'solana_signMessage', { message: 'hi' }, 'message must be a Uint8Array'],
    ['no bytes', 'solana_signMessage', { message: new Uint8Array() }, 'at least one byte'],
    ['64 KiB and one', 'solana_signMessage', { message: new Uint8Array(65_537) }, 'at most 65536'],
    [
      'an unknown parameter',
      'solana_signMessage',
      { message: new Uint8Array([1]), display: 'utf8' },
      'does not take display',
    ],
    [
      'a chain the site does not have',
      'solana_signMessage',
      { message: new Uint8Array([1]), chain: 'solana:mainnet' },
      'chain "solana:mainnet" is not one of',
    ],
    [
      'a list of numbers',
      'solana_signTransaction',
      { transaction: [1, 2, 3] },
      'transaction must be a Uint8Array',
    ],
    [
      'bytes that are no transaction',
      'solana_signTransaction',
      { transaction: new Uint8Array([1, 2, 3]) },
      'not a Solana wire transaction',
    ],
    [
      'a transaction without signers',
      'solana_signAndSendTransaction',
      // No signatures; a legacy message of no signer, no account, a blockhash, no instruction.
      { transaction: new Uint8Array([0, 0, 0, 0, 0, ...new Uint8Array(32).fill(1), 0]) },
      'do not match its signers',
    ],
  ])('%s (%s) is refused as invalid params', async (_case, method, params, reason) => {
    const { signer, shown } = signerAnswering(true)
    const error = await rejection(
      signer.request({ method, ...(params === undefined ? {} : { params }) } as never),
    )
    expect(error).toMatchObject({ code: -32602, name: 'InvalidParamsError' })
    expect(error.message).toContain(reason)
    expect(shown).toEqual([])
  })

  test('a transaction with bytes after its end, or too large, is invalid params', async () => {
    const { signer, shown } = signerAnswering(true)
    const transaction = await solTransfer(SOL / 100n)
    const trailing = new Uint8Array([...transaction, 0])
    const large = await unsignedTransaction(wallet.address, [
      {
        programAddress: SYSTEM_PROGRAM_ADDRESS,
        data: new Uint8Array(1_300),
      },
    ])
    for (const [bytes, reason] of [
      [trailing, 'bytes after its end'],
      [large, 'at most 1232'],
    ] as const) {
      const error = await rejection(
        signer.request({ method: 'solana_signTransaction', params: { transaction: bytes } }),
      )
      expect(error).toMatchObject({ code: -32602, name: 'InvalidParamsError' })
      expect(error.message).toContain(reason)
    }
    expect(shown).toEqual([])
  })

  test('send options of the wrong kind are refused as invalid params', async () => {
    const { signer, shown } = signerAnswering(true)
    const transaction = await solTransfer(SOL / 100n)
    for (const options of [
      { commitment: 'confirmed' },
      { skipPreflight: 'yes' },
      { maxRetries: -1 },
    ])
      expect(
        await rejection(
          signer.request({
            method: 'solana_signAndSendTransaction',
            params: { transaction, options },
          }),
        ),
      ).toMatchObject({ code: -32602 })
    expect(shown).toEqual([])
  })

  test.each([
    'solana_signAllTransactions',
    'solana_signIn',
    'standard_connect',
    'eth_sendTransaction',
  ])('%s is 4200, named', async (method) => {
    const { signer, shown } = signerAnswering(true)
    const error = await rejection(signer.request({ method, params: {} }))
    expect(error).toMatchObject({ code: 4200, name: 'UnsupportedMethodError' })
    expect(error.message).toContain(method)
    expect(shown).toEqual([])
  })

  test('a keypair whose halves do not match signs nothing', async () => {
    const secretKey = new Uint8Array(wallet.secretKey)
    secretKey.set(solanaDevAccounts[2].secretKey.subarray(32), 32)
    const shown: SolanaApprovalRequest[] = []
    const signer = createSolanaSigner({
      secretKey,
      networks,
      network: 'solana:localnet',
      approve: async (request) => {
        shown.push(request)
        return true
      },
    })
    expect(signer.address).toBe(stranger)
    const error = await rejection(
      signer.request({ method: 'solana_signMessage', params: { message: new Uint8Array([1]) } }),
    )
    expect(error).toMatchObject({ code: -32603, name: 'InternalError' })
  })

  test('the signer starts only on one of the site’s Solana networks', () => {
    expect(() =>
      createSolanaSigner({
        secretKey: wallet.secretKey,
        networks,
        network: 'eip155:1',
        approve: async () => true,
      }),
    ).toThrow(/not one of the site's Solana networks/)
  })
})
