import { errorCodes, type RequestArguments } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { positional, requestDispatcher } from './requestDispatcher'

const request = requestDispatcher({
  eth_accounts: () => ['0xabc'],
  personal_sign: (params) => ({ signed: params }),
  eth_sign: (_, method) => `answered ${method}`,
})

describe('requestDispatcher', () => {
  test('behavior: each method is answered by its handler, with its params and its name', async () => {
    await expect(request({ method: 'eth_accounts' })).resolves.toEqual(['0xabc'])
    await expect(request({ method: 'personal_sign', params: ['0x68'] })).resolves.toEqual({
      signed: ['0x68'],
    })
    await expect(request({ method: 'eth_sign' })).resolves.toBe('answered eth_sign')
  })

  test('error: a method without a handler is 4200 and names the method', async () => {
    await expect(request({ method: 'eth_signTransaction' })).rejects.toMatchObject({
      code: errorCodes.unsupportedMethod,
      shortMessage: 'The embedded wallet does not support eth_signTransaction.',
    })
  })

  test.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'error: %s, a name every object has, is no method: 4200',
    async (method) => {
      await expect(request({ method })).rejects.toMatchObject({
        code: errorCodes.unsupportedMethod,
      })
    },
  )

  test.each<[string, unknown]>([
    ['no arguments', undefined],
    ['no method', {}],
    ['a method that is not a name', { method: 1 }],
  ])('error: %s is invalid params', async (_, args) => {
    await expect(request(args as RequestArguments)).rejects.toMatchObject({
      code: errorCodes.invalidParams,
      shortMessage: 'A request needs a method name.',
    })
  })

  test('behavior: a method without a handler goes to `otherwise` when there is one', async () => {
    const withFallback = requestDispatcher(
      { eth_accounts: () => [] },
      { otherwise: (args) => `fallback ${args.method}` },
    )
    await expect(withFallback({ method: 'eth_chainId' })).resolves.toBe('fallback eth_chainId')
    await expect(withFallback({ method: 'eth_accounts' })).resolves.toEqual([])
  })

  test('security: a request is the site’s unless the modal says it asks itself, to a handler and to `otherwise`', async () => {
    const askers = requestDispatcher(
      { eth_sendTransaction: (_, __, asker) => asker },
      { otherwise: (_, asker) => `otherwise ${asker}` },
    )
    await expect(askers({ method: 'eth_sendTransaction' })).resolves.toBe('site')
    await expect(askers({ method: 'eth_sendTransaction' }, 'modal')).resolves.toBe('modal')
    await expect(askers({ method: 'eth_chainId' })).resolves.toBe('otherwise site')
    await expect(askers({ method: 'eth_chainId' }, 'modal')).resolves.toBe('otherwise modal')
  })

  test('error: a handler that throws rejects the request', async () => {
    const throwing = requestDispatcher({
      eth_accounts: () => {
        throw new Error('no')
      },
    })
    await expect(throwing({ method: 'eth_accounts' })).rejects.toThrow('no')
  })
})

describe('positional', () => {
  test('behavior: an array with an entry per name is given back', () => {
    expect(positional('personal_sign', ['0x68', '0xabc'], ['message', 'address'])).toEqual([
      '0x68',
      '0xabc',
    ])
  })

  test.each<[string, unknown]>([
    ['too few entries', ['0x68']],
    ['an object', { message: '0x68' }],
    ['nothing', undefined],
  ])('error: %s is invalid params naming what was expected', (_, params) => {
    expect(() =>
      positional('personal_sign', params as RequestArguments['params'], ['message', 'address']),
    ).toThrow(
      expect.objectContaining({
        code: errorCodes.invalidParams,
        shortMessage: 'personal_sign takes the parameters [message, address].',
      }),
    )
  })
})
