/**
 * What an EIP-712 signature says, for the approval screen: a Permit (EIP-2612, DAI) or a Permit2
 * allowance or transfer in words (embeddedWallet/decode/), unlimited amounts flagged; then the
 * domain — whose it is, its chain and verifying contract — with a warning when its chain is not
 * the network the wallet is on; then the type and every field of the message as it is signed.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { type ReactNode, useMemo } from 'react'
import { decodeTypedData } from '../../embeddedWallet/decode/decodeTypedData'
import { decodeTypedDataDomain } from '../../embeddedWallet/decode/typedDataDomain'
import type { ApprovalRequest } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import styles from '../form.module.css'
import { DecodeBoundary } from './DecodeBoundary'
import { RawData, TokenCall, Warning } from './DecodedCall'
import { timeText } from './decodedText'
import { tokenMovesOfSignature } from './tokenMoves'

type TypedDataApproval = Extract<ApprovalRequest, { kind: 'typedData' }>

type Props = { approval: TypedDataApproval; network: NetworkConfig | undefined }

export function TypedDataSummary({ approval, network }: Props) {
  return (
    <DecodeBoundary
      fallback={
        <>
          <Warning kind="undecoded">{text.undecodedSignature}</Warning>
          <RawData data={rawTypedData(approval)} />
        </>
      }
    >
      <TypedDataBody approval={approval} network={network} />
    </DecodeBoundary>
  )
}

/** The typed data as JSON, as far as it can be written. */
function rawTypedData({ domain, primaryType, message }: TypedDataApproval): string {
  try {
    return JSON.stringify({ domain, primaryType, message }, (_, item) =>
      typeof item === 'bigint' ? String(item) : item,
    )
  } catch {
    return primaryType
  }
}

function TypedDataBody({ approval, network }: Props) {
  const decoded = useMemo(() => decodeTypedData(approval), [approval])
  const domain = useMemo(
    () => decodeTypedDataDomain(approval.domain, approval.network),
    [approval.domain, approval.network],
  )
  return (
    <>
      {tokenMovesOfSignature(decoded).map((move, place) => (
        // A token may appear twice: its place in the signed list is its key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order is the signature's
        <TokenCall key={place} kind={decoded?.kind ?? ''} network={network} {...move} />
      ))}
      {decoded?.kind === 'permit2Transfer' && decoded.witness && (
        <p className={styles.hint}>{text.witness}</p>
      )}
      {domain.otherChain && (
        <Warning kind="otherChain">
          {text.otherChainWarning(String(domain.chainId), network?.name ?? approval.network)}
        </Warning>
      )}
      <dl className={styles.details} data-typed-data-domain>
        {domain.name !== undefined && <Row label={text.domainName}>{domain.name}</Row>}
        {domain.version !== undefined && <Row label={text.domainVersion}>{domain.version}</Row>}
        {domain.chainId !== undefined && (
          <Row label={text.domainChain}>{String(domain.chainId)}</Row>
        )}
        {domain.verifyingContract && (
          <Row label={text.domainContract}>{domain.verifyingContract}</Row>
        )}
        {decoded && decoded.kind !== 'permit' && (
          <Row label={text.signatureDeadline}>{timeText(decoded.deadline)}</Row>
        )}
        <Row label={text.primaryType}>{approval.primaryType}</Row>
      </dl>
      <Fields value={approval.message} />
    </>
  )
}

/** Typed data's fields, nested ones indented, each value as it will be signed. */
function Fields({ value }: { value: Record<string, unknown> }) {
  return (
    <dl className={styles.details}>
      {Object.entries(value).map(([key, field]) => (
        <Row key={key} label={key}>
          {field !== null && typeof field === 'object' && !Array.isArray(field) ? (
            <Fields value={field as Record<string, unknown>} />
          ) : (
            JSON.stringify(field, (_, item) => (typeof item === 'bigint' ? String(item) : item))
          )}
        </Row>
      ))}
    </dl>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}
