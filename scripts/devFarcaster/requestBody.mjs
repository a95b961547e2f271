// Request bodies as the real relay reads and checks them: Fastify's body parsers and size limit,
// and its Ajv validation of the relay's schemas, with the same error wording.
import { DevFarcasterError } from './devFarcasterError.mjs'

// The relay's request schemas (apps/relay/src/schemas.ts), checked as Fastify's Ajv checks them:
// first error only, unknown properties dropped, scalar types coerced.
export const createChannelSchema = {
  required: ['siweUri', 'domain'],
  properties: {
    siweUri: { type: 'string', format: 'uri' },
    domain: { type: 'string', pattern: '^[a-zA-Z0-9.-]+(:[0-9]+)?$' },
    nonce: { type: 'string' },
    notBefore: { type: 'string', format: 'date-time' },
    expirationTime: { type: 'string', format: 'date-time' },
    requestId: { type: 'string' },
    redirectUrl: { type: 'string' },
    acceptAuthAddress: { type: 'boolean' },
  },
}
export const authenticateSchema = {
  required: ['message', 'signature', 'fid'],
  properties: {
    message: { type: 'string' },
    signature: { type: 'string', pattern: '^0x[a-fA-F0-9]{130}$' },
    authMethod: { type: 'string', enum: ['custody', 'authAddress'] },
    fid: { type: 'integer' },
    username: {
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\\.eth$',
    },
    bio: { type: 'string' },
    displayName: { type: 'string' },
    pfpUrl: { type: 'string', format: 'uri' },
  },
}

/** Ajv's `coerceTypes: 'array'`: the value as `type`, or undefined when it cannot be. */
function coerce(type, value) {
  if (Array.isArray(value)) return value.length === 1 ? coerce(type, value[0]) : undefined
  if (type === 'string') {
    if (typeof value === 'string') return value
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    return value === null ? '' : undefined
  }
  if (type === 'integer') {
    if (typeof value === 'number') return Number.isInteger(value) ? value : undefined
    if (typeof value === 'string' && value !== '' && Number.isInteger(Number(value)))
      return Number(value)
    if (typeof value === 'boolean') return Number(value)
    return value === null ? 0 : undefined
  }
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 1) return true
  if (value === 'false' || value === 0 || value === null) return false
  return undefined
}

// ajv-formats' "uri" (a scheme, then only characters RFC 3986 allows) and "date-time" (RFC 3339,
// time zone required), close enough for what a relay client sends.
const uriPattern = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9a-f]{2})*$/i
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const timePattern = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(z|[+-]\d{2}(?::?\d{2})?)$/i
const formats = {
  uri: (value) => uriPattern.test(value),
  'date-time': (value) => {
    const [date = '', time = '', ...rest] = value.split(/t|\s/i)
    const day = datePattern.exec(date)
    const clock = timePattern.exec(time)
    if (!day || !clock || rest.length > 0) return false
    const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
    const [hour, minute, second] = [Number(clock[1]), Number(clock[2]), Number(clock[3])]
    return (
      dayOfMonth >= 1 &&
      dayOfMonth <= days &&
      ((hour <= 23 && minute <= 59 && second <= 59) ||
        (hour === 23 && minute === 59 && second === 60))
    )
  },
}

/**
 * A request body checked against a schema: `{ value }` with only the schema's properties, or
 * `{ message }` worded as Fastify's validation error.
 */
export function validateBody(schema, body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { message: 'body must be object' }
  for (const key of schema.required)
    if (!Object.hasOwn(body, key)) return { message: `body must have required property '${key}'` }
  /** @type {Record<string, unknown>} */
  const value = {}
  for (const [key, rule] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(body, key)) continue
    const field = coerce(rule.type, body[key])
    if (field === undefined) return { message: `body/${key} must be ${rule.type}` }
    if (rule.pattern && !new RegExp(rule.pattern, 'u').test(String(field)))
      return { message: `body/${key} must match pattern "${rule.pattern}"` }
    if (rule.format && !formats[rule.format](String(field)))
      return { message: `body/${key} must match format "${rule.format}"` }
    if (rule.enum && !rule.enum.includes(field))
      return { message: `body/${key} must be equal to one of the allowed values` }
    value[key] = field
  }
  return { value }
}

const bodyLimit = 1024 * 1024

/** The request's body as text; refused past Fastify's default limit of 1 MiB. */
export async function readBody(request) {
  if (Number(request.headers['content-length'] ?? 0) > bodyLimit)
    throw new DevFarcasterError(413, 'Request body is too large')
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > bodyLimit) throw new DevFarcasterError(413, 'Request body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A relay request's body as Fastify's default parsers read it: JSON, plain text, or nothing. */
export async function readRelayBody(request) {
  const text = await readBody(request)
  const contentType = request.headers['content-type']
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === undefined) {
    if (text === '') return undefined
    throw new DevFarcasterError(415, 'Unsupported Media Type: undefined')
  }
  if (mediaType === 'application/json') {
    if (text === '')
      throw new DevFarcasterError(
        400,
        "Body cannot be empty when content-type is set to 'application/json'",
      )
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new DevFarcasterError(400, /** @type {Error} */ (error).message)
    }
  }
  if (mediaType === 'text/plain') return text
  throw new DevFarcasterError(415, `Unsupported Media Type: ${contentType}`)
}
