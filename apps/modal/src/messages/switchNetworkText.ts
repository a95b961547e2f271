/** The words of SwitchNetwork and SwitchActiveChain, beside them so they load with them. */
export const switchNetworkText = {
  notApproved: 'Not approved by the wallet',
  noNetworks: 'This site has no networks configured.',
  activeNetwork: 'Active',
  chooseChainOf: (namespace: string) => `This site asks for a ${namespace} network.`,
  switchNetworkFailed: 'The wallet did not switch networks',
} as const
