/**
 * Base64 (RFC 4648, with padding) for message signatures, strictly: `atob` alone takes spaces,
 * missing padding and stray bits, so one signature could be written several ways.
 */

const base64Form = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The bytes `text` is the canonical base64 of, or undefined when it is not. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (!base64Form.test(text)) return undefined
  const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  return encodeBase64(bytes) === text ? bytes : undefined
}
