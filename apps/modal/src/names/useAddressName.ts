/**
 * The name an eip155 address goes by (spec §6: names on eip155 only): its primary name's record
 * from the registry's reverse lookup, null when it has none, or undefined while it is not known,
 * with names off on this API, or when the lookup failed — then nothing about names is shown.
 * Answers are kept 5 minutes per modal (namesApi), so a list of rows asks once per address.
 */
import type { NameRecord } from '@airlock/protocol'
import { useEffect, useState } from 'react'
import { useModal } from '../components/useModal'
import { namesApi } from './namesApi'

export function useAddressName(address: string | undefined): NameRecord | null | undefined {
  const modal = useModal()
  const [found, setFound] = useState<{ address: string; record: NameRecord | null }>()

  useEffect(() => {
    if (!address) return
    let current = true
    namesApi(modal)
      .reverse(address)
      .then(
        (names) => current && setFound({ address, record: names[0] ?? null }),
        // Names off (namesNotConfigured) or unreachable: the address alone is shown.
        () => current && setFound(undefined),
      )
    return () => {
      current = false
    }
  }, [modal, address])

  return address && found?.address === address ? found.record : undefined
}
