// Journey: the host SDK's connection to the modal frame when things go wrong: the API down at
// load and back later, a refused origin. Nothing sticks until a reload; refusals come only
// from the API's word, promptly, with the exact error.
import { expectOpen, modal } from './support/modal'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { expect, test } from './support/test'

const sdkUrl = sdkPageUrl({ networks: ['eip155:31337'], preload: 'eager' })

test('behavior: with the API down at load, open() fails with a timeout, and works once it is back, without a reload', async ({
  page,
}) => {
  const refused: string[] = []
  // The modal's origin refuses every connection, as a server that is down.
  await page.route(`${origins.modal}/**`, (route) => {
    refused.push(route.request().url())
    return route.abort('connectionrefused')
  })
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(`console: ${message.text()}`)
  })
  await page.goto(sdkUrl)
  await page.waitForFunction(() => window.fixtureReady === true)
  const failure = await page.evaluate(() =>
    window.airlock!.open().then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage }),
    ),
  )
  expect(failure).toEqual({ name: 'RequestTimeoutError', shortMessage: 'Request Timeout' })
  await expect(modal(page).iframe).toHaveCount(0)
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)

  // The API is back: the next open() mounts a new frame and opens it.
  await page.unroute(`${origins.modal}/**`)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  await expect(modal(page).iframe).toHaveCount(1)
  // The failure was logged once, not once per attempt.
  expect(refused.filter((line) => line.includes('did not answer'))).toHaveLength(1)
})

test('behavior: a refused origin is told promptly, every time it asks, with the exact string', async ({
  page,
}) => {
  await page.goto(`${origins.hostile}/sdk.html?options=${encodeURIComponent('{}')}`)
  await page.waitForFunction(() => window.fixtureReady === true)
  for (let attempt = 0; attempt < 2; attempt++) {
    const error = await page.evaluate(() =>
      window.airlock!.open().then(
        () => null,
        (error) => ({ name: error.name, shortMessage: error.shortMessage }),
      ),
    )
    expect(error).toEqual({
      name: 'InvalidAppConfigurationError',
      shortMessage: 'Invalid App Configuration',
    })
    await expect(modal(page).iframe).toHaveCount(0)
  }
})
