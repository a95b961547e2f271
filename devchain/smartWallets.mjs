// The dev chain's smart-contract wallet (DevSmartWallet, ERC-1271, owned by one EOA) and its
// CREATE2 factory, so sign-in can be tested against a deployed contract wallet and, with an
// ERC-6492 signature, against one that is not deployed yet. Senders are what seed.mjs uses: the
// address of an account anvil has unlocked (one of its dev accounts), or a viem local account.
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  serializeErc6492Signature,
} from 'viem'
import { artifact } from './artifacts.mjs'

/** ABI and creation bytecode of the wallet and its factory, from devchain/artifacts.json. */
export const smartWalletArtifacts = {
  wallet: abiAndBytecode('DevSmartWallet'),
  factory: abiAndBytecode('DevSmartWalletFactory'),
}

function abiAndBytecode(name) {
  const { abi, bytecode } = artifact(name)
  return { abi, bytecode }
}

function clients(rpcUrl) {
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 })
  return {
    publicClient: createPublicClient({ transport, pollingInterval: 20 }),
    walletClient: createWalletClient({ transport }),
  }
}

async function mined(publicClient, hash, what) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} reverted`)
  return receipt
}

/** Deploys a DevSmartWalletFactory from `deployer`; resolves to its address. */
export async function deploySmartWalletFactory({ rpcUrl, deployer }) {
  const { publicClient, walletClient } = clients(rpcUrl)
  const { abi, bytecode } = smartWalletArtifacts.factory
  const hash = await walletClient.deployContract({ abi, bytecode, account: deployer, chain: null })
  const { contractAddress } = await mined(publicClient, hash, 'deploySmartWalletFactory')
  if (!contractAddress) throw new Error(`deploySmartWalletFactory: ${hash} created no contract`)
  return contractAddress
}

/** Where `factory` puts (or has put) the wallet of `owner` and `salt`: its `addressOf`. */
export function smartWalletAddress({ rpcUrl, factory, owner, salt }) {
  return clients(rpcUrl).publicClient.readContract({
    address: factory,
    abi: smartWalletArtifacts.factory.abi,
    functionName: 'addressOf',
    args: [owner, salt],
  })
}

/**
 * Deploys the wallet of `owner` and `salt` through `factory`, sent by `sender`; a wallet that
 * exists already is left as it is.
 */
export async function deploySmartWallet({ rpcUrl, factory, owner, salt, sender }) {
  const { publicClient, walletClient } = clients(rpcUrl)
  const wallet = await smartWalletAddress({ rpcUrl, factory, owner, salt })
  const hash = await walletClient.writeContract({
    address: factory,
    abi: smartWalletArtifacts.factory.abi,
    functionName: 'deploy',
    args: [owner, salt],
    account: sender,
    chain: null,
  })
  await mined(publicClient, hash, 'deploySmartWallet')
  return wallet
}

/**
 * The owner's `signature` wrapped for a wallet that is not deployed yet (ERC-6492): a verifier
 * runs `factory.deploy(owner, salt)` in its simulation, then asks the wallet (ERC-1271).
 */
export function counterfactualSignature({ factory, owner, salt, signature }) {
  const data = encodeFunctionData({
    abi: smartWalletArtifacts.factory.abi,
    functionName: 'deploy',
    args: [owner, salt],
  })
  return serializeErc6492Signature({ address: factory, data, signature })
}
