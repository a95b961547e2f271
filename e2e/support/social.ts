// Social login from the visitor's side: the stack's dev OpenID provider stands in for every
// provider (scripts/devOidc.mjs); it signs the visitor in as the authorization request's
// `login_hint`, which these helpers add on the way so each test is a visitor of its own.
import { randomUUID } from 'node:crypto'
import type { BrowserContext, Page, Route } from '@playwright/test'
import { modal } from './modal'
import { ports } from './ports'

export const oidcOrigin = `http://127.0.0.1:${ports.oidc}`

/** A subject nobody else's test signs in as. */
export const freshSubject = () => `visitor-${randomUUID().slice(0, 8)}`

/**
 * Has the dev provider sign the popup in as `subject`. `hold`: the authorization request waits
 * until the returned `release` is called (the test does something while the popup is out).
 * `edit` changes the request's parameters (a wrong state). The popup reaches the provider by the
 * API's start page's redirect, which Playwright does not route: the start page's answer is
 * changed instead (its state cookie kept, its redirect edited); a provider URL opened directly
 * (someone else's link) is routed as it is asked for.
 */
export async function signInAs(
  context: BrowserContext,
  subject: string,
  options: { hold?: boolean; edit?: (params: URLSearchParams) => void } = {},
) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const seen: URL[] = []
  /** The provider's authorization URL as the test has it: seen, signed in as `subject`, held. */
  async function edited(url: URL) {
    seen.push(new URL(url))
    url.searchParams.set('login_hint', subject)
    options.edit?.(url.searchParams)
    if (options.hold) await released
    return url
  }
  const isAuthorization = (url: URL) =>
    url.origin === oidcOrigin && /^\/\w+\/auth$/.test(url.pathname)
  await context.route(isAuthorization, async (route: Route) => {
    const url = await edited(new URL(route.request().url()))
    await route.continue({ url: url.href })
  })
  await context.route(
    (url) => url.pathname === '/v1/social/start',
    async (route: Route) => {
      const response = await route.fetch({ maxRedirects: 0 })
      const location = response.headers().location
      if (!location || !isAuthorization(new URL(location))) return route.fulfill({ response })
      const url = await edited(new URL(location))
      await route.fulfill({ response, headers: { ...response.headers(), location: url.href } })
    },
  )
  return { release, authorizations: seen }
}

/** Clicks a social button in Connect (the popup opens on the click) and returns the popup. */
export async function clickSocial(page: Page, name: string): Promise<Page> {
  const popup = page.context().waitForEvent('page')
  await modal(page).dialog.getByRole('button', { name, exact: true }).click()
  return popup
}

/**
 * The social logins the modal offers, in order, by name: the first's text, the others' (a row of
 * marks) by their accessible names.
 */
export function socialNames(page: Page): Promise<string[]> {
  return modal(page)
    .dialog.locator('[data-method="social"]')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? ''),
    )
}
