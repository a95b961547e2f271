/**
 * createAirlock's public API in Chromium, against a stand-in modal frame that speaks the real
 * bridge (test/modalFrame.ts, served at /modal on this page's origin; its projectId names its
 * scenario).
 */
import {
  type AirlockState,
  InvalidParamsError,
  InvalidProjectIdError,
  type SiwxHandler,
} from '@airlock/protocol'
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { type Airlock, createAirlock } from './index'
import {
  answeredByModal,
  fixtureChannel,
  handshakeCountKey,
  hostWalletId,
  liveAccount,
  liveChain,
  type ScenarioName,
  scenarios,
} from './test/scenarios'

const modalUrl = location.origin
const frames = () => document.querySelectorAll<HTMLIFrameElement>('iframe[data-airlock]')
const spinner = () => document.querySelector('[data-airlock-loading]')

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
  for (const name of Object.keys(scenarios) as ScenarioName[])
    localStorage.removeItem(handshakeCountKey(name))
})

/** The state once `predicate` holds: now, or at the first change that makes it hold. */
function stateWhere(airlock: Airlock, predicate: (state: AirlockState) => boolean) {
  return new Promise<AirlockState>((resolve) => {
    if (predicate(airlock.getState())) return resolve(airlock.getState())
    const unsubscribe = airlock.subscribe((state) => {
      if (!predicate(state)) return
      unsubscribe()
      resolve(state)
    })
  })
}

/** What `run` threw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('Nothing was thrown.')
}

/** An EIP-6963 wallet on the host page, announcing itself as extensions do. */
function announceHostWallet() {
  const provider = {
    request: async ({ method }: { method: string }) => ({ answeredBy: 'host wallet', method }),
  }
  const announce = () =>
    dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: hostWalletId, name: 'Test Wallet', icon: '', rdns: 'test.wallet' },
          provider,
        }),
      }),
    )
  addEventListener('eip6963:requestProvider', announce)
  onTestFinished(() => removeEventListener('eip6963:requestProvider', announce))
  announce()
}

/** A site's sign-in handler that records what it is asked and answers as a site would. */
function siwxHandlerOf() {
  const asked: [string, unknown][] = []
  const record =
    <answer>(call: string, answer: answer) =>
    async (input: unknown) => {
      asked.push([call, input])
      return answer
    }
  return {
    asked,
    createMessage: record('createMessage', 'the message'),
    verify: record('verify', 'site-token'),
    getSession: record('getSession', null),
    signOut: record('signOut', undefined),
  } satisfies SiwxHandler & { asked: unknown }
}

/** Has the stand-in frame of `ready` call the host's `siwx`, and resolves with what came back. */
async function frameCallsSiwx(call: string, input: unknown) {
  const channel = fixtureChannel('ready')
  onTestFinished(() => channel.close())
  const reply = new Promise<unknown>((resolve) =>
    channel.addEventListener('message', ({ data }) => {
      if ('siwxReply' in data || 'siwxThrew' in data) resolve(data)
    }),
  )
  channel.postMessage({ siwx: [call, input] })
  return reply
}

describe('options', () => {
  test.each([
    ['a projectId that is not a string', { projectId: 42 }, 'projectId must be a string.'],
    [
      'a modalUrl that is not a URL',
      { projectId: 'ready', modalUrl: 'modal.example' },
      'modalUrl must be an absolute http(s) URL, got "modal.example".',
    ],
    [
      'a modalUrl that is not http(s)',
      { projectId: 'ready', modalUrl: 'javascript:alert(1)' },
      'modalUrl must be an absolute http(s) URL, got "javascript:alert(1)".',
    ],
    [
      'a container that is not an element',
      { projectId: 'ready', modalUrl, container: { id: 'modal' } },
      'container must be an HTMLElement.',
    ],
    [
      'an unknown preload',
      { projectId: 'ready', modalUrl, preload: 'lazy' },
      'preload must be "idle", "eager" or "none".',
    ],
    [
      'a locale that is not a string',
      { projectId: 'ready', modalUrl, locale: ['ja'] },
      'locale must be a string.',
    ],
    [
      'a siwxHandler without one of its calls',
      { projectId: 'ready', modalUrl, siwxHandler: { ...siwxHandlerOf(), verify: 'yes' } },
      'siwxHandler.verify must be a function.',
    ],
  ])(
    'behavior: %s throws InvalidParamsError naming it, and mounts nothing',
    (_, options, details) => {
      const error = thrownBy(() => createAirlock(options as never))
      expect(error).toBeInstanceOf(InvalidParamsError)
      expect(error).toMatchObject({ shortMessage: 'Invalid Airlock options.', details })
      expect(frames()).toHaveLength(0)
    },
  )
})

