// Seeds a fresh anvil chain with the demo's tokens and history: a 6-decimals stablecoin, a
// zero-decimals token, an NFT collection and a spam NFT collection, balances for anvil accounts
// #0–#2, transfers between them, Multicall3 at its canonical address, and a smart-wallet factory
// with one ERC-1271 wallet owned by account #1 (smartWallets.mjs). Everything is deployed
// from anvil's account #9 in a fixed order, so the addresses are the same on every fresh chain;
// rerunning on a seeded chain does nothing. It never touches the API's database: the caller
// registers the returned spam collection (`markSpamContract`).
//
//   node devchain/seed.mjs [rpcUrl]   (default http://127.0.0.1:8545) prints the addresses as JSON

import { pathToFileURL } from 'node:url'
import {
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getAddress,
  getContractAddress,
  http,
  parseEther,
  parseUnits,
  zeroHash,
} from 'viem'
import { artifact } from './artifacts.mjs'

/** Anvil's standard dev accounts (mnemonic "test test … junk") that the seed uses. */
export const devAccounts = {
  alice: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', // #0, the demo wallet
  bob: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', // #1
  carol: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', // #2
  deployer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', // #9, deploys and mints only
}

/** Where Multicall3 lives on most chains; the seed puts a compatible contract there. */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

const deployed = (nonce) => getContractAddress({ from: devAccounts.deployer, nonce: BigInt(nonce) })
// The factory comes after the deployer's 14 other transactions (see `steps`), so adding it left
// the older addresses as they were.
const smartWalletFactory = deployed(14)

/**
 * The seeded contracts' addresses on a fresh chain: the deployer's first four creations, the
 * smart-wallet factory, and the wallet it deploys (CREATE2, salt 0) for account #1.
 */
export const devChainContracts = {
  usdc: deployed(0),
  zeroDecimals: deployed(1),
  collectibles: deployed(2),
  spam: deployed(3),
  smartWalletFactory,
  smartWallet: getContractAddress({
    opcode: 'CREATE2',
    from: smartWalletFactory,
    salt: zeroHash,
    bytecode: encodeDeployData({ ...artifact('DevSmartWallet'), args: [devAccounts.bob] }),
  }),
}

const usd = (amount) => parseUnits(amount, 6)
const { alice, bob, carol, deployer } = devAccounts
const contracts = devChainContracts

/**
 * The seed, one transaction per step in chain order. A step's sender nonce on a fresh chain is
 * known from its position, which is how a rerun tells done steps from pending ones.
 */
const steps = [
  deploy('DevToken', ['Airlock USD', 'aUSD', 6]),
  deploy('DevToken', ['Zero Token', 'ZERO', 0]),
  deploy('DevCollectible', [
    'Airlock Collectibles',
    'AIRC',
    'A collectible from the Airlock dev chain.',
    '#4f46e5',
  ]),
  deploy('DevCollectible', [
    'Free Mint Rewards',
    'FREE',
    'You won! Claim your reward at free-mint-rewards.example before it expires.',
    '#f59e0b',
  ]),
  call(deployer, 'DevToken', contracts.usdc, 'mint', [alice, usd('1200')]),
  call(deployer, 'DevToken', contracts.usdc, 'mint', [bob, usd('500')]),
  call(deployer, 'DevToken', contracts.usdc, 'mint', [carol, usd('75.25')]),
  call(deployer, 'DevToken', contracts.zeroDecimals, 'mint', [alice, 42n]),
  call(deployer, 'DevToken', contracts.zeroDecimals, 'mint', [bob, 7n]),
  call(deployer, 'DevCollectible', contracts.collectibles, 'mint', [alice]), // #1
  call(deployer, 'DevCollectible', contracts.collectibles, 'mint', [alice]), // #2
  call(deployer, 'DevCollectible', contracts.collectibles, 'mint', [alice]), // #3
  call(deployer, 'DevCollectible', contracts.collectibles, 'mint', [bob]), // #4
  call(deployer, 'DevCollectible', contracts.spam, 'airdrop', [[alice, alice, bob]]), // #1–#3
  // History, so the activity list has sends and receives of each kind.
  call(bob, 'DevToken', contracts.usdc, 'transfer', [alice, usd('75')]),
  send(bob, alice, parseEther('1.5')),
  call(alice, 'DevToken', contracts.usdc, 'transfer', [carol, usd('24.5')]),
  send(alice, carol, parseEther('0.25')),
  call(bob, 'DevToken', contracts.zeroDecimals, 'transfer', [alice, 3n]),
  call(alice, 'DevCollectible', contracts.collectibles, 'transferFrom', [alice, carol, 3n]),
  // A failed send: the token contract takes no ether, so this reverts and is mined as failed.
  { from: alice, expectFailure: true, request: { to: contracts.usdc, value: parseEther('0.01') } },
  // Last, so the deployer's nonces above, and the addresses they gave, stay as they were.
  deploy('DevSmartWalletFactory', []),
  call(deployer, 'DevSmartWalletFactory', smartWalletFactory, 'deploy', [bob, zeroHash]),
]
// Alice ends with 1,250.50 aUSD, 45 ZERO, collectibles #1 and #2, and spam #1 and #2.

