/**
 * The Send form's send as a mutation: asks the connected wallet (whatever it is) for the form's
 * send, and once it landed goes back to Account (the toast says so). Its progress and failure are
 * the Send state's (spec §3: loading while sending; the reason kept for the form or the preview),
 * so the form shows them again when the embedded wallet's approval goes away over it.
 */
import { useMutation } from '@tanstack/react-query'
import { useModal } from '../../components/useModal'
import { sendText } from '../../messages/sendText'
import { queryClientOf } from '../../queries/queryClient'
import { sendTokens } from '../../send/send'

export function useSendTokens() {
  const modal = useModal()
  const { store, navigation } = modal
  // The callbacks are the mutation's own, not the caller's: the embedded wallet's approval is
  // shown over the form meanwhile, and the send ends whether or not the form is still mounted.
  return useMutation(
    {
      mutationFn: () =>
        sendTokens({
          store,
          analytics: modal.analytics,
          request: async (request) => {
            // The visitor's own send: the embedded wallet's approval says it is theirs.
            const forwarded = modal.connection.forward(request as never, 'modal')
            if (!forwarded) throw new Error(sendText.failed)
            return forwarded
          },
        }),
      onSuccess: async (sent) => {
        if (sent) await navigation.reset('Account')
      },
    },
    queryClientOf(store),
  )
}
