/**
 * Solana simulation against the local Solana RPC (devchain/solanaRpc.mjs over LiteSVM, seeded):
 * a SOL transfer's change with its fee, an sUSD transfer to an account without sUSD yet (its
 * token account made, rent paid), a transfer beyond the balance as a failure in words, and the
 * pure readers of a token account and a failure.
 */
import type { NetworkConfig } from '@airlock/protocol'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devUsdMint, solanaDevAccounts } from '../../../../devchain/solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../../../devchain/solanaRpc.mjs'
import { prepareSolanaTransfer } from '../send/solanaTransfer'
import { simulateSolana, solanaFailure, tokenAmountOf } from './solanaSimulation'

const SOL = 1_000_000_000n
const [payer, receiver] = solanaDevAccounts

let chain: SolanaRpc
let network: NetworkConfig

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  network = {
    caipNetworkId: 'solana:localnet',
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrl: chain.url,
  }
})
afterAll(() => chain?.stop())

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

describe('simulateSolana', () => {
  test('behavior: a SOL transfer is the amount and the fee out', async () => {
    const { transaction } = await prepareSolanaTransfer({
      rpcUrl: chain.url,
      from: payer.address,
      to: receiver.address,
      amount: SOL / 2n,
    })
    const simulation = await simulateSolana({
      network,
      from: payer.address,
      transaction: base64(transaction),
    })
    expect(simulation).toEqual({
      outcome: 'succeeds',
      traced: true,
      changes: [{ kind: 'native', diff: -(SOL / 2n) - 5_000n }],
      nfts: [],
      approvals: [],
    })
  })

  test('behavior: an sUSD transfer is the tokens out, in the mint’s decimals', async () => {
    const { transaction } = await prepareSolanaTransfer({
      rpcUrl: chain.url,
      from: payer.address,
      to: receiver.address,
      amount: 1_500_000n,
      token: { mint: devUsdMint.address, decimals: devUsdMint.decimals },
    })
    const simulation = await simulateSolana({
      network,
      from: payer.address,
      transaction: base64(transaction),
    })
    if (simulation.outcome !== 'succeeds' || !simulation.traced)
      throw new Error(JSON.stringify(simulation))
    expect(simulation.changes).toContainEqual({
      kind: 'splToken',
      mint: devUsdMint.address,
      decimals: 6,
      diff: -1_500_000n,
    })
    // The fee, and the rent of the receiver's new token account, in SOL.
    expect(simulation.changes[0]).toMatchObject({ kind: 'native' })
  })

  test('behavior: a transfer beyond the balance fails, with the program’s words', async () => {
    // The Send form checks the balance; a site's transaction need not.
    const rpc = createSolanaRpc(chain.url)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(createNoopSigner(receiver.address), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: createNoopSigner(receiver.address),
              destination: payer.address,
              amount: lamports(100_000n * SOL),
            }),
          ],
          m,
        ),
    )
    const simulation = await simulateSolana({
      network,
      from: receiver.address,
      transaction: getBase64EncodedWireTransaction(compileTransaction(message)),
    })
    expect(simulation).toMatchObject({ outcome: 'reverts' })
    if (simulation.outcome !== 'reverts') return
    expect(simulation.reason).toMatch(/failed|insufficient|Custom/)
  })
})

test('behavior: a token account’s amount is its u64 after mint and owner; short data is none', () => {
  const bytes = new Uint8Array(165)
  new DataView(bytes.buffer).setBigUint64(64, 1_250_500_000n, true)
  expect(tokenAmountOf(base64(bytes))).toBe(1_250_500_000n)
  expect(tokenAmountOf(base64(new Uint8Array(10)))).toBeUndefined()
})

test('behavior: a failure is the program’s error line, else the error’s shape', () => {
  expect(
    solanaFailure({ InstructionError: [0, { Custom: 1 }] }, [
      'Program 11111111111111111111111111111111 invoke [1]',
      'Transfer: insufficient lamports 100, need 200',
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    ]),
  ).toBe('Program 11111111111111111111111111111111 failed: custom program error: 0x1')
  expect(solanaFailure({ InstructionError: [0, { Custom: 1 }] }, [])).toBe(
    '{"InstructionError":[0,{"Custom":1}]}',
  )
})
