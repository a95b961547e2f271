// Reading and checking sign-in messages: spruceid's official SIWE vectors (testdata/, see its
// README) through `parseSiwxMessage` and `isSignedBy`, round trips of the messages the frame
// asks wallets to sign, real ed25519 and secp256k1 signatures, and what the parser refuses.
import {
  SiwxError,
  type SiwxMessageData,
  siwxLimits,
  siwxMessageData,
  siwxStatement,
} from '@airlock/protocol'
import {
  assertSiwxForHost,
  assertSiwxInTime,
  createSiwxMessage,
  parseSiwxMessage,
} from '@airlock/protocol/siwx-messages'
import { generateKeyPairSigner, getBase58Decoder, signBytes } from '@solana/kit'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { size } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { isSignedBy } from './signatures'

import eip1271Vectors from './testdata/eip1271.json'
import parsingNegativeVectors from './testdata/parsing_negative.json'
import parsingNegativeObjectVectors from './testdata/parsing_negative_objects.json'
import parsingPositiveVectors from './testdata/parsing_positive.json'
import verificationNegativeVectors from './testdata/verification_negative.json'
import verificationPositiveVectors from './testdata/verification_positive.json'

/** A message's fields as the vectors give them (spruceid's `SiweMessage`): chain id a number. */
type VectorFields = {
  scheme?: string | null
  domain: string
  address: string
  statement?: string
  uri: string
  version: string
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}
/** A signed message, with what the verifier is asked to hold it to (its time, domain, nonce). */
type VerificationVector = VectorFields & {
  signature: string
  time?: string
  domainBinding?: string
  matchNonce?: string
}
/** Fields that a message must not be made of: some left out, some of the wrong form. */
type BrokenFields = Partial<Omit<VectorFields, 'chainId'>> & { chainId?: number | string }

const parsingPositive: Record<string, { message: string; fields: VectorFields }> =
  parsingPositiveVectors
const parsingNegative: Record<string, string> = parsingNegativeVectors
const parsingNegativeObjects: Record<string, BrokenFields> = parsingNegativeObjectVectors
const verificationPositive: Record<string, VerificationVector> = verificationPositiveVectors
const verificationNegative: Record<string, VerificationVector> = verificationNegativeVectors
const eip1271: Record<string, { message: string; signature: string }> = eip1271Vectors

/**
 * The EIP-4361 text of a vector's fields, each written as given, as spruceid's
 * `SiweMessage.toMessage()` writes it (viem's `createSiweMessage` rewrites times through `Date`,
 * which changes `…T00:00:00Z` and so the text a vector's signature is of). A field the vector
 * leaves out is left out of the text.
 */
function eip4361Text(fields: BrokenFields): string {
  const origin = fields.scheme ? `${fields.scheme}://${fields.domain}` : (fields.domain ?? '')
  const lines = (
    [
      ['URI', fields.uri],
      ['Version', fields.version],
      ['Chain ID', fields.chainId],
      ['Nonce', fields.nonce],
      ['Issued At', fields.issuedAt],
      ['Expiration Time', fields.expirationTime],
      ['Not Before', fields.notBefore],
      ['Request ID', fields.requestId],
    ] as const
  )
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((uri) => `- ${uri}`))
  const statement = fields.statement ? `${fields.statement}\n` : ''
  const header = `${origin} wants you to sign in with your Ethereum account:`
  return `${header}\n${fields.address ?? ''}\n\n${statement}\n${lines.join('\n')}`
}

/** The fields `parseSiwxMessage` reads from a vector's message: CAIP-2 chain id, no unset ones. */
function expectedData(fields: VectorFields): SiwxMessageData {
  const data = {
    scheme: fields.scheme ?? undefined,
    domain: fields.domain,
    accountAddress: fields.address,
    chainId: `eip155:${fields.chainId}`,
    statement: fields.statement,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
    requestId: fields.requestId,
    resources: fields.resources,
  }
  return Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined),
  ) as SiwxMessageData
}

