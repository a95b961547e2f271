/**
 * The site's Bitcoin requests (`airlock.bitcoin`, WalletConnect's bip122 methods with a
 * `bitcoin_` prefix), for a Bitcoin wallet of the host page: each checked here, then answered
 * from the wallet's accounts, signed by the wallet, or built by the modal (a transfer's PSBT)
 * and broadcast through the network's Esplora API once the wallet's signature holds. Loaded
 * with the first Bitcoin request.
 */
import {
  InternalError,
  InvalidParamsError,
  type NetworkConfig,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import {
  type BitcoinAccount,
  type BitcoinNetworkName,
  bitcoinAddressType,
  bitcoinNetworkOf,
  bitcoinNetworkParams,
  purposeOfAddress,
} from '@airlock/protocol/bitcoin'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import {
  BitcoinTransferError,
  bitcoinTransferErrors,
  checkRecipient,
  feeRates,
  finalizeSigned,
  maxFeeRate,
  planTransfer,
} from './bitcoinTransfer'
import { EsploraError, type EsploraUtxo, esplora } from './esplora'

/** Messages to sign are kept under 64 KiB, as Solana's. */
const maxMessageLength = 65_536
/** A PSBT of bitcoind's largest standard transaction (400,000 weight units) and its metadata. */
const maxPsbtLength = 1_000_000

type Params = Record<string, unknown>
const invalid = (message: string) => new InvalidParamsError({ message })

/** A host wallet's `bitcoin_connect` answer as the modal's accounts, payment first. */
export function bitcoinAccountsOf(value: unknown): BitcoinAccount[] {
  if (!Array.isArray(value)) return []
  const accounts = value.flatMap((item): BitcoinAccount[] => {
    const { address, publicKey, purpose } = (item ?? {}) as Params
    if (typeof address !== 'string' || address.length > 128) return []
    const key = typeof publicKey === 'string' && /^([0-9a-f]{2}){32,33}$/i.test(publicKey)
    const type = (['mainnet', 'testnet', 'regtest'] as const)
      .map((network) => bitcoinAddressType(address, network))
      .find(Boolean)
    if (!type) return []
    // The wallet's own word for it (a WalletConnect phone's intention), else the address's type.
    const given = purpose === 'payment' || purpose === 'ordinals' ? purpose : undefined
    return [{ address, publicKey: key ? publicKey : '', purpose: given ?? purposeOfAddress(type) }]
  })
  return [
    ...accounts.filter(({ purpose }) => purpose === 'payment'),
    ...accounts.filter(({ purpose }) => purpose === 'ordinals'),
  ]
}

/**
 * Whether the wallet has an address on `caipNetworkId` (asked silently): a Bitcoin address is
 * one network's, so a wallet is on the networks its addresses are of (testnet's are signet's).
 */
export async function hasAccountOn(host: HostWalletCall, caipNetworkId: string) {
  const name = bitcoinNetworkOf(caipNetworkId)
  if (!name) return false
  const answer = await host({ method: 'bitcoin_connect', params: { silent: true } })
  return bitcoinAccountsOf(answer).some(({ address }) => bitcoinAddressType(address, name))
}

export type BitcoinRequestContext = {
  /** The connected (payment) address. */
  address: string | undefined
  network: NetworkConfig | undefined
  /** The wallet, asked with the host's `bitcoin_*` calls (`airlock-bitcoin.js`'s shapes). */
  host: HostWalletCall
  /**
   * A wallet that makes transfers itself (WalletConnect's `sendTransfer`): given, a checked
   * transfer goes to it instead of a PSBT the modal builds. The txid.
   */
  sendTransfer?: (recipientAddress: string, amount: string) => Promise<string>
  /**
   * A wallet that lists more than its connection holds (WalletConnect's `getAccountAddresses`:
   * the ordinals address, the public keys): given, what the site's getAccountAddresses reads.
   */
  accountAddresses?: () => Promise<unknown>
}

/** The active Bitcoin network, with its name for Wallet Standard and errors. */
function activeNetwork(network: NetworkConfig | undefined) {
  const name = network && bitcoinNetworkOf(network.caipNetworkId)
  if (!network || !name) throw invalid('No Bitcoin network is active.')
  return { network, name }
}

/** The wallet's accounts on the active network; the one asked for must be among them. */
async function accountsOn(context: BitcoinRequestContext, name: BitcoinNetworkName) {
  const accounts = bitcoinAccountsOf(
    await context.host({ method: 'bitcoin_connect', params: { silent: true } }),
  ).filter(({ address }) => bitcoinAddressType(address, name))
  return accounts
}

function accountOf(accounts: BitcoinAccount[], address: unknown, fallback: string | undefined) {
  const wanted = address ?? fallback
  if (address !== undefined && typeof address !== 'string')
    throw invalid('address must be a string.')
  const account = accounts.find((known) => known.address === wanted)
  if (!account) throw invalid(`${String(wanted)} is not an address of the connected wallet.`)
  return account
}

const paramsOf = ({ method, params }: RequestArguments): Params => {
  if (params === undefined) return {}
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalid(`${method} takes an object of parameters.`)
  return params as Params
}

/** Answers a site's `bitcoin_*` request with the connected Bitcoin wallet. */
export async function bitcoinRequest(
  args: RequestArguments,
  context: BitcoinRequestContext,
): Promise<unknown> {
  const params = paramsOf(args)
  const { network, name } = activeNetwork(context.network)
  switch (args.method) {
    case 'bitcoin_getAccountAddresses':
      if (!context.accountAddresses) return accountsOn(context, name)
      return bitcoinAccountsOf(await context.accountAddresses()).filter(({ address }) =>
        bitcoinAddressType(address, name),
      )
    case 'bitcoin_signMessage': {
      const { message, protocol } = params
      if (typeof message !== 'string' || message.length === 0 || message.length > maxMessageLength)
        throw invalid(`message must be text of 1 to ${maxMessageLength} characters.`)
      if (protocol !== undefined && protocol !== 'bip322' && protocol !== 'ecdsa')
        throw invalid("protocol must be 'bip322' or 'ecdsa'.")
      const account = accountOf(await accountsOn(context, name), params.address, context.address)
      return context.host({
        method: 'bitcoin_signMessage',
        params: { address: account.address, message, ...(protocol ? { protocol } : {}) },
      })
    }
    case 'bitcoin_signPsbt': {
      const { psbt, broadcast } = params
      let tx: Transaction
      try {
        if (typeof psbt !== 'string' || psbt.length > maxPsbtLength) throw new Error('not a PSBT')
        tx = Transaction.fromPSBT(Uint8Array.from(atob(psbt), (c) => c.charCodeAt(0)))
      } catch {
        throw invalid('psbt must be a PSBT in base64.')
      }
      const accounts = await accountsOn(context, name)
      const signInputs = signInputsOf(params.signInputs, tx, accounts, name)
      const answer = await context.host({
        method: 'bitcoin_signPsbt',
        params: { psbt, signInputs, network: name },
      })
      // The site's own PSBT: the wallet's answer must still be it, and signed.
      const signed = signedBy(
        String(psbt),
        answer,
        signInputs.map(({ index }) => index),
      )
      const result = { psbt: (answer as { psbt: string }).psbt }
      if (broadcast !== true) return result
      return { ...result, txid: await broadcastOn(network, signed.rawTransaction) }
    }
    case 'bitcoin_sendTransfer': {
      const { recipientAddress, amount, feeRate } = params
      if (typeof recipientAddress !== 'string')
        throw invalid('recipientAddress must be a Bitcoin address.')
      if (typeof amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(amount))
        throw invalid('amount must be a whole number of satoshis, as a decimal string.')
      if (
        feeRate !== undefined &&
        (!Number.isSafeInteger(feeRate) ||
          (feeRate as number) < 1 ||
          (feeRate as number) > maxFeeRate)
      )
        throw invalid(bitcoinTransferErrors.feeRate)
      const from = accountOf(await accountsOn(context, name), undefined, context.address)
      if (context.sendTransfer) {
        // The wallet builds it: the modal still refuses another network's recipient and dust.
        asParamsError(() => checkRecipient(recipientAddress, BigInt(amount), name, network.name))
        return { txid: await context.sendTransfer(recipientAddress, amount) }
      }
      const txid = await sendTransfer(
        context,
        network,
        name,
        from,
        recipientAddress,
        amount,
        feeRate as number | undefined,
      )
      return { txid }
    }
    default:
      throw new UnsupportedMethodError({ details: `${args.method} is not offered.` })
  }
}

/** Which inputs each address signs: the site's list, checked, or every input the wallet owns. */
function signInputsOf(
  value: unknown,
  tx: Transaction,
  accounts: BitcoinAccount[],
  name: BitcoinNetworkName,
) {
  if (value === undefined) {
    const owned = []
    for (let index = 0; index < tx.inputsLength; index++) {
      const script = tx.getInput(index).witnessUtxo?.script
      const account = script && accounts.find((known) => sameScript(known, script, name))
      if (account) owned.push({ address: account.address, index })
    }
    if (!owned.length) throw invalid('No input of the PSBT is the connected wallet’s.')
    return owned
  }
  if (!Array.isArray(value) || value.length === 0)
    throw invalid('signInputs must be a list of { address, index }.')
  return value.map((item) => {
    const { address, index } = (item ?? {}) as Params
    if (
      !Number.isSafeInteger(index) ||
      (index as number) < 0 ||
      (index as number) >= tx.inputsLength
    )
      throw invalid(`signInputs: ${String(index)} is not an input of the PSBT.`)
    return { address: accountOf(accounts, address, undefined).address, index: index as number }
  })
}

/** A transfer the site asked for that can't be built is the site's bad parameters, in words. */
function asParamsError<result>(work: () => result): result {
  try {
    return work()
  } catch (error) {
    if (error instanceof BitcoinTransferError) throw invalid(error.message)
    throw error
  }
}

/** Whether `script` pays the account's address. */
function sameScript(account: BitcoinAccount, script: Uint8Array, name: BitcoinNetworkName) {
  try {
    const own = OutScript.encode(Address(bitcoinNetworkParams[name]).decode(account.address))
    return own.length === script.length && own.every((byte, i) => byte === script[i])
  } catch {
    return false
  }
}

/** What the wallet answered a signing with, finalized; its refusals said as the wallet's fault. */
function signedBy(requested: string, answer: unknown, indexes: number[]) {
  try {
    return finalizeSigned(requested, (answer as { psbt?: unknown } | null)?.psbt, indexes)
  } catch (error) {
    if (error instanceof BitcoinTransferError) throw new InternalError({ message: error.message })
    throw error
  }
}

/**
 * Builds the transfer (coins and the normal fee rate from Esplora), has the wallet sign it,
 * checks what it returned, and broadcasts it; the txid.
 */
export async function sendTransfer(
  context: BitcoinRequestContext,
  network: NetworkConfig,
  name: BitcoinNetworkName,
  from: BitcoinAccount,
  recipient: string,
  amount: string,
  feeRate?: number,
): Promise<string> {
  const api = esplora(network)
  let utxos: EsploraUtxo[]
  let rate: number
  try {
    ;[utxos, rate] = await Promise.all([
      api.utxos(from.address),
      feeRate ?? api.feeEstimates().then((estimates) => feeRates(estimates).normal),
    ])
  } catch (error) {
    if (error instanceof EsploraError) throw new InternalError({ message: error.message })
    throw error
  }
  const plan = asParamsError(() =>
    planTransfer({
      from,
      recipient,
      amount: BigInt(amount),
      feeRate: rate,
      utxos,
      network: name,
      networkName: network.name,
    }),
  )
  const answer = await context.host({
    method: 'bitcoin_signPsbt',
    params: { psbt: plan.psbt, signInputs: plan.signInputs, network: name },
  })
  const signed = signedBy(
    plan.psbt,
    answer,
    plan.signInputs.map(({ index }) => index),
  )
  return broadcastOn(network, signed.rawTransaction)
}

/** Broadcasts through the network's Esplora API; its refusal said as the network's. */
async function broadcastOn(network: NetworkConfig, rawTransaction: string) {
  try {
    return await esplora(network).broadcast(rawTransaction)
  } catch (error) {
    if (error instanceof EsploraError) throw new InternalError({ message: error.message })
    throw error
  }
}
