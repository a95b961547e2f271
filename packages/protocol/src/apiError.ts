/**
 * The API's error answers: every route answers a failure with `{ error: { code, message } }`,
 * `code` one of {@link apiErrorCodes}. The API builds them; the modal parses them with
 * {@link apiErrorBodySchema} and decides from the code which alert, if any, a failure shows.
 */
import * as z from 'zod/mini'
import { nameErrorCodes } from './names'

/** Every code the API sends, one per cause. */
export const apiErrorCodes = [
  /** 400: a query, path parameter or body that does not fit; the message names the field. */
  'invalidRequest',
  /** 404: no project has this id (alert 'Invalid Project ID'). */
  'invalidProjectId',
  /** 403: the page's origin is not on the project's allowed origins (alert 'Invalid App Configuration'). */
  'invalidAppConfiguration',
  /** 403: `POST /e` from an origin other than the modal's. */
  'crossOriginRequest',
  /** 403: `POST /e` without an Origin header in production. */
  'originRequired',
  /** 413 */
  'payloadTooLarge',
  /** 400: a JSON body nesting arrays and objects deeper than the API reads (64 levels). */
  'jsonTooDeep',
  /** 431: the request line and headers are over 16 KiB (a long query string): send less. */
  'requestHeadersTooLarge',
  /** 404 */
  'notFound',
  /** 500 */
  'internalError',
  /**
   * 503 with `Retry-After`: the API cannot reach its database (a restart, an outage), or, from
   * the load balancer, no replica can answer. Try again after `Retry-After` seconds.
   */
  'serviceUnavailable',
  /** 400: the network has no account data of this kind. */
  'unsupportedChain',
  /** 503: the account-data provider failed. */
  'accountDataUnavailable',
  /** 502: an NFT image could not be fetched. */
  'imageUnavailable',
  /** 403: `/v1/nft-image` of a picture URL this API did not hand out (no or a wrong `sig`). */
  'imageSignatureInvalid',
  /** 429 (alert 'Rate Limited'). */
  'rateLimited',
  /** 401: the operator's stats without the right token. */
  'unauthorized',
  /** 404: the operator's stats are off. */
  'statsDisabled',
  /** 403: the project has sign-in with a wallet (SIWX) off ('SIWX is not enabled'). */
  'siwxNotEnabled',
  /**
   * 400: a sign-in message that does not parse (EIP-4361 / Sign In With Solana / a Bitcoin one),
   * or too big; or a Bitcoin one whose address is not of its network.
   */
  'siwxInvalidMessage',
  /**
   * 400: a signature of the wrong form for its namespace (hex on eip155, base58 on solana, base64
   * of a BIP-322 witness or a legacy signature on bip122).
   */
  'siwxInvalidSignature',
  /** 401: the signature is well formed but the message's address did not sign this message. */
  'siwxSignatureMismatch',
  /** 401: a nonce the API did not issue for this project and host, already used, or expired. */
  'siwxNonceInvalid',
  /** 401: the message's Expiration Time has passed. */
  'siwxMessageExpired',
  /** 401: the message's Not Before, or its Issued At, is still to come. */
  'siwxMessageNotYetValid',
  /** 401: the message's domain (or scheme) is not the host site's. */
  'siwxDomainMismatch',
  /** 401: the message's URI is not on the host site's origin. */
  'siwxUriMismatch',
  /** 400: the message's chain is not one of the project's networks. */
  'siwxChainNotAllowed',
  /** 401: the message is for another address or chain than the account connected. */
  'siwxAddressMismatch',
  /** 401: no session for this token: never issued, signed out, revoked or expired. */
  'siwxSessionInvalid',
  /** 503: a contract wallet's network did not answer, so its signature could not be checked. */
  'siwxVerificationUnavailable',
  /** 403: the project has email login off (its `email` feature). */
  'emailNotEnabled',
  /** 503: the API has no mail server to send codes with (`SMTP_URL`). */
  'emailNotConfigured',
  /** 400: not an email address the API sends codes to. */
  'emailInvalid',
  /** 502: the mail server refused or did not take the code's message. */
  'emailDeliveryFailed',
  /**
   * 401: no code was sent to this email for this project and site (or, for an email change, not
   * the code sent). A sign-in's wrong code is no error: 200 `emailCodeRejectedSchema`.
   */
  'emailCodeInvalid',
  /** 401: the code's 10 minutes are over, or it was used: ask for a new one. */
  'emailCodeExpired',
  /** 429: 5 wrong codes: this code is spent; ask for a new one. */
  'emailCodeLocked',
  /**
   * 429: too many wrong codes for this address on this project, across the codes mailed to it
   * (`emailAddressLockout`): no code is mailed or checked for it until the lock ends
   * (`Retry-After`); the address was mailed when it locked.
   */
  'emailAddressLocked',
  /** 401: no email session: never started, signed out, revoked or expired. */
  'emailSessionInvalid',
  /** 409: the address an email change asks for already has an embedded wallet on this project. */
  'emailChangeTaken',
  /** 400: an embedded wallet's addresses or shares are not of their form. */
  'embeddedWalletInvalid',
  /** 409: this email already has an embedded wallet on this project. */
  'embeddedWalletExists',
  /** 404: this email has no embedded wallet on this project yet. */
  'embeddedWalletNotFound',
  /** 500: the kept share does not decrypt: it was changed where it is stored. */
  'embeddedWalletCorrupt',
  /** 409: the wallet has its 10 devices: revoke one before adding another. */
  'embeddedWalletDeviceLimit',
  /** 403: this device was revoked: its key is gone; restore the wallet with the recovery code. */
  'embeddedWalletDeviceRevoked',
  /** 404: the wallet has no device of this id. */
  'embeddedWalletDeviceNotFound',
  /**
   * 409: the wallet is still pending (its recovery code not confirmed yet): only its own device
   * may confirm it, and a session of its email may start it over; nothing else joins it.
   */
  'embeddedWalletPending',
  /**
   * 409: a re-split named other live devices than the wallet has (one was added or revoked
   * meanwhile): split again with the devices as they are now.
   */
  'embeddedWalletSharesStale',
  /** 400: a signature that is not the wallet's EVM key's over what it must sign. */
  'embeddedWalletSignatureInvalid',
  /**
   * 401: the action needs a proof of the wallet, and this one is missing, another session's or
   * action's, used, over 5 minutes old, or not signed by the wallet's EVM key.
   */
  'embeddedWalletProofInvalid',
  /**
   * 403: this social login is not offered: the project's `socials` feature does not list the
   * provider, or this API has no client for it (`AIRLOCK_SOCIAL_<PROVIDER>_CLIENT_ID`).
   */
  'socialNotEnabled',
  /** 502: the provider could not be reached (its discovery, token or user endpoint). */
  'socialProviderUnavailable',
  /** The social login callback: its state is unknown, was used, or is over 10 minutes old. */
  'socialStateInvalid',
  /** The social login callback: the provider sent an error back (the visitor declined, …). */
  'socialProviderError',
  /**
   * The social login callback: no code, or its exchange failed: the provider refused the code, or
   * its ID token is for another client, from another issuer, for another nonce, or expired.
   */
  'socialCodeInvalid',
  /** 409: this social account is already linked to another account's wallet on the project. */
  'socialIdentityTaken',
  /** 401: a social login grant that is unknown, used, over 2 minutes old, or for another site. */
  'socialGrantInvalid',
  /**
   * 403: the social login's callback (or its start) came without the state cookie its start set in
   * the popup: the sign-in was started in another browser (someone else's link), or this one
   * keeps no cookies.
   */
  'socialBrowserMismatch',
  /**
   * 403: a grant or a Farcaster channel redeemed without the secret the frame that asked for it
   * kept: another frame's sign-in.
   */
  'socialFrameMismatch',
  /**
   * 409: a grant or a Farcaster channel redeemed by a frame whose email session is not the one
   * it had when it asked (signed in, out, or as someone else since).
   */
  'socialSessionMismatch',
  /**
   * 409: the identity the account was made with (its own social login) is its key: it can't be
   * unlinked, so an account always keeps a way in.
   */
  'socialIdentityPrimary',
  /** 404: the session's account has no such linked identity. */
  'socialIdentityNotFound',
  /** 404: no bundler is configured for this network (`AIRLOCK_BUNDLER_URLS_JSON`): no smart accounts there. */
  'bundlerNotConfigured',
  /** 403: the project has its `smartAccounts` feature off: the bundler relay is closed to it. */
  'smartAccountsDisabled',
  /** 400: a JSON-RPC method the bundler relay does not pass on. */
  'bundlerMethodNotAllowed',
  /** 502: the network's bundler (or paymaster) could not be reached, or did not answer in time. */
  'bundlerUnavailable',
  /**
   * 404: no paymaster sponsors the project's gas on this network (none configured in
   * `AIRLOCK_PAYMASTER_URLS_JSON`, or the project has `gasSponsorship` off).
   */
  'paymasterNotConfigured',
  /**
   * 401: a relay request (bundler, paymaster, buying crypto, swaps) with neither the frame token the
   * API gave the modal (`Airlock-Frame-Token`) nor the frame's session: an `Origin` is not enough.
   */
  'frameTokenRequired',
  /** 401: a frame token the API did not sign, or signed for another project or site. */
  'frameTokenInvalid',
  /** 401: a frame token past its lifetime: the modal asks for a new one. */
  'frameTokenExpired',
  /** 401: gas is sponsored only for a signed-in visitor (the frame's email or social session). */
  'sponsorshipSessionRequired',
  /** 403: the user operation's sender is not the smart account of the session's own wallet. */
  'sponsorshipSenderMismatch',
  /** 400: a user operation to sponsor without a sender, nonce or gas limits of their form. */
  'sponsorshipOperationInvalid',
  /**
   * 403: the user operation makes a call the project does not sponsor (a contract, or a function
   * of it, not on its list; none listed sponsors nothing), or its callData is not the account's
   * `execute` or `executeBatch`; the message names the call.
   */
  'sponsorshipCallNotAllowed',
  /** 429: the account's sponsored operations or gas for today (UTC) are used up. */
  'sponsorshipAccountLimit',
  /** 429: the project's sponsored operations or gas for today (UTC) are used up. */
  'sponsorshipProjectLimit',
  /** 404: this API has no parent name configured (`AIRLOCK_NAMES_PARENT`): names are off. */
  'namesNotConfigured',
  /** 400: a name request's coin type is for a chain this API has no network of ('Network not found'). */
  'nameNetworkNotFound',
  /** 503: the chain's RPC did not answer, so a contract wallet's signature could not be checked. */
  'nameVerificationUnavailable',
  /** 404: this API has no onramp provider key (`AIRLOCK_ONRAMP_MELD_API_KEY`, `…_COINBASE_*`). */
  'onrampNotConfigured',
  /** 403: the project has its `onramp` feature off. */
  'onrampDisabled',
  /** 400: the amount is empty, not a number, too precise, zero or outside the limits (in words). */
  'onrampInvalidAmount',
  /** 400: no provider offered here buys onto this network (Coinbase: its listed chains only). */
  'onrampUnsupportedNetwork',
  /** 502: the provider failed (5xx) or answered something that is not a quote or checkout. */
  'onrampProviderUnavailable',
  /** 504: the provider did not answer in time. */
  'onrampProviderTimeout',
  /** 404: a provider's webhook to an API that has no webhook secret for that provider. */
  'onrampWebhookNotConfigured',
  /** 401: a provider's webhook whose signature is missing, wrong or too old: nothing changed. */
  'onrampWebhookSignatureInvalid',
  /** 404: a signed webhook about an order this API never opened: nothing changed. */
  'onrampOrderUnknown',
  /** 503: ENS's chain (`AIRLOCK_NAMES_ENS_CHAIN_ID`) did not answer a lookup of a name outside the parent. */
  'nameResolutionUnavailable',
  /** 403: the project has its `swaps` feature off. */
  'swapsDisabled',
  /**
   * 400: swaps do not work on this chain: neither a local router (`AIRLOCK_SWAP_LOCAL_ROUTERS_JSON`)
   * nor 1inch (a supported chain id and `AIRLOCK_SWAP_1INCH_API_KEY`) serves it.
   */
  'unsupportedSwapNetwork',
  /** 400: a swap amount that is empty, not a number, not whole smallest units, or zero. */
  'swapAmountInvalid',
  /** 409: the quote the swap was confirmed on has expired: quote again. */
  'swapQuoteExpired',
  /** 400: a slippage tolerance that is not a number, outside 0.01 %–50 %, or finer than 0.01 %. */
  'swapSlippageInvalid',
  /**
   * 409: the market moved beyond the slippage: the swap now gives less than the minimum received
   * of the quote the visitor confirmed. Nothing is built: quote again.
   */
  'swapPriceMoved',
  /** 400: the swap provider refused the request (no liquidity, unknown token, …); it says why. */
  'swapRefused',
  /** 400: the token's address has no contract on the chain (or none that answers as an ERC-20). */
  'swapTokenNotContract',
  /** 502: the swap provider failed (a 5xx, unreachable, or an answer of the wrong shape). */
  'swapProviderUnavailable',
  /** 504: the swap provider did not answer in time. */
  'swapProviderTimeout',
  /** The name registry's refusals, each its own code; their statuses are in `nameErrorCodes`. */
  ...nameErrorCodes,
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

/** An API refusal, as the API's services throw it: the error code its answer carries, and why. */
export class ApiRefusal<code extends ApiErrorCode = ApiErrorCode> extends Error {
  override name = 'ApiRefusal'
  constructor(
    readonly code: code,
    message: string,
  ) {
    super(message)
  }
}

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    /** `emailCodeInvalid`: how many more codes may be tried before this one is locked. */
    triesLeft: z.optional(z.number()),
  }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
