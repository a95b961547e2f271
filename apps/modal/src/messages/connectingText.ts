/** The words the Connecting views share, loaded with them. */
import { defineMessages, message } from '../i18n/defineMessages'

export const connectingText = defineMessages('connecting', {
  continueIn: message('Continue in {name}', 'name'),
  approveInWallet: 'Accept the connection request in your wallet.',
})