describe('locale', () => {
  test("behavior: the frame is loaded in the site's locale; without one it picks its own", () => {
    createAirlock({ projectId: 'ready', modalUrl, locale: 'pt-BR' })
    expect(new URL(frames()[0]!.src).searchParams.get('locale')).toBe('pt-BR')
    frames()[0]!.remove()
    createAirlock({ projectId: 'ready', modalUrl })
    expect(new URL(frames()[0]!.src).searchParams.has('locale')).toBe(false)
  })

  test('behavior: a locale Airlock does not speak is no error (the frame falls back to English)', () => {
    expect(() =>
      createAirlock({ projectId: 'ready', modalUrl, locale: 'xx-Unknown' }),
    ).not.toThrow()
    expect(frames()).toHaveLength(1)
  })
})

describe('connecting', () => {
  test('behavior: a frame slower to arrive than the connect deadline still connects, and the page hears the visitor is connected', async () => {
    const airlock = createAirlock({ projectId: 'slowFrame', modalUrl, preload: 'eager' })
    const state = await stateWhere(airlock, (state) => state.status === 'connected')
    expect(state.caipAddress).toBe(`${liveChain}:${liveAccount}`)
    expect(frames()).toHaveLength(1)
  })

  test('error: a frame that loaded and stays silent fails open() with Request Timeout, and is removed', async () => {
    const airlock = createAirlock({ projectId: 'silentFrame', modalUrl, preload: 'none' })
    await expect(airlock.open()).rejects.toMatchObject({
      name: 'RequestTimeoutError',
      shortMessage: 'Request Timeout',
    })
    expect(frames()).toHaveLength(0)
    expect(airlock.getState().open).toBe(false)
  })
})

describe('getState', () => {
  test('behavior: before anything happens the modal is closed and nobody is connected', () => {
    const airlock = createAirlock({ projectId: 'ready', modalUrl, preload: 'none' })
    expect(airlock.getState()).toEqual({ open: false, status: 'disconnected' })
  })

  test('behavior: embedded in a container, the modal starts open', () => {
    const container = document.createElement('div')
    document.body.append(container)
    onTestFinished(() => container.remove())
    const airlock = createAirlock({ projectId: 'ready', modalUrl, container })
    expect(airlock.getState()).toEqual({ open: true, status: 'disconnected' })
  })
})

describe('subscribe', () => {
  test('behavior: a listener hears each change with the state before it, until it unsubscribes', async () => {
    const airlock = createAirlock({ projectId: 'ready', modalUrl, preload: 'none' })
    const heard: [AirlockState, AirlockState][] = []
    const unsubscribe = airlock.subscribe((state, previous) => heard.push([state, previous]))

    await airlock.open()
    expect(heard).toEqual([
      [
        { open: true, status: 'disconnected' },
        { open: false, status: 'disconnected' },
      ],
    ])

    unsubscribe()
    await airlock.close()
    expect(airlock.getState().open).toBe(false)
    expect(heard).toHaveLength(1)
  })
})

