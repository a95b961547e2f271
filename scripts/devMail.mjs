// A local SMTP server that captures what the API mails (login codes) so `npm start` and the e2e
// stack work offline: it keeps the last messages in memory, prints each one's code to the console
// and lists them on a dev page. It reads raw messages itself, just enough for what nodemailer
// sends: folded headers, encoded-word subjects, single-part and multipart bodies.
import { createServer } from 'node:http'
import { SMTPServer } from 'smtp-server'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/** @typedef {{ receivedAt: string, from: string, to: string[], subject: string, text: string }} DevMailMessage */
/** @typedef {{ headers: Map<string, string>, body: string }} Entity */

const keptMessages = 50
const sizeLimit = 256 * 1024
const codePattern = /\b\d{6}\b/

/**
 * Bytes in a named charset as text; UTF-8 when the charset is unknown.
 * @param {Uint8Array} bytes
 * @param {string} [charset]
 */
function decodeBytes(bytes, charset = 'utf-8') {
  try {
    return new TextDecoder(charset).decode(bytes)
  } catch {
    return new TextDecoder().decode(bytes)
  }
}

/**
 * Quoted-printable (`=XX` escapes) to bytes; `underscoreIsSpace` for encoded words (Q).
 * @param {string} data
 */
function decodeQuotedPrintable(data, underscoreIsSpace = false) {
  const text = underscoreIsSpace ? data.replace(/_/g, ' ') : data
  return Buffer.from(
    text.replace(/=([0-9A-Fa-f]{2})/g, (_, /** @type {string} */ hex) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
    'latin1',
  )
}

/**
 * A header value with its RFC 2047 encoded words (`=?utf-8?Q?…?=`, `=?utf-8?B?…?=`) decoded.
 * Whitespace between adjacent encoded words is dropped, and adjacent words in one charset are
 * decoded together, since a character may be split across two of them.
 * @param {string} value
 */
function decodeEncodedWords(value) {
  const encodedWord = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g
  let decoded = ''
  let last = 0
  /** @type {{ charset: string, bytes: Buffer[] } | undefined} */
  let pending
  const flush = () => {
    if (pending) decoded += decodeBytes(Buffer.concat(pending.bytes), pending.charset)
    pending = undefined
  }
  for (const match of value.matchAll(encodedWord)) {
    const between = value.slice(last, match.index)
    if (!pending || !/^\s*$/.test(between)) {
      flush()
      decoded += between
    }
    const [, label = '', encoding = '', data = ''] = match
    // A language tag (RFC 2231, `utf-8*en`) is not part of the charset.
    const charset = label.split('*')[0]?.toLowerCase() ?? 'utf-8'
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : decodeQuotedPrintable(data, true)
    if (pending && pending.charset !== charset) flush()
    pending ??= { charset, bytes: [] }
    pending.bytes.push(bytes)
    last = match.index + match[0].length
  }
  flush()
  return decoded + value.slice(last)
}

/**
 * Splits an entity (a whole message or one part of a multipart body, as a latin1 string so that
 * each character is one byte) into its unfolded headers, by lower-case name, and its body.
 * @param {string} raw
 * @returns {Entity}
 */
function parseEntity(raw) {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  /** @type {Map<string, string>} */
  const headers = new Map()
  // Unfolding: a line that starts with whitespace continues the header before it.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return { headers, body }
}

/**
 * A Content-Type value's media type (lower case) and parameters (`charset`, `boundary`).
 * @param {string} [value]
 */
function parseContentType(value = 'text/plain') {
  const type = value.split(';')[0]?.trim().toLowerCase() || 'text/plain'
  /** @type {Record<string, string>} */
  const parameters = {}
  for (const match of value.matchAll(/;\s*([\w.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/g)) {
    const [, name = '', quoted, bare] = match
    parameters[name.toLowerCase()] = quoted?.replace(/\\(.)/g, '$1') ?? bare ?? ''
  }
  return { type, parameters }
}

/**
 * The parts of a multipart body, between its `--boundary` lines; preamble and epilogue dropped.
 * @param {string} body
 * @param {string} boundary
 */
function splitMultipart(body, boundary) {
  const parts = []
  /** @type {string[] | undefined} */
  let current
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd()
    if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
      if (current) parts.push(current.join('\r\n'))
      if (trimmed === `--${boundary}--`) break
      current = []
    } else current?.push(line)
  }
  return parts
}

/**
 * A single-part entity's body as text, undoing its Content-Transfer-Encoding and charset.
 * @param {Map<string, string>} headers
 * @param {string} body
 * @param {string} [charset]
 */
function decodeBody(headers, body, charset) {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase()
  let bytes
  if (encoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64')
  else if (encoding === 'quoted-printable')
    bytes = decodeQuotedPrintable(body.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, ''))
  else bytes = Buffer.from(body, 'latin1')
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n')
}

/**
 * The text of an entity: its text/plain part (the first one, looking into nested multiparts),
 * else the first text part found otherwise; undefined when it has none.
 * @param {Entity} entity
 * @returns {string | undefined}
 */
function findText(entity, depth = 0) {
  const { type, parameters } = parseContentType(entity.headers.get('content-type'))
  if (type.startsWith('multipart/')) {
    if (!parameters.boundary || depth > 5) return undefined
    const parts = splitMultipart(entity.body, parameters.boundary).map(parseEntity)
    for (const part of parts) {
      const content = parseContentType(part.headers.get('content-type'))
      if (content.type === 'text/plain')
        return decodeBody(part.headers, part.body, content.parameters.charset)
    }
    for (const part of parts) {
      const text = findText(part, depth + 1)
      if (text !== undefined) return text
    }
    return undefined
  }
  if (!type.startsWith('text/')) return undefined
  return decodeBody(entity.headers, entity.body, parameters.charset)
}

/**
 * The subject and text of a raw RFC 5322 message.
 * @param {Buffer} raw
 */
function parseMessage(raw) {
  const message = parseEntity(raw.toString('latin1'))
  // Headers may carry raw UTF-8 (SMTPUTF8) as well as encoded words.
  const subject = decodeEncodedWords(
    Buffer.from(message.headers.get('subject') ?? '', 'latin1').toString('utf8'),
  )
  return { subject, text: findText(message) ?? '' }
}

/** Text with control characters (terminal escapes, newlines) left out, for one console line. */
const oneLine = (/** @type {string} */ text) => text.replace(/\p{Cc}+/gu, ' ')

/** @type {Record<string, string>} */
const htmlEscapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character)