/** The SiwxError `run` throws (any other outcome fails the test). */
function refusal(run: () => unknown): SiwxError {
  try {
    run()
  } catch (error) {
    if (error instanceof SiwxError) return error
    throw error
  }
  throw new Error('expected a SiwxError, but nothing was thrown')
}
async function rejection(promise: Promise<unknown>): Promise<SiwxError> {
  const error = await promise.then(
    () => new Error('expected a SiwxError, but the promise resolved'),
    (reason: unknown) => reason,
  )
  if (error instanceof SiwxError) return error
  throw error
}

/** When a verification vector is checked: its own time, or else its Issued At (spruceid's rule). */
const checkedAt = (vector: VerificationVector) => Date.parse(vector.time ?? vector.issuedAt)

// Anvil's well-known dev keys (mnemonic "test test … junk"): public, for local chains only.
const anvilAccount = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const otherAccount = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)

/** A message with every field EIP-4361 has (the scheme aside), in the forms viem writes. */
const eip155Data: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: anvilAccount.address,
  chainId: 'eip155:1',
  statement: siwxStatement,
  uri: 'https://shop.example/login',
  version: '1',
  nonce: 'q7Xk2mP9vR4t',
  issuedAt: '2025-03-04T05:06:07.890Z',
  expirationTime: '2025-03-11T05:06:07.890Z',
  notBefore: '2025-03-04T05:00:00.000Z',
  requestId: 'request-42',
  resources: [
    'https://shop.example/terms',
    'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
  ],
}
const solanaData: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: 'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu',
  chainId: 'solana:localnet',
  statement: siwxStatement,
  uri: 'https://shop.example/login',
  version: '1',
  nonce: 'q7Xk2mP9vR4t',
  issuedAt: '2025-03-04T05:06:07.890Z',
  expirationTime: '2025-03-11T05:06:07.890Z',
  notBefore: '2025-03-04T05:00:00.000Z',
  requestId: 'request-42',
  resources: [
    'https://shop.example/terms',
    'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
  ],
}

describe('the official SIWE parsing vectors', () => {
  // Our rules beyond EIP-4361's grammar (nonce, RFC 3339 date-times, size limits) refuse none of
  // the positive vectors, so there is no list of known differences: each nonce is 8+ letters and
  // digits, each time RFC 3339 with an upper-case T and Z, each message well under the limits.
  test('behavior: the vectors are all there, and all run', () => {
    expect(Object.keys(parsingPositive)).toHaveLength(19)
    expect(Object.keys(parsingNegative)).toHaveLength(29)
    expect(Object.keys(parsingNegativeObjects)).toHaveLength(18)
  })

  test.each(Object.entries(parsingPositive))('behavior: %s parses to its fields', (_, vector) => {
    expect(parseSiwxMessage(vector.message)).toStrictEqual(expectedData(vector.fields))
  })

  // The check on `eip4361Text`, which the verification vectors' messages are built with.
  test.each(Object.entries(parsingPositive))(
    "behavior: %s is the text of its fields as spruceid's SiweMessage writes it",
    (_, vector) => {
      expect(eip4361Text(vector.fields)).toBe(vector.message)
    },
  )

  test.each(Object.entries(parsingNegative))('error: %s is refused', (_, message) => {
    expect(refusal(() => parseSiwxMessage(message))).toMatchObject({
      code: 'siwxInvalidMessage',
      message: expect.stringContaining('Malformed sign-in message: '),
    })
  })

  // Fields spruceid's SiweMessage must refuse to make a message of: written out as it would,
  // a field the vector leaves out left out, the text is refused too.
  test.each(Object.entries(parsingNegativeObjects))(
    'error: a message of the fields %s is refused',
    (_, fields) => {
      expect(refusal(() => parseSiwxMessage(eip4361Text(fields))).code).toBe('siwxInvalidMessage')
    },
  )
})

