/**
 * ConnectingWalletConnectBasic (Opening rule 2, desktop): a site without chain adapters gets the
 * WalletConnect QR code and nothing else to choose from — the same view as
 * ConnectingWalletConnect, for any wallet.
 */
export { ConnectingWalletConnect as ConnectingWalletConnectBasic } from '../ConnectingWalletConnect/ConnectingWalletConnect'
