// ENS names on the dev chain, resolved by plain viem through CCIP-Read (EIP-3668): an ENS registry
// (contracts/ens/DevEnsRegistry.sol), an offchain resolver that sends every lookup to a gateway and
// checks the gateway's signature (DevOffchainResolver.sol), and the Universal Resolver viem calls
// (DevUniversalResolver.sol). The three are created with CREATE2 through the deployer anvil has at
// genesis, so their addresses are the same on every chain; the gateway URL and its signer are set
// afterwards by the deployer key (DevOffchainResolver.setGateway) and do not move them. Nothing
// here moves a nonce the seed or the tests count: a key of our own pays, funded with
// anvil_setBalance. Running it again with the same options sends nothing.
import { encodeDeployData, isAddressEqual, keccak256, labelhash, namehash, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { artifact } from './artifacts.mjs'
import { create2Address, devKeySender } from './devKeySender.mjs'

/**
 * Pays for the deployments and owns the registry's root, `eth`, the parent name, `reverse` and
 * `addr.reverse`, and the resolver's gateway settings. Derived from a public phrase: a dev key,
 * never send real funds to it.
 */
export const ensDeployerKey = keccak256(stringToHex('airlock dev chain: ENS deployer'))

/**
 * The key the dev stack's API signs its names gateway's answers with (AIRLOCK_NAMES_GATEWAY_KEY),
 * which the offchain resolver trusts: from a public phrase, a dev key only.
 */
export const devNamesGatewayKey = keccak256(stringToHex('airlock dev chain: names gateway'))

const deployerAddress = privateKeyToAccount(ensDeployerKey).address

/** ABIs of the three contracts, from devchain/artifacts.json. */
export const devEnsAbis = {
  registry: artifact('DevEnsRegistry').abi,
  offchainResolver: artifact('DevOffchainResolver').abi,
  universalResolver: artifact('DevUniversalResolver').abi,
}

/** @param {string} name @param {readonly unknown[]} args */
function initCode(name, args) {
  const { abi, bytecode } = artifact(name)
  return encodeDeployData({ abi, bytecode, args })
}

const registryInitCode = initCode('DevEnsRegistry', [deployerAddress])
const offchainResolverInitCode = initCode('DevOffchainResolver', [deployerAddress])
const registryAddress = create2Address(registryInitCode)
const universalResolverInitCode = initCode('DevUniversalResolver', [registryAddress])

/**
 * The dev ENS contracts' addresses on every dev chain (CREATE2, salt 0). Give viem
 * `universalResolver` as the chain's `contracts.ensUniversalResolver.address`.
 */
export const devEnsAddresses = {
  registry: registryAddress,
  offchainResolver: create2Address(offchainResolverInitCode),
  universalResolver: create2Address(universalResolverInitCode),
}

/** The reverse names' parent (ENSIP-3/19, coin type 60) that the offchain resolver also answers. */
export const reverseParentName = 'addr.reverse'

/**
 * Deploys the dev ENS on the anvil chain at `rpcUrl` (each contract unless it is there), makes the
 * deployer key own every label of `parentName` and of `addr.reverse`, points both at the offchain
 * resolver, and sets the resolver's gateway to `gatewayUrl` (an EIP-3668 URL template such as
 * `http://127.0.0.1:8787/v1/names/gateway/{sender}/{data}.json`) trusting `signer` alone. Safe
 * to call on every start: what is already so is not sent again.
 *
 * @param {{ rpcUrl: string, parentName?: string, gatewayUrl: string, signer: `0x${string}` }} options
 */
export async function deployDevEns({ rpcUrl, parentName = 'airlock.eth', gatewayUrl, signer }) {
  const { publicClient, send, deployMissing, sent } = devKeySender({
    rpcUrl,
    key: ensDeployerKey,
    label: 'deployDevEns',
  })
  await deployMissing([
    { name: 'DevEnsRegistry', address: devEnsAddresses.registry, initCode: registryInitCode },
    {
      name: 'DevOffchainResolver',
      address: devEnsAddresses.offchainResolver,
      initCode: offchainResolverInitCode,
    },
    {
      name: 'DevUniversalResolver',
      address: devEnsAddresses.universalResolver,
      initCode: universalResolverInitCode,
    },
  ])

  const registry = { address: devEnsAddresses.registry, abi: devEnsAbis.registry }
  // `reverse` too, as a wildcard (ENSIP-10): ENSIP-19's reverse names of other coin types
  // (`{address}.{coin type}.reverse`, `{address}.default.reverse`) find the resolver there.
  for (const name of [parentName, reverseParentName, 'reverse']) {
    const labels = name.split('.')
    if (labels.some((label) => label === ''))
      throw new Error(`deployDevEns: "${name}" is not a name`)
    // From the top-level label down: each node is the deployer's, so it can create the next.
    for (let i = labels.length - 1; i >= 0; i--) {
      const node = namehash(labels.slice(i).join('.'))
      const owner = await publicClient.readContract({
        ...registry,
        functionName: 'owner',
        args: [node],
      })
      if (isAddressEqual(/** @type {`0x${string}`} */ (owner), deployerAddress)) continue
      const parent = namehash(labels.slice(i + 1).join('.'))
      await send(
        {
          to: registry.address,
          abi: registry.abi,
          functionName: 'setSubnodeOwner',
          args: [parent, labelhash(/** @type {string} */ (labels[i])), deployerAddress],
        },
        `claiming ${labels.slice(i).join('.')}`,
      )
    }
    const node = namehash(name)
    const resolver = await publicClient.readContract({
      ...registry,
      functionName: 'resolver',
      args: [node],
    })
    if (!isAddressEqual(/** @type {`0x${string}`} */ (resolver), devEnsAddresses.offchainResolver))
      await send(
        {
          to: registry.address,
          abi: registry.abi,
          functionName: 'setResolver',
          args: [node, devEnsAddresses.offchainResolver],
        },
        `setting the resolver of ${name}`,
      )
  }

  const resolver = { address: devEnsAddresses.offchainResolver, abi: devEnsAbis.offchainResolver }
  const [url, signers] = await Promise.all([
    publicClient.readContract({ ...resolver, functionName: 'url' }),
    publicClient.readContract({ ...resolver, functionName: 'signers' }),
  ])
  const trusted = /** @type {readonly `0x${string}`[]} */ (signers)
  if (
    url !== gatewayUrl ||
    trusted.length !== 1 ||
    !isAddressEqual(/** @type {`0x${string}`} */ (trusted[0]), signer)
  )
    await send(
      {
        to: resolver.address,
        abi: resolver.abi,
        functionName: 'setGateway',
        args: [gatewayUrl, [signer]],
      },
      'setting the gateway',
    )

  return { ...devEnsAddresses, parentName, alreadyDeployed: sent() === 0 }
}
