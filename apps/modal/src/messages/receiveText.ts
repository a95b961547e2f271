/** The words of the Receive view, beside it so they load with it. */
import { defineMessages, message } from '../i18n/defineMessages'
export const receiveText = defineMessages('receive', {
  action: 'Receive',
  qrLabel: message('QR code of {address}', 'address'),
  copy: 'Copy address',
  networks: 'Networks',
  /** Said above the list: sending on another network to this address may lose the funds. */
  onlyTheseNetworks: 'Send only assets on these networks to this address.',
  notConnected: 'Connect a wallet to receive.',
})
