/**
 * Airlock's EIP-6963 self-announce through wagmi's own injected discovery (createConfig's
 * multiInjectedProviderDiscovery, over mipd), in Chromium against the stand-in modal frame: a
 * dapp with no Airlock package lists Airlock and connects through it; one with the connector
 * too lists it once.
 */
import { pageAirlock } from '@airlock/sdk'
import { connect, createConfig } from '@wagmi/core'
import { foundry } from '@wagmi/core/chains'
import { http } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { liveAccount, liveAnnouncement } from '../../sdk/src/test/scenarios'
import { airlock } from './index'

const modalUrl = location.origin

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
  delete window.airlock
})

/** The rdns of the wallets the page announces when a dapp asks, as a dapp's discovery hears them. */
function heardRdns(): string[] {
  const heard: string[] = []
  const listen = (event: Event) => heard.push((event as CustomEvent).detail.info.rdns)
  addEventListener('eip6963:announceProvider', listen)
  dispatchEvent(new Event('eip6963:requestProvider'))
  removeEventListener('eip6963:announceProvider', listen)
  return heard
}

const discovering = (connectors: ReturnType<typeof airlock>[] = []) =>
  createConfig({
    chains: [foundry],
    connectors,
    transports: { [foundry.id]: http() },
    storage: null,
  })

/** The page's next EIP-6963 announcement: the SDK makes its first once the frame says with what. */
const announcement = () =>
  new Promise<void>((resolve) =>
    addEventListener('eip6963:announceProvider', () => resolve(), { once: true }),
  )

test("behavior: wagmi's injected discovery lists the site's Airlock by its rdns, and connects through it", async () => {
  const announced = announcement()
  pageAirlock({ projectId: 'announcing', modalUrl })
  const config = discovering()
  // The frame loads before the SDK announces: on a busy machine that can take longer than a poll.
  await announced
  await expect
    .poll(() => config.connectors.filter((connector) => connector.id === liveAnnouncement.rdns))
    .toHaveLength(1)
  const found = config.connectors.find((connector) => connector.id === liveAnnouncement.rdns)!
  expect(found).toMatchObject({
    name: 'Airlock Test',
    icon: liveAnnouncement.icon,
    type: 'injected',
  })
  expect(await connect(config, { connector: found })).toEqual({
    accounts: [liveAccount],
    chainId: foundry.id,
  })
})

test('behavior: with the airlock() connector (same rdns), wagmi lists Airlock once', async () => {
  const config = discovering([
    airlock({ projectId: 'announcing', modalUrl, rdns: 'dev.airlock.test' }),
  ])
  // Once the page announces Airlock (wagmi's store hears each announcement as it is made), the
  // list still has one Airlock: the connector, by its rdns.
  await expect.poll(heardRdns).toContain('dev.airlock.test')
  expect(
    config.connectors
      .filter((connector) => ['airlock', 'dev.airlock.test'].includes(connector.id))
      .map((connector) => connector.id),
  ).toEqual(['airlock'])
})
