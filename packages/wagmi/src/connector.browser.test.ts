/**
 * The connector with wagmi's own actions (@wagmi/core's createConfig, connect, reconnect,
 * switchChain, sendCalls, disconnect) in Chromium, against the stand-in modal frame
 * (packages/sdk/src/test/modalFrame.ts) playing a live wallet: its projectId names the scenario.
 */
import { InvalidAppConfigurationError } from '@airlock/protocol'
import {
  connect,
  createConfig,
  disconnect,
  getCallsStatus,
  getConnection,
  reconnect,
  sendCalls,
  switchChain,
  watchConnection,
} from '@wagmi/core'
import { foundry, mainnet } from '@wagmi/core/chains'
import { http, UserRejectedRequestError } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { liveAccount, liveBatchId, type ScenarioName } from '../../sdk/src/test/scenarios'
import { airlock } from './index'

const modalUrl = location.origin

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
  delete window.airlock
})

/** A wagmi config with only Airlock's connector, for the scenario `projectId` names. */
function configFor(projectId: ScenarioName) {
  return createConfig({
    chains: [foundry, mainnet],
    connectors: [airlock({ projectId, modalUrl })],
    transports: { [foundry.id]: http(), [mainnet.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
}
const connectorOf = (config: ReturnType<typeof configFor>) => config.connectors[0]!

test('behavior: connect opens the modal and resolves with the account the visitor connected, on its chain', async () => {
  const config = configFor('liveWallet')
  const result = await connect(config, { connector: connectorOf(config) })
  expect(result).toEqual({ accounts: [liveAccount], chainId: foundry.id })
  expect(getConnection(config)).toMatchObject({ status: 'connected', address: liveAccount })
  expect(window.airlock?.getState().status).toBe('connected')
})

test('behavior: closing the modal rejects connect with 4001, and wagmi is left disconnected, not connecting', async () => {
  const config = configFor('liveWalletDeclined')
  const refusal = await connect(config, { connector: connectorOf(config) }).catch((e) => e)
  expect(refusal).toBeInstanceOf(UserRejectedRequestError)
  expect(refusal.code).toBe(4001)
  expect(getConnection(config).status).toBe('disconnected')
})

test("bad input: a project that doesn't allow the page's origin rejects connect with 'Invalid App Configuration'", async () => {
  const config = configFor('refusesOrigin')
  const refusal = await connect(config, { connector: connectorOf(config) }).catch((e) => e)
  expect(refusal).toBeInstanceOf(InvalidAppConfigurationError)
  expect(refusal.message).toMatch(/^Invalid App Configuration/)
  expect(getConnection(config).status).toBe('disconnected')
})

test('behavior: switchChain asks the modal to switch network, and wagmi follows its chainChanged', async () => {
  const config = configFor('liveWallet')
  await connect(config, { connector: connectorOf(config) })
  const chain = await switchChain(config, { chainId: mainnet.id })
  expect(chain.id).toBe(mainnet.id)
  await expect.poll(() => getConnection(config).chainId).toBe(mainnet.id)
  expect(window.airlock?.getState().chainId).toBe('eip155:1')
})

test('behavior: EIP-5792 batches go through the modal (wagmi sendCalls and getCallsStatus)', async () => {
  const config = configFor('liveWallet')
  await connect(config, { connector: connectorOf(config) })
  const { id } = await sendCalls(config, { calls: [{ to: liveAccount, value: 1n }] })
  expect(id).toBe(liveBatchId)
  expect(await getCallsStatus(config, { id })).toMatchObject({ status: 'success', atomic: true })
})

test('behavior: disconnect ends the modal’s connection, and wagmi hears it', async () => {
  const config = configFor('liveWallet')
  await connect(config, { connector: connectorOf(config) })
  await disconnect(config)
  expect(getConnection(config).status).toBe('disconnected')
  expect(window.airlock?.getState().status).toBe('disconnected')
})

test('behavior: a disconnect from the modal reaches wagmi through the provider’s events', async () => {
  const config = configFor('liveWallet')
  await connect(config, { connector: connectorOf(config) })
  const disconnected = new Promise<void>((resolve) => {
    const stop = watchConnection(config, {
      onChange: (connection) => {
        if (connection.status !== 'disconnected') return
        stop()
        resolve()
      },
    })
  })
  await window.airlock?.disconnect()
  await disconnected
})

test('behavior: after a reload, reconnect restores the connection the modal kept, with nothing clicked', async () => {
  const config = configFor('liveWalletConnected')
  const [restored] = await reconnect(config)
  expect(restored?.accounts).toEqual([liveAccount])
  expect(getConnection(config)).toMatchObject({ status: 'connected', address: liveAccount })
  expect(
    document.querySelector('iframe[data-airlock]')?.checkVisibility({ opacityProperty: true }),
  ).toBe(false)
})

test('behavior: reconnect on a page whose visitor is not connected restores nothing and opens no modal', async () => {
  const config = configFor('liveWallet')
  expect(await reconnect(config)).toEqual([])
  expect(getConnection(config).status).toBe('disconnected')
  expect(window.airlock?.getState().open).toBe(false)
})

test('behavior: the connector and anything else on the page share the page’s one Airlock', async () => {
  const config = configFor('liveWallet')
  await connect(config, { connector: connectorOf(config) })
  expect(connectorOf(config).getAirlock()).toBe(window.airlock)
  expect(document.querySelectorAll('iframe[data-airlock]')).toHaveLength(1)
})

test('behavior: a connection wagmi didn’t start (the site’s own Connect button, a restore after a reload) is wagmi’s too', async () => {
  const config = configFor('liveWallet')
  await connectorOf(config).getAirlock().open()
  await expect.poll(() => getConnection(config).status).toBe('connected')
  expect(getConnection(config).address).toBe(liveAccount)
  // And it follows what happens next, as a connection it made would.
  await window.airlock?.disconnect()
  await expect.poll(() => getConnection(config).status).toBe('disconnected')
})
