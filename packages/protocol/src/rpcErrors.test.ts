import {
  BaseError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  RpcRequestError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { nodeLacksMethod } from './rpcErrors'

const ownError = (cause: unknown) => cause instanceof BaseError
const nodeSaid = (code: number, message: string) =>
  new RpcRequestError({ body: { method: 'eth_simulateV1' }, error: { code, message }, url: 'x' })

describe('nodeLacksMethod', () => {
  test('behavior: the node codes for a method it lacks, wherever they are in the causes', () => {
    expect(nodeLacksMethod(new MethodNotFoundRpcError(nodeSaid(-32601, 'no')), ownError)).toBe(true)
    expect(nodeLacksMethod(new MethodNotSupportedRpcError(nodeSaid(-32004, 'no')), ownError)).toBe(
      true,
    )
  })

  test("behavior: the node's words count when its code is another", () => {
    const said = new Error('the method eth_simulateV1 does not exist/is not available')
    expect(nodeLacksMethod(new BaseError('RPC failed', { cause: said }), ownError)).toBe(true)
  })

  test("error: a revert, or viem's own message quoting the request, is not a missing method", () => {
    expect(nodeLacksMethod(nodeSaid(3, 'execution reverted'), ownError)).toBe(false)
    const quoting = new BaseError('Request body: {"method":"eth_simulateV1"} method not found')
    expect(nodeLacksMethod(quoting, ownError)).toBe(false)
  })
})