describe('the official SIWE verification vectors', () => {
  test.each(Object.entries(verificationPositive))(
    'behavior: %s is signed by its address (an EOA) and valid at its time',
    async (_, vector) => {
      const message = eip4361Text(vector)
      const data = parseSiwxMessage(message)
      expect(data).toStrictEqual(expectedData(vector))
      expect(size(vector.signature as `0x${string}`)).toBe(65)
      expect(await isSignedBy(data, message, vector.signature, undefined)).toBe(true)
      // What the caller checks (sessions.ts), on the times as read.
      const at = checkedAt(vector)
      if (data.notBefore) expect(Date.parse(data.notBefore)).toBeLessThanOrEqual(at)
      if (data.expirationTime) expect(at).toBeLessThan(Date.parse(data.expirationTime))
    },
  )

  test("behavior: viem's createSiweMessage writes that text too, for times in its form", () => {
    const vectors = [
      ...Object.values(verificationPositive),
      ...Object.values(verificationNegative),
    ].filter((vector) =>
      [vector.issuedAt, vector.expirationTime, vector.notBefore].every(
        (time) => time === undefined || new Date(time).toISOString() === time,
      ),
    )
    expect(vectors).toHaveLength(9)
    for (const vector of vectors) {
      const date = (time: string | undefined) => (time === undefined ? undefined : new Date(time))
      const viemText = createSiweMessage({
        domain: vector.domain,
        address: vector.address as `0x${string}`,
        statement: vector.statement,
        uri: vector.uri,
        version: '1',
        chainId: vector.chainId,
        nonce: vector.nonce,
        issuedAt: new Date(vector.issuedAt),
        expirationTime: date(vector.expirationTime),
        notBefore: date(vector.notBefore),
      })
      expect(viemText).toBe(eip4361Text(vector))
    }
  })

  // Why spruceid's verifier refuses each negative vector, and so what is checked here.
  // `isSignedBy` answers only whether the address signed the text: a message out of its time,
  // or for another domain or nonce, is the caller's to refuse (sessions.ts), from the fields
  // `parseSiwxMessage` reads; a date that does not exist is the parser's.
  const negativeReasons = {
    'expired message': 'expired',
    'custom time': 'expired',
    'not yet valid': 'notYetValid',
    'domain binding': 'otherDomain',
    'custom nonce': 'otherNonce',
    'wrong signature': 'wrongSignature',
    'malformed signature': 'malformedSignature',
    'invalid issuedAt': 'impossibleDate',
    'invalid notBefore': 'impossibleDate',
    'invalid expirationTime': 'impossibleDate',
  } as const
  type Reason = (typeof negativeReasons)[keyof typeof negativeReasons]
  const negativeWith = (reason: Reason) =>
    Object.entries(verificationNegative).filter(
      ([name]) => negativeReasons[name as keyof typeof negativeReasons] === reason,
    )

  test('behavior: every negative vector has its reason', () => {
    expect(Object.keys(verificationNegative).sort()).toEqual(Object.keys(negativeReasons).sort())
  })

  test.each(negativeWith('wrongSignature'))(
    "security: %s is not the address's signature",
    async (_, vector) => {
      const message = eip4361Text(vector)
      const data = parseSiwxMessage(message)
      expect(await isSignedBy(data, message, vector.signature, undefined)).toBe(false)
    },
  )

  test.each(negativeWith('malformedSignature'))(
    'error: %s (an odd number of hex digits) is refused as a signature',
    async (_, vector) => {
      const message = eip4361Text(vector)
      const data = parseSiwxMessage(message)
      const error = await rejection(isSignedBy(data, message, vector.signature, undefined))
      expect(error.code).toBe('siwxInvalidSignature')
    },
  )

  // Refused at their time by the check sessions.ts holds every sign-in to; the signature itself
  // is good, since refusing it is not `isSignedBy`'s job.
  test.each([
    ...negativeWith('expired').map(
      ([name, vector]) => [name, vector, 'siwxMessageExpired'] as const,
    ),
    ...negativeWith('notYetValid').map(
      ([name, vector]) => [name, vector, 'siwxMessageNotYetValid'] as const,
    ),
  ])('behavior: %s is refused at its time as %s', async (_, vector, code) => {
    const message = eip4361Text(vector)
    const data = parseSiwxMessage(message)
    if (code === 'siwxMessageExpired') {
      expect(data.expirationTime).toBe(vector.expirationTime)
      expect(Date.parse(data.expirationTime ?? '')).toBeLessThanOrEqual(checkedAt(vector))
    } else {
      expect(data.notBefore).toBe(vector.notBefore)
      expect(Date.parse(data.notBefore ?? '')).toBeGreaterThan(checkedAt(vector))
    }
    expect(() => assertSiwxInTime(data, checkedAt(vector))).toThrow(
      expect.objectContaining({ code }),
    )
    expect(await isSignedBy(data, message, vector.signature, undefined)).toBe(true)
  })

  test.each(negativeWith('otherDomain'))(
    'behavior: %s reads as for its own domain, and is refused for the one it is checked for',
    (_, vector) => {
      const data = parseSiwxMessage(eip4361Text(vector))
      expect(data.domain).toBe(vector.domain)
      expect(data.domain).not.toBe(vector.domainBinding)
      expect(() => assertSiwxForHost(data, `https://${vector.domainBinding}`)).toThrow(
        expect.objectContaining({ code: 'siwxDomainMismatch' }),
      )
    },
  )

  test.each(negativeWith('otherNonce'))(
    'behavior: %s reads as for its own nonce, not the one it is checked for',
    (_, vector) => {
      const data = parseSiwxMessage(eip4361Text(vector))
      expect(data.nonce).toBe(vector.nonce)
      expect(data.nonce).not.toBe(vector.matchNonce)
    },
  )

  test.each(negativeWith('impossibleDate'))(
    'error: %s (a day the month does not have) is refused by the parser',
    (_, vector) => {
      const error = refusal(() => parseSiwxMessage(eip4361Text(vector)))
      expect(error.code).toBe('siwxInvalidMessage')
      expect(error.message).toContain('date time semantics')
    },
  )

  // spruceid's ERC-1271 vectors are contract wallets (Argent, Loopring) on Ethereum mainnet:
  // checking that they did sign needs that chain's RPC, which unit tests never call, so that
  // check is skipped here; smartWallets.test.ts covers ERC-1271 and ERC-6492 on a local anvil.
  // What holds without a chain: no contract wallet's signature is taken for its address.
  test.each(Object.entries(eip1271))(
    'security: %s (a contract wallet) is not accepted without an RPC',
    async (_, vector) => {
      const data = parseSiwxMessage(vector.message)
      expect(data.chainId).toBe('eip155:1')
      expect(await isSignedBy(data, vector.message, vector.signature, undefined)).toBe(false)
    },
  )
})

