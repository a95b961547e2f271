import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPairing, isExpired, type PairingState } from './pairing'

/** A client whose proposals the test answers: each gets URI wc:N and a settle-able approval. */
function scriptedClient() {
  const proposals: { uri: string; approve(session: string): void; reject(error: unknown): void }[] =
    []
  return {
    proposals,
    propose: async () => {
      let approve!: (session: string) => void
      let reject!: (error: unknown) => void
      const answer = new Promise<string>((resolve, fail) => {
        approve = resolve
        reject = fail
      })
      const uri = `wc:${proposals.length + 1}@2`
      proposals.push({ uri, approve, reject })
      return { uri, approval: () => answer }
    },
  }
}

function setup() {
  const client = scriptedClient()
  const states: PairingState[] = []
  const sessions: string[] = []
  const pairing = createPairing({
    propose: client.propose,
    onChange: (state) => states.push(state),
    onSession: (session) => sessions.push(session),
  })
  return { client, states, sessions, pairing, last: () => states.at(-1) }
}

describe('pairing URI', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('behavior: loading, then a URI that expires 4 minutes later', async () => {
    const { pairing, states } = setup()
    pairing.start()
    expect(states[0]).toEqual({ status: 'loading' })
    await vi.advanceTimersByTimeAsync(0)
    expect(states[1]).toEqual({ status: 'ready', uri: 'wc:1@2', expiresAt: 1_000_000 + 240_000 })
  })

  test('behavior: the URI counts as expired 10 s before its expiry and is replaced then', async () => {
    const { pairing, last } = setup()
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    const first = last()!
    expect(isExpired(first, 1_000_000 + 229_999)).toBe(false)
    expect(isExpired(first, 1_000_000 + 230_000)).toBe(true)
    await vi.advanceTimersByTimeAsync(229_999)
    expect(last()).toEqual(first)
    await vi.advanceTimersByTimeAsync(1)
    expect(last()).toMatchObject({ status: 'ready', uri: 'wc:2@2' })
    // And again, for as long as the view stays open.
    await vi.advanceTimersByTimeAsync(230_000)
    expect(last()).toMatchObject({ status: 'ready', uri: 'wc:3@2' })
  })

  test('behavior: start() keeps a fresh URI and replaces an expired one', async () => {
    const { pairing, last, client } = setup()
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.proposals).toHaveLength(1)
    pairing.stop()
    expect(last()).toEqual({ status: 'idle' })
  })

  test('behavior: an approval of the current proposal delivers the session; an old one is ignored', async () => {
    const { pairing, client, sessions, last } = setup()
    pairing.start()
    await vi.advanceTimersByTimeAsync(230_000)
    expect(client.proposals).toHaveLength(2)
    client.proposals[0]!.approve('stale')
    await vi.advanceTimersByTimeAsync(0)
    expect(sessions).toEqual([])
    client.proposals[1]!.approve('session')
    await vi.advanceTimersByTimeAsync(0)
    expect(sessions).toEqual(['session'])
    expect(last()).toEqual({ status: 'idle' })
    // No replacement timer is left running after the session.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(client.proposals).toHaveLength(2)
  })

  test('error: a rejected proposal shows rejected, and restart() makes a fresh URI', async () => {
    const { pairing, client, last } = setup()
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    client.proposals[0]!.reject({ code: 5000, message: 'User rejected.' })
    await vi.advanceTimersByTimeAsync(0)
    expect(last()).toEqual({ status: 'error', reason: 'rejected' })
    // The error stays until the visitor asks again; no timer replaces it.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(client.proposals).toHaveLength(1)
    pairing.restart()
    await vi.advanceTimersByTimeAsync(0)
    expect(last()).toMatchObject({ status: 'ready', uri: 'wc:2@2' })
  })

  test('error: a pairing that fails otherwise shows failed', async () => {
    const { pairing, client, last } = setup()
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    client.proposals[0]!.reject(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(last()).toEqual({ status: 'error', reason: 'failed' })
  })

  test('error: a relay that cannot create a proposal shows failed', async () => {
    const states: PairingState[] = []
    const pairing = createPairing({
      propose: () => Promise.reject(new Error('socket closed')),
      onChange: (state) => states.push(state),
      onSession: () => {},
    })
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)).toEqual({ status: 'error', reason: 'failed' })
  })
})
