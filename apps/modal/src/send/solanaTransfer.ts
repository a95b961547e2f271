// A Solana transfer for the Send view: SOL, or an SPL Token / Token-2022 token. It builds the
// wire-format transaction a Wallet Standard wallet signs and sends (solana:signAndSendTransaction),
// with its network fee and the rent of the receiver's token account it opens, after checking what
// the chain can tell up front. The Send flow's one entry: waiting for the transaction
// (solanaConfirmation.ts) and the sentences of its failures (solanaTransferErrors.ts) come with it.
// Loaded on demand in the browser: JSON-RPC over HTTP only (the modal's CSP allows no WebSocket).
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  fetchEncodedAccounts,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  type MaybeEncodedAccount,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022'
import { formatUnits } from 'viem/utils'
import { otherProgram, readMint, readTokenAccount } from './solanaTokenAccounts'
import { errorText, SolanaTransferError, solanaTransferErrors } from './solanaTransferErrors'

export { confirmSolanaTransfer, signatureToString } from './solanaConfirmation'
export {
  describeSolanaError,
  SolanaTransferError,
  type SolanaTransferErrorReason,
  solanaTransferErrors,
} from './solanaTransferErrors'

export type SolanaTransfer = {
  rpcUrl: string
  /** The sender (fee payer), base58. */
  from: string
  /** The receiver's wallet address (owner), base58; or a token account of the mint itself. */
  to: string
  /** Base units (lamports, or the token's smallest unit). */
  amount: bigint
  /** Absent: SOL. */
  token?: { mint: string; decimals: number }
}

export type PreparedSolanaTransfer = {
  /** Wire-format transaction (signatures zeroed), for solana:signAndSendTransaction / signTransaction. */
  transaction: Uint8Array
  /** Network fee in lamports (getFeeForMessage of this message). */
  feeLamports: bigint
  /** The receiver has no associated token account for the mint: this transaction creates it. */
  createsTokenAccount: boolean
  /** Rent the sender pays for that account (0n when none is created). */
  rentLamports: bigint
}

const U64_MAX = 2n ** 64n - 1n
const SOL_DECIMALS = 9
type SolanaRpc = ReturnType<typeof createSolanaRpc>
type Lifetime = Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]
/**
 * Builds the transfer for the sender's wallet to sign and send, after checking what the chain can
 * tell up front (balances, rent minimums, the mint, the receiver's token account).
 * @throws {SolanaTransferError} for invalid input (before any RPC call), a transfer the chain
 *   would refuse, or an unreachable RPC (`networkFailed`).
 * @example
 * const prepared = await prepareSolanaTransfer({ rpcUrl, from, to, amount: 1_000_000n })
 * const [{ signature }] = await wallet.features['solana:signAndSendTransaction']
 *   .signAndSendTransaction({ account, chain, transaction: prepared.transaction })
 * await confirmSolanaTransfer(rpcUrl, signatureToString(signature))
 */
export async function prepareSolanaTransfer(
  transfer: SolanaTransfer,
): Promise<PreparedSolanaTransfer> {
  const sender = parseAddress(transfer.from, 'invalidSender')
  const receiver = parseAddress(transfer.to, 'invalidReceiver')
  if (transfer.amount <= 0n) throw new SolanaTransferError('invalidAmount')
  if (transfer.amount > U64_MAX) throw new SolanaTransferError('amountTooLarge')
  const token = transfer.token
  const mint = token ? parseAddress(token.mint, 'invalidMint') : undefined
  const rpc = createSolanaRpc(transfer.rpcUrl)
  try {
    if (!token || !mint) return await prepareSolTransfer(rpc, sender, receiver, transfer.amount)
    return await prepareTokenTransfer(rpc, sender, receiver, transfer.amount, {
      mint,
      decimals: token.decimals,
    })
  } catch (error) {
    if (error instanceof SolanaTransferError) throw error
    throw new SolanaTransferError('networkFailed', { details: errorText(error), cause: error })
  }
}

