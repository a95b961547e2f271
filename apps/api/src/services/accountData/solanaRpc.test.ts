// The Solana account-data adapter against the real local chain (devchain/solanaRpc.mjs over
// litesvm, seeded): holdings read over JSON-RPC, summed per mint, named from the operator's list.

import type { NetworkConfig } from '@airlock/protocol'
import {
  type Address,
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeAccount3Instruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  devUsdMint,
  signInstructions,
  solanaDevAccounts,
} from '../../../../../devchain/solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../../../../devchain/solanaRpc.mjs'
import { defaultNetworks } from '../networks'
import { AccountDataUnavailableError, UnsupportedAccountDataError } from './adapter'
import { createSolanaRpcAdapter, isSolanaAccountAddress } from './solanaRpc'

let chain: SolanaRpc
let localnet: NetworkConfig
let devAccount0: KeyPairSigner
const adapter = createSolanaRpcAdapter({
  tokens: { [devUsdMint.address]: { name: 'Airlock Solana USD', symbol: 'sUSD', decimals: 6 } },
})
const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  const network = defaultNetworks().find((entry) => entry.caipNetworkId === 'solana:localnet')
  if (!network) throw new Error('solana:localnet is not in the default catalogue')
  localnet = { ...network, rpcUrl: chain.url }
  devAccount0 = await createKeyPairSignerFromBytes(solanaDevAccounts[0].secretKey)
})
afterAll(async () => {
  await chain?.stop()
})

/** Signs with account #0 (and `signers` named in the instructions) and lands it in the runtime. */
async function land(instructions: Instruction[]) {
  const transaction = await signInstructions(devAccount0, instructions, {
    blockhash: chain.svm.latestBlockhash(),
    lastValidBlockHeight: 0n,
  })
  const result = chain.svm.sendTransaction(transaction)
  if ('err' in result) throw new Error(result.meta().prettyLogs())
  chain.svm.expireBlockhash()
}

describe('createSolanaRpcAdapter', () => {
  test('behavior: dev account #0 holds SOL first, then sUSD named from the token list', async () => {
    expect(
      await adapter.balances({ address: solanaDevAccounts[0].address, network: localnet }),
    ).toEqual([
      { ...sol, balance: 1_000_000_000_000n },
      {
        address: devUsdMint.address,
        name: 'Airlock Solana USD',
        symbol: 'sUSD',
        decimals: 6,
        balance: 1_250_500_000n,
      },
    ])
  })

  test('behavior: one mint in two token accounts is summed; an empty token account is left out', async () => {
    const holder = await generateKeyPairSigner()
    const extraAccount = await generateKeyPairSigner()
    const [holderAta] = await findAssociatedTokenPda({
      owner: holder.address,
      mint: devUsdMint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const emptyHolder = await generateKeyPairSigner()
    const [emptyAta] = await findAssociatedTokenPda({
      owner: emptyHolder.address,
      mint: devUsdMint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const send = (destination: Address, amount: bigint) =>
      getTransferCheckedInstruction({
        source: devUsdMint.seeded.tokenAccount,
        mint: devUsdMint.address,
        destination,
        authority: devAccount0,
        amount,
        decimals: 6,
      })
    await land([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: devAccount0,
        ata: holderAta,
        owner: holder.address,
        mint: devUsdMint.address,
      }),
      getCreateAccountInstruction({
        payer: devAccount0,
        newAccount: extraAccount,
        lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(getTokenSize()))),
        space: getTokenSize(),
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeAccount3Instruction({
        account: extraAccount.address,
        mint: devUsdMint.address,
        owner: holder.address,
      }),
      send(holderAta, 2_000_000n),
      send(extraAccount.address, 500_000n),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: devAccount0,
        ata: emptyAta,
        owner: emptyHolder.address,
        mint: devUsdMint.address,
      }),
    ])

    expect(await adapter.balances({ address: holder.address, network: localnet })).toEqual([
      {
        address: devUsdMint.address,
        name: 'Airlock Solana USD',
        symbol: 'sUSD',
        decimals: 6,
        balance: 2_500_000n,
      },
    ])
    expect(await adapter.balances({ address: emptyHolder.address, network: localnet })).toEqual([])
  })

  test('behavior: NFTs and transactions are not served on Solana', async () => {
    const query = { address: solanaDevAccounts[0].address, network: localnet, limit: 10 }
    await expect(adapter.nfts(query)).rejects.toThrow(UnsupportedAccountDataError)
    await expect(adapter.transactions(query)).rejects.toThrow(
      'Transactions are not available for solana:localnet: Airlock shows them for eip155 networks only.',
    )
  })

  test('behavior: an RPC that does not answer is AccountDataUnavailableError', async () => {
    const down = { ...localnet, rpcUrl: 'http://127.0.0.1:9' }
    await expect(
      adapter.balances({ address: solanaDevAccounts[0].address, network: down }),
    ).rejects.toThrow(AccountDataUnavailableError)
  })
})

describe('isSolanaAccountAddress', () => {
  test.each([
    [devUsdMint.address, true],
    ['11111111111111111111111111111111', true],
    ['z'.repeat(44), false],
    ['0x700b6a60ce7eaaea56f065753d8dcb9653dbad35', false],
    [devUsdMint.address.toLowerCase(), false],
    [42, false],
  ])('behavior: %s → %s', (value, expected) => {
    expect(isSolanaAccountAddress(value)).toBe(expected)
  })
})
