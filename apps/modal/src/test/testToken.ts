/**
 * The signer tests' ERC-20 on their own anvil: devchain's DevToken ("Test Token", TT, 18
 * decimals), deployed by anvil's funded account #0 (`devFunder`), which may mint it.
 */
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import artifacts from '../../../../devchain/artifacts.json'

/** Anvil's account #0 (mnemonic "test test … junk"): a public dev key, funded on any fresh anvil. */
export const devFunder = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)

/** DevToken's ABI, to mint and transfer it. */
export const testTokenAbi = artifacts.contracts.DevToken.abi as Abi

/** Deploys a fresh DevToken on the anvil at `rpcUrl`; resolves to its address once mined. */
export async function deployTestToken(rpcUrl: string): Promise<Address> {
  const deployer = createWalletClient({
    account: devFunder,
    chain: foundry,
    transport: http(rpcUrl),
  })
  const hash = await deployer.deployContract({
    abi: testTokenAbi,
    bytecode: artifacts.contracts.DevToken.bytecode as Hex,
    args: ['Test Token', 'TT', 18],
  })
  const chain = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
  const { contractAddress } = await chain.waitForTransactionReceipt({ hash })
  return getAddress(contractAddress as Address)
}

/** Mints `amount` of the DevToken at `token` to `to`; resolves once mined. */
export async function mintTestToken(rpcUrl: string, token: Address, to: Address, amount: bigint) {
  const minter = createWalletClient({ account: devFunder, chain: foundry, transport: http(rpcUrl) })
  const hash = await minter.writeContract({
    address: token,
    abi: testTokenAbi,
    functionName: 'mint',
    args: [to, amount],
  })
  await createPublicClient({ chain: foundry, transport: http(rpcUrl) }).waitForTransactionReceipt({
    hash,
  })
}
