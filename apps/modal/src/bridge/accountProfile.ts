/**
 * The connected account as a site's Connect button shows it (`@airlock/react`'s ConnectButton):
 * its primary name and avatar (the names registry's reverse lookup, the avatar's picture as the
 * frame shows it, made absolute on the modal's origin) and its native balance on the active EVM
 * network, kept in the store (`accountProfile`) for the state the host mirrors. Read through the
 * queries the Account view uses, so a refresh after a send reaches the site too (and the balance
 * is read again every 30 s); a change of account or network clears what was shown before
 * anything new is read.
 */
import { namespaceOf, nativeBalanceCacheMs } from '@airlock/protocol'
import { QueryObserver } from '@tanstack/react-query'
import { avatarSource } from '../names/avatarSource'
import { type NamesContext, reverseNameQuery } from '../names/nameQueries'
import { nativeBalanceQuery } from '../queries/nativeBalance'
import { queryClientOf } from '../queries/queryClient'
import type { AccountProfile } from '../stores/store'

export function followAccountProfile(context: NamesContext) {
  const { store } = context
  let followed = ''
  let stop = () => {}
  const follow = (state: ReturnType<typeof store.getState>) => {
    const network = state.networks.find((item) => item.caipNetworkId === state.activeNetwork)
    const address = state.address as `0x${string}` | undefined
    const next =
      state.status === 'connected' && address && namespaceOf(network?.caipNetworkId) === 'eip155'
        ? `${address}@${network?.caipNetworkId}`
        : ''
    if (next === followed) return
    followed = next
    stop()
    if (state.accountProfile) store.setState({ accountProfile: undefined })
    if (!next || !network || !address) return
    const client = queryClientOf(store)
    const names = new QueryObserver(client, reverseNameQuery(context, address))
    // Read again when stale, even with no view open: money that arrives from elsewhere (a
    // transfer in, a faucet) reaches the site's button within the spec's 30 s.
    const balance = new QueryObserver(client, {
      ...nativeBalanceQuery(network, address, state.config.projectId ?? ''),
      refetchInterval: nativeBalanceCacheMs,
    })
    const update = () => {
      const record = names.getCurrentResult().data?.[0]
      const picture = avatarSource(record)
      const profile: AccountProfile = {}
      if (record) profile.name = record.name
      if (picture) profile.avatar = new URL(picture, location.href).href
      const shown = balance.getCurrentResult().data
      if (shown) profile.balance = shown
      if (JSON.stringify(profile) !== JSON.stringify(store.getState().accountProfile ?? {}))
        store.setState({ accountProfile: profile })
    }
    const unsubscribes = [names.subscribe(update), balance.subscribe(update)]
    stop = () => {
      for (const unsubscribe of unsubscribes) unsubscribe()
    }
  }
  store.subscribe(follow)
  follow(store.getState())
}
