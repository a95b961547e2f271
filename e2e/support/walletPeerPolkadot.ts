// The Polkadot side of the WalletConnect wallet peer (walletPeer.ts): an sr25519 key
// (@polkadot/keyring) made in the test process, its address written with Polkadot Local's
// prefix (42), answering WalletConnect's polkadot methods as phone wallets implement them
// (Reown's reference, https://docs.reown.com/advanced/multichain/rpc-reference/polkadot-rpc),
// signing as polkadot{.js} does:
//
//   polkadot_signMessage     { address, message }             → { signature }
//                            (message: 0x-hex data, signed wrapped in <Bytes>, type byte first)
//   polkadot_signTransaction { address, transactionPayload }  → { signature }
//                            (the SignerPayloadJSON through @polkadot/types' ExtrinsicPayload)
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { hexToU8a, isHex, stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, mnemonicGenerate } from '@polkadot/util-crypto'
import { PeerError } from './peerError'

const invalidParams = (detail: string) => new PeerError(-32602, `Invalid parameters: ${detail}`)

/** The phone's Polkadot account. */
export type PolkadotPeerAccount = { pair: KeyringPair; address: string }

/** A fresh account; fund it with fundPolkadot (polkadotTestWallet.ts). */
export async function polkadotPeerAccount(): Promise<PolkadotPeerAccount> {
  await cryptoWaitReady()
  const pair = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromMnemonic(mnemonicGenerate())
  return { pair, address: pair.address }
}

export function polkadotPeerMethods({ pair }: PolkadotPeerAccount) {
  const own = (address: unknown) => {
    let ours = false
    try {
      ours =
        typeof address === 'string' &&
        u8aToHex(new Keyring().decodeAddress(address)) === u8aToHex(pair.publicKey)
    } catch {}
    if (!ours) throw invalidParams(`${String(address)} is not this wallet's`)
  }
  return {
    async perform(method: string, params: unknown): Promise<unknown> {
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'polkadot_signMessage': {
          own(input.address)
          const { message } = input
          if (typeof message !== 'string') throw invalidParams('message must be text')
          const data = isHex(message) ? hexToU8a(message) : stringToU8a(message)
          return { signature: u8aToHex(pair.sign(u8aWrapBytes(data), { withType: true })) }
        }
        case 'polkadot_signTransaction': {
          const payload = input.transactionPayload as SignerPayloadJSON | undefined
          if (!payload) throw invalidParams('transactionPayload must be a signer payload')
          own(input.address)
          own(payload.address)
          const registry = new TypeRegistry()
          registry.setSignedExtensions(payload.signedExtensions)
          return registry
            .createType('ExtrinsicPayload', payload, { version: payload.version })
            .sign(pair)
        }
        default:
          throw new PeerError(4200, `The method "${method}" is not supported.`)
      }
    },
  }
}
