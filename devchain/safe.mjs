// The fallback smart account on the dev chain (issue 35), for networks without EIP-7702: Safe
// 1.4.1 with the Safe4337Module 0.3.0 on EntryPoint v0.7, each from its published npm artifact
// at its canonical address, so the dev chain runs the very code a public chain runs.
// - EntryPoint v0.7 (@account-abstraction/contracts 0.7.0), SafeModuleSetup and Safe4337Module
//   (@safe-global/safe-4337 0.3.0): CREATE2 through the deployer anvil preloads.
// - Safe, SafeL2, SafeProxyFactory, CompatibilityFallbackHandler, MultiSend, MultiSendCallOnly
//   (@safe-global/safe-contracts 1.4.1): CREATE2 through the Safe singleton factory, salt 0. That
//   factory's runtime code is the deployer's own, so it is put at its address with anvil_setCode
//   (which mines nothing and moves no nonce).
// The gas is paid by accountAbstraction.mjs's deployer key: no nonce the seed relies on moves.
// Deploying again sends nothing.
import { createRequire } from 'node:module'
import { concat, encodeDeployData, getContractAddress, zeroHash } from 'viem'
import { create2DeployerAddress, devKeySender } from './devKeySender.mjs'

const require = createRequire(import.meta.url)

/** Safe's singleton factory, where Safe deployed its 1.4.1 contracts on every chain. */
export const safeSingletonFactoryAddress = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

/** EntryPoint v0.7's address on every chain, viem's `entryPoint07Address`. */
export const entryPoint07Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** The salt eth-infinitism deployed EntryPoint v0.7 with; it gives the canonical address. */
const entryPoint07Salt = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/** @param {string} path @returns {{ abi: import('viem').Abi, bytecode: `0x${string}`, deployedBytecode: `0x${string}` }} */
const safeArtifact = (path) =>
  require(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`)
/** @param {string} path @returns {{ abi: import('viem').Abi, bytecode: `0x${string}`, deployedBytecode: `0x${string}` }} */
const moduleArtifact = (path) => require(`@safe-global/safe-4337/build/artifacts/contracts/${path}`)

const entryPoint07 =
  /** @type {{ abi: import('viem').Abi, bytecode: `0x${string}`, deployedBytecode: `0x${string}` }} */ (
    require('@account-abstraction/contracts-v07/artifacts/EntryPoint.json')
  )
const safe4337Module = moduleArtifact('Safe4337Module.sol/Safe4337Module.json')

/**
 * Every contract, in deployment order: its name, canonical address, the deployer it is created
 * through, its init code and salt, and the runtime code its artifact publishes.
 * @type {readonly { name: string, address: `0x${string}`, deployer: `0x${string}`, initCode: `0x${string}`, salt: `0x${string}`, deployedBytecode: `0x${string}` }[]}
 */
export const safeContracts = [
  {
    name: 'EntryPoint v0.7',
    address: entryPoint07Address,
    deployer: create2DeployerAddress,
    initCode: entryPoint07.bytecode,
    salt: entryPoint07Salt,
    deployedBytecode: entryPoint07.deployedBytecode,
  },
  ...[
    ['Safe 1.4.1', 'Safe.sol/Safe.json', '0x41675C099F32341bf84BFc5382aF534df5C7461a'],
    ['SafeL2 1.4.1', 'SafeL2.sol/SafeL2.json', '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762'],
    [
      'SafeProxyFactory 1.4.1',
      'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
      '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
    ],
    [
      'CompatibilityFallbackHandler 1.4.1',
      'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
      '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
    ],
    [
      'MultiSend 1.4.1',
      'libraries/MultiSend.sol/MultiSend.json',
      '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
    ],
    [
      'MultiSendCallOnly 1.4.1',
      'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
      '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
    ],
  ].map(([name, path, address]) => {
    const { bytecode, deployedBytecode } = safeArtifact(/** @type {string} */ (path))
    return {
      name: /** @type {string} */ (name),
      address: /** @type {`0x${string}`} */ (address),
      deployer: /** @type {`0x${string}`} */ (safeSingletonFactoryAddress),
      initCode: bytecode,
      salt: zeroHash,
      deployedBytecode,
    }
  }),
  {
    name: 'SafeModuleSetup 0.3.0',
    address: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
    deployer: create2DeployerAddress,
    initCode: moduleArtifact('SafeModuleSetup.sol/SafeModuleSetup.json').bytecode,
    salt: zeroHash,
    deployedBytecode: moduleArtifact('SafeModuleSetup.sol/SafeModuleSetup.json').deployedBytecode,
  },
  {
    name: 'Safe4337Module 0.3.0',
    address: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
    deployer: create2DeployerAddress,
    initCode: encodeDeployData({
      abi: safe4337Module.abi,
      bytecode: safe4337Module.bytecode,
      args: [entryPoint07Address],
    }),
    salt: zeroHash,
    deployedBytecode: safe4337Module.deployedBytecode,
  },
]

for (const contract of safeContracts)
  if (
    getContractAddress({
      opcode: 'CREATE2',
      from: contract.deployer,
      bytecode: contract.initCode,
      salt: contract.salt,
    }) !== contract.address
  )
    throw new Error(
      `safe.mjs: the artifact of ${contract.name} does not give its canonical address ${contract.address}; are the pinned Safe and account-abstraction packages still the versions it names?`,
    )

/**
 * Deploys EntryPoint v0.7, Safe 1.4.1 and the Safe4337Module 0.3.0 at their canonical addresses on
 * the anvil chain at `rpcUrl`, each unless it is there already, paid by `key`. Safe to call on
 * every start; resolves how many transactions it sent.
 *
 * @param {{ rpcUrl: string, key: `0x${string}` }} options
 */
export async function deploySafeContracts({ rpcUrl, key }) {
  const { publicClient, send, assertCreate2Deployer, sent } = devKeySender({
    rpcUrl,
    key,
    label: 'deploySafeContracts',
  })
  await assertCreate2Deployer()
  const deployerCode = await publicClient.getCode({ address: create2DeployerAddress })
  if ((await publicClient.getCode({ address: safeSingletonFactoryAddress })) === undefined)
    await publicClient.request(
      /** @type {any} */ ({
        method: 'anvil_setCode',
        params: [safeSingletonFactoryAddress, deployerCode],
      }),
    )
  for (const { name, address, deployer, initCode, salt } of safeContracts) {
    if ((await publicClient.getCode({ address })) !== undefined) continue
    await send({ to: deployer, data: concat([salt, initCode]) }, `deploying ${name}`)
    if ((await publicClient.getCode({ address })) === undefined)
      throw new Error(`deploySafeContracts: ${name} is not at ${address}`)
  }
  return sent()
}
