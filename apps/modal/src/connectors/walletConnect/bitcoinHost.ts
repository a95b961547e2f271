/**
 * A WalletConnect session's Bitcoin side, as bitcoin/bitcoinRequests.ts asks a wallet: its
 * `bitcoin_*` calls become WalletConnect's bip122 methods (Reown's reference,
 * https://docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc, as AppKit's
 * BitcoinAdapter sends them):
 *
 *   getAccountAddresses { account, intentions? }            → [{ address, publicKey?, intention? }]
 *                       (intention 'payment' or 'ordinal')
 *   signMessage         { account, address, message, protocol? } → { address, signature }
 *                       (the signature in hex, which AppKit turns into base64; base64 is taken)
 *   signPsbt            { account, psbt, signInputs, broadcast } → { psbt, txid? }
 *   sendTransfer        { account, recipientAddress, amount }    → { txid }
 *
 * The session's accounts (its `bip122:<ref>:<address>`es) are the addresses requests may use;
 * the modal still holds a PSBT the phone signed to the one it gave, and broadcasts it itself.
 */
import { InternalError, type RequestArguments } from '@airlock/protocol'
import type { HostWalletCall } from '../hostWalletKind'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>

const hexToBase64 = (hex: string) =>
  btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))))

/** A phone's signMessage answer, its signature in base64 as the site gets it. */
function signedMessage(answer: unknown, address: string) {
  const { signature, address: signer } = (answer ?? {}) as Params
  if (signer !== undefined && signer !== address)
    throw new InternalError({
      message: `The wallet signed with ${String(signer)}, not ${address}.`,
    })
  if (typeof signature === 'string' && signature.length <= 4096) {
    if (/^(0x)?([0-9a-f]{2})+$/i.test(signature))
      return { address, signature: hexToBase64(signature.replace(/^0x/i, '')) }
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(signature) && signature.length % 4 === 0)
      return { address, signature }
  }
  throw new InternalError({ message: 'The wallet answered signMessage without a signature.' })
}

/**
 * The phone's addresses with its word for their purpose (intention payment or ordinal); the
 * modal's bitcoinAccountsOf checks the addresses and types the rest.
 */
function accountsOfAnswer(answer: unknown) {
  if (!Array.isArray(answer)) return []
  return answer.map((item) => {
    const { intention, ...account } = (item ?? {}) as Params
    const purpose =
      intention === 'payment'
        ? 'payment'
        : intention === 'ordinal' || intention === 'ordinals'
          ? 'ordinals'
          : undefined
    return purpose ? { ...account, purpose } : account
  })
}

export function walletConnectBitcoin(sessions: WalletConnectSessions) {
  const account = () => sessions.current('bip122').accounts[0] ?? ''
  const ask = (method: string, params: Params) =>
    sessions.request({ method, params: { account: account(), ...params } })
  const host: HostWalletCall = async ({ method, params }: RequestArguments) => {
    const input = (params ?? {}) as Params
    switch (method) {
      // The session's accounts: every request is held to the addresses the phone approved.
      case 'bitcoin_connect':
        return sessions.current('bip122').accounts.map((address) => ({ address }))
      case 'bitcoin_signMessage':
        return signedMessage(
          await ask('signMessage', {
            address: input.address,
            message: input.message,
            ...(input.protocol ? { protocol: input.protocol } : {}),
          }),
          String(input.address),
        )
      case 'bitcoin_signPsbt':
        return ask('signPsbt', { psbt: input.psbt, signInputs: input.signInputs, broadcast: false })
      default:
        return null
    }
  }
  return {
    host,
    accountAddresses: async () =>
      accountsOfAnswer(await ask('getAccountAddresses', { intentions: ['payment', 'ordinal'] })),
    async sendTransfer(recipientAddress: string, amount: string) {
      const answer = (await ask('sendTransfer', { recipientAddress, amount })) as { txid?: unknown }
      if (typeof answer?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(answer.txid))
        throw new InternalError({ message: 'The wallet answered sendTransfer without a txid.' })
      return answer.txid
    },
  }
}
