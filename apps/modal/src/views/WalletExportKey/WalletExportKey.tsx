/**
 * WalletExportKey (issue 33, point 5): the email wallet's EVM private key and Solana secret key,
 * as MetaMask and Phantom import them, shown and copied only here, in the modal's frame — never
 * across the bridge to the site — once the visitor asked twice and the API took a proof of the
 * wallet (signed with the key this device's share rebuilds). Leaving the view forgets them.
 */
import { useState } from 'react'
import { copyText } from '../../components/copyText'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { ExportedKeys } from '../../embeddedWallet/keyLifecycle'
import { emailLoginText, exportKeyText as text } from '../../messages/emailLoginText'
import { activeConnection } from '../../stores/connections'
import { ActionForm } from '../EmailLogin/ActionForm'
import { NotEmailWallet } from '../EmailLogin/NotEmailWallet'
import { useFormWork } from '../EmailLogin/useFormWork'
import { messageOf } from '../EmailLogin/WalletOpeningSteps'
import styles from '../form.module.css'
import list from '../list.module.css'

function KeyField({ label, value, name }: { label: string; value: string; name: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <div className={styles.row}>
        <output
          className={`${styles.input} ${styles.grow} ${styles.code}`}
          data-exported-key={name}
        >
          {value}
        </output>
        <button
          type="button"
          className={styles.small}
          onClick={async () => setCopied(await copyText(value))}
        >
          {copied ? emailLoginText.copied : emailLoginText.copy}
        </button>
      </div>
    </div>
  )
}

export function WalletExportKey() {
  const modal = useModal()
  const email = useModalState((state) => activeConnection(state)?.authName)
  const [asked, setAsked] = useState(false)
  const [keys, setKeys] = useState<ExportedKeys | undefined>()
  const { busy, run, status } = useFormWork(messageOf)

  if (!email) return <NotEmailWallet />
  if (keys)
    return (
      <div className={styles.form}>
        <p className={list.warning}>{text.explain}</p>
        <KeyField label={text.evmKey} value={keys.evmPrivateKey} name="evm" />
        <KeyField label={text.solanaKey} value={keys.solanaSecretKey} name="solana" />
        <button type="button" className={styles.primary} onClick={() => setKeys(undefined)}>
          {text.hide}
        </button>
      </div>
    )
  return (
    <ActionForm
      explain={text.explain}
      warning
      status={status}
      busy={!!busy}
      label={asked ? text.confirm : text.show}
      act={() =>
        asked
          ? run(text.showing, async () =>
              setKeys(await (await modal.embeddedWallet.load()).exportKeys()),
            )
          : setAsked(true)
      }
    />
  )
}
