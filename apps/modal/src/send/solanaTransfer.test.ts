// solanaTransfer against the local Solana RPC (devchain/solanaRpc.mjs over LiteSVM, seeded with the
// dev accounts and sUSD), with the wallet's part played here: decode the wire bytes, sign with the
// dev key, send through the RPC, then confirm with the module, as the Send view will.
import {
  type Address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  signTransaction,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  AccountState,
  type ExtensionArgs,
  getMintEncoder as getMint2022Encoder,
  getTokenEncoder as getToken2022Encoder,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devUsdMint, signInstructions, solanaDevAccounts } from '../../../../devchain/solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../../../devchain/solanaRpc.mjs'
import {
  confirmSolanaTransfer,
  describeSolanaError,
  type PreparedSolanaTransfer,
  prepareSolanaTransfer,
  SolanaTransferError,
  signatureToString,
  solanaTransferErrors,
} from './solanaTransfer'

const SOL = 1_000_000_000n
const sUsd = { mint: devUsdMint.address, decimals: devUsdMint.decimals }
let chain: SolanaRpc
// Typed as a test cluster (requestAirdrop included), which the local chain is.
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
let devAccount0: KeyPairSigner
const devAccount1 = solanaDevAccounts[1].address

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(chain.url))
  devAccount0 = await createKeyPairSignerFromBytes(solanaDevAccounts[0].secretKey)
})

afterAll(async () => {
  await chain?.stop()
})

/** What a wallet does with the prepared bytes: sign them and send them; returns the signature. */
async function signAndSend(
  prepared: PreparedSolanaTransfer,
  signer: KeyPairSigner = devAccount0,
  options: { skipPreflight?: boolean } = {},
) {
  const transaction = getTransactionDecoder().decode(prepared.transaction)
  const signed = await signTransaction([signer.keyPair], transaction)
  await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', ...options })
    .send()
  const signature = signed.signatures[signer.address]
  if (!signature) throw new Error('the transaction has no signature of the sender')
  return signatureToString(signature)
}

async function balance(account: Address) {
  return (await rpc.getBalance(account).send()).value
}

async function tokenBalance(tokenAccount: Address) {
  return BigInt((await rpc.getTokenAccountBalance(tokenAccount).send()).value.amount)
}

/** A fresh sender with `amount` lamports, for tests that drain it. */
async function fundedSender(amount: bigint) {
  const signer = await generateKeyPairSigner()
  await rpc.requestAirdrop(signer.address, lamports(amount)).send()
  return signer
}

/** Setup transactions signed by the test itself (creating Token-2022 mints). */
async function sendInstructions(instructions: Instruction[]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const signed = await signInstructions(devAccount0, instructions, lifetime)
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('SOL', () => {
  test('behavior: the receiver gains exactly the amount; the sender pays it and the 5,000-lamport fee', async () => {
    const amount = 250_000_000n
    const [senderBefore, receiverBefore] = await Promise.all([
      balance(devAccount0.address),
      balance(devAccount1),
    ])
    const prepared = await prepareSolanaTransfer({
      rpcUrl: chain.url,
      from: devAccount0.address,
      to: devAccount1,
      amount,
    })
    expect(prepared).toMatchObject({
      feeLamports: 5000n,
      createsTokenAccount: false,
      rentLamports: 0n,
    })
    const signature = await signAndSend(prepared)
    await confirmSolanaTransfer(chain.url, signature)
    expect(await balance(devAccount1)).toBe(receiverBefore + amount)
    expect(await balance(devAccount0.address)).toBe(senderBefore - amount - prepared.feeLamports)
  })

  test('behavior: more SOL than the balance is refused before the wallet is asked', async () => {
    const error = await rejection(
      prepareSolanaTransfer({
        rpcUrl: chain.url,
        from: devAccount1,
        to: devAccount0.address,
        amount: 101n * SOL,
      }),
    )
    expect(error).toBeInstanceOf(SolanaTransferError)
    expect(error).toMatchObject({
      reason: 'insufficientFunds',
      message: 'Insufficient funds for the transfer and its fee.',
    })
  })

  test('behavior: less than the rent-exempt minimum to a new account is refused with the minimum', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const error = await rejection(
      prepareSolanaTransfer({
        rpcUrl: chain.url,
        from: devAccount0.address,
        to: receiver,
        amount: 1000n,
      }),
    )
    expect(error).toMatchObject({
      reason: 'receiverBelowRent',
      message: solanaTransferErrors.receiverBelowRent('0.00089088'),
    })
  })

  test('behavior: a transfer prepared on a stale balance fails preflight; describeSolanaError says why', async () => {
    const sender = await fundedSender(SOL)
    const transfer = { rpcUrl: chain.url, from: sender.address, to: devAccount1 }
    // Both fit the balance when prepared; once the first lands, the second cannot.
    const first = await prepareSolanaTransfer({ ...transfer, amount: 600_000_000n })
    const second = await prepareSolanaTransfer({ ...transfer, amount: 600_000_001n })
    await confirmSolanaTransfer(chain.url, await signAndSend(first, sender))
    const error = describeSolanaError(await rejection(signAndSend(second, sender)))
    expect(error).toMatchObject({
      reason: 'insufficientFunds',
      message: solanaTransferErrors.insufficientFunds,
    })
  })

  test('behavior: a failed transaction that lands (preflight skipped) fails confirmation with a readable reason', async () => {
    const sender = await fundedSender(SOL)
    const transfer = { rpcUrl: chain.url, from: sender.address, to: devAccount1 }
    const first = await prepareSolanaTransfer({ ...transfer, amount: 600_000_000n })
    const second = await prepareSolanaTransfer({ ...transfer, amount: 600_000_001n })
    await confirmSolanaTransfer(chain.url, await signAndSend(first, sender))
    const signature = await signAndSend(second, sender, { skipPreflight: true })
    const error = await rejection(confirmSolanaTransfer(chain.url, signature))
    expect(error).toBeInstanceOf(SolanaTransferError)
    expect(error).toMatchObject({
      reason: 'insufficientFunds',
      message: 'Insufficient funds for the transfer and its fee.',
      details: '{"InstructionError":[0,{"Custom":1}]}',
    })
  })
})

