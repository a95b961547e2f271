// @ts-check
// What `npm start` and the tests put on the local Solana chain (devchain/solanaRpc.mjs), so the
// demo and the tests have funded accounts and a token at fixed addresses, the way anvil's
// well-known accounts and devchain/seed.mjs do for the EVM chain.
//
// The secret keys below are PUBLIC dev keys, committed on purpose: never send real funds to them.
// They were generated once (ed25519, 64 bytes: 32-byte seed then 32-byte public key, the layout of
// a Solana CLI keypair file and of Phantom's "import private key", here in base58).
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase58Encoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'

/** The CAIP-2 id of the local chain, as the product and Wallet Standard name it. */
export const solanaLocalnet = 'solana:localnet'

/** Lamports in one SOL. */
const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * @param {string} address
 * @param {string} secretKeyBase58
 * @returns {{ address: import('@solana/kit').Address, secretKey: Uint8Array }}
 */
function devKeypair(address, secretKeyBase58) {
  return {
    address: /** @type {import('@solana/kit').Address} */ (address),
    secretKey: new Uint8Array(getBase58Encoder().encode(secretKeyBase58)),
  }
}

/**
 * The funded dev accounts. After the seed: #0 holds 1,000 SOL and 1,250.5 sUSD (and is sUSD's
 * mint authority), #1 and #2 hold 100 SOL each and no token account.
 */
export const solanaDevAccounts = [
  devKeypair(
    'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu',
    '22A3JSqrPuBRKjSHfSPs8Vjdyap3s6nyZh85E2CMaY8uZYwmLHLaLTHztnL4K9Y81BHTM5YgvZNhaHmoV3bhTbMb',
  ),
  devKeypair(
    'CARDnSErmTGoFUcV6qS2qPWSyw9gchdaDyM5LZc2jkVk',
    '5Ewrk2hJN66AvYHwwjU7GNd6atExA43rYjMR8NHbJu9o7NZ28V8omtUy4Jg7ZCJ8fTPntiZ5YfM1j7CMS1UBhuXt',
  ),
  devKeypair(
    '3KZ4TbDjjtVKuZUS5SiNwbWq3FQbVxmJXWbmR7ypUnqL',
    '5xe3P4KvFXsQf6DjcoEf7Usdo4zp7zz2NzKVTp4FvHfRoVUxtzKdLLmXhJNpc7nNMAeCnfR86rhchAouLzteDUL6',
  ),
]

/** What the seed airdrops to each of `solanaDevAccounts`, in lamports. */
export const solanaDevAirdrops = [
  1_000n * LAMPORTS_PER_SOL,
  100n * LAMPORTS_PER_SOL,
  100n * LAMPORTS_PER_SOL,
]

/**
 * Pays the seed's fees and rent (creating the mint and #0's token account), so the dev accounts
 * keep round balances; like anvil account #9 for devchain/seed.mjs.
 */
const seedPayer = devKeypair(
  '4ApKHnJXW82vSVTYoGpoHXXvYvXutT96Urs6817xtVd3',
  '5dBNCM4gBGQ67UEiN8HrGawqFp17LPnECtgZhoiHA9PGH84LsonqyV2xejA4nhGJ5TYXU9MMZTQSwwdfTFBxD88Z',
)

/** sUSD: an SPL Token (not Token-2022) mint at a fixed address, mint authority dev account #0. */
export const devUsdMint = {
  ...devKeypair(
    '7P4c9qPUnQpXSLtdTB9X2aqbF6xBZ8VEy9xZESrxDnA3',
    '5P2WoTZLurw6kB8Dw72T2huKAbiy83RGQ3iTZFCBrrig7yBhJnZ8yEEpbTXTm7eBCgXjm5HAsLS15tiw9RmjnqUB',
  ),
  name: 'Airlock Solana USD',
  symbol: 'sUSD',
  decimals: 6,
  tokenProgram: TOKEN_PROGRAM_ADDRESS,
  mintAuthority: /** @type {import('@solana/kit').Address} */ (
    'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu'
  ),
  /** Dev account #0's associated token account and what the seed mints to it (1,250.5 sUSD). */
  seeded: {
    owner: /** @type {import('@solana/kit').Address} */ (
      'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu'
    ),
    tokenAccount: /** @type {import('@solana/kit').Address} */ (
      'Ht9iCgvR7ZvHrtfWkGZj1jTBxpjLdWtuRgCiLqFJ4R61'
    ),
    amount: 1_250_500_000n,
  },
}

