// Farcaster's registries on the dev chain, for Sign In With Farcaster offline: stand-ins for the
// IdRegistry and KeyRegistry (devchain/contracts/DevFarcaster*.sol) at their Optimism addresses,
// which @farcaster/auth-client's `viemConnector` and the auth relay have built in, and custody
// address → fid registrations written straight into their storage. No transaction is sent, so
// no nonce the seed relies on moves and no block is mined; installing again changes nothing.
import {
  createPublicClient,
  encodeAbiParameters,
  getAddress,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  pad,
  zeroAddress,
} from 'viem'
import { artifact } from './artifacts.mjs'

/** Farcaster's IdRegistry on Optimism: `idOf(custody)` and `custodyOf(fid)`. */
export const farcasterIdRegistryAddress = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** Farcaster's KeyRegistry on Optimism: `keyDataOf(fid, key)`. */
export const farcasterKeyRegistryAddress = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'

/** ABI of each stand-in, from devchain/artifacts.json. */
export const farcasterRegistryAbis = {
  idRegistry: artifact('DevFarcasterIdRegistry').abi,
  keyRegistry: artifact('DevFarcasterKeyRegistry').abi,
}

// DevFarcasterIdRegistry's storage layout: `idOf` is the mapping in slot 0, `custodyOf` slot 1.
const idOfSlot = (custody) =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [custody, 0n]))
const custodyOfSlot = (fid) =>
  keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [fid, 1n]))
const word = (value) => pad(numberToHex(value), { size: 32 })

/**
 * Puts the two registries' runtime code at the Optimism addresses on the anvil chain at `rpcUrl`
 * and registers each account's custody address as the owner of its fid. A custody address or fid
 * that was registered to another fid or address before loses that registration, as a transfer
 * on the real IdRegistry would leave it.
 *
 * @param {{ rpcUrl: string, accounts: readonly { custody: string, fid: number | bigint }[] }} options
 */
export async function installDevFarcasterRegistry({ rpcUrl, accounts }) {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  for (const [address, name] of [
    [farcasterIdRegistryAddress, 'DevFarcasterIdRegistry'],
    [farcasterKeyRegistryAddress, 'DevFarcasterKeyRegistry'],
  ]) {
    const code = artifact(name).deployedBytecode
    if ((await client.getCode({ address })) !== code)
      await client.request({ method: 'anvil_setCode', params: [address, code] })
  }

  const read = async (slot) =>
    client
      .getStorageAt({ address: farcasterIdRegistryAddress, slot })
      .then((value) => value ?? word(0n))
  const write = (slot, value) =>
    client.request({
      method: 'anvil_setStorageAt',
      params: [farcasterIdRegistryAddress, slot, word(value)],
    })

  const registered = []
  for (const account of accounts) {
    const custody = getAddress(account.custody)
    const fid = BigInt(account.fid)
    if (fid <= 0n) throw new Error(`installDevFarcasterRegistry: fid ${fid} is not a positive id`)
    const previousFid = hexToBigInt(await read(idOfSlot(custody)))
    if (previousFid !== 0n && previousFid !== fid) await write(custodyOfSlot(previousFid), 0n)
    const previousCustody = getAddress(`0x${(await read(custodyOfSlot(fid))).slice(-40)}`)
    if (previousCustody !== zeroAddress && previousCustody !== custody)
      await write(idOfSlot(previousCustody), 0n)
    await write(idOfSlot(custody), fid)
    await write(custodyOfSlot(fid), hexToBigInt(custody))
    registered.push({ custody, fid })
  }
  return {
    idRegistry: farcasterIdRegistryAddress,
    keyRegistry: farcasterKeyRegistryAddress,
    registered,
  }
}