describe('SPL Token (sUSD)', () => {
  test('behavior: the first transfer to a wallet opens its token account; the next one does not', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const [receiverAta] = await findAssociatedTokenPda({
      owner: receiver,
      mint: sUsd.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const senderBefore = await balance(devAccount0.address)
    const transfer = { rpcUrl: chain.url, from: devAccount0.address, to: receiver, token: sUsd }

    const first = await prepareSolanaTransfer({ ...transfer, amount: 12_500_000n })
    expect(first.createsTokenAccount).toBe(true)
    expect(first.rentLamports).toBeGreaterThan(0n)
    expect(first.feeLamports).toBe(5000n)
    await confirmSolanaTransfer(chain.url, await signAndSend(first))
    expect(await tokenBalance(receiverAta)).toBe(12_500_000n)
    // The rent reported is what the new account holds, and the sender paid it with the fee.
    expect(await balance(receiverAta)).toBe(first.rentLamports)
    expect(await balance(devAccount0.address)).toBe(
      senderBefore - first.feeLamports - first.rentLamports,
    )

    const second = await prepareSolanaTransfer({ ...transfer, amount: 1n })
    expect(second).toMatchObject({
      createsTokenAccount: false,
      rentLamports: 0n,
      feeLamports: 5000n,
    })
    await confirmSolanaTransfer(chain.url, await signAndSend(second))
    expect(await tokenBalance(receiverAta)).toBe(12_500_001n)

    // The receiver's token account itself as the address: the tokens go straight into it.
    const direct = await prepareSolanaTransfer({ ...transfer, to: receiverAta, amount: 2n })
    expect(direct.createsTokenAccount).toBe(false)
    await confirmSolanaTransfer(chain.url, await signAndSend(direct))
    expect(await tokenBalance(receiverAta)).toBe(12_500_003n)
  })

  test('behavior: more sUSD than held is refused before the wallet is asked', async () => {
    const error = await rejection(
      prepareSolanaTransfer({
        rpcUrl: chain.url,
        from: devAccount0.address,
        to: devAccount1,
        amount: devUsdMint.seeded.amount + 1n,
        token: sUsd,
      }),
    )
    expect(error).toMatchObject({
      reason: 'insufficientTokenBalance',
      message: solanaTransferErrors.insufficientTokenBalance,
    })
  })

  test('behavior: a sender without the token, the wrong decimals or the mint as receiver are refused', async () => {
    const transfer = { rpcUrl: chain.url, amount: 1n, token: sUsd }
    await expect(
      prepareSolanaTransfer({ ...transfer, from: devAccount1, to: devAccount0.address }),
    ).rejects.toMatchObject({ reason: 'insufficientTokenBalance' })
    await expect(
      prepareSolanaTransfer({
        ...transfer,
        from: devAccount0.address,
        to: devAccount1,
        token: { ...sUsd, decimals: 9 },
      }),
    ).rejects.toMatchObject({ reason: 'decimalsMismatch' })
    await expect(
      prepareSolanaTransfer({ ...transfer, from: devAccount0.address, to: sUsd.mint }),
    ).rejects.toMatchObject({
      reason: 'receiverIsMint',
      message: solanaTransferErrors.receiverIsMint,
    })
  })
})

/** TransferFeeConfig charging `basisPoints` now and from the next epoch. */
const transferFee = (basisPoints: number): ExtensionArgs => ({
  __kind: 'TransferFeeConfig',
  transferFeeConfigAuthority: devAccount1,
  withdrawWithheldAuthority: devAccount1,
  withheldAmount: 0n,
  olderTransferFee: { epoch: 0n, maximumFee: 1_000n, transferFeeBasisPoints: basisPoints },
  newerTransferFee: { epoch: 0n, maximumFee: 1_000n, transferFeeBasisPoints: basisPoints },
})
/** A mint these tests give no supply: one that refuses transfers, or freezes new accounts. */
const withoutSupply = (extension: ExtensionArgs) =>
  extension.__kind !== 'TransferFeeConfig' ||
  extension.olderTransferFee.transferFeeBasisPoints !== 0

describe('Token-2022', () => {
  /** A Token-2022 mint of dev account 0 with `supply` in its token account. */
  async function token2022Mint(options: { extensions?: ExtensionArgs[] } = {}) {
    const mint = await generateKeyPairSigner()
    const decimals = 6
    if (options.extensions === undefined) {
      const space = 82n
      const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
      await sendInstructions([
        getCreateAccountInstruction({
          payer: devAccount0,
          newAccount: mint,
          lamports: rent,
          space,
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        }),
        getInitializeMint2Instruction(
          {
            mint: mint.address,
            decimals,
            mintAuthority: devAccount0.address,
            freezeAuthority: null,
          },
          { programAddress: TOKEN_2022_PROGRAM_ADDRESS },
        ),
      ])
    } else {
      // Extensions the program would set with their own instructions: the mint as it lays them out.
      const data = new Uint8Array(
        getMint2022Encoder().encode({
          mintAuthority: devAccount0.address,
          supply: 0n,
          decimals,
          isInitialized: true,
          freezeAuthority: devAccount0.address,
          extensions: options.extensions,
        }),
      )
      chain.svm.setAccount({
        address: mint.address,
        data,
        executable: false,
        lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        space: BigInt(data.length),
      })
    }
    if (options.extensions?.some(withoutSupply)) return { mint: mint.address, decimals }
    const [ata] = await findAssociatedTokenPda({
      owner: devAccount0.address,
      mint: mint.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    })
    await sendInstructions([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: devAccount0,
        ata,
        owner: devAccount0.address,
        mint: mint.address,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getMintToCheckedInstruction(
        {
          mint: mint.address,
          token: ata,
          mintAuthority: devAccount0,
          amount: 1_000_000n,
          decimals,
        },
        { programAddress: TOKEN_2022_PROGRAM_ADDRESS },
      ),
    ])
    return { mint: mint.address, decimals }
  }

  async function sendToFreshReceiver(token: { mint: Address; decimals: number }) {
    const receiver = (await generateKeyPairSigner()).address
    const prepared = await prepareSolanaTransfer({
      rpcUrl: chain.url,
      from: devAccount0.address,
      to: receiver,
      amount: 400_000n,
      token,
    })
    expect(prepared.createsTokenAccount).toBe(true)
    await confirmSolanaTransfer(chain.url, await signAndSend(prepared))
    const [ata] = await findAssociatedTokenPda({
      owner: receiver,
      mint: token.mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    })
    expect(await tokenBalance(ata)).toBe(400_000n)
    const account = chain.svm.getAccount(ata)
    return {
      prepared,
      ataLamports: await balance(ata),
      ataSize: account.exists ? account.data.length : 0,
    }
  }

  test('behavior: a plain Token-2022 mint sends, opening a 170-byte token account whose rent is reported', async () => {
    const { prepared, ataLamports, ataSize } = await sendToFreshReceiver(await token2022Mint())
    expect(ataSize).toBe(170)
    expect(prepared.rentLamports).toBe(ataLamports)
  })

  test('behavior: a zero transfer fee sends, and the larger token account it needs is reported', async () => {
    const { prepared, ataLamports, ataSize } = await sendToFreshReceiver(
      await token2022Mint({ extensions: [transferFee(0)] }),
    )
    expect(ataSize).toBe(182)
    expect(prepared.rentLamports).toBe(ataLamports)
  })

  test.each([
    ['a transfer fee', transferFee(50), 'transferFee'],
    ['no transfers at all', { __kind: 'NonTransferable' }, 'nonTransferable'],
    ['transfers paused', { __kind: 'PausableConfig', authority: null, paused: true }, 'paused'],
    [
      'a transfer hook',
      { __kind: 'TransferHook', authority: devAccount1, programId: devAccount1 },
      'transferHook',
    ],
  ] as const)(
    'behavior: a token with %s is refused with a clear reason',
    async (_, extension, reason) => {
      const token = await token2022Mint({ extensions: [extension] })
      await expect(
        prepareSolanaTransfer({
          rpcUrl: chain.url,
          from: devAccount0.address,
          to: devAccount1,
          amount: 1n,
          token,
        }),
      ).rejects.toMatchObject({ reason, message: solanaTransferErrors[reason] })
    },
  )

  test('behavior: a mint whose new accounts start frozen refuses to open one for the receiver', async () => {
    const token = await token2022Mint({
      extensions: [{ __kind: 'DefaultAccountState', state: AccountState.Frozen }],
    })
    // The sender's account was thawed by the freeze authority: it holds and may send.
    const [senderAta] = await findAssociatedTokenPda({
      owner: devAccount0.address,
      mint: token.mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    })
    const data = new Uint8Array(
      getToken2022Encoder().encode({
        mint: token.mint,
        owner: devAccount0.address,
        amount: 1_000n,
        delegate: null,
        state: AccountState.Initialized,
        isNative: null,
        delegatedAmount: 0n,
        closeAuthority: null,
        extensions: [{ __kind: 'ImmutableOwner' }],
      }),
    )
    chain.svm.setAccount({
      address: senderAta,
      data,
      executable: false,
      lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      space: BigInt(data.length),
    })
    await expect(
      prepareSolanaTransfer({
        rpcUrl: chain.url,
        from: devAccount0.address,
        to: (await generateKeyPairSigner()).address,
        amount: 1n,
        token,
      }),
    ).rejects.toMatchObject({ reason: 'receiverFrozen' })
  })
})

describe('input and errors', () => {
  // Nothing listens here: an RPC call would fail as networkFailed, not as the input's reason.
  const unreachable = 'http://127.0.0.1:1'
  const valid = { rpcUrl: unreachable, from: devAccount1, to: devAccount1, amount: 1n }

  test('behavior: invalid input is refused before any RPC call', async () => {
    await expect(prepareSolanaTransfer({ ...valid, to: '0xabc' })).rejects.toMatchObject({
      name: 'SolanaTransferError',
      reason: 'invalidReceiver',
      message: 'Enter a valid Solana address.',
    })
    await expect(prepareSolanaTransfer({ ...valid, from: 'not base58!' })).rejects.toMatchObject({
      reason: 'invalidSender',
    })
    await expect(prepareSolanaTransfer({ ...valid, amount: 0n })).rejects.toMatchObject({
      reason: 'invalidAmount',
      message: 'Enter an amount greater than 0.',
    })
    await expect(
      prepareSolanaTransfer({ ...valid, token: { mint: 'sUSD', decimals: 6 } }),
    ).rejects.toMatchObject({ reason: 'invalidMint' })
  })

  test('behavior: an unreachable RPC is a network error', async () => {
    await expect(prepareSolanaTransfer(valid)).rejects.toMatchObject({
      reason: 'networkFailed',
      message: solanaTransferErrors.networkFailed,
    })
  })

  test('behavior: a transaction that never lands times out; an abort stops the wait', async () => {
    const neverSent = signatureToString(new Uint8Array(64).fill(7))
    await expect(
      confirmSolanaTransfer(chain.url, neverSent, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ reason: 'timeout', message: solanaTransferErrors.timeout })
    const controller = new AbortController()
    const waiting = confirmSolanaTransfer(chain.url, neverSent, { signal: controller.signal })
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('behavior: wallet and RPC error shapes read as sentences; unknown ones show the error', () => {
    expect(
      describeSolanaError(
        new Error(
          'Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1',
        ),
      ).message,
    ).toBe('Insufficient funds for the transfer and its fee.')
    expect(
      describeSolanaError({
        code: -32002,
        message: 'Transaction simulation failed: Blockhash not found',
        data: { err: 'BlockhashNotFound' },
      }).reason,
    ).toBe('blockhashNotFound')
    expect(
      describeSolanaError({
        code: -32002,
        message: 'Transaction simulation failed',
        data: { err: { InsufficientFundsForRent: { account_index: 0 } } },
      }).reason,
    ).toBe('senderBelowRent')
    expect(
      describeSolanaError({
        code: -32002,
        message: 'Transaction simulation failed',
        data: { err: { InstructionError: [0, { Custom: 99 }] } },
      }).message,
    ).toBe('The transaction failed: {"InstructionError":[0,{"Custom":99}]}')
  })

  test('behavior: signatureToString is the base58 of 64 bytes and refuses other lengths', () => {
    expect(signatureToString(new Uint8Array(64))).toBe('1'.repeat(64))
    expect(() => signatureToString(new Uint8Array(32))).toThrow(
      solanaTransferErrors.invalidSignature,
    )
  })
})
