/**
 * Whether a Cosmos message signature is by an address, as ADR-036 defines and Keplr's and
 * Leap's `signArbitrary` (or a WalletConnect wallet's `cosmos_signAmino` of the same document)
 * make them: secp256k1 over the amino JSON of a `sign/MsgSignData` document holding the signer
 * and the message's bytes, with the public key that hashes to the signer's address. Checked
 * with `@cosmjs/amino` (the document, the address) and `@cosmjs/crypto` (the signature).
 */
import { makeSignDoc, pubkeyToAddress, type StdSignature, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { cosmosAddressOn } from './cosmosAddresses'
import { type CosmosNetworkName, cosmosNetworkParams } from './cosmosNetworks'
import { BaseError } from './errors'

/**
 * The signature is not of a form a Cosmos wallet signs in. A signature of the right form that
 * does not verify is no error: the check answers false.
 */
export class CosmosSignatureError extends BaseError {
  override name = 'CosmosSignatureError'
}

export type VerifyCosmosMessageParameters = {
  address: string
  /** The message as signed: a string is its UTF-8 bytes. */
  message: string | Uint8Array
  /**
   * The wallet's StdSignature, as JSON: `{"pub_key":{"type":"tendermint/PubKeySecp256k1","value":
   * "<base64>"},"signature":"<base64>"}`, what `signArbitrary` returns.
   */
  signature: string
  /** The network the address must be of (its bech32 prefix). */
  network: CosmosNetworkName
}

/**
 * The document ADR-036 has a wallet sign for `data` by `signer`: no chain, no fee, account
 * number and sequence 0, one `sign/MsgSignData` message.
 */
export function adr036SignDoc(signer: string, data: string | Uint8Array) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return makeSignDoc(
    [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(bytes) } }],
    { gas: '0', amount: [] },
    '',
    '',
    0,
    0,
  )
}

const wrongForm = (details: string): never => {
  throw new CosmosSignatureError(`Invalid signature: ${details}`)
}

/** The StdSignature of a signature's text, held to the form secp256k1 wallets give. */
export function parseCosmosSignature(signature: string): {
  publicKey: Uint8Array
  signature: Uint8Array
} {
  let parsed: StdSignature
  try {
    parsed = JSON.parse(signature)
  } catch {
    return wrongForm(
      'a Cosmos signature is the wallet\'s StdSignature as JSON ({"pub_key":…,"signature":…}).',
    )
  }
  if (parsed?.pub_key?.type !== 'tendermint/PubKeySecp256k1')
    return wrongForm('only secp256k1 keys (tendermint/PubKeySecp256k1) are checked here.')
  const decode = (value: unknown) => {
    try {
      return typeof value === 'string' ? fromBase64(value) : undefined
    } catch {
      return undefined
    }
  }
  const publicKey = decode(parsed.pub_key.value)
  const bytes = decode(parsed.signature)
  if (publicKey?.length !== 33) return wrongForm('the public key is not 33 bytes of base64.')
  if (bytes?.length !== 64) return wrongForm('the signature is not 64 bytes of base64.')
  return { publicKey, signature: bytes }
}

/**
 * @returns whether `signature` is `address`'s ADR-036 signature of `message`: false for a
 *   signature by another key (its public key not the address's), of another message, or
 *   tampered with.
 * @throws CosmosAddressError when the address is not one of `network`'s.
 * @throws CosmosSignatureError when the signature is not a secp256k1 StdSignature.
 */
export function verifyCosmosMessage({
  address,
  message,
  signature,
  network,
}: VerifyCosmosMessageParameters): boolean {
  cosmosAddressOn(address, network)
  const parsed = parseCosmosSignature(signature)
  const signer = pubkeyToAddress(
    { type: 'tendermint/PubKeySecp256k1', value: toBase64(parsed.publicKey) },
    cosmosNetworkParams[network].bech32Prefix,
  )
  if (signer !== address) return false
  const hash = sha256(serializeSignDoc(adr036SignDoc(address, message)))
  try {
    return Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(parsed.signature),
      hash,
      parsed.publicKey,
    )
  } catch {
    return false
  }
}
