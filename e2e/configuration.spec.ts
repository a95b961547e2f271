// Journey: a site developer configures Airlock: project ids, theme, embedded mode, bad options.
import { expectFrameHidden, expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'

const sdkPage = gotoSdkPage

test('behavior: an unknown project id shows the Invalid Project ID alert', async ({ page }) => {
  await sdkPage(page, { projectId: 'no-such-project', networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).iframe).toBeVisible()
  await expect(modal(page).dialog.getByRole('alert')).toContainText('Invalid Project ID')
  const error = await page.evaluate(() =>
    window.airlock!.provider.request({ method: 'eth_accounts' }).catch((error) => error.name),
  )
  expect(error).toBe('InvalidProjectIdError')
})

test('behavior: no project id shows the Project ID Not Configured alert', async ({ page }) => {
  await sdkPage(page, { projectId: '', networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.getByRole('alert')).toContainText('Project ID Not Configured')
})

test('behavior: embedded mode renders inline in the container, without open()', async ({
  page,
}) => {
  await sdkPage(page, { container: true, networks: ['eip155:31337'] })
  await waitForAirlock(page)
  const iframe = page.locator('#container iframe[data-airlock]')
  await expect(iframe).toBeVisible()
  const dialog = page.frameLocator('#container iframe').getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Connect Wallet')
  expect(await iframe.evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed')
  // The iframe takes the height of the modal's content, not a fixed guess.
  const card = await dialog.boundingBox()
  await expect
    .poll(async () => (await iframe.boundingBox())?.height)
    .toBeCloseTo((card?.height ?? 0) + 2, -1)
})

test('behavior: themeMode light and safe themeVariables reach the modal', async ({ page }) => {
  await sdkPage(page, {
    networks: ['eip155:31337'],
    themeMode: 'light',
    themeVariables: { '--airlock-accent': '#ff0066' },
  })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  const root = modal(page).frame.locator('html')
  await expect(root).toHaveAttribute('data-theme', 'light')
  expect(
    await root.evaluate((element) =>
      getComputedStyle(element).getPropertyValue('--airlock-accent'),
    ),
  ).toBe('#ff0066')
})

test('behavior: the dark theme is the default and the card is 360 px wide', async ({ page }) => {
  await sdkPage(page, { networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).frame.locator('html')).toHaveAttribute('data-theme', 'dark')
  const box = await modal(page).dialog.boundingBox()
  expect(box?.width).toBe(360)
})

test('behavior: bad host options fail at createAirlock with a specific message', async ({
  page,
}) => {
  for (const [options, detail] of [
    [{ preload: 'sometimes' }, 'preload'],
    [{ modalUrl: 'not a url' }, 'modalUrl'],
    [{ modalUrl: 'javascript:alert(1)' }, 'modalUrl'],
  ] as const) {
    await sdkPage(page, options)
    await page.waitForFunction(() => window.fixtureReady)
    const error = await page.evaluate(() => window.airlockError)
    expect(error, detail).toMatchObject({ name: 'InvalidParamsError', code: -32602 })
    expect(error?.message).toContain(detail)
    await expect(modal(page).iframe).toHaveCount(0)
  }
})

test('behavior: unknown or unsafe modal options are refused by the frame, naming the field', async ({
  page,
}) => {
  for (const [options, detail] of [
    [{ themeVariables: { '--airlock-accent': 'red;}body{display:none' } }, '--airlock-accent'],
    [{ themeVariables: { '--evil': '1px' } }, 'Unknown theme variable "--evil"'],
    [{ networks: ['eip155'] }, 'networks[0]'],
    [{ themeMode: 'neon' }, 'themeMode'],
  ] as const) {
    const logged: string[] = []
    page.removeAllListeners('console')
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text())
    })
    await sdkPage(page, { ...options, preload: 'eager' })
    const error = await page.evaluate(() =>
      window.airlock!.open().then(
        () => null,
        (error) => ({ name: error.name, code: error.code, message: error.message }),
      ),
    )
    expect(error, detail).toMatchObject({ name: 'InvalidParamsError', code: -32602 })
    expect(error?.message).toContain(detail)
    await expectFrameHidden(page)
    expect(logged.filter((line) => line.includes(detail))).toHaveLength(1)
  }
})

test('behavior: preload none creates the iframe only on the first open()', async ({ page }) => {
  // The idle preload starts in an idle callback: one asked for after it runs after it (they run
  // in order), so by then 'idle' has its frame, and 'none' would have had one if it preloaded.
  const idleCallback = () =>
    page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))))
  await sdkPage(page, { networks: ['eip155:31337'], preload: 'idle' })
  await page.waitForFunction(() => window.fixtureReady)
  await idleCallback()
  await expect(modal(page).iframe).toHaveCount(1)

  await sdkPage(page, { networks: ['eip155:31337'], preload: 'none' })
  await page.waitForFunction(() => window.fixtureReady)
  await idleCallback()
  await expect(modal(page).iframe).toHaveCount(0)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
})

test('behavior: the provider answers eth_chainId and eth_accounts while disconnected', async ({
  page,
}) => {
  await page.goto(origins.demo)
  await waitForAirlock(page)
  const answers = await page.evaluate(async () => ({
    chainId: await window.airlock!.provider.request({ method: 'eth_chainId' }),
    accounts: await window.airlock!.provider.request({ method: 'eth_accounts' }),
  }))
  expect(answers).toEqual({ chainId: '0x7a69', accounts: [] })
})

test('behavior: open() before the modal has booted shows a loading state at once, then the modal', async ({
  page,
}) => {
  // Hold the modal's app back, so the frame is still booting when the visitor clicks.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`${origins.modal}/assets/*.js`, async (route) => {
    await held
    await route.continue()
  })
  await sdkPage(page, { networks: ['eip155:31337'], preload: 'none' })
  await page.waitForFunction(() => window.fixtureReady)
  const opened = page.evaluate(() => window.airlock!.open())
  const loading = page.getByRole('status', { name: 'Loading wallet' })
  await expect(loading).toBeVisible()
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(true)
  release()
  await opened
  await expectOpen(page, 'Connect Wallet')
  await expect(loading).toHaveCount(0)
})
