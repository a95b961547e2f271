/**
 * A stand-in for the modal's document in the SDK's browser tests, served at `/modal` on the
 * test page's origin (see the root vitest.config.ts). It speaks the real bridge to its parent —
 * penpal, the protocol's method tables, validators and envelopes — and behaves as the scenario
 * its projectId names (scenarios.ts).
 */
import {
  exposeMethods,
  type FrameMethods,
  frameMethodValidators,
  type HostMethods,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  ProtocolVersionError,
  protocolVersion,
} from '@airlock/protocol'
import { connect, WindowMessenger } from 'penpal'
import {
  answeredByModal,
  fixtureChannel,
  handshakeCountKey,
  liveBatchId,
  liveChain,
  liveConnected,
  type Scenario,
  type ScenarioName,
  scenarios,
} from './scenarios'

const projectId = new URL(location.href).searchParams.get('projectId') as ScenarioName
const scenario: Scenario | undefined = scenarios[projectId]
if (!scenario) throw new Error(`No fixture scenario "${projectId}".`)
const channel = fixtureChannel(projectId)

function refusesThisHandshake(): boolean {
  const count = Number(localStorage.getItem(handshakeCountKey(projectId)) ?? 0) + 1
  localStorage.setItem(handshakeCountKey(projectId), String(count))
  return !!scenario?.refusesFirstHandshake && count === 1
}

/**
 * The frame opens, asked by the handshake or by `open`: it tells the test which, and with what
 * (`open:handshake`, `open:call:{"view":…}`), and, in a scenario that holds its answer, waits
 * for the test's `release`.
 */
async function opening(askedBy: string) {
  if (!scenario?.holdsOpen) return channel.postMessage(`open:${askedBy}`)
  const release = released()
  channel.postMessage(`open:${askedBy}`)
  await release
}

/** Resolves when the test posts `release`. */
const released = () =>
  new Promise<void>((resolve) =>
    channel.addEventListener('message', function listen({ data }) {
      if (data !== 'release') return
      channel.removeEventListener('message', listen)
      resolve()
    }),
  )

/**
 * The live wallet's state and what changes it, as the real frame does: a change is told to the
 * host (`emit`), which mirrors it. An open connects the visitor, or (`declines`) the visitor closes
 * the modal.
 */
function liveWallet() {
  let state = scenario?.state ?? liveConnected()
  const tell = async (next: typeof state) => {
    state = next
    const remote = await connection.promise
    await remote.emit({ type: 'state', state })
  }
  return {
    state: () => state,
    async open() {
      if (state.status === 'connected') return
      if (scenario?.declines) {
        // The visitor closes the modal once it is on screen.
        setTimeout(async () => (await connection.promise).setFrame({ visible: false }), 50)
        return
      }
      setTimeout(() => tell(liveConnected()))
    },
    disconnect: () => tell({ open: false, status: 'disconnected' }),
    switchNetwork: (caipNetworkId: string) => tell(liveConnected(caipNetworkId)),
    request(method: string) {
      const connected = state.status === 'connected'
      if (method === 'eth_accounts') return connected ? [state.address] : []
      if (method === 'eth_chainId')
        return `0x${Number((state.chainId ?? liveChain).split(':')[1]).toString(16)}`
      if (method === 'wallet_sendCalls') return { id: liveBatchId }
      if (method === 'wallet_getCallsStatus')
        return {
          version: '2.0.0',
          id: liveBatchId,
          chainId: '0x7a69',
          atomic: true,
          status: 200,
          receipts: [],
        }
      return answeredByModal(method)
    },
  }
}
const live = scenario.liveWallet ? liveWallet() : undefined

const methods = exposeMethods<FrameMethods>(
  {
    handshake: async (params) => {
      if (scenario.refusesOrigin)
        throw new InvalidAppConfigurationError({
          details: `The origin ${location.origin} is not allowed for project "${projectId}".`,
        })
      if (refusesThisHandshake())
        throw new InvalidProjectIdError({ details: `Project "${projectId}" does not exist.` })
      if (params.protocolVersion !== protocolVersion)
        throw new ProtocolVersionError({
          details: `Modal speaks ${protocolVersion}, host speaks ${params.protocolVersion}.`,
        })
      if (scenario.announces)
        setTimeout(async () => {
          const remote = await connection.promise
          await remote.emit({
            type: 'page',
            namespaces: ['eip155'],
            prerendered: false,
            announce: scenario.announces as NonNullable<Scenario['announces']>,
          })
        })
      const namespaces = scenario.pageNamespaces
      if (namespaces)
        setTimeout(async () => {
          const remote = await connection.promise
          await remote.emit({ type: 'page', namespaces, prerendered: false })
          channel.postMessage('page')
        })
      if (scenario.prerendered)
        setTimeout(async () => {
          const remote = await connection.promise
          await remote.emit({ type: 'page', namespaces: ['eip155'], prerendered: true })
          channel.postMessage('page')
        })
      if (params.open) await opening('handshake')
      if (params.open) await live?.open()
      return { protocolVersion, state: live?.state() ?? scenario.state, opened: params.open }
    },
    open: async (params) => {
      await opening(`call:${JSON.stringify(params)}`)
      await live?.open()
    },
    close: async () => {},
    getState: async () => live?.state() ?? scenario.state,
    request: async (request) => live?.request(request.method) ?? answeredByModal(request.method),
    disconnect: async () => live?.disconnect(),
    switchNetwork: async (caipNetworkId) => live?.switchNetwork(caipNetworkId),
    setOptions: async () => {},
    hostWalletEvent: async () => {},
    hostWalletsChanged: async () => {},
    siwxSignOut: async () => {},
  },
  // The real frame's validators (packages/protocol/src/frameValidators.ts).
  frameMethodValidators(),
)

const connection = connect<HostMethods>({
  messenger: new WindowMessenger({ remoteWindow: parent, allowedOrigins: [location.origin] }),
  methods,
})

// The test asks the frame to call the host's `siwx` (the site's own sign-in), `{ siwx: [call,
// input] }`; the frame posts back the host's envelope (`{ siwxReply }`) or what the call threw
// (`{ siwxThrew: { code, message } }`: penpal's, when the host has no such method).
channel.addEventListener('message', async ({ data }) => {
  if (!data?.siwx) return
  const remote = await connection.promise
  try {
    channel.postMessage({ siwxReply: await remote.siwx(data.siwx[0], data.siwx[1]) })
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    channel.postMessage({ siwxThrew: { code, message } })
  }
})
