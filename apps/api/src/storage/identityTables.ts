/**
 * The tables of who a visitor is and what they keep (issues 18, 25, 33): email codes, sessions
 * and changes, the embedded wallet with its devices and proofs, and the social and Farcaster
 * sign-ins with the identities they link. Declared apart from `storage.ts`, which opens the
 * database and names every table.
 */
import type { ColumnType } from 'kysely'
import type { NullableTimestamp, Timestamp, UpdatedTimestamp } from './columnTypes'

/**
 * A one-time code mailed for an email login. Only its HMAC is kept (keyed with the server key,
 * so a stolen database does not give the codes away by trying all million).
 */
export type EmailCodesTable = {
  id: string
  project_id: string
  host_origin: string
  /** Trimmed, lower case. */
  email: string
  code_hash: string
  /**
   * 'signIn', or 'emailChange': one of the two codes of an email change (`email_changes`), which
   * only confirms that change and never signs in.
   */
  purpose: ColumnType<EmailCodePurpose, EmailCodePurpose | undefined, never>
  /** Wrong codes tried against it. */
  attempts: number
  expires_at: Timestamp
  created_at: Timestamp
  /** Set when it signed in, or when a newer code replaced it. */
  used_at: NullableTimestamp
}

export type EmailCodePurpose = 'signIn' | 'emailChange'

/** An email session. The id is the SHA-256 of its token: the token is not kept. */
export type EmailSessionsTable = {
  id: string
  project_id: string
  host_origin: string
  /** Changes when an email change is confirmed: the session follows its account. */
  email: string
  expires_at: Timestamp
  created_at: Timestamp
  /**
   * Set when the visitor signs out, the operator revokes it, or the embedded wallet device it is
   * bound to is revoked.
   */
  revoked_at: NullableTimestamp
  /** The embedded wallet device (`embedded_wallet_devices`) the session is on, once it has one. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>
  /** The social login that started it (`social_grants.provider`); null for an email code's. */
  provider: ColumnType<string | null, string | null | undefined, never>
  /** The account's handle at `provider`, as it was when the session started. */
  handle: ColumnType<string | null, string | null | undefined, never>
}

/**
 * An email change a session asked for: two codes (`email_codes`, purpose 'emailChange'), one
 * mailed to the session's address and one to the new one. Good only for the session that asked.
 */
export type EmailChangesTable = {
  /** 16 random bytes, base64url. */
  id: string
  project_id: string
  host_origin: string
  /** `email_sessions.id` of the session that asked. */
  session_id: string
  /** The address when it was asked for; the change is void once the session's differs. */
  email: string
  new_email: string
  current_code_id: string
  new_code_id: string
  expires_at: Timestamp
  created_at: Timestamp
  confirmed_at: NullableTimestamp
}

/**
 * An email login's embedded wallet on a project: its addresses, the auth share sealed under a
 * key derived from the server key (AES-256-GCM, bound to the project and email), and the
 * recovery share as the frame sealed it (the API can't open it).
 */
export type EmbeddedWalletsTable = {
  project_id: string
  email: string
  evm_address: string
  solana_address: string
  auth_share: string
  recovery_share: string
  /** When it was made, or last started over while pending. */
  created_at: UpdatedTimestamp
  /**
   * Null while pending: made, but its first device has not yet confirmed that it keeps its share
   * and that the visitor has the recovery code. A pending wallet may be started over.
   */
  confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>
}

/**
 * A device of an embedded wallet. The frame keeps its device share encrypted under the device's
 * key, which is kept here sealed like the auth share (bound to the project, email and device) and
 * wiped when the device is revoked: the share left on a lost device then opens for nobody.
 */
export type EmbeddedWalletDevicesTable = {
  project_id: string
  email: string
  /** 16 random bytes, base64url. */
  device_id: string
  /** Null once revoked. */
  sealed_key: string | null
  label: string
  created_at: Timestamp
  /** When the device last had its key. */
  last_used_at: UpdatedTimestamp
  revoked_at: NullableTimestamp
  /** Its public transport key (P-256, base64url) and the wallet EVM key's signature of it. */
  transport_public_key: ColumnType<string | null, string | null | undefined, string | null>
  transport_signature: ColumnType<string | null, string | null | undefined, string | null>
  /** Its share of the wallet's latest split, sealed to its transport key; null when none. */
  next_share: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * A challenge a session's frame signs with its wallet's EVM key to prove the wallet before an
 * action that gives it away (`services/embeddedWallets/walletProof.ts`): once, within 5 minutes,
 * for that session and action.
 */
export type EmbeddedWalletChallengesTable = {
  /** 32 random bytes, base64url: what the message names. */
  id: string
  project_id: string
  host_origin: string
  email: string
  session_id: string
  action: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: ColumnType<Date | string | null, string | null | undefined, string | null>
}

/**
 * A social login under way: its start page set the popup's state cookie (once) and sent it to the
 * provider with this state; the callback that brings it back, with that cookie, uses it once,
 * within 10 minutes. It keeps the PKCE verifier and the nonce the exchange checks, and what binds
 * it to the frame that asked: the hash of the secret the frame keeps, and its email session.
 */
export type SocialAuthorizationsTable = {
  /** 32 random bytes, base64url: the OAuth `state`. */
  state: string
  project_id: string
  host_origin: string
  provider: string
  code_verifier: string
  /** The OpenID nonce; null for a plain OAuth 2 provider. */
  nonce: string | null
  /** The provider's authorization URL the start page redirects to. */
  provider_url: string | null
  /** SHA-256 (hex) of the frame's secret. */
  secret_hash: string | null
  /** `email_sessions.id` of the frame's session when it asked; null when it had none. */
  session_id: string | null
  /** SHA-256 (hex) of the state cookie its start set; null until started. */
  browser_hash: ColumnType<string | null, string | null | undefined, string | null>
  started_at: ColumnType<Date | string | null, string | null | undefined, string | null>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

/**
 * A social account known on a project (its provider and subject) and the account login it signs
 * in to: the address it was linked to, or `social:<provider>:<subject>`. It follows an email change.
 */
export type SocialIdentitiesTable = {
  project_id: string
  provider: string
  subject: string
  login: string
  /** Its name at the provider, as of its last sign-in. */
  handle: string
  created_at: Timestamp
}

/**
 * What a callback hands the popup's opener: the social account the provider proved, good once,
 * for 2 minutes, for one project and host, to the frame of its authorization (its secret and
 * email session). Nothing is linked until that frame redeems it. The id is the SHA-256 of the
 * grant: the grant is not kept.
 */
export type SocialGrantsTable = {
  id: string
  project_id: string
  host_origin: string
  provider: string
  subject: string | null
  handle: string
  secret_hash: string | null
  session_id: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

/**
 * A Sign In With Farcaster under way: the relay's channel (its token, which its sign-in URL
 * carries too), the nonce and domain its message must carry, what the sign-in is for (the project
 * and the site) and the frame it is bound to (the hash of its secret, its email session). Asked
 * about until it is used, within 10 minutes.
 */
export type FarcasterChannelsTable = {
  /** 32 random bytes, base64url: the frame names the channel by it. */
  id: string
  project_id: string
  host_origin: string
  channel_token: string
  nonce: string
  domain: string
  /** SHA-256 (hex) of the secret the frame that opened it keeps. */
  secret_hash: string | null
  /** `email_sessions.id` of the frame's session when it opened it; null when it had none. */
  session_id: string | null
  /** The fid and handle the app's signature proved, kept while the visitor is asked to link it. */
  fid: ColumnType<string | null, string | null | undefined, string | null>
  handle: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}
