// The Bitcoin side of the WalletConnect wallet peer (walletPeer.ts): a secp256k1 key made in the
// test process with its P2WPKH payment address on regtest, answering WalletConnect's bip122
// methods as phone wallets implement them (Reown's reference,
// https://docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc, as AppKit's
// BitcoinAdapter sends them):
//
//   getAccountAddresses { account, intentions? }                 → [{ address, publicKey, intention }]
//   signMessage         { account, address, message, protocol? } → { address, signature }
//                                                                  (BIP-322, in hex as phones answer)
//   signPsbt            { account, psbt, signInputs, broadcast }  → { psbt, txid? }
//   sendTransfer        { account, recipientAddress, amount }     → { txid } (built, signed, sent)
//
// Transfers go to the e2e stack's Esplora stand-in, whose ledger checks them.
import { bip322Signature, bip322ToSign, bitcoinNetworkParams } from '@airlock/protocol/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import { OutScript, p2wpkh, selectUTXO, Transaction } from '@scure/btc-signer'
import { PeerError } from './peerError'
import { ports } from './ports'

const network = bitcoinNetworkParams.regtest
const esploraUrl = `http://127.0.0.1:${ports.esplora}`

const invalidParams = (detail: string) => new PeerError(-32602, `Invalid parameters: ${detail}`)

/** The phone's Bitcoin account: its key and P2WPKH payment address on regtest. */
export type BitcoinPeerAccount = { privateKey: Uint8Array; publicKey: Uint8Array; address: string }

/** A fresh account; fund it with fundBitcoin (bitcoinTestWallet.ts). */
export function bitcoinPeerAccount(): BitcoinPeerAccount {
  const privateKey = secp256k1.utils.randomPrivateKey()
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  return { privateKey, publicKey, address: p2wpkh(publicKey, network).address! }
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

async function broadcast(tx: Transaction): Promise<string> {
  const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: tx.hex })
  const text = await response.text()
  if (!response.ok) throw new PeerError(-32603, text)
  return text.trim()
}

export function bitcoinPeerMethods(account: BitcoinPeerAccount) {
  const script = OutScript.encode({ type: 'wpkh', hash: p2wpkh(account.publicKey).hash })
  const own = (address: unknown) => {
    if (address !== account.address) throw invalidParams(`${String(address)} is not this wallet's`)
  }
  return {
    async perform(method: string, params: unknown): Promise<unknown> {
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'getAccountAddresses':
          return [
            {
              address: account.address,
              publicKey: Buffer.from(account.publicKey).toString('hex'),
              intention: 'payment',
            },
          ]
        case 'signMessage': {
          own(input.address ?? account.address)
          if (typeof input.message !== 'string') throw invalidParams('message must be text')
          const toSign = bip322ToSign(input.message, account.address, network)
          toSign.signIdx(account.privateKey, 0)
          toSign.finalizeIdx(0)
          const signature = Buffer.from(bip322Signature(toSign), 'base64').toString('hex')
          return { address: account.address, signature }
        }
        case 'signPsbt': {
          let tx: Transaction
          try {
            tx = Transaction.fromPSBT(Buffer.from(String(input.psbt), 'base64'))
          } catch {
            throw invalidParams('psbt is not a PSBT in base64')
          }
          for (const { address, index } of (input.signInputs ?? []) as {
            address: string
            index: number
          }[]) {
            own(address)
            tx.signIdx(account.privateKey, index)
          }
          if (input.broadcast !== true) return { psbt: toBase64(tx.toPSBT()) }
          tx.finalize()
          return { psbt: toBase64(tx.toPSBT()), txid: await broadcast(tx) }
        }
        case 'sendTransfer': {
          const amount = BigInt(String(input.amount))
          const utxos = (await (
            await fetch(`${esploraUrl}/address/${account.address}/utxo`)
          ).json()) as { txid: string; vout: number; value: number }[]
          const selected = selectUTXO(
            utxos.map((utxo) => ({
              txid: utxo.txid,
              index: utxo.vout,
              witnessUtxo: { script, amount: BigInt(utxo.value) },
            })),
            [{ address: String(input.recipientAddress), amount }],
            'default',
            { feePerByte: 2n, changeAddress: account.address, network, createTx: true },
          )
          if (!selected?.tx) throw new PeerError(-32603, 'Insufficient funds')
          selected.tx.sign(account.privateKey)
          selected.tx.finalize()
          return { txid: await broadcast(selected.tx) }
        }
        default:
          throw new PeerError(4200, `The method "${method}" is not supported.`)
      }
    },
  }
}
