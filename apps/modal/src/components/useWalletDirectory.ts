/**
 * AllWallets' registry list for this site (its project, networks, excluded and featured
 * wallets), loaded when the view mounts. See `state/walletRegistry.ts`.
 */
import { useEffect, useMemo } from 'react'
import { useStore } from 'zustand'
import { createWalletDirectory, namespacesOf } from '../state/walletRegistry'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

export function useWalletDirectory(projectId: string) {
  const { api } = useModal()
  const options = useModalState((state) => state.options)
  // A key of plain values: the options object is replaced on every handshake.
  const key = JSON.stringify([
    projectId,
    namespacesOf(options?.networks ?? []),
    options?.excludeWallets ?? [],
    options?.featuredWalletIds ?? [],
  ])
  const directory = useMemo(() => {
    const [id, namespaces, exclude, featured] = JSON.parse(key) as [
      string,
      ReturnType<typeof namespacesOf>,
      string[],
      string[],
    ]
    const fetchWalletPage = (query: Record<string, string>) =>
      api.apiFetch('GET', '/v1/wallets', { query })
    return createWalletDirectory(fetchWalletPage, { projectId: id, namespaces, exclude, featured })
  }, [api, key])

  useEffect(() => {
    directory.start()
    return () => directory.dispose()
  }, [directory])

  return { directory, state: useStore(directory.store) }
}
