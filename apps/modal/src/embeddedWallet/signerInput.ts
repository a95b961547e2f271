/**
 * What the embedded wallet's signers (evmSigner.ts, solanaSigner.ts) share in reading a site's
 * request: the refusal of a bad parameter, how a value is quoted in it, and a message's text as
 * the visitor will read it in ApproveTransaction.
 */
import { InvalidParamsError, type NetworkConfig } from '@airlock/protocol'

export function invalid(message: string, details?: string) {
  return new InvalidParamsError(details ? { message, details } : { message })
}

/** A value as an error message quotes it: JSON, cut short. */
export function shown(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = typeof value
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

/** An error's message for a refusal's details; a thrown non-error, quoted. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : shown(error)
}

export function networkList(networks: readonly NetworkConfig[]): string {
  return networks.map(({ caipNetworkId, name }) => `${caipNetworkId} ${name}`).join(', ') || 'none'
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Characters that would hide or reorder what a text shows: control characters but tab and line
// breaks, and the bidirectional overrides and isolates.
const hidingCharacters = /(?![\t\n\r])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/**
 * A message's bytes as text the visitor can read as it is: plain UTF-8 with nothing that hides
 * or reorders what it shows; undefined otherwise (the signer then shows the bytes' hex).
 * @example readableText(new TextEncoder().encode('Sign in')) // 'Sign in'
 */
export function readableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return hidingCharacters.test(text) ? undefined : text
  } catch {
    return undefined
  }
}
