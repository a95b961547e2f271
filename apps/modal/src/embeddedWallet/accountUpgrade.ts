/**
 * The EIP-7702 upgrade of the embedded wallet's EOA to a smart account, and its removal (issue 35
 * point 3): whether the account's next user operation needs the authorization (its code is not
 * yet `0xef0100 ‖ implementation`), what the approval screen names, signing the authorization
 * with the wallet's key (in the frame, only after the visitor's yes), and the EIP-7702
 * transaction delegating to the zero address that makes the address a plain EOA again.
 */
import {
  type NetworkConfig,
  type SmartAccountKind,
  simple7702AccountAddress,
} from '@airlock/protocol'
import {
  type Address,
  type Chain,
  concatHex,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type SignedAuthorization,
  type Transport,
  zeroAddress,
} from 'viem'
import { afterApproval, type ReportFailure } from './afterApproval'
import { type Approve, chainOf } from './evmSigner'

/** The prefix of an EIP-7702 delegation's code: `0xef0100 ‖ implementation`. */
const delegationPrefix = '0xef0100'

/**
 * What the approval screen shows for an upgrade: the contract the account will run (its name
 * where it is the canonical Simple7702Account) and its address.
 */
export type AccountUpgrade = { contract: string; address: Address }

/** What the approval screen shows for a removal: the contract the account stops running. */
export type DelegationRemoval = AccountUpgrade

/** The contract an implementation is, in the approval's words. */
export function implementationName(implementation: Address): string {
  return implementation.toLowerCase() === simple7702AccountAddress.toLowerCase()
    ? 'Simple7702Account'
    : 'Unnamed account contract'
}

/** The code of an EOA delegated to `implementation` by EIP-7702. */
export const delegationCode = (implementation: Address): Hex =>
  concatHex([delegationPrefix, implementation]).toLowerCase() as Hex

/** The implementation `code` delegates to, when it is an EIP-7702 delegation. */
export function delegatedTo(code: Hex | undefined): Address | undefined {
  if (!code?.toLowerCase().startsWith(delegationPrefix) || code.length !== 2 + 23 * 2)
    return undefined
  return getAddress(`0x${code.slice(8)}`)
}

/**
 * The upgrade `address`'s next user operation needs on `chain`: none when its code is already
 * the delegation to `implementation`.
 */
export async function upgradeNeeded(
  chain: PublicClient<Transport, Chain>,
  address: Address,
  implementation: Address,
): Promise<AccountUpgrade | undefined> {
  const code = await chain.getCode({ address })
  if (code?.toLowerCase() === delegationCode(implementation)) return undefined
  return { contract: implementationName(implementation), address: implementation }
}

/** The upgrade the account's next user operation needs: none on a Safe network. */
export function upgradeOf(
  { chain, kind }: { chain: PublicClient<Transport, Chain>; kind: SmartAccountKind },
  address: Address,
): Promise<AccountUpgrade | undefined> {
  if (kind.kind !== 'eip7702') return Promise.resolve(undefined)
  return upgradeNeeded(chain, address, kind.implementation as Address)
}

/**
 * The EIP-7702 authorization of `upgrade`, signed by the wallet's key for the chain, at the
 * EOA's current nonce (the bundler's transaction carries it, so the EOA sends nothing itself).
 */
export async function signUpgrade(
  owner: PrivateKeyAccount,
  chain: PublicClient<Transport, Chain>,
  upgrade: AccountUpgrade,
): Promise<SignedAuthorization> {
  return owner.signAuthorization({
    chainId: chain.chain.id,
    contractAddress: upgrade.address,
    nonce: await chain.getTransactionCount({ address: owner.address, blockTag: 'pending' }),
  })
}

/**
 * Gas of the removal: 21,000 for the transaction and 25,000 for its one authorization, with a
 * margin; given as its limit, so the fee shown is the most it can cost.
 */
const removalGas = 60_000n

/**
 * On switching back to EOA: when the EOA is delegated (EIP-7702), offers the visitor to remove
 * the delegation, on the approval screen (a transaction of the visitor's own, to itself, naming
 * the contract it stops running); approved, the wallet's key signs the authorization to the zero
 * address and sends it. Resolves whether a removal landed; a failure after the yes is reported
 * and thrown.
 *
 * @example
 * await offerDelegationRemoval({ owner, network, approve, report })
 */
export async function offerDelegationRemoval({
  owner,
  network,
  approve,
  report,
}: {
  owner: PrivateKeyAccount
  network: NetworkConfig
  approve: Approve
  report?: ReportFailure | undefined
}): Promise<boolean> {
  const chain = createPublicClient({ chain: chainOf(network), transport: http(network.rpcUrl) })
  const implementation = delegatedTo(await chain.getCode({ address: owner.address }))
  if (!implementation) return false
  const { maxFeePerGas, maxPriorityFeePerGas } = await chain.estimateFeesPerGas()
  const approved = await approve({
    kind: 'transaction',
    network: network.caipNetworkId,
    from: owner.address,
    fromModal: true,
    to: owner.address,
    value: 0n,
    fee: { maxFee: removalGas * maxFeePerGas },
    removal: { contract: implementationName(implementation), address: implementation },
  })
  if (!approved) return false
  await afterApproval(report, async () => {
    const wallet = createWalletClient({ account: owner, chain: chain.chain, transport: http() })
    const authorization = await wallet.signAuthorization({
      contractAddress: zeroAddress,
      executor: 'self',
    })
    const hash = await wallet.sendTransaction({
      authorizationList: [authorization],
      to: owner.address,
      gas: removalGas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    })
    const receipt = await chain.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success')
      throw new Error(`The transaction ${hash} removing the upgrade reverted.`)
  })
  return true
}
