/**
 * SIWXSignMessage's own words, loaded with it (the first bundle's `ui` has the rest). The spec's
 * strings for sign-in (toasts, errors) are the protocol's.
 */
import { defineMessages, message } from '../i18n/defineMessages'
export const siwxText = defineMessages('siwx', {
  title: message('{domain} asks you to sign in', 'domain'),
  account: 'With',
  sign: 'Sign',
  cancel: 'Cancel',
  required: 'This site needs the signature: cancelling disconnects your wallet.',
  optional: 'You may skip this: your wallet stays connected.',
})
