/**
 * What a Solana transfer's failures say, by reason, in English: the words of SolanaTransferError
 * (solanaTransferErrors.ts) for logs and the sites that asked; the modal shows them in the
 * visitor's language (messages/transferErrorText.ts). Apart from the errors so that matching an
 * error's words does not load @solana/kit.
 */
/** What a user reads when a transfer cannot be prepared, or fails on chain. */
export const solanaTransferErrors = {
  invalidReceiver: 'Enter a valid Solana address.',
  invalidSender: 'The sending account is not a valid Solana address.',
  invalidMint: 'The token’s mint is not a valid Solana address.',
  invalidAmount: 'Enter an amount greater than 0.',
  amountTooLarge: 'The amount is too large.',
  mintNotFound: 'This token does not exist on this network.',
  notAMint: 'This token’s address is not a token mint.',
  decimalsMismatch: 'The token’s decimals do not match its mint.',
  receiverIsMint: 'That is the token’s mint address, not a wallet.',
  receiverHoldsOtherToken: 'That address is a token account for another token.',
  nonTransferable: 'This token cannot be transferred.',
  paused: 'Transfers of this token are paused.',
  transferFee: 'This token charges a transfer fee, which sending from here does not support.',
  transferHook: 'This token runs a transfer hook, which sending from here does not support.',
  insufficientTokenBalance: 'Insufficient token balance for the transfer.',
  senderFrozen: 'Your account for this token is frozen.',
  receiverFrozen: 'The receiver’s account for this token is frozen.',
  tokenAccountFrozen: 'A token account in this transfer is frozen.',
  insufficientFunds: 'Insufficient funds for the transfer and its fee.',
  insufficientFundsForFee: 'Not enough SOL to pay the network fee.',
  insufficientFundsForTokenAccount:
    'Not enough SOL to pay the network fee and open the receiver’s token account.',
  senderBelowRent: (minimum?: string) =>
    minimum
      ? `That would leave less than ${minimum} SOL in the account, the minimum it must keep. Send less.`
      : 'That would leave less in the account than the minimum it must keep. Send less.',
  receiverBelowRent: (minimum?: string) =>
    minimum
      ? `The receiver’s account is new: send at least ${minimum} SOL, the minimum an account holds.`
      : 'The receiver’s account is new: send at least the minimum an account holds.',
  accountNotFound: 'The sending account has no SOL on this network.',
  blockhashNotFound: 'The transaction expired before it was sent. Try again.',
  alreadyProcessed: 'This transaction was already sent.',
  signatureFailure: 'The wallet’s signature did not verify.',
  invalidSignature: 'The wallet returned an invalid transaction signature.',
  timeout:
    'The transaction was not confirmed in time. It may still land: check your wallet before sending again.',
  networkFailed: 'Could not reach the Solana network. Try again.',
  failed: (details: string) => `The transaction failed: ${details}`,
} as const
