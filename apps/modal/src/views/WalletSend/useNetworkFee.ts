/**
 * The network fee for the Send form as it stands, estimated once the form is valid (and again when
 * it changes, after a short pause while the visitor types). The estimate is a query kept for that
 * form, so the preview shows it without asking the chain again.
 */

import { namespaceOf } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { sendText } from '../../messages/sendText'
import { queryClientOf } from '../../queries/queryClient'
import { type NetworkFee, sendFormError } from '../../send/send'
import { type SendFeeQuestion, sendFeeQuery } from '../../send/sendFee'
import { transferErrorMessage } from '../../send/transferErrorMessage'
import { activeNetworkOf } from '../../stores/store'

/** How long typing must pause before the fee is estimated. */
const feeDelayMs = 300

export function useNetworkFee(): { text: string; value: NetworkFee | undefined } {
  const { store } = useModal()
  const send = useModalState((state) => state.send)
  const caipNetworkId = useModalState((state) => state.activeNetwork)
  const from = useModalState((state) => state.address)
  const namespace = namespaceOf(caipNetworkId)
  const network = useModalState(activeNetworkOf)
  const valid = !sendFormError(send, namespace, network)
  const question: SendFeeQuestion | undefined =
    valid && send.token
      ? {
          caipNetworkId,
          from,
          token: send.token,
          sendTokenAmount: send.sendTokenAmount,
          receiverAddress: send.receiverAddress,
          feeSpeed: send.feeSpeed,
        }
      : undefined
  const options = sendFeeQuery(store, question)
  const key = question ? JSON.stringify(options.queryKey) : undefined
  const settled = useDebouncedValue(key, feeDelayMs) === key
  const fee = useQuery(settled ? options : sendFeeQuery(store, undefined), queryClientOf(store))
  if (!valid) return { text: '—', value: undefined }
  if (!settled || fee.isPending) return { text: sendText.estimatingFee, value: undefined }
  // A Bitcoin transfer that can't be built says why (not enough for the amount and its fee), in
  // the visitor's language.
  if (fee.isError)
    return {
      text:
        fee.error.name === 'BitcoinTransferError'
          ? (transferErrorMessage(fee.error) ?? fee.error.message)
          : sendText.feeUnavailable,
      value: undefined,
    }
  return { text: fee.data.text, value: fee.data }
}
