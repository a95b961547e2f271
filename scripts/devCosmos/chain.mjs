// The dev Cosmos chain's fixed parameters: its id, address prefix, staking and fee denomination,
// the validator's minimum gas price, and the gas a transaction costs here. The gas figures follow
// the Cosmos SDK's x/auth defaults (10 per tx byte, 1000 per secp256k1 signature) and a fixed
// figure per MsgSend near what a real chain meters, so a simulation answers what delivery uses.
import { sha256 } from '@cosmjs/crypto'
import { toBech32, toUtf8 } from '@cosmjs/encoding'

export const chainId = 'airlock-local-1'
export const bech32Prefix = 'cosmos'
/** The staking and fee denomination: micro-ATOM (ATOM has 6 decimals). */
export const feeDenom = 'uatom'
/** The minimum gas price the validator accepts, in uatom per unit of gas: 0.0025 as a fraction. */
export const minGasPrice = { numerator: 25n, denominator: 10_000n }
export const minGasPriceText = '0.0025uatom'

export const gasCost = {
  /** x/auth's TxSizeCostPerByte. */
  perTxByte: 10,
  /** x/auth's SigVerifyCostSecp256k1. */
  perSecp256k1Signature: 1000,
  /** Reading and writing the signers' accounts and the fee payer's balance in the ante handler. */
  anteBase: 14_000,
  /** One bank send: two balances read and written, events. */
  perSend: 62_000,
  /** The size an empty signature is counted at in a simulation: a secp256k1 signature's. */
  simulatedSignatureBytes: 64,
}

/** The fee collector module account's address: the first 20 bytes of sha256("fee_collector"). */
export const feeCollectorAddress = toBech32(
  bech32Prefix,
  sha256(toUtf8('fee_collector')).slice(0, 20),
)

/** The versions `status` and node_info report: CometBFT 0.38 (cosmjs's connectComet picks its client by it). */
export const versions = {
  comet: '0.38.17',
  cosmosSdk: 'v0.50.11',
  app: '1.0.0',
  appName: 'airlockd',
  moniker: 'airlock-local',
}

/** Fee in uatom a gas limit needs at the minimum gas price, rounded up. @param {bigint} gasLimit */
export function requiredFee(gasLimit) {
  return (gasLimit * minGasPrice.numerator + minGasPrice.denominator - 1n) / minGasPrice.denominator
}
