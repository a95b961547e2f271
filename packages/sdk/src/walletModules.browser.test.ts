/**
 * Which namespace wallet modules the SDK loads (`hostWallets.load`), against the stand-in modal
 * frame (test/modalFrame.ts) telling it the page's namespaces: a module is fetched from the
 * modal's origin only on a page with a network of its namespace. The stand-in's origin serves no
 * built modules, so a fetched one fails to load (the SDK logs it); the fetch itself is what the
 * page's resource timing shows.
 */
import { afterEach, expect, onTestFinished, test, vi } from 'vitest'
import { createAirlock } from './index'
import { fixtureChannel, type ScenarioName } from './test/scenarios'

const modalUrl = location.origin

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
})

/** The wallet modules this page has fetched so far, by name (`polkadot` for airlock-polkadot.js). */
const fetchedModules = () =>
  performance
    .getEntriesByType('resource')
    .flatMap(({ name }) => /\/airlock-(\w+)\.js$/.exec(new URL(name).pathname)?.[1] ?? [])

/** An Airlock on a page the stand-in frame describes by `projectId`, once it has said so. */
async function framedPage(projectId: ScenarioName) {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  onTestFinished(() => log.mockRestore())
  const channel = fixtureChannel(projectId)
  onTestFinished(() => channel.close())
  const told = new Promise<void>((resolve) =>
    channel.addEventListener('message', ({ data }) => data === 'page' && resolve()),
  )
  createAirlock({ projectId, modalUrl, preload: 'eager' })
  await told
  return {
    /** Resolves once the SDK has logged that `module` could not load (it has been fetched). */
    failedToLoad: (module: string) =>
      // A busy machine takes seconds to refuse the import: waitFor's 1 s default is not enough.
      vi.waitFor(
        () => expect(log.mock.calls.map(String).join('\n')).toContain(`/airlock-${module}.js`),
        { timeout: 15_000, interval: 50 },
      ),
  }
}

test('behavior: a page with EVM and Polkadot networks fetches airlock-polkadot.js, and no other wallet module', async () => {
  performance.clearResourceTimings()
  const page = await framedPage('polkadotPage')
  await page.failedToLoad('polkadot')
  expect(fetchedModules()).toEqual(['polkadot'])
})

test('behavior: a page with a Cosmos network only fetches airlock-cosmos.js, and none of the other namespaces’ modules', async () => {
  performance.clearResourceTimings()
  const page = await framedPage('cosmosPage')
  // The host asks for each namespace's module in one task, Polkadot's before Cosmos's: once
  // Cosmos's has come back, a Polkadot one would have too.
  await page.failedToLoad('cosmos')
  expect(fetchedModules()).toEqual(['cosmos'])
})
