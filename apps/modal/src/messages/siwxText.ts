/**
 * SIWXSignMessage's own words, loaded with it (the first bundle's `ui` has the rest). The spec's
 * strings for sign-in (toasts, errors) are the protocol's.
 */
export const siwxText = {
  title: (domain: string) => `${domain} asks you to sign in`,
  account: 'With',
  sign: 'Sign',
  cancel: 'Cancel',
  required: 'This site needs the signature: cancelling disconnects your wallet.',
  optional: 'You may skip this: your wallet stays connected.',
} as const
