// Deploys and configures the names' offchain resolver for a real parent name (issue 36), so any
// ENS client resolves `<label>.<parent>` through the API's CCIP-Read gateway: deploys the resolver
// (devchain/contracts/ens/DevOffchainResolver.sol, ENS's offchain-resolver design: it checks that
// the gateway's answers are signed by a key it trusts), points it at the gateway URL and the
// gateway key's address, and sets it as the parent's resolver in the ENS registry when the key
// that pays owns the parent there. A parent in ENS's NameWrapper, or owned by another account,
// is told to set the resolver from its owner's account (the ENS manager app). The resolver is
// owned by the deploying key: only it can change the gateway later. `scripts/deployNamesResolver.mjs`
// is its command line; the README's Names section says how to run it.
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  namehash,
  parseAbi,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { normalize } from 'viem/ens'
import { artifact } from '../devchain/artifacts.mjs'

/** ENS's registry, at the same address on Ethereum and its testnets. */
export const ensRegistryAddress = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'

const registryAbi = parseAbi([
  'function owner(bytes32 node) view returns (address)',
  'function resolver(bytes32 node) view returns (address)',
  'function setResolver(bytes32 node, address resolver)',
])

/**
 * @param {{
 *   rpcUrl: string,
 *   key: `0x${string}`,
 *   parent: string,
 *   gatewayUrl: string,
 *   signer: `0x${string}`,
 *   registry?: `0x${string}`,
 *   resolver?: `0x${string}`,
 *   log?: (line: string) => void,
 * }} options
 * @returns {Promise<{ resolver: `0x${string}`, parent: string, resolverSet: boolean, env: Record<string, string> }>}
 */
export async function deployNamesResolver(options) {
  const { rpcUrl, key, gatewayUrl, signer, registry = ensRegistryAddress, log = () => {} } = options
  const parent = normalize(options.parent)
  if (parent !== options.parent || !parent.includes('.'))
    throw new Error(
      `The parent must be a name in ENSIP-15 normal form with a dot, such as airlock.eth: ${JSON.stringify(options.parent)}.`,
    )
  if (
    !/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(gatewayUrl) ||
    !gatewayUrl.includes('{sender}')
  )
    throw new Error(
      'The gateway URL must be https (http on loopback only) with {sender} and {data}, such as https://api.example/v1/names/gateway/{sender}/{data}.json.',
    )
  if (!isAddress(signer, { strict: false }))
    throw new Error(`The signer must be the gateway key's address: ${JSON.stringify(signer)}.`)
  const account = privateKeyToAccount(key)
  const transport = http(rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ transport })
  const chain = {
    id: await publicClient.getChainId(),
    name: 'chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
  const wallet = createWalletClient({ account, chain, transport })
  const node = namehash(parent)
  /** @param {`0x${string}`} hash @param {string} what */
  const mined = async (hash, what) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash}).`)
    log(`${what}: ${hash}`)
    return receipt
  }

  const { abi, bytecode } = artifact('DevOffchainResolver')
  let resolver = options.resolver && getAddress(options.resolver)
  if (resolver === undefined) {
    const receipt = await mined(
      await wallet.deployContract({ abi, bytecode, args: [account.address] }),
      'deploying the offchain resolver',
    )
    if (!receipt.contractAddress) throw new Error('The deployment made no contract.')
    resolver = getAddress(receipt.contractAddress)
  }
  const [url, signers] = await Promise.all([
    publicClient.readContract({ address: resolver, abi, functionName: 'url' }),
    publicClient.readContract({ address: resolver, abi, functionName: 'signers' }),
  ])
  const trusted = /** @type {readonly `0x${string}`[]} */ (signers)
  if (
    url !== gatewayUrl ||
    trusted.length !== 1 ||
    !isAddressEqual(/** @type {`0x${string}`} */ (trusted[0]), signer)
  )
    await mined(
      await wallet.writeContract({
        address: resolver,
        abi,
        functionName: 'setGateway',
        args: [gatewayUrl, [signer]],
      }),
      'pointing it at the gateway',
    )

  const [owner, current] = await Promise.all([
    publicClient.readContract({
      address: registry,
      abi: registryAbi,
      functionName: 'owner',
      args: [node],
    }),
    publicClient.readContract({
      address: registry,
      abi: registryAbi,
      functionName: 'resolver',
      args: [node],
    }),
  ])
  let resolverSet = isAddressEqual(current, resolver)
  if (!resolverSet && isAddressEqual(owner, account.address)) {
    await mined(
      await wallet.writeContract({
        address: registry,
        abi: registryAbi,
        functionName: 'setResolver',
        args: [node, resolver],
      }),
      `setting the resolver of ${parent}`,
    )
    resolverSet = true
  } else if (!resolverSet)
    log(
      `The registry says ${owner} owns ${parent}, not this key (${account.address}): set its resolver to ${resolver} from the owner's account (the ENS manager app: ${parent} → Records → Resolver; for a wrapped name, through the NameWrapper).`,
    )
  return {
    resolver,
    parent,
    resolverSet,
    env: { AIRLOCK_NAMES_PARENT: parent, AIRLOCK_NAMES_RESOLVER: resolver },
  }
}
