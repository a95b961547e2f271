// Types for solanaDev.mjs, so TypeScript tests and the e2e setup can import it.
import type { Address, Blockhash, Instruction, KeyPairSigner } from '@solana/kit'
import type { LiteSVM } from 'litesvm'

/** A public dev keypair: `secretKey` is 64 bytes (seed then public key), for `createKeyPairSignerFromBytes`. */
export type SolanaDevKeypair = { address: Address; secretKey: Uint8Array }

/** The CAIP-2 id of the local chain. */
export declare const solanaLocalnet: 'solana:localnet'

/** Three funded dev accounts: #0 1,000 SOL and 1,250.5 sUSD, #1 and #2 100 SOL each. */
export declare const solanaDevAccounts: readonly [
  SolanaDevKeypair,
  SolanaDevKeypair,
  SolanaDevKeypair,
]

/** What the seed airdrops to each dev account, in lamports. */
export declare const solanaDevAirdrops: readonly [bigint, bigint, bigint]

/** sUSD, the dev SPL token (Token program, not Token-2022). */
export declare const devUsdMint: SolanaDevKeypair & {
  name: 'Airlock Solana USD'
  symbol: 'sUSD'
  decimals: 6
  tokenProgram: Address<'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'>
  mintAuthority: Address
  /** Dev account #0's associated token account and the units minted to it (1,250.5 sUSD). */
  seeded: { owner: Address; tokenAccount: Address; amount: bigint }
}

/**
 * A v0 transaction of `instructions` paid by `payer`, on `lifetime`'s blockhash, signed by the
 * payer and every signer the instructions name.
 */
export declare function signInstructions(
  payer: KeyPairSigner,
  instructions: Instruction[],
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
): ReturnType<typeof import('@solana/kit').signTransactionMessageWithSigners>

/**
 * Instructions that create a mint of `decimals` (no freeze authority) and give `owner` `amount`
 * of it in their associated token account, created if missing (Token program unless
 * `tokenProgram` says Token-2022).
 */
export declare function createMintInstructions(options: {
  payer: KeyPairSigner
  mint: KeyPairSigner
  mintAuthority: KeyPairSigner
  owner: Address
  decimals: number
  amount: bigint
  mintRent: bigint
  tokenProgram?: Address
}): Promise<{ tokenAccount: Address; instructions: Instruction[] }>

/** Funds the dev accounts and creates sUSD; does nothing when the mint already exists. */
export declare function seedSolanaDev(svm: LiteSVM): Promise<void>
