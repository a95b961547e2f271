import { describe, expect, test } from 'vitest'
import { args, caipNetworkIdArg, type Envelope, exposeMethods, unwrap } from './bridge'
import { DisconnectedError } from './errors'
import { isProjectId } from './projectId'

type Methods = {
  greet(name: string): Promise<Envelope<string>>
  fail(): Promise<Envelope<undefined>>
}

const exposed = exposeMethods<Methods>(
  {
    greet: async (name) => `hello ${name}`,
    fail: async () => {
      throw new DisconnectedError()
    },
  },
  { greet: (list) => [args.string(list[0], 'name')], fail: args.none },
)

describe('bridge', () => {
  test('behavior: a valid call answers its value in an envelope', async () => {
    expect(await exposed.greet('ada')).toEqual({ ok: true, value: 'hello ada' })
    expect(await unwrap(exposed.greet('ada'))).toBe('hello ada')
  })
  test('behavior: invalid arguments are refused before the handler runs', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: wrong on purpose.
    const reply = await (exposed.greet as any)(42)
    expect(reply).toMatchObject({ ok: false, error: { name: 'InvalidParamsError', code: -32602 } })
    // biome-ignore lint/suspicious/noExplicitAny: wrong on purpose.
    expect((await (exposed.fail as any)('extra')).ok).toBe(false)
  })
  test('behavior: a thrown error crosses as its class', async () => {
    await expect(unwrap(exposed.fail())).rejects.toBeInstanceOf(DisconnectedError)
  })
  test('behavior: a malformed reply is an error, not a value', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: wrong on purpose.
    await expect(unwrap(Promise.resolve('nope' as any))).rejects.toThrow('Malformed bridge reply.')
  })
  test('behavior: request and network validators', () => {
    expect(args.request({ method: 'eth_chainId' })).toEqual({ method: 'eth_chainId' })
    expect(() => args.request({ method: '' })).toThrow()
    expect(() => args.request({ method: 'eth_call', params: 'x' })).toThrow()
    expect(() => args.request(null)).toThrow()
    expect(caipNetworkIdArg('eip155:1')).toBe('eip155:1')
    expect(() => caipNetworkIdArg('eip155')).toThrow('is not a CAIP-2 network id')
  })
  test("behavior: storage keys name a project id by the API's own rule", () => {
    expect(args.storageKey('airlock:v1:shop-2:session')).toBe('airlock:v1:shop-2:session')
    expect(() => args.storageKey('airlock:v1:Shop:session')).toThrow('Invalid bridge message.')
    expect(() => args.storageKey(`airlock:v1:${'a'.repeat(64)}:session`)).toThrow()
    for (const key of ['airlock:v1:session', 'airlock:v1::session', 'undefined', 42])
      expect(() => args.storageKey(key)).toThrow('Storage keys are airlock:v1:<projectId>:<name>.')
    expect(isProjectId('shop-2')).toBe(true)
    expect(isProjectId('a'.repeat(64))).toBe(false)
  })
})