describe('round trips', () => {
  test('behavior: an eip155 message with every field reads back as its data', () => {
    const message = createSiwxMessage(eip155Data)
    expect(message).toContain('\nRequest ID: request-42\nResources:\n- https://shop.example/terms')
    expect(parseSiwxMessage(message)).toStrictEqual(eip155Data)
  })

  test('behavior: a solana message with every field reads back as its data', () => {
    const message = createSiwxMessage(solanaData)
    expect(message).toContain(' wants you to sign in with your Solana account:\n')
    expect(message).toContain('\nChain ID: solana:localnet\n')
    expect(parseSiwxMessage(message)).toStrictEqual(solanaData)
  })

  test.each([
    ['eip155:1', anvilAccount.address, 'https://shop.example'],
    ['eip155:31337', anvilAccount.address, 'http://127.0.0.1:5173'],
    ['solana:localnet', 'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu', 'https://shop.example'],
    ['solana:localnet', 'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu', 'http://127.0.0.1:5173'],
    [
      'bip122:000000000019d6689c085ae165831e93',
      'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      'https://shop.example',
    ],
    [
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x',
      'http://127.0.0.1:5173',
    ],
  ] as const)(
    "behavior: the frame's message on %s for %s at %s reads back as its data",
    (chainId, address, hostOrigin) => {
      const data = siwxMessageData({
        hostOrigin,
        address,
        chainId,
        nonce: 'n0nce1234abc',
        now: Date.UTC(2025, 2, 4, 5, 6, 7, 890),
      })
      expect(parseSiwxMessage(createSiwxMessage(data))).toStrictEqual(data)
    },
  )
})

