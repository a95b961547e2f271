// The Cosmos side of the WalletConnect wallet peer (walletPeer.ts): a secp256k1 key made in the
// test process with its cosmos1 address on Cosmos Local, answering WalletConnect's cosmos methods
// as phone wallets implement them (Reown's reference,
// https://docs.reown.com/advanced/multichain/rpc-reference/cosmos-rpc), signing as Keplr does
// with cosmjs's direct and amino signers:
//
//   cosmos_getAccounts {}                          → [{ address, algo, pubkey (base64) }]
//   cosmos_signDirect  { signerAddress, signDoc }  → { signature, signed } (bytes in base64)
//   cosmos_signAmino   { signerAddress, signDoc }  → { signature, signed }
import { Secp256k1Wallet, type StdSignDoc } from '@cosmjs/amino'
import { Random } from '@cosmjs/crypto'
import { fromBech32, toBase64, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { signDirectAsWallet } from '../../apps/modal/src/test/cosmosSigning'
import { PeerError } from './peerError'

const invalidParams = (detail: string) => new PeerError(-32602, `Invalid parameters: ${detail}`)

/** The phone's Cosmos account: its key and its address on Cosmos Local (prefix `cosmos`). */
export type CosmosPeerAccount = { privateKey: Uint8Array; address: string }

/** A fresh account; fund it with fundCosmos (cosmosTestWallet.ts). */
export async function cosmosPeerAccount(): Promise<CosmosPeerAccount> {
  const privateKey = Random.getBytes(32)
  const [account] = await (await DirectSecp256k1Wallet.fromKey(privateKey, 'cosmos')).getAccounts()
  if (!account) throw new Error('the key has no account')
  return { privateKey, address: account.address }
}

/** The account's address on a chain of another bech32 prefix (Osmosis: `osmo`). */
export function cosmosAddressOn(account: CosmosPeerAccount, prefix: string): string {
  return toBech32(prefix, fromBech32(account.address, 90).data)
}

export function cosmosPeerMethods(account: CosmosPeerAccount) {
  const wallets = Promise.all([
    DirectSecp256k1Wallet.fromKey(account.privateKey, 'cosmos'),
    Secp256k1Wallet.fromKey(account.privateKey, 'cosmos'),
  ])
  const own = (address: unknown) => {
    if (address !== account.address) throw invalidParams(`${String(address)} is not this wallet's`)
  }
  return {
    async perform(method: string, params: unknown): Promise<unknown> {
      const input = (params ?? {}) as Record<string, unknown>
      const [direct, amino] = await wallets
      switch (method) {
        case 'cosmos_getAccounts':
          return (await direct.getAccounts()).map(({ address, algo, pubkey }) => ({
            address,
            algo,
            pubkey: toBase64(pubkey),
          }))
        case 'cosmos_signAmino':
          own(input.signerAddress)
          return amino.signAmino(account.address, input.signDoc as StdSignDoc)
        case 'cosmos_signDirect': {
          own(input.signerAddress)
          return signDirectAsWallet(
            direct,
            account.address,
            (input.signDoc ?? {}) as Record<string, unknown>,
          )
        }
        default:
          throw new PeerError(4200, `The method "${method}" is not supported.`)
      }
    },
  }
}
