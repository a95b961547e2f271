// How the dev chain's setup modules (ENS, Uniswap, ERC-4337) send their transactions: from a dev
// key of their own, its ether set with anvil_setBalance when low (no transaction, so no nonce the
// seed or the tests count moves), each transaction awaited and a failed one named by its step.
// Also the anvil checks they share before deploying by CREATE2.
import {
  concat,
  createPublicClient,
  createWalletClient,
  getContractAddress,
  http,
  numberToHex,
  parseEther,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The deterministic-deployment proxy (Arachnid's) anvil has at genesis: it creates the contract
 * whose creation code follows a 32-byte salt in the calldata, with CREATE2.
 */
export const create2DeployerAddress = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/**
 * Where the CREATE2 deployer creates `initCode` with `salt` (default zero): the same address on
 * every dev chain and every run.
 * @param {`0x${string}`} initCode
 * @param {`0x${string}`} [salt]
 */
export function create2Address(initCode, salt = zeroHash) {
  return getContractAddress({
    opcode: 'CREATE2',
    from: create2DeployerAddress,
    salt,
    bytecode: initCode,
  })
}

/**
 * @typedef {{ to: `0x${string}`, data?: `0x${string}`, abi?: readonly unknown[], functionName?: string, args?: readonly unknown[], value?: bigint }} DevCall
 */

/**
 * The clients of `key` on the anvil chain at `rpcUrl`, and `send`, which tops the key's ether up
 * (to `value` + 10 ETH when it has less than `value` + 1 ETH), sends `call` (raw `data`, or a
 * contract write), waits for it and throws `${label}: ${what} failed in ${hash}` when it reverts.
 * `sent()` counts what was sent, for a deploy's `alreadyDeployed`.
 *
 * @param {{ rpcUrl: string, key: `0x${string}`, label: string }} options
 */
export function devKeySender({ rpcUrl, key, label }) {
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 })
  const account = privateKeyToAccount(key)
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const walletClient = createWalletClient({ transport, account })
  let sent = 0

  /** @param {DevCall} call @param {string} what */
  async function send(call, what) {
    const value = call.value ?? 0n
    if ((await publicClient.getBalance({ address: account.address })) < value + parseEther('1'))
      await publicClient.request({
        method: /** @type {any} */ ('anvil_setBalance'),
        params: /** @type {any} */ ([account.address, numberToHex(value + parseEther('10'))]),
      })
    const hash =
      call.abi === undefined
        ? await walletClient.sendTransaction({ to: call.to, data: call.data, value, chain: null })
        : await walletClient.writeContract(
            /** @type {any} */ ({
              address: call.to,
              abi: call.abi,
              functionName: call.functionName,
              args: call.args,
              value,
              chain: null,
            }),
          )
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${label}: ${what} failed in ${hash}`)
    sent++
    return receipt
  }

  /** Throws, naming the fix, when anvil runs without its genesis CREATE2 deployer. */
  async function assertCreate2Deployer() {
    if ((await publicClient.getCode({ address: create2DeployerAddress })) === undefined)
      throw new Error(
        `${label}: no CREATE2 deployer at ${create2DeployerAddress} on ${rpcUrl}. ` +
          'Start anvil without --disable-default-create2-deployer.',
      )
  }

  /**
   * Creates each contract through the CREATE2 deployer unless its address has code already, in
   * order; `salt` defaults to zero.
   *
   * @param {readonly { name: string, address: `0x${string}`, initCode: `0x${string}`, salt?: `0x${string}` }[]} contracts
   */
  async function deployMissing(contracts) {
    await assertCreate2Deployer()
    for (const { name, address, initCode, salt = zeroHash } of contracts) {
      if ((await publicClient.getCode({ address })) !== undefined) continue
      await send(
        { to: create2DeployerAddress, data: concat([salt, initCode]) },
        `deploying ${name}`,
      )
      if ((await publicClient.getCode({ address })) === undefined)
        throw new Error(`${label}: ${name} is not at ${address}`)
    }
  }

  return {
    publicClient,
    walletClient,
    address: account.address,
    send,
    assertCreate2Deployer,
    deployMissing,
    sent: () => sent,
  }
}