describe('a Solana signature', () => {
  const base58 = getBase58Decoder()
  const utf8 = new TextEncoder()

  test('behavior: an ed25519 signature of the message by its address is good', async () => {
    const signer = await generateKeyPairSigner()
    const data = { ...solanaData, accountAddress: signer.address }
    const message = createSiwxMessage(data)
    expect(parseSiwxMessage(message)).toStrictEqual(data)
    const signature = base58.decode(
      await signBytes(signer.keyPair.privateKey, utf8.encode(message)),
    )
    expect(await isSignedBy(data, message, signature, undefined)).toBe(true)
  })

  test('security: a signature of another message by the same key is not', async () => {
    const signer = await generateKeyPairSigner()
    const data = { ...solanaData, accountAddress: signer.address }
    const other = createSiwxMessage({ ...data, nonce: 'an0therNonce' })
    const signature = base58.decode(await signBytes(signer.keyPair.privateKey, utf8.encode(other)))
    expect(await isSignedBy(data, createSiwxMessage(data), signature, undefined)).toBe(false)
  })

  test('security: a signature by another key is not', async () => {
    const [signer, stranger] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
    const data = { ...solanaData, accountAddress: signer.address }
    const message = createSiwxMessage(data)
    const signature = base58.decode(
      await signBytes(stranger.keyPair.privateKey, utf8.encode(message)),
    )
    expect(await isSignedBy(data, message, signature, undefined)).toBe(false)
  })

  test.each([
    ['63 bytes', base58.decode(new Uint8Array(63).fill(7)), 'a solana signature is 64 bytes.'],
    ['not base58', '0OIl+/=', 'a solana signature is base58.'],
    ['hex', `0x${'ab'.repeat(64)}`, 'a solana signature is base58.'],
  ])('error: a signature that is %s is refused', async (_, signature, details) => {
    const message = createSiwxMessage(solanaData)
    const error = await rejection(isSignedBy(solanaData, message, signature, undefined))
    expect(error.code).toBe('siwxInvalidSignature')
    expect(error.message).toBe(`Invalid signature: ${details}`)
  })
})

describe('an eip155 signature (EOA)', () => {
  const message = createSiwxMessage(eip155Data)

  test('behavior: a signature of the message by its address is good', async () => {
    const signature = await anvilAccount.signMessage({ message })
    expect(size(signature)).toBe(65)
    expect(await isSignedBy(eip155Data, message, signature, undefined)).toBe(true)
  })

  test('security: a signature by another key, or of another message, is not', async () => {
    const byOther = await otherAccount.signMessage({ message })
    expect(await isSignedBy(eip155Data, message, byOther, undefined)).toBe(false)
    const ofOther = await anvilAccount.signMessage({ message: `${message}\n` })
    expect(await isSignedBy(eip155Data, message, ofOther, undefined)).toBe(false)
  })

  test('error: a signature of the wrong form is refused', async () => {
    const signature = await anvilAccount.signMessage({ message })
    const cases = [
      [signature.slice(0, -1), 'an eip155 signature is 0x and hex digits, two a byte.'],
      [`0x${'zz'.repeat(65)}`, 'an eip155 signature is 0x and hex digits, two a byte.'],
      [signature.slice(2), 'an eip155 signature is 0x and hex digits, two a byte.'],
      [signature.slice(0, 2 + 64 * 2), 'an eip155 signature is 65 bytes or more.'],
    ] as const
    for (const [bad, details] of cases) {
      const error = await rejection(isSignedBy(eip155Data, message, bad, undefined))
      expect(error.code).toBe('siwxInvalidSignature')
      expect(error.message).toBe(`Invalid signature: ${details}`)
    }
  })
})

