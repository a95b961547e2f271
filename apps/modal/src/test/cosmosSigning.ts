/**
 * A Cosmos wallet's direct-mode signature as wallets hand it over the wire (Keplr through the
 * host, a phone through WalletConnect's `cosmos_signDirect`): the document's bytes in base64 in
 * and out, signed by cosmjs's direct signer. For the modal's Cosmos tests and the e2e wallets (the
 * Keplr-style extension, the WalletConnect phone).
 */
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'

export async function signDirectAsWallet(
  wallet: DirectSecp256k1Wallet,
  address: string,
  signDoc: Record<string, unknown>,
) {
  const { signed, signature } = await wallet.signDirect(address, {
    bodyBytes: fromBase64(String(signDoc.bodyBytes)),
    authInfoBytes: fromBase64(String(signDoc.authInfoBytes)),
    chainId: String(signDoc.chainId),
    accountNumber: BigInt(String(signDoc.accountNumber)),
  })
  return {
    signed: {
      bodyBytes: toBase64(signed.bodyBytes),
      authInfoBytes: toBase64(signed.authInfoBytes),
      chainId: signed.chainId,
      accountNumber: signed.accountNumber.toString(),
    },
    signature,
  }
}
