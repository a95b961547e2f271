/**
 * WalletRecoveryCode (issue 33, point 5): a new recovery code for the email wallet. The frame
 * draws it; the visitor keeps it and types two of its groups back (RecoveryCodeCheck); then the
 * wallet is split again — the same secret, the same addresses — with its recovery share sealed
 * with the new code, after a proof of the wallet: the old code opens nothing the API keeps any
 * more, and the devices take their new share at their next opening.
 */
import { useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { recoveryCodeText as text } from '../../messages/emailLoginText'
import { activeConnection } from '../../stores/connections'
import { showToast } from '../../stores/toasts'
import { ActionForm } from '../EmailLogin/ActionForm'
import { NotEmailWallet } from '../EmailLogin/NotEmailWallet'
import { RecoveryCodeCheck } from '../EmailLogin/RecoveryCodeCheck'
import { useFormWork } from '../EmailLogin/useFormWork'
import { messageOf } from '../EmailLogin/WalletOpeningSteps'

export function WalletRecoveryCode() {
  const modal = useModal()
  const email = useModalState((state) => activeConnection(state)?.authName)
  const [recoveryCode, setRecoveryCode] = useState<string | undefined>()
  const { busy, run, status } = useFormWork(messageOf)

  if (!email) return <NotEmailWallet />
  if (recoveryCode)
    return (
      <RecoveryCodeCheck
        recoveryCode={recoveryCode}
        explain={text.newCodeExplain}
        finishLabel={text.replace}
        finishing={text.replacing}
        describe={messageOf}
        finish={async () => {
          await (await modal.embeddedWallet.load()).replaceRecoveryCode(recoveryCode)
          showToast(modal.store, { message: text.replaced, variant: 'success', autoClose: true })
          await modal.navigation.back()
        }}
      />
    )
  return (
    <ActionForm
      explain={text.explain}
      status={status}
      busy={!!busy}
      label={text.make}
      act={() =>
        run(text.make, async () =>
          setRecoveryCode((await modal.embeddedWallet.load()).draftRecoveryCode()),
        )
      }
    />
  )
}
