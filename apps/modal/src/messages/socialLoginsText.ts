/** The words of Connect's social logins, loaded with them. */
export const socialLoginsText = {
  otherSocials: 'Other ways to sign in',
} as const
