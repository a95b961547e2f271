/**
 * FeeRows: the network fee of what ApproveTransaction asks — for an EVM transaction or user
 * operation the most its fee can be and the total with the value it sends (or that a sponsor
 * pays the fee, or why the project's sponsor doesn't), for a Solana transaction its base and
 * priority fee — in the network's native currency, with USD beside where the account's balances
 * know the native currency's price.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { useTokenBalances } from '../../components/useTokenBalances'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { approveText as text } from '../../messages/approveText'
import { formatUsd } from '../Account/format'

/** The native currency's USD price, when the account's balances on the network know it. */
function useNativeUsdPrice(network: NetworkConfig | undefined): number | undefined {
  const { entry } = useTokenBalances()
  const native = entry?.tokens.find(
    (token) =>
      !token.address &&
      token.chainId === network?.caipNetworkId &&
      token.symbol === network.nativeCurrency.symbol,
  )
  return native && Number.isFinite(native.price) && native.price > 0 ? native.price : undefined
}

export function FeeRows({
  approval,
  network,
}: {
  approval: PendingApproval
  network: NetworkConfig | undefined
}) {
  const price = useNativeUsdPrice(network)
  if (approval.kind !== 'transaction' && approval.kind !== 'calls') return null
  const symbol = network?.nativeCurrency.symbol ?? ''
  const decimals = network?.nativeCurrency.decimals ?? 18
  const amount = (units: bigint) => {
    const native = `${formatUnits(units, decimals)} ${symbol}`
    return price === undefined
      ? native
      : text.inUsd(native, formatUsd(Number(formatUnits(units, decimals)) * price))
  }
  if ('instructions' in approval) {
    const { fee } = approval
    if (!fee) return null
    return (
      <>
        <dt>{text.baseFee}</dt>
        <dd data-fee-base>{amount(fee.base)}</dd>
        <dt>{text.priorityFee}</dt>
        <dd data-fee-priority>{amount(fee.priority)}</dd>
      </>
    )
  }
  const { fee } = approval
  if (!fee) return null
  const value =
    'calls' in approval
      ? approval.calls.reduce((sum, call) => sum + call.value, 0n)
      : approval.value
  return (
    <>
      {fee.notSponsored && (
        <>
          <dt>{text.sponsorship}</dt>
          <dd data-fee-not-sponsored title={fee.notSponsored}>
            {text.notSponsored}
          </dd>
        </>
      )}
      <dt>{text.maxFee}</dt>
      <dd data-fee-max>{fee.sponsored ? text.sponsoredFee : amount(fee.maxFee)}</dd>
      <dt>{text.total}</dt>
      <dd data-fee-total>{amount(value + fee.maxFee)}</dd>
    </>
  )
}
