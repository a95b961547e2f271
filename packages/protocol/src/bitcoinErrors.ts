/** Why a Bitcoin message signature could not be checked: an address or a signature of the wrong form. */
import { BaseError } from './errors'

/** The address is not one of the network's, or of no network at all. */
export class BitcoinAddressError extends BaseError {
  override name = 'BitcoinAddressError'
}

/**
 * The signature is not of a form that can be checked against this address: not base64, not a
 * witness stack, a witness of the wrong shape, or a kind of signature the address cannot make.
 * A signature of the right form that does not verify is no error: the check answers false.
 */
export class BitcoinSignatureError extends BaseError {
  override name = 'BitcoinSignatureError'
}