describe('parseSiwxMessage refuses', () => {
  const problem = (text: string) => {
    const error = refusal(() => parseSiwxMessage(text))
    expect(error.code).toBe('siwxInvalidMessage')
    return error.message
  }
  const solanaText = createSiwxMessage(solanaData)
  /** The fields of a short Solana message, for `createSignInMessageText`, which takes any. */
  const solanaFields = {
    domain: 'shop.example',
    address: 'Gis3QLAbgN1VvfFhKTr2oBmxaeP8FV8ARieM6k6svivu',
    uri: 'https://shop.example',
    version: '1',
    chainId: 'solana:localnet',
    nonce: 'q7Xk2mP9vR4t',
    issuedAt: '2025-03-04T05:06:07.890Z',
  }

  test('error: a message longer than the limit, before reading it', () => {
    const message = createSiwxMessage({
      ...eip155Data,
      statement: 'x'.repeat(siwxLimits.messageChars),
    })
    expect(problem(message)).toContain(`longer than ${siwxLimits.messageChars} characters`)
  })

  test('error: more resources than the limit (and the limit itself is fine)', () => {
    const resources = (count: number) =>
      Array.from({ length: count }, (_, index) => `https://shop.example/resource/${index}`)
    const atLimit = { ...eip155Data, resources: resources(siwxLimits.resources) }
    expect(parseSiwxMessage(createSiwxMessage(atLimit))).toStrictEqual(atLimit)
    const overLimit = createSiwxMessage({
      ...eip155Data,
      resources: resources(siwxLimits.resources + 1),
    })
    expect(problem(overLimit)).toContain(`more than ${siwxLimits.resources} resources`)
  })

  test('error: a Solana message with a blank line after its last field', () => {
    expect(problem(`${solanaText}\n`)).toContain('not in the canonical Sign In With Solana form')
  })

  test('error: a Solana message with spaces after its address', () => {
    const spaced = solanaText.replace(
      `${solanaData.accountAddress}\n`,
      `${solanaData.accountAddress}  \n`,
    )
    expect(problem(spaced)).toContain('the address has spaces around it')
  })

  test('error: a Solana message with spaces after its nonce', () => {
    const spaced = solanaText.replace(`Nonce: ${solanaData.nonce}`, `Nonce: ${solanaData.nonce}  `)
    expect(problem(spaced)).toContain('the nonce has spaces around it')
  })

  // The Wallet Standard's parser reads a line break into the statement, and makes the same text
  // of it again; EIP-4361 and CAIP-122 say a statement has none (spruceid's grammar refuses it on
  // eip155, vector "statement has line break"): refused, so no line reads like a field.
  test('error: a Solana message with an extra blank line before its statement', () => {
    const blank = solanaText.replace(`\n\n${siwxStatement}`, `\n\n\n${siwxStatement}`)
    expect(problem(blank)).toContain('line break')
  })

  // Spaces at the end of a line would become part of that field, and the Wallet Standard makes
  // the same text of it again: refused by name.
  test('error: a Solana message with spaces after its URI', () => {
    const spaced = solanaText.replace(`URI: ${solanaData.uri}\n`, `URI: ${solanaData.uri}  \n`)
    expect(problem(spaced)).toContain('the uri has spaces around it')
  })

  test("error: a Solana message whose chain id is not CAIP-2 ('mainnet')", () => {
    const message = createSignInMessageText({ ...solanaFields, chainId: 'mainnet' })
    expect(problem(message)).toContain('chain id "mainnet" is not a CAIP-2 Solana network')
  })

  test("error: an Issued At that is not an RFC 3339 date-time ('yesterday')", () => {
    const solana = createSignInMessageText({ ...solanaFields, issuedAt: 'yesterday' })
    expect(problem(solana)).toContain('Issued At "yesterday" is not an RFC 3339 date-time')
    const ethereum = eip4361Text({
      domain: 'shop.example',
      address: anvilAccount.address,
      uri: 'https://shop.example',
      version: '1',
      chainId: 1,
      nonce: 'q7Xk2mP9vR4t',
      issuedAt: 'yesterday',
    })
    expect(problem(ethereum)).toContain('invalid issued-at date time syntax')
  })

  test('error: a text that is not an Ethereum, Solana, Bitcoin, Polkadot or Cosmos sign-in', () => {
    for (const text of [
      'Sign in to shop.example',
      solanaText.replace('Solana account', 'Tezos account'),
      solanaText.replaceAll('\n', '\r\n'),
      '',
    ])
      expect(problem(text)).toContain(
        'not an Ethereum, Solana, Bitcoin, Polkadot or Cosmos sign-in',
      )
  })
})
