/** The words of SwitchNetwork and SwitchActiveChain, beside them so they load with them. */
import { defineMessages, message } from '../i18n/defineMessages'
export const switchNetworkText = defineMessages('switchNetwork', {
  /** The list of the site's networks. */
  networks: 'Networks',
  notApproved: 'Not approved by the wallet',
  noNetworks: 'This site has no networks configured.',
  activeNetwork: 'Active',
  chooseChainOf: message('This site asks for a {namespace} network.', 'namespace'),
  switchNetworkFailed: 'The wallet did not switch networks',
})
