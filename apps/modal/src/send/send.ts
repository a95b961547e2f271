/**
 * Send (spec §3 Send state, §4 Send, §5 Send validation): the form's state, the checks that run
 * before a wallet is asked, the network fee estimate, and the send itself — a native EVM send, an
 * ERC-20 `transfer`, a Solana transfer (SOL or SPL, creating the receiver's token account), a
 * Bitcoin transfer (a PSBT the wallet signs, at the visitor's fee speed), a Cosmos bank send
 * (signed in direct mode, its fee from the node's simulation) or a Polkadot transfer (its payload
 * signed by the extension, its fee the node's paymentInfo) — through whichever
 * wallet is connected. Solana's and Bitcoin's transaction building load on demand.
 */
import {
  type ChainNamespace,
  chainSupport,
  cosmosNetworkOf,
  cosmosNetworkParams,
  formatNetworkFee,
  isEvmAddress,
  isSolanaAddress,
  isUserRejection,
  type NetworkConfig,
  namespaceOf,
  parseAmount,
  sendErrors,
  type TokenBalance,
  toastMessages,
  tokenAmountErrors,
  validateSend,
} from '@airlock/protocol'
import { bitcoinAddressType, bitcoinNetworkOf } from '@airlock/protocol/bitcoin'
import { hexToBigInt, numberToHex, parseUnits } from 'viem/utils'
import type { Analytics } from '../analytics'
import { dustLimits } from '../bitcoin/bitcoinTransfer'
import { chainClient } from '../chainClient'
import { formatUsd } from '../i18n/localNumbers'
import { sendText } from '../messages/sendText'
import { refreshAccountData, refreshAfterIndexing } from '../queries/refresh'
import { featureEnabled } from '../stores/controllers'
import { emptySend, type NetworkFee, type SendState } from '../stores/sendState'
import { activeNetworkOf, type ModalState, type ModalStore } from '../stores/store'
import { showToast } from '../stores/toasts'
import { transferErrorMessage } from './transferErrorMessage'

export { emptySend, type NetworkFee, type SendState } from '../stores/sendState'

/** Whether Send is offered: the feature is on and the namespace can send (spec §6). */
export function isSendAvailable(state: ModalState): boolean {
  const namespace = namespaceOf(state.activeNetwork)
  return (
    featureEnabled(state, 'send') &&
    state.status === 'connected' &&
    (chainSupport.send as readonly string[]).includes(namespace ?? '')
  )
}

/**
 * The message blocking the form, or undefined when it can go to the preview. The spec's three
 * (§5) come first, in its order; then the receiver's format for the namespace, then the amount
 * against the token: more decimals than it has, or more than the balance.
 */
export function sendFormError(
  send: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'>,
  namespace: ChainNamespace | undefined,
  network?: Pick<NetworkConfig, 'caipNetworkId' | 'name'>,
): string | undefined {
  const amount = send.sendTokenAmount.trim()
  const receiver = send.receiverAddress.trim()
  const specError = validateSend({
    token: send.token,
    amount,
    receiverAddress: receiver,
    namespace,
  })
  if (specError) return specError
  // A Bitcoin address is one network's: another's is refused by name (its coins would be lost).
  const bitcoinNetwork = network && bitcoinNetworkOf(network.caipNetworkId)
  const bitcoinType = bitcoinNetwork && bitcoinAddressType(receiver, bitcoinNetwork)
  if (namespace === 'bip122' && !bitcoinType) return sendText.notOnNetwork(network?.name ?? '')
  // A Cosmos address is one chain's too (its bech32 prefix): the full check is the send's.
  if (namespace === 'cosmos' && !isCosmosAccountOn(receiver, network?.caipNetworkId))
    return sendText.notOnNetwork(network?.name ?? '')
  const validReceiver =
    namespace === 'solana'
      ? isSolanaAddress(receiver)
      : namespace === 'polkadot'
        ? // SS58's letters; its network prefix and checksum are the send's to check, in words.
          /^[1-9A-HJ-NP-Za-km-z]{46,49}$/.test(receiver)
        : namespace === 'bip122' || namespace === 'cosmos' || isEvmAddress(receiver)
  if (!validReceiver || (namespace === 'eip155' && !receiver.startsWith('0x')))
    return sendText.invalidAddress
  const token = send.token!
  const decimals = Number(token.quantity.decimals)
  const { units, problem } = parseAmount(amount, decimals)
  if (problem === 'tooManyDecimals') return tokenAmountErrors.tooManyDecimals(decimals)
  if (units === undefined) return sendErrors.amountAndReceiverRequired
  if (units > parseUnits(token.quantity.numeric, decimals))
    return tokenAmountErrors.insufficientBalance(token.symbol)
  if (bitcoinType && units < BigInt(dustLimits[bitcoinType]))
    return sendText.belowDust(dustLimits[bitcoinType])
  return undefined
}

