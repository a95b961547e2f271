// Types of devOidc.mjs for the TypeScript configs that import it.
export declare const devOidcProviders: readonly string[]

/** Who a visitor is when the authorization request has no `login_hint`. */
export type DevOidcAccount = { subject: string; name?: string; email?: string }

export type DevOidc = {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The issuer of a provider name: `http://127.0.0.1:<port>/<provider>`. */
  issuer(provider: string): string
  /** `<provider>-client`. */
  clientId(provider: string): string
  /** `dev-secret-<provider>`. */
  clientSecret(provider: string): string
  /** `AIRLOCK_SOCIAL_<PROVIDER>_CLIENT_ID`, `…_CLIENT_SECRET` and `…_ISSUER` for every issuer. */
  env(): Record<string, string>
  /** Has the next ID token of `provider` signed again with the claims `edit` returns. */
  tamperNextIdToken(
    provider: string,
    edit: (claims: Record<string, unknown>) => Record<string, unknown>,
  ): void
  /**
   * Goes through an authorization request as a browser would; the URL the provider finally
   * sends the visitor to (the redirect URI with `code` and `state`, or `error`).
   */
  authorize(authorizationUrl: string | URL): Promise<URL>
  close(): Promise<void>
}

export declare function startDevOidc(options: {
  port?: number
  providers?: readonly string[]
  redirectUris: string[]
  account?: DevOidcAccount
  quiet?: boolean
}): Promise<DevOidc>