async function prepareSolTransfer(
  rpc: SolanaRpc,
  sender: Address,
  receiver: Address,
  amount: bigint,
): Promise<PreparedSolanaTransfer> {
  const payer = createNoopSigner(sender)
  const [[senderAccount, receiverAccount], lifetime, accountMinimum] = await Promise.all([
    fetchEncodedAccounts(rpc, [sender, receiver]),
    latestLifetime(rpc),
    rpc.getMinimumBalanceForRentExemption(0n).send(),
  ])
  const { transaction, feeLamports } = await buildTransaction(rpc, payer, lifetime, [
    getTransferSolInstruction({ source: payer, destination: receiver, amount }),
  ])
  // A new (empty) account must be funded to the rent-exempt minimum, or the transfer fails.
  if (receiver !== sender && !receiverAccount?.exists && amount < accountMinimum) {
    throw new SolanaTransferError('receiverBelowRent', {
      message: solanaTransferErrors.receiverBelowRent(formatSol(accountMinimum)),
    })
  }
  checkSenderCanPay(senderAccount, amount + feeLamports, accountMinimum, 'insufficientFunds')
  return { transaction, feeLamports, createsTokenAccount: false, rentLamports: 0n }
}

async function prepareTokenTransfer(
  rpc: SolanaRpc,
  sender: Address,
  receiver: Address,
  amount: bigint,
  token: { mint: Address; decimals: number },
): Promise<PreparedSolanaTransfer> {
  if (receiver === token.mint) throw new SolanaTransferError('receiverIsMint')
  const payer = createNoopSigner(sender)
  // The mint's owner picks the program, and with it the associated token accounts: derive both
  // programs' so that one read answers either way.
  const ataOf = async (owner: Address, tokenProgram: Address) => {
    const [ata] = await findAssociatedTokenPda({ owner, mint: token.mint, tokenProgram })
    return ata
  }
  const [senderTokenAta, receiverTokenAta, sender2022Ata, receiver2022Ata] = await Promise.all([
    ataOf(sender, TOKEN_PROGRAM_ADDRESS),
    ataOf(receiver, TOKEN_PROGRAM_ADDRESS),
    ataOf(sender, TOKEN_2022_PROGRAM_ADDRESS),
    ataOf(receiver, TOKEN_2022_PROGRAM_ADDRESS),
  ])
  const [accounts, lifetime, accountMinimum] = await Promise.all([
    fetchEncodedAccounts(rpc, [
      sender,
      receiver,
      token.mint,
      senderTokenAta,
      receiverTokenAta,
      sender2022Ata,
      receiver2022Ata,
    ]),
    latestLifetime(rpc),
    rpc.getMinimumBalanceForRentExemption(0n).send(),
  ])
  const [senderAccount, receiverAccount, mintAccount] = accounts
  if (!mintAccount?.exists) throw new SolanaTransferError('mintNotFound')
  const tokenProgram = mintAccount.programAddress
  const is2022 = tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
  if (tokenProgram !== TOKEN_PROGRAM_ADDRESS && !is2022) {
    throw new SolanaTransferError('notAMint')
  }
  const mint = readMint(mintAccount, is2022)
  if (mint.decimals !== token.decimals) throw new SolanaTransferError('decimalsMismatch')

  const [senderAta, receiverAta] = is2022 ? accounts.slice(5, 7) : accounts.slice(3, 5)
  const receiverAtaAddress = is2022 ? receiver2022Ata : receiverTokenAta
  const source = readTokenAccount(senderAta, tokenProgram)
  if (!source || source.mint !== token.mint || source.amount < amount) {
    throw new SolanaTransferError('insufficientTokenBalance')
  }
  if (source.frozen) throw new SolanaTransferError('senderFrozen')

  // A token account of this mint as the receiver gets the tokens itself; a wallet gets them in its
  // associated token account, opened by this transaction when it has none.
  const receiverTokenAccount = readTokenAccount(receiverAccount, tokenProgram)
  if (receiverTokenAccount && receiverTokenAccount.mint !== token.mint) {
    throw new SolanaTransferError('receiverHoldsOtherToken')
  }
  if (!receiverTokenAccount && readTokenAccount(receiverAccount, otherProgram(tokenProgram))) {
    throw new SolanaTransferError('receiverHoldsOtherToken')
  }
  const destination = receiverTokenAccount ? receiver : receiverAtaAddress
  const existingDestination = receiverTokenAccount ?? readTokenAccount(receiverAta, tokenProgram)
  const createsTokenAccount = !existingDestination
  if (existingDestination?.frozen || (createsTokenAccount && mint.newAccountsFrozen)) {
    throw new SolanaTransferError('receiverFrozen')
  }

  const instructions: Instruction[] = []
  if (createsTokenAccount) {
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: receiver,
        mint: token.mint,
        tokenProgram,
      }),
    )
  }
  instructions.push(
    getTransferCheckedInstruction(
      {
        source: source.address,
        mint: token.mint,
        destination,
        authority: payer,
        amount,
        decimals: token.decimals,
      },
      { programAddress: tokenProgram },
    ),
  )
  const [{ transaction, feeLamports }, rentLamports] = await Promise.all([
    buildTransaction(rpc, payer, lifetime, instructions),
    createsTokenAccount
      ? rpc.getMinimumBalanceForRentExemption(BigInt(mint.tokenAccountSize)).send()
      : Promise.resolve(0n),
  ])
  checkSenderCanPay(
    senderAccount,
    feeLamports + rentLamports,
    accountMinimum,
    createsTokenAccount ? 'insufficientFundsForTokenAccount' : 'insufficientFundsForFee',
  )
  return { transaction, feeLamports, createsTokenAccount, rentLamports }
}

