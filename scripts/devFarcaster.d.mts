// Types of devFarcaster.mjs for the TypeScript configs that import it.
import type { Address, Hex } from 'viem'

/** A dev Farcaster account; its custody key is one of anvil's public dev keys. */
export type DevFarcasterAccount = {
  readonly username: string
  readonly fid: number
  readonly displayName: string
  readonly bio: string
  /** A data: URI, or none. */
  readonly pfpUrl?: string
  readonly custody: Address
  readonly privateKey: Hex
  /** Whether the dev chain's IdRegistry has `custody` as the owner of `fid` (not mallory's). */
  readonly registered: boolean
}

/** alice (fid 1001, anvil #5), bob (fid 1002, anvil #6), mallory (claims 1001, anvil #7). */
export declare const devFarcasterAccounts: readonly DevFarcasterAccount[]

/** The `X-Farcaster-Auth-Relay-Key` the dev relay accepts by default. */
export declare const devFarcasterAuthKey: string

/** A sign-in the dev app made: what it signed and sent to the relay. */
export type DevFarcasterSignIn = {
  channelToken: string
  username: string
  fid: number
  /** The address that signed: the account's custody address. */
  custody: Address
  message: string
  signature: Hex
}

export type DevFarcaster = {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The `relay` for auth-client's `createAppClient` (it adds `/v1/...`). */
  relayUrl: string
  /** The relay's `X-Farcaster-Auth-Relay-Key`. */
  authKey: string
  accounts: readonly DevFarcasterAccount[]
  /** Signs in to the channel of `signInUrl` (its `url`) as `username`, as the page's button does. */
  approve(signInUrl: string | URL, options: { username: string }): Promise<DevFarcasterSignIn>
  close(): Promise<void>
}

export declare function startDevFarcaster(options?: {
  /** Default 8792; 0 for a free port. */
  port?: number
  /** An anvil chain: the registries are installed there and the relay reads custody from it. */
  rpcUrl?: string
  quiet?: boolean
  authKey?: string
  /** Seconds a channel lives from its opening (the relay's CHANNEL_TTL); default 3600. */
  channelTtl?: number
}): Promise<DevFarcaster>