describe('open', () => {
  test('behavior: an open() of a view before the frame is ready shows the frame only once it shows that view', async () => {
    const channel = fixtureChannel('holdsOpen')
    onTestFinished(() => channel.close())
    const openAsked = new Promise<string>((resolve) =>
      channel.addEventListener('message', ({ data }) => {
        if (String(data).startsWith('open:')) resolve(data)
      }),
    )
    const airlock = createAirlock({ projectId: 'holdsOpen', modalUrl, preload: 'none' })
    const opening = airlock.open({ view: 'Account' })
    expect(await openAsked).toBe('open:call:{"view":"Account"}')
    const [frame] = frames()
    // The frame has spoken and holds the open: what it draws now is not yet that view.
    expect(frame && getComputedStyle(frame).opacity).toBe('0')
    channel.postMessage('release')
    await opening
    expect(frame && getComputedStyle(frame).opacity).toBe('1')
  })

  test('behavior: before the frame is ready open() shows a loading spinner, the handshake carries the open, and open() resolves once the frame answers', async () => {
    const channel = fixtureChannel('holdsOpen')
    onTestFinished(() => channel.close())
    const asked: string[] = []
    const openAsked = new Promise<void>((resolve) =>
      channel.addEventListener('message', ({ data }) => {
        if (!String(data).startsWith('open:')) return
        asked.push(data)
        resolve()
      }),
    )
    const airlock = createAirlock({ projectId: 'holdsOpen', modalUrl, preload: 'none' })

    let settled = false
    const opening = airlock.open().finally(() => {
      settled = true
    })
    expect(spinner()).not.toBeNull()
    expect(airlock.getState().open).toBe(true)

    // The frame has connected and been asked to open, and holds its answer.
    await openAsked
    expect(spinner()).not.toBeNull()
    expect(settled).toBe(false)
    // It spoke, so it is shown already, over the spinner (its dialog covers it), before it
    // answers: a click before the frame was ready waits for its drawing, not its handshake.
    const [early] = frames()
    expect(early && { opacity: getComputedStyle(early).opacity, inert: early.inert }).toEqual({
      opacity: '1',
      inert: false,
    })
    const zIndex = (element: Element | null | undefined) =>
      Number(element && getComputedStyle(element).zIndex)
    expect(zIndex(spinner())).toBeLessThan(zIndex(early))

    channel.postMessage('release')
    await opening
    // One round trip: the frame was asked once, by the handshake, not again by open.
    expect(asked).toEqual(['open:handshake'])
    expect(spinner()).toBeNull()
    const [frame] = frames()
    expect(frame && { opacity: getComputedStyle(frame).opacity, inert: frame.inert }).toEqual({
      opacity: '1',
      inert: false,
    })
    expect(airlock.getState().open).toBe(true)
  })

  test('behavior: once the frame says the view is rendered, open() shows it in the click’s own task, before the frame answers', async () => {
    const channel = fixtureChannel('prerendered')
    onTestFinished(() => channel.close())
    const heard = (message: string) =>
      new Promise<void>((resolve) =>
        channel.addEventListener('message', ({ data }) => data === message && resolve()),
      )
    const told = heard('page')
    const openAsked = heard('open:call:{}')
    const airlock = createAirlock({ projectId: 'prerendered', modalUrl, preload: 'eager' })
    await told
    const [frame] = frames()
    expect(frame && getComputedStyle(frame).opacity).toBe('0')
    expect(frame?.inert).toBe(true)

    const opening = airlock.open()
    // Synchronously: the frame holds its answer to open, and nothing has been awaited.
    expect(frame && getComputedStyle(frame).opacity).toBe('1')
    expect(frame?.inert).toBe(false)
    expect(airlock.getState().open).toBe(true)
    expect(spinner()).toBeNull()
    // Released only once the frame holds the open: a release sent earlier would be missed.
    await openAsked
    channel.postMessage('release')
    await opening
  })

  test('behavior: an open() with parameters before the frame is ready is asked for after the handshake, with them', async () => {
    const channel = fixtureChannel('ready')
    onTestFinished(() => channel.close())
    const asked: string[] = []
    channel.addEventListener('message', ({ data }) => asked.push(data))
    const airlock = createAirlock({ projectId: 'ready', modalUrl, preload: 'none' })
    await airlock.open({ view: 'AllWallets' })
    await vi.waitFor(() => expect(asked).toEqual(['open:call:{"view":"AllWallets"}']))
    expect(airlock.getState().open).toBe(true)
  })

  test('behavior: a frame that fails its handshake is removed, and the next open() mounts a new one', async () => {
    // The SDK logs the failure for the site's developer; kept out of the test output.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => log.mockRestore())
    const airlock = createAirlock({ projectId: 'refusesFirstHandshake', modalUrl, preload: 'none' })

    const error = await airlock.open().catch((error: unknown) => error)
    expect(error).toBeInstanceOf(InvalidProjectIdError)
    expect(error).toMatchObject({ details: 'Project "refusesFirstHandshake" does not exist.' })
    expect(frames()).toHaveLength(0)
    expect(spinner()).toBeNull()
    expect(airlock.getState().open).toBe(false)

    await airlock.open()
    expect(frames()).toHaveLength(1)
    expect(localStorage.getItem(handshakeCountKey('refusesFirstHandshake'))).toBe('2')
    expect(airlock.getState().open).toBe(true)
  })
})

