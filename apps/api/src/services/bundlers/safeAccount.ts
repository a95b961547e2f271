/**
 * The address of a visitor's Safe on a network without EIP-7702 (issue 35), computed as the
 * modal's account (permissionless's toSafeSmartAccount) and the canonical SafeProxyFactory make
 * it: one owner (the embedded wallet's EVM address), threshold 1, the Safe4337Module enabled
 * through SafeModuleSetup in a MultiSend delegatecall and set as fallback handler, no payment,
 * `saltNonce` 0. Nothing is asked of the network: the factory's CREATE2 takes the hash of the
 * proxy's creation code with the singleton, a constant of the version.
 */
import { type SafeAccountVersion, safeAccountContracts, smartAccountSalt } from '@airlock/protocol'
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbi,
  size,
  zeroAddress,
} from 'viem'

/**
 * keccak256 of SafeProxy 1.4.1's creation code followed by the singleton's address (what
 * SafeProxyFactory 1.4.1 deploys with CREATE2); devchain/safe.test.ts checks it against the
 * published artifact.
 */
export const safeProxyInitCodeHash: Record<SafeAccountVersion, Hex> = {
  '1.4.1': '0x76733d705f71b79841c0ee960a0ca880f779cde7ef446c989e6d23efc0a4adfb',
}

const safeAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function enableModules(address[] modules)',
  'function multiSend(bytes transactions)',
])

/**
 * The Safe of `owner` (its `saltNonce`, 0 unless given), deployed or not.
 *
 * @example
 * safeAccountAddress({ owner: '0x…' }) // '0x…', the modal's Safe for that owner on every chain
 */
export function safeAccountAddress({
  owner,
  version = '1.4.1',
  saltNonce = smartAccountSalt,
}: {
  owner: Address
  version?: SafeAccountVersion
  saltNonce?: bigint
}): Address {
  const contracts = safeAccountContracts[version]
  const enableModules = encodeFunctionData({
    abi: safeAbi,
    functionName: 'enableModules',
    args: [[contracts.safe4337Module]],
  })
  // MultiSend's packed transaction: operation 1 (delegatecall), to, value, data length, data.
  const transaction = encodePacked(
    ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
    [1, contracts.moduleSetup, 0n, BigInt(size(enableModules)), enableModules],
  )
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      [owner],
      1n,
      contracts.multiSend,
      encodeFunctionData({ abi: safeAbi, functionName: 'multiSend', args: [transaction] }),
      contracts.safe4337Module,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const salt = keccak256(
    concat([keccak256(initializer), encodeAbiParameters([{ type: 'uint256' }], [saltNonce])]),
  )
  return getContractAddress({
    opcode: 'CREATE2',
    from: contracts.proxyFactory,
    salt,
    bytecodeHash: safeProxyInitCodeHash[version],
  })
}
