/** The words of RegisterAccountName and RegisterAccountNameSuccess, beside them so they load with them. */
import { defineMessages, message } from '../i18n/defineMessages'
export const registerNameText = defineMessages('registerName', {
  label: 'Name',
  /** ENSIP-15 keeps lowercase only: the registry refuses another spelling. */
  lowercase: 'Name must be lowercase',
  /** What a name may be, said before the visitor types (§5's rule and ENSIP-15's lowercase). */
  rule: message(
    'At least {minChars} characters: lowercase letters, digits and hyphens',
    'minChars',
  ),
  checking: 'Checking…',
  available: 'Available',
  taken: 'Taken',
  suggestions: 'Suggestions',
  register: 'Register',
  signing: 'Sign the message in your wallet…',
  registered: message('{name} is now your name.', 'name'),
  done: 'Done',
})