/**
 * The dev page: every message, newest first, all of it escaped (nothing in a mail is markup).
 * @param {DevMailMessage[]} messages
 */
function renderPage(messages) {
  const items = [...messages].reverse().map((message) => {
    const code = message.text.match(codePattern)?.[0]
    return `<article>
<h2>${escapeHtml(message.subject || '(no subject)')}</h2>
<p class="meta">${escapeHtml(message.receivedAt)} · from ${escapeHtml(message.from || '(none)')} · to ${escapeHtml(message.to.join(', '))}</p>
${code ? `<p>Code: <strong class="code">${escapeHtml(code)}</strong></p>\n` : ''}<pre>${escapeHtml(message.text)}</pre>
</article>`
  })
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="2">
<title>Airlock dev mail</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem auto; max-width: 50rem; padding: 0 1rem; }
article { border-top: 1px solid #ccc; padding: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 0.5rem 0 0.25rem; }
.meta { color: #666; margin: 0; }
.code { font: 1.4rem monospace; letter-spacing: 0.1em; }
pre { background: #f4f4f4; padding: 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Airlock dev mail</h1>
<p>What the API sent, newest first (the last ${keptMessages}); this page refreshes itself.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>
`
}

/**
 * Starts the capturing SMTP server on 127.0.0.1:`smtpPort` (default 2525) and its dev page on
 * 127.0.0.1:`httpPort` (default 8790); port 0 picks a free port, reported in the URLs. Unless
 * `quiet`, each message is printed to the console with the 6-digit code it contains.
 * @param {{ smtpPort?: number, httpPort?: number, quiet?: boolean }} [options]
 * @returns {Promise<{ smtpUrl: string, pageUrl: string, messages(): DevMailMessage[], close(): Promise<void> }>}
 */
export async function startDevMail({ smtpPort = 2525, httpPort = 8790, quiet = false } = {}) {
  /** @type {DevMailMessage[]} Oldest first, at most `keptMessages`. */
  const messages = []

  /** @param {DevMailMessage} message */
  const receive = (message) => {
    messages.push(message)
    if (messages.length > keptMessages) messages.splice(0, messages.length - keptMessages)
    if (quiet) return
    console.log(`dev mail → ${oneLine(message.to.join(', '))}: ${oneLine(message.subject)}`)
    const code = message.text.match(codePattern)?.[0]
    if (code) console.log(`  code: ${code}`)
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: sizeLimit,
    rejectOversized: true,
    logger: false,
    // Offline, a reverse DNS lookup of 127.0.0.1 would only delay each message.
    disableReverseLookup: true,
    // Stopping the stack should not wait long for a client that keeps its connection open.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = []
      let length = 0
      stream.on('data', (chunk) => {
        // Past the limit the message is refused at its end; no need to keep the rest.
        if (length > sizeLimit) return
        chunks.push(chunk)
        length += chunk.length
      })
      stream.on('error', callback)
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback()
        try {
          const { mailFrom, rcptTo } = session.envelope
          receive({
            receivedAt: new Date().toISOString(),
            from: mailFrom ? mailFrom.address : '',
            to: rcptTo.map((recipient) => recipient.address),
            ...parseMessage(Buffer.concat(chunks)),
          })
          callback()
        } catch (error) {
          callback(/** @type {Error} */ (error))
        }
      })
    },
  })
  // A client that drops its connection is no reason to stop.
  smtp.on('error', (error) => {
    if (!quiet) console.error(`dev mail: ${error.message}`)
  })

  const page = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
    // Only loopback names: a page elsewhere that rebinds its own name to 127.0.0.1 reads nothing.
    const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(request.headers.host ?? '')
    const method = request.method === 'GET' || request.method === 'HEAD'
    const headers = {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    }
    if (local && method && pathname === '/') {
      response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      response.end(renderPage(messages))
    } else if (local && method && pathname === '/messages.json') {
      response.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' })
      response.end(JSON.stringify(messages))
    } else {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
      response.end('Not found\n')
    }
  })

  const closeSmtp = () => new Promise((resolve) => smtp.close(() => resolve(undefined)))
  const closePage = () => closeHttpServer(page)

  const smtpListening = await listenOnLoopback(smtp.server, smtpPort)
  let pageListening
  try {
    pageListening = await listenOnLoopback(page, httpPort)
  } catch (error) {
    await closeSmtp()
    throw error
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpListening}`,
    pageUrl: `http://127.0.0.1:${pageListening}/`,
    messages: () => messages.map((message) => ({ ...message, to: [...message.to] })),
    close: async () => {
      await Promise.all([closeSmtp(), closePage()])
    },
  }
}
