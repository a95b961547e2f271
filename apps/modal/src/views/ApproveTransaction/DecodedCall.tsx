/**
 * One call of a transaction or a 5792 batch, decoded (embeddedWallet/decode/): an ERC-20
 * transfer, approve or increaseAllowance, a Permit2 approve, setApprovalForAll, an ERC-721 or
 * ERC-1155 transfer, in words with the token's trusted units; unlimited approvals and approvals
 * for all flagged. A call no decoder knows says "Unknown contract call", its raw data behind a
 * disclosure. A plain transfer of the native currency shows nothing here: its value row says it.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { type ReactNode, useMemo } from 'react'
import type { Address } from 'viem'
import { type DecodedCall as Decoded, decodeCall } from '../../embeddedWallet/decode/decodeCall'
import type { TokenIdentity } from '../../embeddedWallet/decode/tokenIdentity'
import { isUnlimited } from '../../embeddedWallet/decode/unlimited'
import type { ApprovalCall } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import list from '../list.module.css'
import { DecodeBoundary } from './DecodeBoundary'
import decodedStyles from './decoded.module.css'
import { amountText } from './decodedText'
import { tokenMovesOfCall } from './tokenMoves'
import { useTokenIdentity } from './useTokenIdentity'

type Network = NetworkConfig | undefined

export function DecodedCall({ call, network }: { call: ApprovalCall; network: Network }) {
  return (
    <DecodeBoundary fallback={<UnknownCall data={call.data ?? '0x'} />}>
      <DecodedCallBody call={call} network={network} />
    </DecodeBoundary>
  )
}

function DecodedCallBody({ call, network }: { call: ApprovalCall; network: Network }) {
  const decoded = useMemo(() => decodeCall({ to: call.to, data: call.data }), [call.to, call.data])
  return <DecodedCallText decoded={decoded} network={network} />
}

function DecodedCallText({ decoded, network }: { decoded: Decoded; network: Network }) {
  switch (decoded.kind) {
    case 'native':
      return null
    case 'unknown':
      return <UnknownCall data={decoded.data} />
    case 'erc20Transfer':
    case 'erc20Approve':
    case 'erc20IncreaseAllowance':
    case 'permit2Approve':
      return tokenMovesOfCall(decoded).map((move) => (
        <TokenCall key={move.token} kind={decoded.kind} network={network} {...move} />
      ))
    case 'approvalForAll':
      return (
        <>
          <p className={decodedStyles.sentence} data-call={decoded.kind}>
            {decoded.approved
              ? text.approvalForAll(decoded.operator, decoded.collection)
              : text.revokeApprovalForAll(decoded.operator, decoded.collection)}
          </p>
          {decoded.approved && (
            <Warning kind="approvalForAll">{text.approvalForAllWarning}</Warning>
          )}
        </>
      )
    case 'nftTransfer':
      return <NftTransfer decoded={decoded} network={network} />
    case 'multiTokenTransfer':
      return (
        <p className={decodedStyles.sentence} data-call={decoded.kind}>
          {text.multiTokenTransfer(
            decoded.items
              .map(({ id, amount }) => text.multiTokenItem(String(amount), String(id)))
              .join(', '),
            decoded.collection,
            decoded.from,
            decoded.to,
          )}
        </p>
      )
  }
}

/**
 * An amount of an ERC-20 token in a sentence, in the units the token list or indexer give (the
 * contract's claim marked unverified), an unlimited allowance flagged.
 */
export function TokenCall({
  kind,
  network,
  token,
  amount,
  allowance = false,
  sentence,
}: {
  kind: string
  network: Network
  token: Address
  amount: bigint
  allowance?: boolean
  sentence: (amount: string) => string
}) {
  const identity = useTokenIdentity(network, token)
  return (
    <>
      <p className={decodedStyles.sentence} data-call={kind}>
        {sentence(amountText(amount, identity, token, { allowance }))}
      </p>
      <Unverified identity={identity} />
      {allowance && isUnlimited(amount) && (
        <Warning kind="unlimited">{text.unlimitedWarning}</Warning>
      )}
    </>
  )
}

/** ERC-721's transfer, or an ERC-20 transferFrom (same selector): a token with decimals is the latter. */
function NftTransfer({
  decoded,
  network,
}: {
  decoded: Extract<Decoded, { kind: 'nftTransfer' }>
  network: Network
}) {
  const identity = useTokenIdentity(network, decoded.collection)
  return (
    <>
      <p className={decodedStyles.sentence} data-call={decoded.kind}>
        {identity.source === 'none'
          ? text.nftTransfer(String(decoded.tokenId), decoded.collection, decoded.from, decoded.to)
          : text.tokenTransferFrom(
              amountText(decoded.tokenId, identity, decoded.collection),
              decoded.from,
              decoded.to,
            )}
      </p>
      <Unverified identity={identity} />
    </>
  )
}

/** The contract's own symbol and decimals, when they are all there is or differ from the list's. */
export function Unverified({ identity }: { identity: TokenIdentity }) {
  const note =
    identity.source === 'contract'
      ? text.contractClaimOnly(identity.units.symbol)
      : identity.source === 'trusted' && identity.claim
        ? text.unverifiedClaim(identity.claim.symbol, identity.claim.decimals)
        : undefined
  return note ? (
    <p className={list.note} data-warning="unverified">
      {note}
    </p>
  ) : null
}

export function Warning({ kind, children }: { kind: string; children: ReactNode }) {
  return (
    <p className={list.warning} role="note" data-warning={kind}>
      {children}
    </p>
  )
}

/** A call no decoder knows: said so, and its data one tap away, whole. */
function UnknownCall({ data }: { data: string }) {
  return (
    <>
      <p className={decodedStyles.sentence} data-call="unknown">
        {text.unknownCall}
      </p>
      <RawData data={data} />
    </>
  )
}

/** A request's raw data behind a disclosure, whole, wrapping and scrolling inside the card. */
export function RawData({ data }: { data: string }) {
  return (
    <details className={`${list.note} ${decodedStyles.disclosure}`}>
      <summary>{text.showData}</summary>
      <code className={decodedStyles.rawData} data-raw-data>
        {data}
      </code>
    </details>
  )
}
