/**
 * EIP-6963 self-announce in Chromium, heard by mipd's store (what wagmi's injected discovery and
 * RainbowKit use), against the stand-in modal frame (test/modalFrame.ts): the `announcing`
 * project announces Airlock, `ready` (a project that turned it off) does not.
 */
import { createStore } from 'mipd'
import { afterEach, expect, test } from 'vitest'
import { type Airlock, createAirlock } from './index'
import { liveAccount, liveAnnouncement } from './test/scenarios'

const modalUrl = location.origin

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
})

/** The handshake is done: what follows it (the page event) is on its way. */
const handshaken = (airlock: Airlock) => airlock.provider.request({ method: 'eth_accounts' })

/** A wallet of the page, announcing as extensions do (now, and at each request). */
function announceOtherWallet(rdns: string) {
  const info = { uuid: crypto.randomUUID(), name: rdns, icon: 'data:image/svg+xml,', rdns }
  const detail = Object.freeze({ info, provider: { request: async () => null } })
  const announce = () => dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => removeEventListener('eip6963:requestProvider', announce)
}

test('behavior: a dapp’s mipd store lists Airlock by the project’s name, icon and rdns, once, with the site’s provider', async () => {
  const store = createStore()
  const airlock = createAirlock({ projectId: 'announcing', modalUrl })
  // The frame loads first (on a busy machine, longer than a poll waits); the announcement follows.
  await handshaken(airlock)
  await expect
    .poll(() => store.getProviders().filter(({ info }) => info.rdns === 'dev.airlock.test'))
    .toHaveLength(1)
  const [detail] = store.getProviders().filter(({ info }) => info.rdns === 'dev.airlock.test')
  expect(detail?.info).toEqual(liveAnnouncement)
  expect(detail?.provider).toBe(airlock.provider)
  expect(Object.isFrozen(detail?.info)).toBe(true)
  // Connecting through what the dapp found opens the modal, and resolves with the account.
  expect(await detail?.provider.request({ method: 'eth_requestAccounts' })).toEqual([liveAccount])
  store.destroy()
})

test('behavior: a dapp that starts listening later hears Airlock at its own request', async () => {
  const airlock = createAirlock({ projectId: 'announcing', modalUrl })
  await handshaken(airlock)
  const late = createStore()
  await expect
    .poll(() => late.getProviders().map(({ info }) => info.rdns))
    .toContain('dev.airlock.test')
  late.destroy()
})

test('behavior: a project with the announcement off announces nothing, while the page’s wallets are heard', async () => {
  const store = createStore()
  const airlock = createAirlock({ projectId: 'ready', modalUrl })
  await handshaken(airlock)
  const stop = announceOtherWallet('dev.airlock.other')
  await expect
    .poll(() => store.getProviders().map(({ info }) => info.rdns))
    .toContain('dev.airlock.other')
  expect(store.getProviders().every(({ provider }) => provider !== airlock.provider)).toBe(true)
  stop()
  store.destroy()
})
