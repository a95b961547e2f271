/** The words of Connect's social logins, loaded with them. */
export const socialLoginsText = {
  moreSocials: 'More',
} as const
