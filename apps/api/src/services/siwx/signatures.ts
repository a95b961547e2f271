/**
 * Whether a sign-in message was signed by the address it names. eip155: an EOA's signature is
 * recovered here; any other (an ERC-1271 contract wallet, or an ERC-6492 signature of one not
 * deployed yet) is checked on the network's own RPC with viem's `verifyMessage`, which
 * simulates the deployment and never sends a transaction. solana: ed25519 over the message's
 * UTF-8 bytes, with the address as the public key. bip122: a BIP-322 simple signature (P2WPKH,
 * P2TR) or a legacy one (P2PKH, P2SH-P2WPKH, P2WPKH) of the message's UTF-8 bytes, by an address
 * of the message's network (mainnet, testnet, signet or regtest, from its chain id). polkadot:
 * sr25519, ed25519 or ECDSA over the message's bytes, `<Bytes>`-wrapped as extensions sign
 * (`signRaw`) or not, by an SS58 address with its network's prefix. cosmos: an ADR-036
 * (`signArbitrary`) StdSignature whose public key is the bech32 address's, of its chain's prefix.
 */

import type { SiwxMessageData } from '@airlock/protocol'
import { bitcoinNetworkOf, bitcoinNetworkParams, namespaceOf, SiwxError } from '@airlock/protocol'
import {
  BitcoinAddressError,
  BitcoinSignatureError,
  verifyBitcoinMessage,
} from '@airlock/protocol/bitcoin'
import {
  CosmosAddressError,
  CosmosSignatureError,
  cosmosNetworkOf,
  verifyCosmosMessage,
} from '@airlock/protocol/cosmos'
import {
  PolkadotAddressError,
  PolkadotSignatureError,
  polkadotNetworkOf,
  verifyPolkadotMessage,
} from '@airlock/protocol/polkadot'
import { getBase58Encoder } from '@solana/kit'
import { verifyMessageSignature } from '@solana/wallet-standard-util'
import {
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  recoverMessageAddress,
  size,
} from 'viem'

const invalidSignature = (details: string): never => {
  throw new SiwxError('siwxInvalidSignature', `Invalid signature: ${details}`)
}

/**
 * @param rpcUrl the message's network, for contract wallets; without one only an EOA can sign in.
 * @param offline asks no network: an eip155 signature that is not the EOA's is taken as a
 *   contract wallet's may be (true) where there is a network to ask it of later.
 * @throws SiwxError `siwxInvalidSignature` for a signature of the wrong form,
 *   `siwxVerificationUnavailable` when a contract wallet's network does not answer,
 *   `siwxInvalidMessage` for a Bitcoin, Polkadot or Cosmos message whose address is not of
 *   its network.
 */
export async function isSignedBy(
  data: SiwxMessageData,
  message: string,
  signature: string,
  rpcUrl: string | undefined,
  { offline = false }: { offline?: boolean } = {},
): Promise<boolean> {
  if (namespaceOf(data.chainId) === 'solana') return isSignedOnSolana(data, message, signature)
  if (namespaceOf(data.chainId) === 'bip122') return isSignedOnBitcoin(data, message, signature)
  if (namespaceOf(data.chainId) === 'polkadot') return isSignedOnPolkadot(data, message, signature)
  if (namespaceOf(data.chainId) === 'cosmos') return isSignedOnCosmos(data, message, signature)
  if (!isHex(signature, { strict: true }) || signature.length % 2 !== 0)
    return invalidSignature('an eip155 signature is 0x and hex digits, two a byte.')
  if (size(signature) < 65) return invalidSignature('an eip155 signature is 65 bytes or more.')
  const address = data.accountAddress as Hex
  if (size(signature) === 65) {
    const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined)
    if (signer && isAddressEqual(signer, address)) return true
  }
  if (!rpcUrl) return false
  if (offline) return true
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  // viem answers false when its call fails for any reason: the network is asked first, so a
  // chain that is down is said to be down, not taken for a wrong signature.
  try {
    await client.getChainId()
  } catch {
    throw new SiwxError(
      'siwxVerificationUnavailable',
      `The ${data.chainId} network could not be reached to check a contract wallet's signature.`,
    )
  }
  return client.verifyMessage({ address, message, signature })
}

function isSignedOnSolana(data: SiwxMessageData, message: string, signature: string): boolean {
  let signatureBytes: Uint8Array
  try {
    signatureBytes = new Uint8Array(getBase58Encoder().encode(signature))
  } catch {
    return invalidSignature('a solana signature is base58.')
  }
  if (signatureBytes.length !== 64) return invalidSignature('a solana signature is 64 bytes.')
  const bytes = new TextEncoder().encode(message)
  return verifyMessageSignature({
    message: bytes,
    signedMessage: bytes,
    signature: signatureBytes,
    publicKey: new Uint8Array(getBase58Encoder().encode(data.accountAddress)),
  })
}

async function isSignedOnBitcoin(
  data: SiwxMessageData,
  message: string,
  signature: string,
): Promise<boolean> {
  const network = bitcoinNetworkOf(data.chainId)
  if (!network)
    return invalidSignature(
      `${data.chainId} is not a Bitcoin network whose signatures are checked here (mainnet, testnet, signet, regtest).`,
    )
  try {
    return await verifyBitcoinMessage({
      address: data.accountAddress,
      message,
      signature,
      network: bitcoinNetworkParams[network],
    })
  } catch (error) {
    return asSiwxError(error)
  }
}

/**
 * A chain library's refusal in the sign-in's words: a signature of the wrong form is the
 * signature's fault (their words already begin "Invalid signature: "), an address of another
 * network the message's. Anything else is not a refusal and goes on up.
 */
function asSiwxError(error: unknown): never {
  if (
    error instanceof BitcoinSignatureError ||
    error instanceof PolkadotSignatureError ||
    error instanceof CosmosSignatureError
  )
    throw new SiwxError('siwxInvalidSignature', error.shortMessage)
  if (
    error instanceof BitcoinAddressError ||
    error instanceof PolkadotAddressError ||
    error instanceof CosmosAddressError
  )
    throw new SiwxError('siwxInvalidMessage', `Malformed sign-in message: ${error.shortMessage}`)
  throw error
}

function isSignedOnPolkadot(data: SiwxMessageData, message: string, signature: string): boolean {
  const network = polkadotNetworkOf(data.chainId)
  if (!network)
    return invalidSignature(
      `${data.chainId} is not a Polkadot network whose signatures are checked here (Polkadot, Kusama, Westend, Polkadot Local).`,
    )
  try {
    return verifyPolkadotMessage({ address: data.accountAddress, message, signature, network })
  } catch (error) {
    return asSiwxError(error)
  }
}

function isSignedOnCosmos(data: SiwxMessageData, message: string, signature: string): boolean {
  const network = cosmosNetworkOf(data.chainId)
  if (!network)
    return invalidSignature(
      `${data.chainId} is not a Cosmos network whose signatures are checked here (Cosmos Hub, Osmosis, Cosmos Local).`,
    )
  try {
    return verifyCosmosMessage({ address: data.accountAddress, message, signature, network })
  } catch (error) {
    return asSiwxError(error)
  }
}