/**
 * A v0 transaction of `instructions` paid by `payer`, living on `lifetime`'s blockhash, signed
 * by the payer and every signer the instructions name: what the seed and the tests send.
 * @param {import('@solana/kit').KeyPairSigner} payer
 * @param {import('@solana/kit').Instruction[]} instructions
 * @param {{ blockhash: import('@solana/kit').Blockhash, lastValidBlockHeight: bigint }} lifetime
 */
export function signInstructions(payer, instructions, lifetime) {
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

/**
 * Instructions that create a mint of `decimals` (no freeze authority) and give `owner` `amount`
 * of it in their associated token account, created if missing: what the seed does for sUSD and
 * tests do for mints of their own, on the Token program or Token-2022.
 * @param {{
 *   payer: import('@solana/kit').KeyPairSigner,
 *   mint: import('@solana/kit').KeyPairSigner,
 *   mintAuthority: import('@solana/kit').KeyPairSigner,
 *   owner: import('@solana/kit').Address,
 *   decimals: number,
 *   amount: bigint,
 *   mintRent: bigint,
 *   tokenProgram?: import('@solana/kit').Address,
 * }} options
 */
export async function createMintInstructions(options) {
  const { payer, mint, mintAuthority, owner, decimals, amount, mintRent } = options
  const tokenProgram = options.tokenProgram ?? TOKEN_PROGRAM_ADDRESS
  const program = { programAddress: tokenProgram }
  const [tokenAccount] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram })
  const instructions = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: lamports(mintRent),
      space: getMintSize(),
      programAddress: tokenProgram,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: mintAuthority.address, freezeAuthority: null },
      program,
    ),
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata: tokenAccount,
      owner,
      mint: mint.address,
      tokenProgram,
    }),
    getMintToCheckedInstruction(
      { mint: mint.address, token: tokenAccount, mintAuthority, amount, decimals },
      program,
    ),
  ]
  return { tokenAccount, instructions }
}

/**
 * Funds the dev accounts and creates sUSD with #0's balance, through real System, Token and
 * Associated Token instructions (airdrops aside). Does nothing on a chain that already has the
 * mint. The caller owns the slot and blockhash bookkeeping (startSolanaRpc advances both after).
 * @param {import('litesvm').LiteSVM} svm
 * @example
 * const svm = new LiteSVM()
 * await seedSolanaDev(svm)
 */
export async function seedSolanaDev(svm) {
  if (svm.getAccount(devUsdMint.address).exists) return
  for (const [index, account] of [...solanaDevAccounts, seedPayer].entries()) {
    const amount = solanaDevAirdrops[index] ?? 10n * LAMPORTS_PER_SOL
    const result = svm.airdrop(account.address, lamports(amount))
    if (!result || 'err' in result) throw new Error(`seed: airdrop to ${account.address} failed`)
  }

  const payer = await createKeyPairSignerFromBytes(seedPayer.secretKey)
  const authority = await createKeyPairSignerFromBytes(
    solanaDevAccounts[0]?.secretKey ?? new Uint8Array(),
  )
  const mint = await createKeyPairSignerFromBytes(devUsdMint.secretKey)
  const { tokenAccount, instructions } = await createMintInstructions({
    payer,
    mint,
    mintAuthority: authority,
    owner: authority.address,
    decimals: devUsdMint.decimals,
    amount: devUsdMint.seeded.amount,
    mintRent: svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
  })
  if (tokenAccount !== devUsdMint.seeded.tokenAccount) {
    throw new Error(`seed: sUSD token account is ${tokenAccount}, expected the committed one`)
  }
  const transaction = await signInstructions(payer, instructions, {
    blockhash: svm.latestBlockhash(),
    lastValidBlockHeight: 0n,
  })
  const result = svm.sendTransaction(transaction)
  if ('err' in result) {
    const logs = result.meta().logs().join('\n')
    throw new Error(
      `seed: creating sUSD failed (${getSignatureFromTransaction(transaction)})\n${logs}`,
    )
  }
}
