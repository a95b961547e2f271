/**
 * The network fee of the Send form as it stands, estimated from the network's RPC: kept for that
 * form (token, amount, receiver, account, network), so the form and its preview ask the chain
 * once; a failed estimate is kept too (the preview says it is unavailable without asking again).
 */
import type { TokenBalance } from '@airlock/protocol'
import { queryOptions, skipToken } from '@tanstack/react-query'
import type { ModalStore } from '../stores/store'
import { estimateSendFee } from './send'

/** What the fee depends on. */
export type SendFeeQuestion = {
  caipNetworkId: string | undefined
  from: string | undefined
  token: TokenBalance
  sendTokenAmount: string
  receiverAddress: string
  feeSpeed: 'slow' | 'normal' | 'fast'
}

/**
 * @example
 * useQuery(sendFeeQuery(store, question), queryClientOf(store)).data?.text // '0.000021 ETH'
 */
export function sendFeeQuery(store: ModalStore, question: SendFeeQuestion | undefined) {
  return queryOptions({
    queryKey: [
      'send',
      'fee',
      question && {
        caipNetworkId: question.caipNetworkId,
        from: question.from,
        token: question.token.address ?? 'native',
        amount: question.sendTokenAmount.trim(),
        receiver: question.receiverAddress.trim(),
        feeSpeed: question.feeSpeed,
      },
    ] as const,
    queryFn: question ? () => estimateSendFee(store.getState(), question) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retryOnMount: false,
  })
}
