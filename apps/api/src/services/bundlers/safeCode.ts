/**
 * The Safe's code check (issue 35): before the API relays anything for a network whose smart
 * accounts are Safes, or says it offers them, it reads the code at each canonical address the
 * account uses on that network (through the API's RPC for it) and compares its keccak256 with the
 * published one. A chain where someone else put other code at those addresses (no Safe singleton
 * factory there, a fork, an RPC that lies) is refused, naming the contract, rather than having
 * visitors' keys sign for an account that runs unknown code. A pass is kept for the life of the
 * check (one per routes instance); a failure is asked again next time.
 */
import {
  type CaipNetworkId,
  type NetworkConfig,
  type SafeAccountVersion,
  safeAccountContracts,
} from '@airlock/protocol'
import { createPublicClient, type Hex, http, keccak256 } from 'viem'
import { BundlerRelayError } from './bundlerRelay'

type SafeContract = keyof (typeof safeAccountContracts)['1.4.1']

/**
 * keccak256 of each contract's runtime code as deployed at its canonical address: the same on
 * every chain (no immutable depends on the chain). The singleton's, the factory's and the
 * fallback handler's are the `codeHash` @safe-global/safe-deployments records; every one is
 * checked against the dev chain's deployment of the published artifacts (routes/bundler.test.ts).
 */
export const safeCodeHashes: Record<SafeAccountVersion, Record<SafeContract, Hex>> = {
  '1.4.1': {
    entryPoint: '0x8db5ff695839d655407cc8490bb7a5d82337a86a6b39c3f0258aa6c3b582fc58',
    singleton: '0x1fe2df852ba3299d6534ef416eefa406e56ced995bca886ab7a553e6d0c5e1c4',
    proxyFactory: '0x50c3cdc4074750a7a974204a716c999edd37482f907608d960b2b025ee0b3317',
    fallbackHandler: '0x7c6007a5d711cea8dfd5d91f5940ec29c7f200fe511eb1fc1397b367af3c42f9',
    multiSend: '0x0e4f7fc66550a322d1e7688e181b75e217e662a4f3f4d6a29b22bc61217c4b77',
    multiSendCallOnly: '0xecd5bd14a08c5d2122379900b2f272bdf107a7e92423c10dd5fe3254386c9939',
    moduleSetup: '0xaf2d170bb766d2773c3fa88717f5b3599827478074d3767d1dee55e5c2f3fbcb',
    safe4337Module: '0x2aea997c4e3cf0e2f333025372e219abcfde81c21fc2f8fb066414a5685dd3e0',
  },
}

export type SafeCodeCheck = {
  /**
   * Passes when `network` has the published code of Safe `version` at each canonical address.
   * @throws BundlerRelayError `bundlerUnavailable`, naming the contract, or saying the network
   *   could not be asked.
   */
  assertSafeCode(network: CaipNetworkId, version: SafeAccountVersion): Promise<void>
}

/**
 * @example
 * const safeCode = createSafeCodeCheck({ networks })
 * await safeCode.assertSafeCode('eip155:10', '1.4.1')
 */
export function createSafeCodeCheck({
  networks,
  timeoutMs = 10_000,
}: {
  /** The API's networks: the code is read through their RPC. */
  networks: readonly NetworkConfig[]
  timeoutMs?: number
}): SafeCodeCheck {
  /** The networks (and versions) that passed. */
  const passed = new Set<string>()
  return {
    async assertSafeCode(network, version) {
      const key = `${network}\n${version}`
      if (passed.has(key)) return
      const rpcUrl = networks.find(({ caipNetworkId }) => caipNetworkId === network)?.rpcUrl
      const unasked = new BundlerRelayError(
        'bundlerUnavailable',
        `The network ${network} could not be asked for the Safe ${version} account's code.`,
      )
      if (rpcUrl === undefined) throw unasked
      const client = createPublicClient({
        transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
      })
      const contracts = Object.entries(safeAccountContracts[version]) as [SafeContract, Hex][]
      const codes = await Promise.all(
        contracts.map(([, address]) => client.getCode({ address })),
      ).catch(() => {
        throw unasked
      })
      contracts.forEach(([name, address], index) => {
        const code = codes[index]
        if (code === undefined || keccak256(code) !== safeCodeHashes[version][name])
          throw new BundlerRelayError(
            'bundlerUnavailable',
            `The network ${network} does not have the published code of the Safe ${version} account's ${name} at ${address}: Airlock offers no smart account there.`,
          )
      })
      passed.add(key)
    },
  }
}
