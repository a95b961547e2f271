/** The words of Connect's social logins, loaded with them. */
import { defineMessages } from '../i18n/defineMessages'
export const socialLoginsText = defineMessages('socialLogins', {
  otherSocials: 'Other ways to sign in',
})
