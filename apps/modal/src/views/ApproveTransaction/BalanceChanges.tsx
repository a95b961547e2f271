/**
 * What the simulation says the request will do, on the approval screen: while it runs, that it
 * runs; then the account's expected balance changes ("−0.5 ETH", "+1,000 aUSD"), NFTs in and
 * out and approvals granted; a red "This transaction will likely fail" with the reason when it
 * reverts; that balance changes can't be shown where the node can't trace them; and that the
 * simulation failed or timed out when it did. None of it stands in the way of Reject.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useModal } from '../../components/useModal'
import {
  type ApprovalGranted,
  type BalanceChange,
  SimulationTimeoutError,
} from '../../embeddedWallet/simulation'
import { approveText as text } from '../../messages/approveText'
import { queryClientOf } from '../../queries/queryClient'
import { tokenUnitsQuery } from '../../queries/tokenUnits'
import list from '../list.module.css'
import styles from './BalanceChanges.module.css'
import { signedAmount } from './signedAmount'
import type { SimulationQuery } from './useSimulation'

/** A token's change in its units once its contract has said them; raw units of it until then. */
function TokenChange({
  change,
  network,
}: {
  change: Extract<BalanceChange, { kind: 'token' }>
  network: NetworkConfig
}) {
  const { store } = useModal()
  const { data: units } = useQuery(tokenUnitsQuery(network, change.token), queryClientOf(store))
  return (
    <>
      {units
        ? signedAmount(change.diff, units.decimals, units.symbol)
        : `${signedAmount(change.diff, 0, '')} units of ${change.token}`}
    </>
  )
}

function ChangeRow({ change, network }: { change: BalanceChange; network: NetworkConfig }) {
  // An SPL token's decimals come with its account; its mint is shown whole, as an address.
  const { decimals, symbol } = network.nativeCurrency
  return (
    <li className={change.diff < 0n ? styles.loss : styles.gain} data-balance-change>
      {change.kind === 'native' ? (
        signedAmount(change.diff, decimals, symbol)
      ) : change.kind === 'splToken' ? (
        text.splTokenChange(signedAmount(change.diff, change.decimals, ''), change.mint)
      ) : (
        <TokenChange change={change} network={network} />
      )}
    </li>
  )
}

/** An approval granted, with a token allowance in the token's units once known. */
function GrantRow({ grant, network }: { grant: ApprovalGranted; network: NetworkConfig }) {
  const { store } = useModal()
  const { data: units } = useQuery(
    {
      ...tokenUnitsQuery(network, grant.token),
      enabled: grant.kind === 'token',
    },
    queryClientOf(store),
  )
  if (grant.kind === 'all')
    return (
      <li data-approval-granted="all">
        {grant.approved
          ? text.grantsAll(grant.operator, grant.token)
          : text.revokesAll(grant.operator, grant.token)}
      </li>
    )
  if (grant.kind === 'nft')
    return (
      <li data-approval-granted="nft">
        {text.grantsNft(grant.spender, String(grant.tokenId), grant.token)}
      </li>
    )
  const amount =
    grant.amount === 2n ** 256n - 1n
      ? text.unlimited
      : units
        ? signedAmount(grant.amount, units.decimals, units.symbol).slice(1)
        : `${grant.amount} units of ${grant.token}`
  return <li data-approval-granted="token">{text.grantsToken(grant.spender, amount)}</li>
}

/**
 * @example
 * <BalanceChanges simulation={useSimulation(approval, network)} network={network} />
 */
export function BalanceChanges({
  simulation,
  network,
}: {
  simulation: SimulationQuery | undefined
  network: NetworkConfig | undefined
}) {
  if (!simulation || !network) return null
  if (simulation.isPending)
    return (
      <p className={list.note} role="status" data-simulation="pending">
        {text.simulating}
      </p>
    )
  if (simulation.isError)
    return (
      <p className={list.warning} role="status" data-simulation="failed">
        {simulation.error instanceof SimulationTimeoutError
          ? text.simulationTimedOut
          : text.simulationFailed(shortReason(simulation.error))}
      </p>
    )
  const result = simulation.data
  if (result.outcome === 'reverts')
    return (
      <p className={styles.likelyFail} role="alert" data-simulation="reverts">
        <strong>{text.likelyFail}</strong>
        {result.call === undefined
          ? result.reason
          : text.failReason(result.reason, result.call + 1)}
      </p>
    )
  if (!result.traced)
    return (
      <p className={list.note} role="status" data-simulation="untraced">
        {text.untraced}
      </p>
    )
  const nothing = !result.changes.length && !result.nfts.length
  return (
    <section data-simulation="succeeds" aria-label={text.expectedChanges}>
      <p className={styles.heading}>{text.expectedChanges}</p>
      {nothing ? (
        <p className={list.note}>{text.noBalanceChanges}</p>
      ) : (
        <ul className={styles.changes}>
          {result.changes.map((change) => (
            <ChangeRow
              key={
                change.kind === 'native'
                  ? 'native'
                  : change.kind === 'splToken'
                    ? change.mint
                    : change.token
              }
              change={change}
              network={network}
            />
          ))}
          {result.nfts.map(({ direction, token, tokenId, amount }) => (
            <li
              key={`${direction}:${token}:${tokenId}`}
              className={direction === 'out' ? styles.loss : styles.gain}
              data-nft-change={direction}
            >
              {(direction === 'in' ? text.nftIn : text.nftOut)(
                String(tokenId),
                token,
                String(amount),
              )}
            </li>
          ))}
        </ul>
      )}
      {result.approvals.length > 0 && (
        <>
          <p className={styles.heading}>{text.approvalGranted}</p>
          <ul className={styles.changes}>
            {result.approvals.map((grant, index) => (
              // Approvals have no id but their order in the simulated logs.
              // biome-ignore lint/suspicious/noArrayIndexKey: the order is the logs'
              <GrantRow key={index} grant={grant} network={network} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/** A failed simulation's cause in a few words: viem's short message, else the error's. */
function shortReason(error: Error): string {
  const short = (error as { shortMessage?: unknown }).shortMessage
  const reason = typeof short === 'string' ? short : error.message
  return reason.length > 120 ? `${reason.slice(0, 120)}…` : reason
}
