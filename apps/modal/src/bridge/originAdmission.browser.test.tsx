// Revocation reaching a loaded frame, in Chromium (issue 33): what reaches a wallet or storage is
// let through on the API's last answer for the host's origin only while that answer is younger
// than the project's admission cache; then the API is asked again, and a revoked origin is
// refused from then on, with the origin named.
import type { ProjectConfig } from '@airlock/protocol'
import { expect, test } from 'vitest'
import type { ApiFetch } from '../api'
import { createModalStore } from '../stores/store'
import { projectConfig } from '../test/renderView'
import { createOriginAdmission } from './originAdmission'

const host = 'https://shop.example'

/** The project as the API serves it now, and how often it was asked. */
function projectApi(project: ProjectConfig) {
  let allowed = [host]
  const asked: string[] = []
  const apiFetch = (async (method: string, path: string) => {
    asked.push(`${method} ${path}`)
    return { ...project, allowedOrigins: allowed }
  }) as unknown as ApiFetch
  return {
    apiFetch,
    asked,
    revoke: () => {
      allowed = []
    },
  }
}

/** A frame of `admissionCacheSeconds` handshaken with `host`, on a clock the test moves. */
function admittedFrame(admissionCacheSeconds: number) {
  const config = projectConfig({ allowedOrigins: [host], admissionCacheSeconds })
  const store = createModalStore(config)
  const api = projectApi(config.project!)
  const closed: string[] = []
  let clock = 0
  const admission = createOriginAdmission(
    {
      store,
      api: { apiFetch: api.apiFetch } as never,
      closeModal: async () => {
        closed.push('closed')
      },
    },
    [host],
    () => clock,
  )
  // penpal's SYN from the parent window, as the host's SDK sends it.
  window.dispatchEvent(
    new MessageEvent('message', {
      source: window.parent,
      origin: host,
      data: { namespace: 'penpal', type: 'SYN' },
    }),
  )
  admission.admitCalls()
  const signed: string[] = []
  const sign = admission.proven(async (message: string) => {
    signed.push(message)
    return `signed ${message}`
  })
  return {
    api,
    closed,
    signed,
    sign,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

/** How a call ends: null when answered, else its error (thrown at once or later, as the bridge sees it). */
const refusal = (call: () => Promise<unknown>) =>
  Promise.resolve()
    .then(call)
    .then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage, details: error.details }),
    )

test('security: within the admission cache a call is answered on the last check; after it the API is asked, and a revoked origin is refused with nothing signed', async () => {
  const frame = admittedFrame(30)
  // The page itself was the API's answer: nothing to ask within 30 s of it.
  frame.tick(10_000)
  expect(await frame.sign('one')).toBe('signed one')
  expect(frame.api.asked).toEqual([])

  frame.api.revoke()
  // Still within the cache: the last answer stands.
  frame.tick(19_000)
  expect(await frame.sign('two')).toBe('signed two')
  expect(frame.api.asked).toEqual([])

  // Older than the cache: asked again before signing, and refused.
  frame.tick(1_000)
  expect(await refusal(() => frame.sign('three'))).toEqual({
    name: 'InvalidAppConfigurationError',
    shortMessage: 'Invalid App Configuration',
    details: `The origin ${host} is no longer allowed for project "test-project".`,
  })
  expect(frame.api.asked).toEqual(['GET /v1/projects/test-project/config'])
  expect(frame.closed).toEqual(['closed'])
  // Refused from then on, without asking again.
  expect(await refusal(() => frame.sign('four'))).toMatchObject({
    name: 'InvalidAppConfigurationError',
  })
  expect(frame.api.asked).toHaveLength(1)
  expect(frame.signed).toEqual(['one', 'two'])
})

test('behavior: an allowed origin is asked for once per cache window, however many calls come at once', async () => {
  const frame = admittedFrame(5)
  frame.tick(5_000)
  await Promise.all([frame.sign('a'), frame.sign('b'), frame.sign('c')])
  expect(frame.api.asked).toHaveLength(1)
  frame.tick(4_999)
  await frame.sign('d')
  expect(frame.api.asked).toHaveLength(1)
  frame.tick(1)
  await frame.sign('e')
  expect(frame.api.asked).toHaveLength(2)
  expect(frame.signed).toEqual(['a', 'b', 'c', 'd', 'e'])
})

test('security: with an admission cache of 0 the API is asked before every call', async () => {
  const frame = admittedFrame(0)
  expect(await frame.sign('a')).toBe('signed a')
  expect(await frame.sign('b')).toBe('signed b')
  expect(frame.api.asked).toHaveLength(2)
  frame.api.revoke()
  expect(await refusal(() => frame.sign('c'))).toMatchObject({
    name: 'InvalidAppConfigurationError',
  })
  expect(frame.signed).toEqual(['a', 'b'])
})
