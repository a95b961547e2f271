/**
 * A Bitcoin or Solana transfer's refusals and failures, as the visitor reads them. The errors say
 * them in English (`bitcoinTransferErrors`, `solanaTransferErrors`: for logs and for the sites
 * that asked); the modal shows an error's reason by its message here, in the frame's language,
 * with the particulars (a network, a limit, a minimum, the cluster's words) its English names
 * (send/transferErrorMessage.ts picks it).
 */
import { defineMessages, message } from '../i18n/defineMessages'

export const transferErrorText = defineMessages('transferError', {
  bitcoin: {
    wrongNetwork: 'That is not an address of this network.',
    wrongNetworkNamed: message('That is not a {network} address.', 'network'),
    dust: 'The amount is below the dust limit for that address.',
    dustLimit: message(
      'The amount is below the dust limit of {limit, plural, one {# sat} other {# sats}} for that address.',
      'limit',
    ),
    insufficient: 'Not enough BTC for this amount and its fee.',
    feeRate: message(
      'The fee rate must be a whole number of sat/vB from 1 to {maximum, number}.',
      'maximum',
    ),
    unsupportedAccount: 'Airlock cannot build spends from this kind of address.',
    notPsbt: 'The wallet answered something that is not a PSBT.',
    unsigned: 'The wallet returned the transaction unsigned: nothing was sent.',
    altered: 'The wallet changed the transaction: nothing was sent.',
  },
  solana: {
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
    senderBelowRent:
      'That would leave less in the account than the minimum it must keep. Send less.',
    senderBelowRentAmount: message(
      'That would leave less than {minimum} SOL in the account, the minimum it must keep. Send less.',
      'minimum',
    ),
    receiverBelowRent: 'The receiver’s account is new: send at least the minimum an account holds.',
    receiverBelowRentAmount: message(
      'The receiver’s account is new: send at least {minimum} SOL, the minimum an account holds.',
      'minimum',
    ),
    accountNotFound: 'The sending account has no SOL on this network.',
    blockhashNotFound: 'The transaction expired before it was sent. Try again.',
    alreadyProcessed: 'This transaction was already sent.',
    signatureFailure: 'The wallet’s signature did not verify.',
    invalidSignature: 'The wallet returned an invalid transaction signature.',
    timeout:
      'The transaction was not confirmed in time. It may still land: check your wallet before sending again.',
    networkFailed: 'Could not reach the Solana network. Try again.',
    failed: message('The transaction failed: {details}', 'details'),
  },
})
