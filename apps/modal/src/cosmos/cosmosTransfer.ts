/**
 * A Cosmos bank send as the modal builds it for a wallet to sign (SIGN_MODE_DIRECT, what Keplr,
 * Leap and WalletConnect's `cosmos_signDirect` sign): the MsgSend body, the signer's auth info
 * with the fee, and the gas from the node's simulation of the same transaction (with room, as
 * cosmjs's "auto" fee gives it), the fee at the network's gas price. The wallet's signature is
 * checked against the bytes it was given before anything is broadcast.
 */
import { type CosmosNetworkParams, formatNetworkFee, type NetworkConfig } from '@airlock/protocol'
import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { encodePubkey, makeAuthInfoBytes, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { NetworkFee } from '../stores/sendState'
import { cosmosRest } from './cosmosRest'

/** cosmjs's "auto" fee multiplier: the simulation's gas and room for what it can't foresee. */
export const gasAdjustment = 1.4

export type CosmosSendPlan = {
  /** The signer's document, as `cosmos_signDirect` takes it (bytes in base64). */
  signDoc: { bodyBytes: string; authInfoBytes: string; chainId: string; accountNumber: string }
  gasLimit: bigint
  /** In the fee denomination's smallest unit. */
  fee: bigint
}

function bodyBytes(from: string, to: string, amount: bigint, denom: string) {
  const send = MsgSend.fromPartial({
    fromAddress: from,
    toAddress: to,
    amount: [{ denom, amount: amount.toString() }],
  })
  return TxBody.encode(
    TxBody.fromPartial({
      messages: [{ typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: MsgSend.encode(send).finish() }],
      memo: '',
    }),
  ).finish()
}

function authInfoBytes(
  publicKey: Uint8Array,
  sequence: bigint,
  fee: bigint,
  gasLimit: bigint,
  denom: string,
) {
  return makeAuthInfoBytes(
    [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(publicKey)), sequence }],
    [{ denom, amount: fee.toString() }],
    Number(gasLimit),
    undefined,
    undefined,
    SignMode.SIGN_MODE_DIRECT,
  )
}

/** What a send costs: its gas limit (the simulation's, with room) and fee at the gas price. */
export type CosmosSendCost = { gasLimit: bigint; fee: bigint }

/**
 * What sending `amount` of the network's token from `from` to `to` costs, by the node's
 * simulation of the send (no key needed: a node simulates with a stand-in key, as the SDK does).
 * @throws CosmosRestError with the chain's words when the simulation refuses it (funds short).
 */
export async function estimateCosmosSend({
  network,
  params,
  from,
  to,
  amount,
  sequence,
}: {
  network: NetworkConfig
  params: CosmosNetworkParams
  from: string
  to: string
  amount: bigint
  /** The account's sequence, when known; read from the node otherwise. */
  sequence?: bigint
}): Promise<CosmosSendCost> {
  const rest = cosmosRest(network)
  const current = sequence ?? (await rest.account(from)).sequence
  const unsigned = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        { modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: current },
      ],
      fee: { amount: [], gasLimit: 0n },
    }),
  ).finish()
  const simulated = await rest.simulate(
    TxRaw.encode(
      TxRaw.fromPartial({
        bodyBytes: bodyBytes(from, to, amount, params.denom),
        authInfoBytes: unsigned,
        signatures: [new Uint8Array()],
      }),
    ).finish(),
  )
  const gasLimit = BigInt(Math.ceil(Number(simulated) * gasAdjustment))
  return { gasLimit, fee: BigInt(Math.ceil(Number(gasLimit) * params.gasPrice)) }
}

/**
 * The send of `amount` from `from` (whose public key, base64, the wallet gave) to `to`, as the
 * wallet signs it: its cost estimated as above, the key in its auth info.
 * @throws CosmosRestError with the chain's words when the simulation refuses it (funds short).
 */
export async function planCosmosSend({
  network,
  params,
  from,
  publicKey,
  to,
  amount,
}: {
  network: NetworkConfig
  params: CosmosNetworkParams
  from: string
  publicKey: string
  to: string
  amount: bigint
}): Promise<CosmosSendPlan> {
  const { accountNumber, sequence } = await cosmosRest(network).account(from)
  const { gasLimit, fee } = await estimateCosmosSend({
    network,
    params,
    from,
    to,
    amount,
    sequence,
  })
  const key = fromBase64(publicKey)
  return {
    signDoc: {
      bodyBytes: toBase64(bodyBytes(from, to, amount, params.denom)),
      authInfoBytes: toBase64(authInfoBytes(key, sequence, fee, gasLimit, params.denom)),
      chainId: params.chainId,
      accountNumber: accountNumber.toString(),
    },
    gasLimit,
    fee,
  }
}

/** The fee of a send, as Send shows it. */
export const cosmosSendFee = (cost: CosmosSendCost, network: NetworkConfig): NetworkFee => ({
  amount: cost.fee,
  text: formatNetworkFee(cost.fee, network.nativeCurrency),
})

/**
 * The transaction to broadcast from the wallet's `cosmos_signDirect` answer, held to the document
 * it was given: the same body and auth info (a wallet that changes the fee or the amount is
 * refused here), and a signature by the key the wallet gave, over those bytes.
 * @throws Error in words when the answer is not the document signed by that key.
 */
export async function signedCosmosTx(
  plan: CosmosSendPlan,
  publicKey: string,
  answer: unknown,
): Promise<Uint8Array> {
  const { signed, signature } = (answer ?? {}) as {
    signed?: { bodyBytes?: unknown; authInfoBytes?: unknown }
    signature?: { signature?: unknown }
  }
  if (
    signed?.bodyBytes !== plan.signDoc.bodyBytes ||
    signed?.authInfoBytes !== plan.signDoc.authInfoBytes
  )
    throw new Error('The wallet changed the transaction: nothing was sent.')
  const bytes =
    typeof signature?.signature === 'string' ? fromBase64(signature.signature) : undefined
  if (bytes?.length !== 64)
    throw new Error('The wallet returned the transaction unsigned: nothing was sent.')
  const signBytes = makeSignBytes(
    makeSignDoc(
      fromBase64(plan.signDoc.bodyBytes),
      fromBase64(plan.signDoc.authInfoBytes),
      plan.signDoc.chainId,
      BigInt(plan.signDoc.accountNumber),
    ),
  )
  const valid = await Promise.resolve()
    .then(() =>
      Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(bytes),
        sha256(signBytes),
        fromBase64(publicKey),
      ),
    )
    .catch(() => false)
  if (!valid)
    throw new Error('The wallet signed with another key than the account’s: nothing was sent.')
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: fromBase64(plan.signDoc.bodyBytes),
      authInfoBytes: fromBase64(plan.signDoc.authInfoBytes),
      signatures: [bytes],
    }),
  ).finish()
}