/** Whether `address` reads as an account of the Cosmos network (its prefix, bech32's letters). */
function isCosmosAccountOn(address: string, caipNetworkId: string | undefined) {
  const name = caipNetworkId && cosmosNetworkOf(caipNetworkId)
  if (!name) return false
  const prefix = cosmosNetworkParams[name].bech32Prefix
  return new RegExp(`^${prefix}1[02-9ac-hj-np-z]{38}([02-9ac-hj-np-z]{20})?$`).test(address)
}

/** The form's amount in the token's smallest unit (the form checked its decimals). */
function amountOf(send: Pick<SendState, 'token' | 'sendTokenAmount'>): bigint {
  return parseUnits(send.sendTokenAmount.trim(), Number(send.token!.quantity.decimals))
}

/** The USD value of `amount` of `token`, formatted, when the token has a price. */
export function amountInUsd(token: TokenBalance | undefined, amount: string): string | undefined {
  const value = Number(amount) * (token?.price ?? Number.NaN)
  if (!Number.isFinite(value) || !token?.price) return undefined
  return formatUsd(value)
}

/** What the send needs of the connected account and network. */
export type SendContext = {
  store: ModalStore
  /** The site-request path of the connection controller: the active wallet, whatever it is. */
  request(request: { method: string; params?: unknown }): Promise<unknown>
  /** Where SEND_INITIATED, SEND_SUCCESS and SEND_ERROR go (and failures' error reports). */
  analytics?: Pick<Analytics, 'track' | 'reportError'>
}

function activeContext(state: ModalState) {
  const network = activeNetworkOf(state)
  const namespace = namespaceOf(state.activeNetwork)
  if (
    !network ||
    !state.address ||
    (namespace !== 'eip155' &&
      namespace !== 'solana' &&
      namespace !== 'bip122' &&
      namespace !== 'cosmos' &&
      namespace !== 'polkadot')
  )
    throw new Error(sendText.unsupportedChain)
  return { network, namespace, from: state.address }
}

/** The ERC-20 transfer or native send, as `eth_sendTransaction` takes it. */
type Hex = `0x${string}`
type EvmTransaction = { from: Hex; to: Hex; value?: Hex; data?: Hex }

async function evmTransaction(
  from: string,
  token: TokenBalance,
  to: string,
  amount: bigint,
): Promise<EvmTransaction> {
  const call = { from: from as Hex, to: (token.address ?? to) as Hex }
  if (!token.address) return { ...call, value: numberToHex(amount) }
  // viem stays out of the modal's first bundle.
  const { encodeFunctionData, erc20Abi } = await import('viem')
  return {
    ...call,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Hex, amount],
    }),
  }
}

/**
 * The network fee of sending: EVM `estimateGas` × gas price; Solana the fee for the message
 * (plus the rent of a token account it creates for the receiver).
 */
export async function estimateSendFee(
  state: ModalState,
  send: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress' | 'feeSpeed'>,
): Promise<NetworkFee> {
  const { network, namespace, from } = activeContext(state)
  const token = send.token!
  const amount = amountOf(send)
  const to = send.receiverAddress.trim()
  if (namespace === 'bip122') {
    const { estimateBitcoinSendFee } = await import('./bitcoinSend')
    return estimateBitcoinSendFee(network, from, to, amount, send.feeSpeed)
  }
  if (namespace === 'polkadot') {
    // The node's paymentInfo of the same transfer; another network's recipient refused in words.
    const [{ polkadotAddressOn, polkadotNetworkOf }, { estimatePolkadotTransfer }] =
      await Promise.all([
        import('@airlock/protocol/polkadot'),
        import('../polkadot/polkadotTransfer'),
      ])
    const name = polkadotNetworkOf(network.caipNetworkId)
    if (!name) throw new Error(sendText.unsupportedChain)
    const fee = await estimatePolkadotTransfer(network, from, polkadotAddressOn(to, name), amount)
    return { amount: fee, text: formatNetworkFee(fee, network.nativeCurrency) }
  }
  if (namespace === 'cosmos') {
    // The node's simulation of the same send, at the network's gas price.
    const { estimateCosmosSend, cosmosSendFee } = await import('../cosmos/cosmosTransfer')
    const name = cosmosNetworkOf(network.caipNetworkId)
    if (!name) throw new Error(sendText.unsupportedChain)
    const params = cosmosNetworkParams[name]
    return cosmosSendFee(await estimateCosmosSend({ network, params, from, to, amount }), network)
  }
  if (namespace === 'solana') {
    const prepared = await prepareSolana(network, from, to, token, amount)
    const total = prepared.feeLamports + prepared.rentLamports
    return { amount: total, text: formatNetworkFee(total, network.nativeCurrency) }
  }
  const client = await chainClient(network)
  const { value, ...call } = await evmTransaction(from, token, to, amount)
  const [gas, gasPrice] = await Promise.all([
    client.estimateGas({
      ...call,
      account: call.from,
      ...(value ? { value: hexToBigInt(value) } : {}),
    }),
    client.getGasPrice(),
  ])
  return { amount: gas * gasPrice, text: formatNetworkFee(gas * gasPrice, network.nativeCurrency) }
}

