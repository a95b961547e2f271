/**
 * The page a social login's callback answers in the popup: its one script posts the outcome (a
 * grant, or an error) to `window.opener` with the API's origin as the target — so only the modal's
 * own frame can read it — and closes the popup. The script runs under a CSP that allows nothing
 * else (its nonce, no other source of any kind), and what it carries is JSON escaped for a script
 * element, the error's words escaped as HTML in the text a visitor sees if the popup stays open.
 */
import { randomBytes } from 'node:crypto'
import { type ApiErrorCode, type SocialCallbackMessage, socialMessageType } from '@airlock/protocol'

/** JSON that can't end its script element or start a comment in it (`</script>`, `<!--`). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character)

/**
 * A sign-in page of `body` and one script, which runs under a Content-Security-Policy that allows
 * nothing else (its nonce, no other source of any kind; forms posted to `formAction` only).
 */
function signInPage(
  body: string,
  script: string,
  formAction: "'none'" | "'self'",
): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Airlock sign-in</title>
</head>
<body>
${body}
<script nonce="${nonce}">
${script}
</script>
</body>
</html>
`
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`
  return { html, csp }
}

/** What the page posts, but its `type`: the grant of `state`, or why there is none. */
export type SocialCallbackOutcome =
  | { state: string; grant: string }
  | { state?: string | undefined; error: { code: ApiErrorCode; message: string } }

/**
 * The page posting `outcome` to the opener on `targetOrigin`, and its Content-Security-Policy.
 * @example
 * const { html, csp } = socialCallbackPage({ state, grant }, 'https://airlock.example.com')
 */
export function socialCallbackPage(
  outcome: SocialCallbackOutcome,
  targetOrigin: string,
): { html: string; csp: string } {
  const message: SocialCallbackMessage = { type: socialMessageType, ...outcome }
  const words =
    'error' in outcome
      ? `Sign-in failed: ${outcome.error.message}`
      : 'Signed in. You can close this window.'
  return signInPage(
    `<p>${escapeHtml(words)}</p>`,
    `window.opener?.postMessage(${scriptJson(message)}, ${scriptJson(targetOrigin)});
window.close();`,
    "'none'",
  )
}

/** The field a form_post posted again carries, so that it is posted again only once. */
export const resubmittedField = 'airlock_resubmitted'

/**
 * The page that posts `fields` (a provider's form_post) again to `action` on this origin, with
 * {@link resubmittedField}, and its Content-Security-Policy: a form of hidden fields, sent by its
 * one script (a button if scripts are off).
 */
export function formPostAgainPage(
  fields: URLSearchParams,
  action: string,
): { html: string; csp: string } {
  const inputs = [...fields, [resubmittedField, '1']]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name ?? '')}" value="${escapeHtml(value ?? '')}">`,
    )
    .join('\n')
  return signInPage(
    `<form method="post" action="${escapeHtml(action)}">
${inputs}
<button type="submit">Continue</button>
</form>`,
    'document.forms[0].submit();',
    "'self'",
  )
}
