// The dev Farcaster app's page, /~/siwf: what a channel's `url` opens (a button per dev account)
// in strict HTML, and the form post of a button that signs in.
import { createHash } from 'node:crypto'
import { devFarcasterAccounts } from './accounts.mjs'
import { DevFarcasterError } from './devFarcasterError.mjs'
import { readBody } from './requestBody.mjs'

/** `html` pieces: text already escaped, inserted into another piece as it is. */
const markup = Symbol('markup')
const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
/** A template tag that escapes every value it is given, except pieces it made itself. */
function html(strings, ...values) {
  const text = (value) => {
    if (Array.isArray(value)) return value.map(text).join('')
    if (value !== null && typeof value === 'object' && markup in value) return value[markup]
    return escapeHtml(value ?? '')
  }
  return { [markup]: strings.reduce((out, string, i) => out + text(values[i - 1]) + string) }
}

const pageStyle =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}' +
  'ul{list-style:none;padding:0}li{display:flex;align-items:center;gap:.75rem;margin:.5rem 0;padding:.75rem;border:1px solid #ccc;border-radius:.75rem}' +
  'img,.blank{flex:none;width:2.5rem;height:2.5rem;border-radius:50%;background:#ddd}.who{flex:1;min-width:0}' +
  'button{font:inherit;padding:.5rem .75rem;border:0;border-radius:.5rem;background:#7c3aed;color:#fff;cursor:pointer}' +
  'small{display:block;color:#666;font-size:.75rem}.note{color:#666;font-size:.875rem}code{word-break:break-all}'
// Strict: nothing but this style, data: images and posts to itself; never framed.
const pageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'`,
  'img-src data:',
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

/** A whole page around `body`. */
const page = (title, body) =>
  html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${{ [markup]: pageStyle }}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`[markup]

/**
 * The app's page for a pending channel: who asks, and a button per dev account.
 * @param {string} token the channel's token
 * @param {Record<string, any>} params the channel's sign-in parameters
 */
const accountsPage = (token, params) => {
  const action = `/~/siwf?${new URLSearchParams({ channelToken: token })}`
  const rows = devFarcasterAccounts.map(
    (account) => html`<li>
${account.pfpUrl === undefined ? html`<span class="blank"></span>` : html`<img alt="" src="${account.pfpUrl}">`}
<span class="who">${account.displayName}<small>fid ${account.fid}${account.registered ? '' : ', which this account does not own'} · custody <code>${account.custody}</code></small></span>
<button type="submit" name="username" value="${account.username}">Sign in as @${account.username}</button>
</li>
`,
  )
  return page(
    'Sign in with Farcaster (dev)',
    html`<h1>Sign in with Farcaster</h1>
<p><strong>${params.domain}</strong> asks you to sign in.</p>
<p class="note">Site: <code>${params.siweUri}</code>${params.requestId === undefined ? '' : html`<br>Request: <code>${params.requestId}</code>`}</p>
<form method="post" action="${action}"><ul>
${rows}
</ul></form>
<p class="note">The dev Farcaster app stands in for the phone app a sign-in QR code opens. Its
accounts sign with public dev keys.</p>`,
  )
}

/** A page that only says `text`. */
const messagePage = (text) => page('Sign in with Farcaster (dev)', html`<p>${text}</p>`)

/** @param {import('node:http').ServerResponse} response */
const sendPage = (response, code, text) => {
  response.writeHead(code, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': pageCsp,
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: with no-referrer a browser's form post says `Origin: null`.
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  })
  response.end(text)
}

/**
 * GET and POST /~/siwf of the app listening on `port`. Loopback names only (no DNS rebinding),
 * and a form post only from the page's own origin (no cross-site sign-in). A failure is a page
 * that says what went wrong.
 * @param {{ port: number, channelStore: import('./channels.mjs').ChannelStore, signIn: (token: string, username: string) => Promise<{ username: string }>, quiet: boolean }} app
 */
export function createSignInPage({ port, channelStore, signIn, quiet }) {
  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {URL} url
   */
  const answer = async (request, response, url) => {
    const host = request.headers.host ?? ''
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      throw new DevFarcasterError(403, 'The dev Farcaster app answers on 127.0.0.1 and localhost.')
    const token = url.searchParams.get('channelToken') ?? ''
    if (request.method === 'GET') {
      const params = channelStore.readPending(token).signatureParams
      return sendPage(response, 200, accountsPage(token, params))
    }
    if (request.method !== 'POST') throw new DevFarcasterError(405, 'GET or POST only.')
    const from = request.headers.origin
    if (from !== undefined && from !== `http://${host}`)
      throw new DevFarcasterError(403, 'A sign-in is only posted from this page.')
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
    if (mediaType !== 'application/x-www-form-urlencoded')
      throw new DevFarcasterError(415, 'A sign-in is posted as a form.')
    const form = new URLSearchParams(await readBody(request))
    const { username } = await signIn(token, form.get('username') ?? '')
    sendPage(response, 200, messagePage(`Signed in as @${username}. Go back to the site.`))
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {URL} url
   */
  return (request, response, url) =>
    answer(request, response, url).catch((error) => {
      if (!(error instanceof DevFarcasterError) && !quiet)
        console.error(`dev Farcaster app: ${error.message}`)
      if (response.headersSent) return response.end()
      sendPage(response, error.status ?? 500, messagePage(error.message))
    })
}