describe('provider', () => {
  test('behavior: while a host wallet is connected on eip155, requests go straight to it', async () => {
    announceHostWallet()
    const airlock = createAirlock({ projectId: 'hostWalletConnected', modalUrl, preload: 'eager' })
    await stateWhere(airlock, (state) => state.status === 'connected')

    await expect(airlock.provider.request({ method: 'eth_blockNumber' })).resolves.toEqual({
      answeredBy: 'host wallet',
      method: 'eth_blockNumber',
    })
  })

  test.each([
    ['nobody is connected', 'ready'],
    ['the connection is WalletConnect', 'walletConnectConnected'],
    ['the host wallet is connected on solana', 'solanaHostWalletConnected'],
  ] as const)('behavior: when %s, requests cross the bridge to the modal', async (_, projectId) => {
    announceHostWallet()
    const airlock = createAirlock({ projectId, modalUrl, preload: 'eager' })
    const { status } = scenarios[projectId].state
    await stateWhere(airlock, (state) => state.status === status)

    await expect(airlock.provider.request({ method: 'eth_blockNumber' })).resolves.toEqual(
      answeredByModal('eth_blockNumber'),
    )
  })
})

describe('siwxHandler', () => {
  const account = {
    accountAddress: '0x1111111111111111111111111111111111111111',
    chainId: 'eip155:1',
  }

  test('behavior: the frame asks the site’s handler, and gets its answer', async () => {
    const handler = siwxHandlerOf()
    const airlock = createAirlock({ projectId: 'ready', modalUrl, siwxHandler: handler })
    // The handshake carried the site's options without the handler (functions can't cross).
    await airlock.open()
    expect(await frameCallsSiwx('getSession', account)).toEqual({
      siwxReply: { ok: true, value: null },
    })
    expect(await frameCallsSiwx('verify', { message: 'm', signature: '0x01' })).toEqual({
      siwxReply: { ok: true, value: 'site-token' },
    })
    expect(handler.asked).toEqual([
      ['getSession', account],
      ['verify', { message: 'm', signature: '0x01' }],
    ])
  })

  test('security: only the handler’s four calls reach it', async () => {
    const handler = siwxHandlerOf()
    const airlock = createAirlock({ projectId: 'ready', modalUrl, siwxHandler: handler })
    await airlock.open()
    for (const call of ['constructor', '__proto__', 'toString', 42])
      expect(await frameCallsSiwx(call as string, {})).toMatchObject({
        siwxReply: {
          ok: false,
          error: {
            name: 'InvalidParamsError',
            message: 'Invalid bridge message.',
            details: `siwx: unknown call ${JSON.stringify(call)}.`,
          },
        },
      })
    expect(handler.asked).toEqual([])
  })

  test('behavior: a handler that refuses is heard as refusing', async () => {
    const siwxHandler = {
      ...siwxHandlerOf(),
      verify: async () => {
        throw new Error('The signature is not for our nonce.')
      },
    }
    const airlock = createAirlock({ projectId: 'ready', modalUrl, siwxHandler })
    await airlock.open()
    expect(await frameCallsSiwx('verify', {})).toMatchObject({
      siwxReply: { ok: false, error: { message: 'The signature is not for our nonce.' } },
    })
  })

  test('behavior: without a handler the host has no siwx method (the frame keeps sign-ins at the API)', async () => {
    const airlock = createAirlock({ projectId: 'ready', modalUrl })
    await airlock.open()
    expect(await frameCallsSiwx('getSession', account)).toEqual({
      siwxThrew: { code: 'METHOD_NOT_FOUND', message: 'Method `siwx` is not found.' },
    })
  })
})