function deploy(name, args) {
  const { abi, bytecode } = artifact(name)
  return { from: deployer, deploy: { abi, bytecode, args } }
}

function call(from, name, address, functionName, args) {
  return { from, contract: { address, abi: artifact(name).abi, functionName, args } }
}

function send(from, to, value) {
  return { from, request: { to, value } }
}

/**
 * Deploys and seeds the dev chain at `rpcUrl` (a fresh anvil with its default accounts), or
 * finishes a seed a previous run left half done. Safe to call on every start.
 *
 * @param {{ rpcUrl: string }} options
 * @returns {Promise<{ contracts: typeof devChainContracts, multicall3: string, alreadySeeded: boolean }>}
 */
export async function seedDevChain({ rpcUrl }) {
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 })
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const walletClient = createWalletClient({ transport })

  const unlocked = new Set(
    (await walletClient.getAddresses()).map((address) => getAddress(address)),
  )
  const missing = [...new Set(steps.map((step) => step.from))].filter((a) => !unlocked.has(a))
  if (missing.length > 0)
    throw new Error(
      `seedDevChain needs anvil's standard dev accounts unlocked; ${missing.join(', ')} ` +
        'are not. Start anvil without --mnemonic or --accounts.',
    )

  let alreadySeeded = true
  if ((await publicClient.getCode({ address: multicall3Address })) === undefined) {
    alreadySeeded = false
    await publicClient.request({
      method: 'anvil_setCode',
      params: [multicall3Address, artifact('Multicall3').deployedBytecode],
    })
  }

  const plannedNonces = new Map()
  for (const step of steps) {
    const planned = plannedNonces.get(step.from) ?? 0
    plannedNonces.set(step.from, planned + 1)
    const nonce = await publicClient.getTransactionCount({ address: step.from })
    if (nonce > planned) continue
    if (nonce < planned)
      throw new Error(`seedDevChain: ${step.from} is at nonce ${nonce}, expected ${planned}`)
    alreadySeeded = false
    const hash = await sendStep(walletClient, step)
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const failed = receipt.status !== 'success'
    if (failed !== (step.expectFailure === true))
      throw new Error(`seedDevChain: transaction ${hash} ended ${receipt.status}`)
  }

  for (const [name, address] of Object.entries(contracts))
    if ((await publicClient.getCode({ address })) === undefined)
      throw new Error(
        `seedDevChain: no ${name} contract at ${address}. The deployer's nonce was spent ` +
          'elsewhere: seed a fresh chain.',
      )

  return { contracts: { ...contracts }, multicall3: multicall3Address, alreadySeeded }
}

function sendStep(walletClient, step) {
  const account = step.from
  if (step.deploy) return walletClient.deployContract({ ...step.deploy, account, chain: null })
  if (step.contract) return walletClient.writeContract({ ...step.contract, account, chain: null })
  // A fixed gas limit skips estimation, which would refuse the send that is meant to fail.
  return walletClient.sendTransaction({ ...step.request, account, chain: null, gas: 100_000n })
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rpcUrl = process.argv[2] ?? 'http://127.0.0.1:8545'
  seedDevChain({ rpcUrl }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
