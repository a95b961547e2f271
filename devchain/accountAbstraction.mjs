// ERC-4337 on the dev chain: EntryPoint v0.8 at its canonical address, eth-infinitism's
// Simple7702Account (the implementation an EOA delegates to with EIP-7702) at its canonical
// address, the fallback account for networks without EIP-7702 (safe.mjs: EntryPoint v0.7, Safe
// 1.4.1 and the Safe4337Module 0.3.0 at their canonical addresses), so smart accounts owned by an
// EOA key can send user operations through a real bundler (bundler.mjs) and sign with ERC-1271 /
// ERC-6492, and DevPaymaster (contracts/aa/DevPaymaster.sol, EntryPoint v0.8), which sponsors
// every user operation from its EntryPoint deposit. They are created with CREATE2, so their
// addresses are the same on every chain and every run, and nothing here moves a nonce the seed
// (seed.mjs) relies on: the gas and the deposit are paid by a key of our own, funded with
// anvil_setBalance. Deploying again sends nothing, unless sponsored user operations spent some of
// the paymaster's deposit since: one transaction then tops it up.
import { createRequire } from 'node:module'
import { encodeDeployData, formatEther, keccak256, parseEther, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { artifact } from './artifacts.mjs'
import { create2Address, create2DeployerAddress, devKeySender } from './devKeySender.mjs'
import { deploySafeContracts, entryPoint07Address } from './safe.mjs'

const require = createRequire(import.meta.url)

export { create2DeployerAddress, entryPoint07Address }

/** EntryPoint v0.8's address on every chain, viem's `entryPoint08Address`. */
export const entryPointAddress = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** The salt eth-infinitism deployed EntryPoint v0.8 with; it gives the canonical address. */
const entryPointSalt = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'

/**
 * Pays for the deployments. A key of its own, derived from a public phrase (a dev key: never
 * send real funds to it), rather than one of anvil's dev accounts, which the seed (#9) and the
 * tests (#0–#7) send from and count the nonces of.
 */
export const accountAbstractionDeployerKey = keccak256(
  stringToHex('airlock dev chain: ERC-4337 deployer'),
)

/** The address of accountAbstractionDeployerKey: it sends the deployments and owns DevPaymaster. */
const deployerAddress = privateKeyToAccount(accountAbstractionDeployerKey).address

/** ABI and creation bytecode of EntryPoint v0.8 (@account-abstraction/contracts' artifact). */
const entryPoint = (() => {
  const { abi, bytecode } = require('@account-abstraction/contracts/artifacts/EntryPoint.json')
  return { abi, bytecode }
})()

/**
 * Simple7702Account (EntryPoint v0.8) at its canonical address, viem's
 * toSimple7702SmartAccount default. eth-infinitism did not deploy it with the EntryPoint's salt
 * through the CREATE2 deployer anvil has (that gives another address), so on the dev chain the
 * published artifact's deployedBytecode is put there with anvil_setCode: the contract has no
 * constructor and no immutables, so its code is the same as on every public chain.
 */
export const simple7702AccountAddress = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** Simple7702Account's runtime code, @account-abstraction/contracts 0.8.0's artifact. */
export const simple7702AccountCode = /** @type {`0x${string}`} */ (
  require('@account-abstraction/contracts/artifacts/Simple7702Account.json').deployedBytecode
)

const paymasterInitCode = encodeDeployData({
  abi: artifact('DevPaymaster').abi,
  bytecode: artifact('DevPaymaster').bytecode,
  args: [entryPointAddress, deployerAddress],
})

/**
 * DevPaymaster (EntryPoint v0.8, owned by the deployer key): CREATE2 through the deployer, salt 0.
 * It sponsors every user operation, so anyone can spend its deposit: dev chain only.
 */
export const devPaymasterAddress = create2Address(paymasterInitCode)

/**
 * DevPaymaster's EntryPoint deposit after a deployment: topped up to this when it is lower. A
 * sponsored user operation on anvil costs well under 0.01 ETH.
 */
const paymasterDeposit = parseEther('100')

if (create2Address(entryPoint.bytecode, entryPointSalt) !== entryPointAddress)
  throw new Error(
    'accountAbstraction.mjs: the EntryPoint artifact does not give the canonical v0.8 address; ' +
      'is @account-abstraction/contracts still 0.8.0?',
  )

/**
 * Deploys EntryPoint v0.8 at its canonical address, DevPaymaster, and the Safe account's contracts
 * (safe.mjs) on the anvil chain at `rpcUrl`, each unless it is there already, and tops
 * DevPaymaster's EntryPoint deposit up to 100 ETH when it has less. Safe to call on every start.
 *
 * @param {{ rpcUrl: string }} options
 */
export async function deployAccountAbstraction({ rpcUrl }) {
  const { publicClient, send, deployMissing, sent } = devKeySender({
    rpcUrl,
    key: accountAbstractionDeployerKey,
    label: 'deployAccountAbstraction',
  })
  await placeSimple7702Account(publicClient)
  await deployMissing([
    {
      name: 'EntryPoint v0.8',
      address: entryPointAddress,
      initCode: entryPoint.bytecode,
      salt: entryPointSalt,
    },
    // After the EntryPoint: BasePaymaster's constructor asks it for its ERC-165 interface.
    { name: 'DevPaymaster', address: devPaymasterAddress, initCode: paymasterInitCode },
  ])

  const safeSent = await deploySafeContracts({ rpcUrl, key: accountAbstractionDeployerKey })

  const deposit = await paymasterDepositOf(publicClient)
  if (deposit < paymasterDeposit) {
    await send(
      {
        to: entryPointAddress,
        abi: entryPoint.abi,
        functionName: 'depositTo',
        args: [devPaymasterAddress],
        value: paymasterDeposit - deposit,
      },
      "topping up DevPaymaster's deposit",
    )
    const after = await paymasterDepositOf(publicClient)
    if (after < paymasterDeposit)
      throw new Error(
        `deployAccountAbstraction: DevPaymaster's deposit is ${formatEther(after)} ETH`,
      )
  }
  return {
    entryPoint: entryPointAddress,
    simple7702Account: simple7702AccountAddress,
    entryPoint07: entryPoint07Address,
    paymaster: devPaymasterAddress,
    alreadyDeployed: sent() === 0 && safeSent === 0,
  }
}

/**
 * Puts Simple7702Account's published code at its canonical address unless it is there already
 * (anvil_setCode mines nothing and moves no nonce).
 * @param {import('viem').PublicClient} publicClient
 */
async function placeSimple7702Account(publicClient) {
  const code = await publicClient.getCode({ address: simple7702AccountAddress })
  if (code?.toLowerCase() === simple7702AccountCode.toLowerCase()) return
  await publicClient.request(
    /** @type {any} */ ({
      method: 'anvil_setCode',
      params: [simple7702AccountAddress, simple7702AccountCode],
    }),
  )
}

/**
 * DevPaymaster's deposit at the EntryPoint, in wei.
 * @param {import('viem').PublicClient} publicClient
 * @returns {Promise<bigint>}
 */
function paymasterDepositOf(publicClient) {
  return /** @type {Promise<bigint>} */ (
    publicClient.readContract({
      address: entryPointAddress,
      abi: entryPoint.abi,
      functionName: 'balanceOf',
      args: [devPaymasterAddress],
    })
  )
}
