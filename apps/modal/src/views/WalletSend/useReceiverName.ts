/**
 * A name in Send's To field (issue 21; spec §3 Send state "receiver profile name and image"):
 * on eip155, text that looks like a name (`bob.airlock.eth`, `vitalik.eth`) is looked up through
 * the API (our registry, or ENS) after a short pause in typing; once it resolves, the form's
 * `receiverAddress` is the name's address and its profile the name and avatar. What the lookup
 * says while it runs or when it fails is the form's message.
 */
import { isEvmAddress, namespaceOf } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModalState } from '../../components/useModalState'
import { sendText } from '../../messages/sendText'
import { avatarSource } from '../../names/avatarSource'
import { nameLookupQuery } from '../../names/nameQueries'
import { useNamesContext } from '../../names/useNamesContext'
import { queryClientOf } from '../../queries/queryClient'

/** How long the visitor must stop typing before a name is looked up. */
const nameLookupDelayMs = 300

/** Whether `text` in the To field is a name to resolve rather than an address. */
export function isReceiverName(text: string, namespace: string | undefined): boolean {
  const trimmed = text.trim()
  return (
    namespace === 'eip155' &&
    /^[^.\s]+(\.[^.\s]+)+$/.test(trimmed) &&
    !isEvmAddress(trimmed) &&
    !/^0x/i.test(trimmed)
  )
}

export type ReceiverName =
  | { status: 'none' }
  | { status: 'resolving' | 'resolved'; message?: string }
  | { status: 'failed'; message: string }

/** The To field's name lookup, which fills in the form's address and profile once it resolves. */
export function useReceiverName(): ReceiverName {
  const context = useNamesContext()
  const { store } = context
  const input = useModalState((state) => state.send.receiverInput.trim())
  const namespace = useModalState((state) => namespaceOf(state.activeNetwork))
  const resolvedFor = useModalState((state) =>
    state.send.receiverProfileName ? state.send.receiverInput.trim() : undefined,
  )
  const isName = isReceiverName(input, namespace)
  const asked = useDebouncedValue(input, nameLookupDelayMs)
  const settled = asked === input
  const lookup = useQuery(
    { ...nameLookupQuery(context, input), enabled: isName && settled && resolvedFor !== input },
    queryClientOf(store),
  )
  const record = settled ? lookup.data : undefined

  // The name's address and profile become the form's, while the field still says that name.
  useEffect(() => {
    if (!record || store.getState().send.receiverInput.trim() !== input) return
    store.setState({
      send: {
        ...store.getState().send,
        receiverAddress: record.address,
        receiverProfileName: record.name,
        receiverProfileImage: avatarSource(record),
      },
    })
  }, [store, record, input])

  if (!isName) return { status: 'none' }
  if (resolvedFor === input) return { status: 'resolved' }
  if (settled && lookup.isError)
    return {
      status: 'failed',
      message: lookup.error instanceof Error ? lookup.error.message : sendText.failed,
    }
  if (settled && lookup.data === null)
    return { status: 'failed', message: sendText.nameNotFound(input) }
  return { status: 'resolving', message: sendText.resolvingName(input) }
}