function parseAddress(
  text: string,
  reason: 'invalidSender' | 'invalidReceiver' | 'invalidMint',
): Address {
  const trimmed = text.trim()
  if (!isAddress(trimmed)) throw new SolanaTransferError(reason)
  return trimmed
}

async function latestLifetime(rpc: SolanaRpc): Promise<Lifetime> {
  const { value } = await rpc.getLatestBlockhash().send()
  return value
}

/** Compiles the message with the sender as fee payer (the wallet signs), and asks its fee. */
async function buildTransaction(
  rpc: SolanaRpc,
  payer: TransactionSigner,
  lifetime: Lifetime,
  instructions: Instruction[],
) {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  const messageBase64 = getBase64Decoder().decode(
    compiled.messageBytes,
  ) as TransactionMessageBytesBase64
  const { value: fee } = await rpc.getFeeForMessage(messageBase64).send()
  // No fee: the cluster no longer knows the blockhash it just gave (another node behind it).
  if (fee === null) throw new SolanaTransferError('blockhashNotFound')
  return {
    transaction: new Uint8Array(getTransactionEncoder().encode(compiled)),
    feeLamports: BigInt(fee),
  }
}

/**
 * The sender must cover `spend` and keep either nothing or the rent-exempt minimum of a plain
 * wallet account: the runtime refuses a transaction that leaves it in between.
 */
function checkSenderCanPay(
  account: MaybeEncodedAccount | undefined,
  spend: bigint,
  accountMinimum: bigint,
  reason: 'insufficientFunds' | 'insufficientFundsForFee' | 'insufficientFundsForTokenAccount',
) {
  if (!account?.exists) throw new SolanaTransferError('accountNotFound')
  const left = account.lamports - spend
  if (left < 0n) throw new SolanaTransferError(reason)
  if (left > 0n && left < accountMinimum && account.data.length === 0) {
    throw new SolanaTransferError('senderBelowRent', {
      message: solanaTransferErrors.senderBelowRent(formatSol(accountMinimum)),
    })
  }
}

/** Lamports as SOL for a sentence: 890880n → '0.00089088'. */
const formatSol = (lamports: bigint) => formatUnits(lamports, SOL_DECIMALS)
