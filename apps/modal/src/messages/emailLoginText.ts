/**
 * The words of EmailLogin, UpdateEmailWallet and the embedded wallet's devices: here, beside
 * the views, so they load with them and not in the modal's first bundle.
 */

import type { ApiErrorCode } from '@airlock/protocol'
import { defineMessages, message } from '../i18n/defineMessages'

export const emailLoginText = defineMessages('emailLogin', {
  // Not "Email": that is the view's title.
  email: 'Email address',
  emailPlaceholder: 'you@example.com',
  continue: 'Continue',
  invalidEmail: 'Enter a valid email address, such as you@example.com.',
  sending: 'Sending a code…',
  codeSentTo: message('Enter the 6-digit code sent to {email}', 'email'),
  code: 'Code',
  checking: 'Checking the code…',
  codeFormat: 'The code is 6 digits.',
  resend: 'Resend code',
  // A no-break space: the count never wraps away from its unit.
  resendIn: message('Resend code in {seconds}\u00a0s', 'seconds'),
  codeResent: 'A new code is on its way.',
  useAnotherEmail: 'Use another email',
  opening: 'Opening your wallet…',
  tryAgain: 'Try again',
  recoveryTitle: 'Save your recovery code',
  recoveryExplain:
    'On a new device, this code restores your wallet after you sign in. Keep it somewhere safe: nobody, not even us, can give it back to you.',
  recoveryResumed: 'Your wallet is not finished yet. This is its recovery code again.',
  recoveryStartedOver: 'Your wallet was started over. This is its new recovery code.',
  recoveryCode: 'Recovery code',
  copy: 'Copy',
  copied: 'Copied',
  savedIt: 'I saved my recovery code',
  confirmExplain: message(
    'To finish your wallet, type groups {first} and {second} of your recovery code.',
    'first',
    'second',
  ),
  group: message('Group {index}', 'index'),
  confirm: 'Finish',
  confirming: 'Finishing your wallet…',
  showCodeAgain: 'Show the code again',
  groupsMismatch: 'These groups are not the ones in your recovery code. Check it and try again.',
  startOver: 'Start over',
  startingOver: 'Starting over…',
  shareNotKept: 'This browser could not keep your wallet: try again, or use another browser.',
  needsRecovery:
    'This device does not have your wallet yet. Enter the recovery code you saved when you made it.',
  recover: 'Restore wallet',
  recoverTitle: 'Restore Wallet',
  recovering: 'Restoring your wallet…',
  /** A wrong code, and how many more the API lets this one be tried. */
  codeNotRight: message(
    'That code is not right: {left, plural, one {# try} other {# tries}} left. Check the latest email.',
    'left',
  ),
  wrongRecoveryCode: 'This recovery code does not open your wallet. Check it and try again.',
  failed: 'Something went wrong. Try again.',
})

/** What a refused code or address means, in words, by the API's error code. */
export const emailLoginErrors: Partial<Record<ApiErrorCode, string>> = defineMessages(
  'emailLoginErrors',
  {
    emailInvalid: 'Enter a valid email address, such as you@example.com.',
    emailNotEnabled: 'Email login is not available on this site.',
    emailNotConfigured: 'Email login is not set up on this site yet.',
    emailDeliveryFailed: 'The code could not be sent. Check the address and try again.',
    emailCodeInvalid: 'That code is not right. Check the latest email and try again.',
    emailCodeExpired: 'This code has expired. Ask for a new one.',
    emailCodeLocked: 'Too many wrong codes: this code is locked. Ask for a new one.',
    emailAddressLocked:
      'Too many wrong codes for this email: codes for it are paused for a while. Check your inbox, then try again later.',
    emailSessionInvalid: 'Your sign-in has ended. Sign in again.',
    rateLimited: 'Too many tries. Wait a minute and try again.',
    socialNotEnabled: 'This way of signing in is not available on this site.',
    socialGrantInvalid: 'The sign-in took too long or was already used. Try again.',
    embeddedWalletDeviceLimit:
      'This wallet is on too many devices. Remove one you no longer use, then try again.',
    embeddedWalletPending:
      'Your wallet was started over in another browser. Start over here to finish it on this one.',
    embeddedWalletDeviceNotFound:
      'Your wallet was started over in another browser. Start over here to finish it on this one.',
    embeddedWalletProofInvalid: 'Your wallet could not confirm this in time. Try again.',
    embeddedWalletSharesStale: 'Your devices changed meanwhile. Try again.',
  },
)

/** The words of the wallet's devices (WalletDevices). */
export const devicesText = defineMessages('devices', {
  explain:
    'Your wallet opens on these devices after you sign in. Remove one you lost: what it keeps will open nothing, even to someone who gets into your email.',
  listLabel: 'Devices',
  loading: 'Loading your devices…',
  thisDevice: 'This device',
  added: message('Added {date}', 'date'),
  lastUsed: message('last used {date}', 'date'),
  removed: 'Removed',
  remove: 'Remove',
  confirmRemove: 'Remove for good',
  removing: 'Removing…',
  removedToast: 'Device removed',
  removeFailed: 'The device could not be removed. Try again.',
  newCodeFirst:
    'Make a new recovery code first (Account, Recovery code): then you can remove devices.',
  thisDeviceRemoved:
    'This device was removed: sign in again with your recovery code to use the wallet here.',
  failed: 'Your devices could not be loaded. Try again.',
})

/** The words of UpdateEmailWallet. */
export const updateEmailText = defineMessages('updateEmail', {
  current: message("Your wallet's email is {email}.", 'email'),
  newEmail: 'New email',
  sameEmail: 'This is already your email.',
  sendCodes: 'Send codes',
  codesSent: message(
    'Enter the code sent to {current} and the one sent to {next}.',
    'current',
    'next',
  ),
  currentCode: message('Code sent to {email}', 'email'),
  newCode: message('Code sent to {email}', 'email'),
  /** A wrong code of the two, and how many more the API lets it be tried. */
  codeNotRight: message(
    'The code sent to {email} is not right: {left, plural, one {# try} other {# tries}} left.',
    'email',
    'left',
  ),
  confirm: 'Confirm',
  confirming: 'Waiting for the change to be confirmed…',
  updated: 'Email updated',
  taken: 'This email already has a wallet here.',
})

/** The words of ConnectingSocial. */
export const socialText = defineMessages('social', {
  continueIn: message('Continue in the {provider} window…', 'provider'),
  /** The window went behind the page, or the visitor lost it. */
  showWindow: message('Show the {provider} window', 'provider'),
  cancel: 'Cancel',
})

/** The words of WalletRecoveryCode. */
export const recoveryCodeText = defineMessages('recoveryCode', {
  explain:
    'Make a new recovery code if yours may be known to someone else. Your old code stops working, and your devices keep your wallet.',
  make: 'Make a new recovery code',
  newCodeExplain:
    'This is your new recovery code. Keep it somewhere safe: once you replace the old one, only this one restores your wallet.',
  replace: 'Replace my recovery code',
  replacing: 'Replacing your recovery code…',
  replaced: 'Recovery code replaced',
})

/** The words of WalletExportKey. */
export const exportKeyText = defineMessages('exportKey', {
  explain:
    'Your private keys give full control of your wallet to whoever sees them. Show them only to move your wallet to another app, with nobody watching your screen.',
  show: 'Show my private keys',
  confirm: 'I understand: show them',
  showing: 'Confirming with your wallet…',
  evmKey: 'EVM private key',
  solanaKey: 'Solana secret key',
  hide: 'Hide',
})
