/**
 * The API calls of email login and the embedded wallet, as the frame makes them: codes, the
 * email session (an HttpOnly cookie of the modal's origin, sent by the browser, never seen
 * here), the wallet's shares and this device's key; and social login's, which start the same
 * session, and the account's linked identities (socialLogin/socialApi.ts, made through the same
 * calls). Every call names the project
 * and the host origin the bridge observed; what the API answers is checked against its schema
 * before any of it reaches the key code. Failures are the callers' to explain (`quiet`): the
 * views say what went wrong in words.
 */
import {
  type EmailChangeResponse,
  type EmbeddedWalletCreate,
  type EmbeddedWalletDevice,
  type EmbeddedWalletReshare,
  emailChangeConfirmResponseSchema,
  emailChangeResponseSchema,
  emailCodeResponseSchema,
  emailSessionSchema,
  emailSignInResponseSchema,
  embeddedWalletConfirmedSchema,
  embeddedWalletCreatedSchema,
  embeddedWalletDeviceKeySchema,
  embeddedWalletDevicesSchema,
  embeddedWalletResharedSchema,
  embeddedWalletSchema,
  type WalletProof,
  type WalletProofAction,
  walletKeyExportedSchema,
  walletProofChallengeSchema,
} from '@airlock/protocol'
import type { ApiFetch } from '../api'
import { socialApi } from '../socialLogin/socialApi'
import type { ModalStore } from '../stores/store'

export function walletApi(store: ModalStore, apiFetch: ApiFetch) {
  const scope = () => {
    const { config, host } = store.getState()
    if (!config.projectId || !host) throw new Error('The host page is not connected.')
    return {
      project: `/v1/projects/${encodeURIComponent(config.projectId)}`,
      hostOrigin: host.origin,
    }
  }
  const get = async (path: string, query: Record<string, string> = {}) => {
    const { project, hostOrigin } = scope()
    return apiFetch('GET', `${project}${path}`, { query: { hostOrigin, ...query }, quiet: true })
  }
  const post = async (path: string, body: Record<string, unknown>) => {
    const { project, hostOrigin } = scope()
    return apiFetch('POST', `${project}${path}`, { body: { hostOrigin, ...body }, quiet: true })
  }
  const put = async (path: string, body: Record<string, unknown>) => {
    const { project, hostOrigin } = scope()
    return apiFetch('PUT', `${project}${path}`, { body: { hostOrigin, ...body }, quiet: true })
  }
  /** A DELETE names the site in its query; `body`, when given, goes as JSON (a proof). */
  const remove = async (path: string, body?: Record<string, unknown>) => {
    const { project, hostOrigin } = scope()
    return apiFetch('DELETE', `${project}${path}`, {
      query: { hostOrigin },
      ...(body ? { body } : {}),
      quiet: true,
    })
  }

  return {
    /** Mails a 6-digit code to `email`; resolves when it was sent. */
    requestCode: async (email: string) =>
      emailCodeResponseSchema.parse(await post('/email/codes', { email })),
    /**
     * The code starts the email session (its cookie set by the answer); a wrong one is answered,
     * not thrown: `{ verified: false, triesLeft }`.
     */
    signIn: async (email: string, code: string) =>
      emailSignInResponseSchema.parse(await post('/email/sessions', { email, code })),
    /** The email of this frame's session. @throws HttpError 401 when there is none. */
    session: async () => emailSessionSchema.parse(await get('/email/session')),
    signOut: () => remove('/email/session'),

    /** The email's wallet, with this device's key when `deviceId` is given. */
    wallet: async (deviceId?: string) =>
      embeddedWalletSchema.parse(await get('/embedded-wallet', deviceId ? { deviceId } : {})),
    /** Keeps the wallet just made, pending, with this device as its first; answers its key. */
    createWallet: async (wallet: Omit<EmbeddedWalletCreate, 'hostOrigin'>) =>
      embeddedWalletCreatedSchema.parse(await post('/embedded-wallet', wallet)),
    /** Keeps the wallet just made in place of the email's pending one (or as its first). */
    startWalletOver: async (wallet: Omit<EmbeddedWalletCreate, 'hostOrigin'>) =>
      embeddedWalletCreatedSchema.parse(await put('/embedded-wallet', wallet)),
    /** Confirms the pending wallet this session's device made. */
    confirmWallet: async () =>
      embeddedWalletConfirmedSchema.parse(await post('/embedded-wallet/confirmation', {})),
    /** Registers this device after a recovery, with a proof of the wallet; answers its key. */
    addDevice: async (label: string, proof: WalletProof) =>
      embeddedWalletDeviceKeySchema.parse(await post('/embedded-wallet/devices', { label, proof })),
    devices: async (): Promise<EmbeddedWalletDevice[]> =>
      embeddedWalletDevicesSchema.parse(await get('/embedded-wallet/devices')).devices,
    /** Registers this device's public transport key, signed by the wallet's EVM key. */
    registerTransportKey: (deviceId: string, key: { publicKey: string; signature: string }) =>
      put(`/embedded-wallet/devices/${encodeURIComponent(deviceId)}/transport-key`, key),
    /** A challenge to sign with the wallet's key before `action`. */
    walletProofChallenge: async (action: WalletProofAction) =>
      walletProofChallengeSchema.parse(await post('/embedded-wallet/challenges', { action })),
    /** Replaces the wallet's shares with a new split (and revokes a device, when named). */
    reshare: async (reshare: Omit<EmbeddedWalletReshare, 'hostOrigin'>) =>
      embeddedWalletResharedSchema.parse(await post('/embedded-wallet/shares', reshare)),
    /** The API takes the proof of the wallet before the frame shows its keys. */
    allowKeyExport: async (proof: WalletProof) =>
      walletKeyExportedSchema.parse(await post('/embedded-wallet/key-exports', { proof })),

    ...socialApi({ get, post, remove }),

    /** Mails a code to the session's address and one to `newEmail`; the wallet's proof with it. */
    startEmailChange: async (newEmail: string, proof?: WalletProof): Promise<EmailChangeResponse> =>
      emailChangeResponseSchema.parse(
        await post('/email/change', { newEmail, ...(proof ? { proof } : {}) }),
      ),
    confirmEmailChange: async (change: {
      changeId: string
      currentCode: string
      newCode: string
    }) => emailChangeConfirmResponseSchema.parse(await post('/email/change/confirm', change)),
  }
}
export type WalletApi = ReturnType<typeof walletApi>
