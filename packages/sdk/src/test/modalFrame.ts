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
  InvalidProjectIdError,
  ProtocolVersionError,
  protocolVersion,
} from '@airlock/protocol'
import { connect, WindowMessenger } from 'penpal'
import {
  answeredByModal,
  fixtureChannel,
  handshakeCountKey,
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

const methods = exposeMethods<FrameMethods>(
  {
    handshake: async (params) => {
      if (refusesThisHandshake())
        throw new InvalidProjectIdError({ details: `Project "${projectId}" does not exist.` })
      if (params.protocolVersion !== protocolVersion)
        throw new ProtocolVersionError({
          details: `Modal speaks ${protocolVersion}, host speaks ${params.protocolVersion}.`,
        })
      if (scenario.prerendered)
        setTimeout(async () => {
          const remote = await connection.promise
          await remote.emit({ type: 'page', namespaces: ['eip155'], prerendered: true })
          channel.postMessage('page')
        })
      if (params.open) await opening('handshake')
      return { protocolVersion, state: scenario.state, opened: params.open }
    },
    open: async (params) => opening(`call:${JSON.stringify(params)}`),
    close: async () => {},
    getState: async () => scenario.state,
    request: async (request) => answeredByModal(request.method),
    disconnect: async () => {},
    switchNetwork: async () => {},
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
