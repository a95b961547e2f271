/**
 * A Solana transaction simulated before the visitor approves it: `simulateTransaction` (no
 * signature check, the latest blockhash) with the visitor's accounts — the wallet's own and its
 * SPL Token and Token-2022 accounts — returned as they would be after it, against their balances
 * now. The SOL change includes the fee the transaction pays. A token the visitor receives into an
 * account that does not exist yet (created by the transaction) is not seen; a failed simulation
 * is a revert with the program's error in words. The same timeout as the EVM's.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022'
import { type Simulation, simulationTimeoutMs, withTimeout } from './simulation'
import type { BalanceChange } from './simulationEffects'

const tokenPrograms = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]

export type SolanaSimulateOptions = {
  network: NetworkConfig
  /** The wallet's address: the fee payer. */
  from: string
  /** The transaction as asked, base64 wire bytes (signatures may be missing). */
  transaction: string
  timeoutMs?: number
}

type HeldToken = { account: string; mint: string; decimals: number; amount: bigint }

/**
 * @example
 * await simulateSolana({ network, from, transaction })
 * // { outcome: 'succeeds', traced: true, changes: [{ kind: 'native', diff: -1000005000n }], … }
 */
export function simulateSolana(options: SolanaSimulateOptions): Promise<Simulation> {
  return withTimeout(simulateOnCluster(options), options.timeoutMs ?? simulationTimeoutMs)
}

async function simulateOnCluster({
  network,
  from,
  transaction,
}: SolanaSimulateOptions): Promise<Simulation> {
  const { address, createSolanaRpc } = await import('@solana/kit')
  const rpc = createSolanaRpc(network.rpcUrl)
  const owner = address(from)
  const [{ value: lamports }, ...held] = await Promise.all([
    rpc.getBalance(owner).send(),
    ...tokenPrograms.map((programId) =>
      rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed' }).send(),
    ),
  ])
  const tokens: HeldToken[] = held.flatMap(({ value }) =>
    value.map(({ pubkey, account }) => {
      const info = (
        account.data as {
          parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } }
        }
      ).parsed.info
      return {
        account: pubkey,
        mint: info.mint,
        decimals: info.tokenAmount.decimals,
        amount: BigInt(info.tokenAmount.amount),
      }
    }),
  )
  const { value: simulated } = await rpc
    .simulateTransaction(transaction as Parameters<typeof rpc.simulateTransaction>[0], {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: {
        encoding: 'base64',
        addresses: [owner, ...tokens.map(({ account }) => address(account))],
      },
    })
    .send()
  if (simulated.err !== null)
    return { outcome: 'reverts', reason: solanaFailure(simulated.err, simulated.logs ?? []) }
  const [ownPost, ...tokenPosts] = simulated.accounts ?? []
  const changes: BalanceChange[] = []
  // An account the transaction leaves untouched may come back as null: unchanged.
  if (ownPost && ownPost.lamports !== lamports)
    changes.push({ kind: 'native', diff: BigInt(ownPost.lamports) - BigInt(lamports) })
  tokens.forEach((token, index) => {
    const post = tokenPosts[index]
    if (!post) return
    const after = tokenAmountOf(post.data[0])
    if (after !== undefined && after !== token.amount)
      changes.push({
        kind: 'splToken',
        mint: token.mint,
        decimals: token.decimals,
        diff: after - token.amount,
      })
  })
  return { outcome: 'succeeds', traced: true, changes, nfts: [], approvals: [] }
}

/** An SPL token account's amount: the u64 (little-endian) after its mint and owner. */
export function tokenAmountOf(base64: string): bigint | undefined {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  if (bytes.length < 72) return undefined
  return new DataView(bytes.buffer).getBigUint64(64, true)
}

/** A failed simulation in words: the program's own error log line, else the error's shape. */
export function solanaFailure(err: unknown, logs: readonly string[]): string {
  const said = [...logs]
    .reverse()
    .find((line) => /^Program log: (Error|AnchorError)|failed:/.test(line))
  const reason =
    said?.replace(/^Program log: /, '') ??
    (typeof err === 'string'
      ? err
      : JSON.stringify(err, (_, value) => (typeof value === 'bigint' ? String(value) : value)))
  return reason.length > 200 ? `${reason.slice(0, 200)}…` : reason
}
