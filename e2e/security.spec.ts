// Journey: attackers on other origins, in third-party frames and on the host itself try to use
// the modal; each defence is shown to hold.
import { generatePrivateKey } from 'viem/accounts'
import { expectClosed, expectFrameHidden, expectOpen, modal, waitForAirlock } from './support/modal'
import { airlockCli, revocableSigningProject } from './support/operator'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { expect, test } from './support/test'
import { connectPhone, signsThroughProvider } from './support/walletConnect'
import { createWalletPeer } from './support/walletPeer'

test('behavior: the modal HTML forbids framing by origins the project did not allow', async ({
  request,
}) => {
  const response = await request.get(`${origins.modal}/modal?projectId=demo`)
  const csp = response.headers()['content-security-policy'] ?? ''
  const ancestors = csp.split(';').find((part) => part.trim().startsWith('frame-ancestors'))
  expect(ancestors).toContain(origins.demo)
  expect(ancestors).not.toContain(origins.hostile)
  expect(ancestors).not.toContain('*')
})

test('behavior: a host on an origin that is not allowed gets no modal and a typed error', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Invalid App Configuration'))
      errors.push(message.text())
  })
  await page.goto(`${origins.hostile}/snippet.html`)
  await page.waitForFunction(() => 'airlock' in window)
  const started = Date.now()
  const error = await page.evaluate(() =>
    window.airlock!.open().then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage, message: error.message }),
    ),
  )
  expect(Date.now() - started).toBeLessThanOrEqual(3_000)
  expect(error).toMatchObject({
    name: 'InvalidAppConfigurationError',
    shortMessage: 'Invalid App Configuration',
  })
  expect(error?.message).toContain(origins.hostile)
  await expectFrameHidden(page)
  // The frame never rendered the modal: CSP frame-ancestors blocked the document.
  await expect(modal(page).dialog).toHaveCount(0)
  // A second attempt rejects the same way and is not logged again.
  await page.evaluate(() => window.airlock!.open().catch(() => {}))
  expect(errors).toHaveLength(1)
})

