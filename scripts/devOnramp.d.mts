// Types of devOnramp.mjs for the TypeScript configs that import it.
export declare const devOnrampKeys: {
  readonly meldApiKey: string
  readonly meldWebhookSecret: string
  readonly coinbaseAppId: string
  readonly coinbaseKeyId: string
  readonly coinbaseWebhookSecret: string
}

export type DevOnramp = {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** `AIRLOCK_ONRAMP_TEST_PROVIDERS_URL` and the stand-ins' keys and webhook secrets. */
  env(): Record<string, string>
  close(): Promise<void>
}

export declare function startDevOnramp(options: {
  port?: number
  /** The API's public origin, where the webhooks are posted. */
  apiUrl: string
  quiet?: boolean
}): Promise<DevOnramp>
