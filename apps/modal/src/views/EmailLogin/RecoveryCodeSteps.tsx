/**
 * A pending wallet's last steps (issue 33, point 4): its recovery code shown to keep, then two of
 * its five groups typed back (RecoveryCodeCheck), so no wallet is finished whose code the visitor
 * never had. Finishing has the frame read its device share back and the API confirm the wallet;
 * when that fails (this browser did not keep the share, or the wallet was started over elsewhere),
 * Start over makes a new one here with a new code. Closing or reloading meanwhile loses nothing:
 * the next sign-in shows the same code again, or starts over.
 */
import { useState } from 'react'
import { useModal } from '../../components/useModal'
import type { WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { emailLoginText as text } from '../../messages/emailLoginText'
import { RecoveryCodeCheck } from './RecoveryCodeCheck'

type Pending = Extract<WalletOpening, { status: 'created' }>

export function RecoveryCodeSteps({
  opening,
  describe,
  done,
  openedOtherwise,
}: {
  opening: Pending
  describe: (error: unknown) => string
  done: () => Promise<void>
  /** Starting over found the wallet confirmed elsewhere meanwhile: it opens as any other. */
  openedOtherwise: (opening: Exclude<WalletOpening, Pending>) => Promise<void>
}) {
  const modal = useModal()
  const [pending, setPending] = useState<Pending & { startedOver?: boolean }>(opening)
  return (
    <RecoveryCodeCheck
      key={pending.recoveryCode}
      recoveryCode={pending.recoveryCode}
      note={
        pending.startedOver
          ? text.recoveryStartedOver
          : pending.resumed
            ? text.recoveryResumed
            : undefined
      }
      finishLabel={text.confirm}
      finishing={text.confirming}
      describe={describe}
      finish={async () => {
        await (await modal.embeddedWallet.load()).confirmRecoveryCode()
        await done()
      }}
      fallback={{
        label: text.startOver,
        working: text.startingOver,
        run: async () => {
          const next = await (await modal.embeddedWallet.load()).startOver()
          if (next.status !== 'created') return openedOtherwise(next)
          setPending({ ...next, startedOver: true })
        },
      }}
    />
  )
}