test('behavior: a hostile third-party frame posting forged messages changes nothing', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (message) => {
    // The location names the resource when a load failed that no response event shows.
    if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`)
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  const before = await page.evaluate(() => window.airlock!.getState())
  await page.evaluate((src) => {
    const frame = document.createElement('iframe')
    frame.src = src
    document.body.append(frame)
  }, `${origins.hostile}/third-party.html`)
  // The attacker's page sets its title once every forged message is posted.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.url().startsWith(origins.hostile))
        ?.title(),
    )
    .toBe('sent')
  // Messages are delivered in order: one round trip over the real bridge comes after them all.
  await page.evaluate(() => window.airlock!.close())
  expect(await page.evaluate(() => window.airlock!.getState())).toEqual(before)
  await expectClosed(page)
  expect(problems).toEqual([])
  // The real bridge still works afterwards.
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
})

test('behavior: the frame refuses bad payloads from an allowed host with typed errors', async ({
  page,
}) => {
  await page.goto(`${origins.fixtures}/raw-bridge.html`)
  await page.waitForFunction(() => window.bridgeReady === true)
  const results = await page.evaluate(async () => {
    const remote = window.remote
    return {
      beforeHandshake: await remote.open({}, false),
      wrongVersion: await remote.handshake({
        protocolVersion: 999,
        options: {},
        isMobile: false,
        open: false,
      }),
      badOptions: await remote.handshake({
        protocolVersion: 1,
        options: { themeVariables: { '--airlock-accent': 'url(https://evil)' } },
        isMobile: false,
        open: false,
      }),
      handshake: await remote.handshake({
        protocolVersion: 1,
        options: { networks: ['eip155:31337'] },
        isMobile: false,
        open: false,
      }),
      badView: await remote.open({ view: 'Nope' }, false),
      extraKey: await remote.open({ view: 'Connect', __proto__: { admin: true }, x: 1 }, false),
      badMethod: await remote.request({ method: 'eth_accounts; drop' }),
      badNetwork: await remote.switchNetwork('not a network'),
      badArgs: await remote.close('extra'),
      state: await remote.getState(),
    }
  })
  expect(results.beforeHandshake.error).toMatchObject({ name: 'InvalidParamsError', code: -32602 })
  expect(results.wrongVersion.error).toMatchObject({ name: 'ProtocolVersionError' })
  expect(results.badOptions.error).toMatchObject({ name: 'InvalidParamsError', code: -32602 })
  expect(results.badOptions.error.details).toContain('--airlock-accent')
  expect(results.handshake).toMatchObject({ ok: true, value: { protocolVersion: 1 } })
  for (const key of ['badView', 'extraKey', 'badMethod', 'badNetwork', 'badArgs'] as const)
    expect(results[key], key).toMatchObject({
      ok: false,
      error: { name: 'InvalidParamsError', code: -32602 },
    })
  expect(results.state).toMatchObject({ ok: true, value: { open: false, status: 'disconnected' } })
})

test('security: an origin revoked after the frame loaded: the next open re-checks it, refuses the wallet calls, closes and stays refused', async ({
  page,
}) => {
  await page.goto(
    sdkPageUrl({ projectId: 'revocable', networks: ['eip155:31337'], preload: 'eager' }),
  )
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  await page.evaluate(() => window.airlock!.close())
  await airlockCli('projects', 'revoke-origin', 'revocable', origins.fixtures)
  const refusal = () =>
    page.evaluate(() =>
      window.airlock!.open().then(
        () => null,
        (error) => ({ name: error.name, shortMessage: error.shortMessage, message: error.message }),
      ),
    )
  // The next open re-checks beside showing the modal; a request made meanwhile waits for the
  // check and is refused, and the frame closes itself.
  const opening = page.evaluate(() => window.airlock!.open())
  const request = page.evaluate(() =>
    window.airlock!.provider.request({ method: 'eth_accounts' }).then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage }),
    ),
  )
  expect(await request).toEqual({
    name: 'InvalidAppConfigurationError',
    shortMessage: 'Invalid App Configuration',
  })
  await opening
  await page.waitForFunction(() => window.airlock!.getState().open === false)
  await expectClosed(page)
  // The loaded frame serves this origin nothing more: every later open is refused.
  const again = await refusal()
  expect(again).toMatchObject({
    name: 'InvalidAppConfigurationError',
    shortMessage: 'Invalid App Configuration',
  })
  expect(again?.message).toContain(origins.fixtures)
  await expectClosed(page)
})

test('security: an origin revoked while a frame of it is loaded and connected: once its admission cache is over, a signing request is refused and nothing is signed', async ({
  page,
}) => {
  const peer = await createWalletPeer({ privateKey: generatePrivateKey(), name: 'Phone Wallet' })
  try {
    await page.goto(sdkPageUrl({ projectId: revocableSigningProject, networks: ['eip155:31337'] }))
    await waitForAirlock(page)
    await connectPhone(page, peer)
    peer.autoAnswer('answer')
    const signatures = () =>
      peer.requests.filter((request) => request.method === 'personal_sign').length
    expect(await signsThroughProvider(page, peer.address, 'while allowed')).toBe(true)
    expect(signatures()).toBe(1)

    await airlockCli('projects', 'revoke-origin', revocableSigningProject, origins.fixtures)
    // The frame answers on its last check until that is older than the project's cache (a
    // second); then it asks the API again and refuses the origin.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            window.airlock!.provider.request({ method: 'eth_chainId' }).then(
              () => 'answered',
              (error) => error.name,
            ),
          ),
        { timeout: 10_000 },
      )
      .toBe('InvalidAppConfigurationError')
    const refused = await page.evaluate(
      (address) =>
        window
          .airlock!.provider.request({
            method: 'personal_sign',
            params: ['0x6e6f7420616e796d6f7265', address],
          })
          .then(
            () => null,
            (error) => ({
              name: error.name,
              code: error.code,
              shortMessage: error.shortMessage,
              message: error.message,
            }),
          ),
      peer.address,
    )
    expect(refused).toMatchObject({
      name: 'InvalidAppConfigurationError',
      code: 4100,
      shortMessage: 'Invalid App Configuration',
    })
    expect(refused?.message).toContain(
      `The origin ${origins.fixtures} is no longer allowed for project "${revocableSigningProject}".`,
    )
    // The wallet was asked for nothing more: nothing was signed for the revoked site.
    expect(signatures()).toBe(1)
    await expectClosed(page)
  } finally {
    await peer.close()
  }
})

test('security: a frame of an unknown project touches no wallet and no storage for any host', async ({
  page,
}) => {
  const storageCalls: string[] = []
  await page.exposeFunction('recordStorageCall', (name: string) => storageCalls.push(name))
  await page.goto(`${origins.fixtures}/raw-bridge.html?projectId=no-such-project`)
  await page.waitForFunction(() => window.bridgeReady === true)
  const results = await page.evaluate(async () => {
    const remote = window.remote
    const handshake = await remote.handshake({
      protocolVersion: 1,
      options: { networks: ['eip155:31337'] },
      isMobile: false,
      open: false,
    })
    return {
      handshake,
      walletsChanged: await remote.hostWalletsChanged([
        { id: 'x', name: 'Evil Wallet', icon: '', type: 'ANNOUNCED' },
      ]),
      walletEvent: await remote.hostWalletEvent({
        walletId: 'x',
        event: 'accountsChanged',
        data: ['0x0000000000000000000000000000000000000001'],
      }),
      request: await remote.request({ method: 'eth_accounts' }),
      disconnect: await remote.disconnect(),
      switchNetwork: await remote.switchNetwork('eip155:31337'),
      // What the frame shows: only the alert.
      open: await remote.open({}, false),
    }
  })
  expect(results.handshake).toMatchObject({ ok: true })
  for (const key of [
    'walletsChanged',
    'walletEvent',
    'request',
    'disconnect',
    'switchNetwork',
  ] as const)
    expect(results[key], key).toMatchObject({
      ok: false,
      error: { name: 'InvalidProjectIdError', message: 'Invalid Project ID' },
    })
  expect(results.open).toMatchObject({ ok: true })
  await expect(page.frameLocator('iframe').getByRole('alert')).toContainText('Invalid Project ID')
  // One more round trip: anything the frame would have asked of the host has been asked.
  await page.evaluate(() => window.remote.getState())
  expect(storageCalls).toEqual([])
})
