/** The words of ConnectingFarcaster. */
import { defineMessages } from '../i18n/defineMessages'
export const farcasterText = defineMessages('farcaster', {
  qrLabel: 'Sign In With Farcaster QR code',
  qrLoading: 'Making your Farcaster sign-in link',
  scan: 'Scan with your phone to sign in with your Farcaster account.',
  waiting: 'Waiting for your Farcaster app…',
  openApp: 'Open Farcaster',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  linkCopyFailed: 'Could not copy the link',
})
