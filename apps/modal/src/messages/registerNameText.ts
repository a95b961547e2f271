/** The words of RegisterAccountName and RegisterAccountNameSuccess, beside them so they load with them. */
export const registerNameText = {
  label: 'Name',
  /** ENSIP-15 keeps lowercase only: the registry refuses another spelling. */
  lowercase: 'Name must be lowercase',
  /** What a name may be, said before the visitor types (§5's rule and ENSIP-15's lowercase). */
  rule: (minChars: number) =>
    `At least ${minChars} characters: lowercase letters, digits and hyphens`,
  checking: 'Checking…',
  available: 'Available',
  taken: 'Taken',
  suggestions: 'Suggestions',
  register: 'Register',
  signing: 'Sign the message in your wallet…',
  registered: (name: string) => `${name} is now your name.`,
  done: 'Done',
} as const