async function prepareSolana(
  network: NetworkConfig,
  from: string,
  to: string,
  token: TokenBalance,
  amount: bigint,
) {
  const { prepareSolanaTransfer } = await import('./solanaTransfer')
  return prepareSolanaTransfer({
    rpcUrl: network.rpcUrl,
    from,
    to,
    amount,
    ...(token.address
      ? { token: { mint: token.address, decimals: Number(token.quantity.decimals) } }
      : {}),
  })
}

/** Why a send failed, in its own words (English, for analytics). */
function failureWords(error: unknown): string {
  const message = (error as { shortMessage?: unknown; message?: unknown }) ?? {}
  const text = typeof message.shortMessage === 'string' ? message.shortMessage : message.message
  return typeof text === 'string' && text ? text.split('\n')[0]! : sendText.failed
}

/**
 * Sends the form's amount: asks the wallet, waits for the chain to include it, then clears the
 * form, says so in a toast and refreshes balances and activity. A decline shows 'Signature
 * declined' and keeps the form; a failure keeps it with the reason. Returns whether it was sent.
 */
export async function sendTokens(context: SendContext): Promise<boolean> {
  const { store } = context
  const state = store.getState()
  const send = state.send
  const blocked = sendFormError(send, namespaceOf(state.activeNetwork), activeNetworkOf(state))
  if (blocked) {
    store.setState({ send: { ...send, error: blocked } })
    return false
  }
  const { network, namespace, from } = activeContext(state)
  const token = send.token!
  const amount = amountOf(send)
  const to = send.receiverAddress.trim()
  store.setState({ send: { ...send, loading: true, error: undefined } })
  const described = {
    network: network.caipNetworkId,
    token: token.symbol,
    isNative: !token.address,
  }
  context.analytics?.track('SEND_INITIATED', described)
  try {
    if (namespace === 'bip122') {
      // The wallet's transfer: the modal builds the PSBT, the wallet signs it, the modal checks
      // it and broadcasts it (bitcoin/bitcoinRequests.ts). Sent is in the mempool: done.
      const { bitcoinFeeRate } = await import('./bitcoinSend')
      await context.request({
        method: 'bitcoin_sendTransfer',
        params: {
          recipientAddress: to,
          amount: amount.toString(),
          feeRate: await bitcoinFeeRate(network, send.feeSpeed),
        },
      })
    } else if (namespace === 'polkadot') {
      // The modal builds the transfer, the extension signs its payload, the node takes it
      // (polkadot/polkadotRequests.ts). Sent is in a block: done.
      await context.request({
        method: 'polkadot_sendTokens',
        params: { recipientAddress: to, amount: amount.toString() },
      })
    } else if (namespace === 'cosmos') {
      // The modal builds the bank send, the wallet signs it, the modal checks the signature and
      // broadcasts it (cosmos/cosmosRequests.ts). Sent is in a block: done.
      await context.request({
        method: 'cosmos_sendTokens',
        params: { recipientAddress: to, amount: amount.toString() },
      })
    } else if (namespace === 'solana') {
      const prepared = await prepareSolana(network, from, to, token, amount)
      const { signature } = (await context.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: prepared.transaction },
      })) as { signature: Uint8Array }
      const { confirmSolanaTransfer, signatureToString } = await import('./solanaTransfer')
      await confirmSolanaTransfer(network.rpcUrl, signatureToString(signature))
    } else {
      const hash = (await context.request({
        method: 'eth_sendTransaction',
        params: [await evmTransaction(from, token, to, amount)],
      })) as Hex
      const client = await chainClient(network)
      // Looked for every second, not viem's default 4 s: blocks come every 2 s on many L2s (and
      // at once on a dev chain), and the visitor waits on it.
      const receipt = await client.waitForTransactionReceipt({
        hash,
        timeout: 60_000,
        pollingInterval: 1_000,
      })
      if (receipt.status !== 'success') throw new Error(sendText.reverted)
    }
  } catch (error) {
    const declined = isUserRejection(error)
    const failure =
      namespace === 'solana' && !declined
        ? (await import('./solanaTransfer')).describeSolanaError(error)
        : error
    // Analytics keep the English words; the visitor reads a transfer's refusal in their language.
    const words = declined ? toastMessages.signatureDeclined : failureWords(failure)
    const reason = declined ? words : (transferErrorMessage(failure) ?? words)
    store.setState({ send: { ...store.getState().send, loading: false, error: reason } })
    showToast(store, { message: reason, variant: 'error', autoClose: true })
    context.analytics?.track('SEND_ERROR', { ...described, message: words.slice(0, 300) })
    if (!declined) context.analytics?.reportError('SEND_ERROR', error)
    return false
  }
  store.setState({ send: emptySend })
  context.analytics?.track('SEND_SUCCESS', described)
  showToast(store, {
    message: sendText.sent(`${send.sendTokenAmount.trim()} ${token.symbol}`),
    variant: 'success',
    autoClose: true,
  })
  refreshAccountData(store)
  refreshAfterIndexing(store)
  return true
}
