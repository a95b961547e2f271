/**
 * The connected account's primary name for Account (spec §6: names on eip155 only): the name,
 * null when the address has none (Account offers to choose one), or undefined while it is not
 * known, on another namespace, with names off on this API, or when the lookup failed — then
 * nothing about names is shown.
 */
import { useEffect, useState } from 'react'
import { useModal } from '../components/useModal'
import { useModalState } from '../components/useModalState'
import { namesApi } from './namesApi'

export function usePrimaryName(): string | null | undefined {
  const modal = useModal()
  const address = useModalState((state) =>
    state.status === 'connected' && state.activeNetwork?.startsWith('eip155:')
      ? state.address
      : undefined,
  )
  const [primary, setPrimary] = useState<{ address: string; name: string | null }>()

  useEffect(() => {
    if (!address) return
    let current = true
    namesApi(modal)
      .reverse(address)
      .then(
        (names) => current && setPrimary({ address, name: names[0]?.name ?? null }),
        // Names off (namesNotConfigured) or unreachable: Account shows the address alone.
        () => current && setPrimary(undefined),
      )
    return () => {
      current = false
    }
  }, [modal, address])

  return address && primary?.address === address ? primary.name : undefined
}
