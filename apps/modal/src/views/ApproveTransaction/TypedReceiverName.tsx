/**
 * TypedReceiverName: on the approval of the visitor's own Send, the name they typed in To (with
 * its avatar) beside the address it resolved to, so the one review says whom by name as the Send
 * preview did. Shown only while that send is under way and only for the address the name
 * resolved to — the call's receiver (a native send's `to`, an ERC-20 transfer's recipient) —
 * so it never names an address the visitor did not name.
 */
import { useMemo } from 'react'
import { type Address, isAddress, isAddressEqual } from 'viem'
import { useModalState } from '../../components/useModalState'
import { decodeCall } from '../../embeddedWallet/decode/decodeCall'
import type { ApprovalCall } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import { NameAvatar } from '../../names/NameAvatar'
import styles from '../form.module.css'

/** Whom the call pays: a native send's `to`, an ERC-20 transfer's recipient; else none. */
function receiverOf(call: ApprovalCall): string | undefined {
  try {
    const decoded = decodeCall({ to: call.to, data: call.data })
    if (decoded.kind === 'native') return call.to
    if (decoded.kind === 'erc20Transfer') return decoded.to
  } catch {
    // Data no decoder reads pays no one we can name (DecodedCall says it is unknown).
  }
  return undefined
}

export function TypedReceiverName({ call }: { call: ApprovalCall }) {
  const send = useModalState((state) => state.send)
  const receiver = useMemo(() => receiverOf(call), [call])
  const address = send.receiverAddress.trim()
  const named =
    send.loading &&
    send.receiverProfileName &&
    receiver &&
    isAddress(address, { strict: false }) &&
    isAddressEqual(receiver as Address, address)
  if (!named) return null
  return (
    <>
      <dt>{text.receiverName}</dt>
      <dd data-receiver-name={send.receiverProfileName}>
        <span className={styles.row}>
          <NameAvatar className={styles.receiverAvatar} src={send.receiverProfileImage} />
          <span>{send.receiverProfileName}</span>
        </span>
      </dd>
    </>
  )
}
