/**
 * The embedded wallet of an email login, in the frame: the code sign-in, then the wallet made,
 * opened or recovered, and its signers handed to the AUTH connectors. Loaded on demand
 * (lazyEmbeddedWallet.ts), in its own chunk with the key code.
 *
 * - Made (the email's first sign-in): the secret is drawn here and split 2 of 3; the API keeps
 *   the auth share and the recovery share sealed with a new recovery code the visitor keeps;
 *   this device keeps its share sealed under a key the API gives it. The wallet is pending until
 *   this device read its share back, rebuilt the wallet with it, and the visitor typed part of
 *   the code back; then the API confirms it and it unlocks. Until then a sign-in resumes it (the
 *   same code again, when this device keeps its share) or starts it over (new secret, new shares).
 * - Opened (this device again): the device share, opened with the device's key, and the auth
 *   share, both released by the API only to the email's session.
 * - Recovered (a new device, or a revoked one): the recovery code opens the recovery share,
 *   which with the auth share gives the secret; this device then registers and keeps the
 *   recovery share as its own, sealed under its new key.
 *
 * The secret never leaves this chunk: not to the bridge, not to the store, not to the API.
 */

import {
  alerts,
  connectionErrors,
  type EmailCodeRejected,
  type EmbeddedWallet,
  type HostWalletEvent,
  type SocialProvider,
} from '@airlock/protocol'
import { type ApiFetch, HttpError } from '../api'
import {
  type AuthConnectorHooks,
  authConnectors,
  type UnlockedWallet,
} from '../connectors/embeddedWallet/authConnectors'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { Connector } from '../connectors/types'
import { farcasterChannel, farcasterSession } from '../socialLogin/farcasterLogin'
import type { FarcasterChannelHandle } from '../socialLogin/socialApi'
import { socialSession } from '../socialLogin/socialSession'
import type { LinkQuestion, SocialSignIn } from '../socialLogin/socialSignIn'
import { showAlert } from '../stores/controllers'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { type ApprovalViews, createApprovals } from './approvals'
import { deviceLabel } from './deviceLabel'
import {
  DeviceShareStorageError,
  deviceShares,
  type KeptDeviceShare,
  openDeviceShare,
  openPendingRecoveryCode,
  sealDeviceShare,
  sealPendingRecoveryCode,
} from './deviceShare'
import type { EvmAccountType } from './evmAccounts'
import { createKeyLifecycle } from './keyLifecycle'
import { createRecoveryCode, openRecoveryShare, sealRecoveryShare } from './recoveryShare'
import { deriveWalletAccounts, type WalletAccounts } from './walletAccounts'
import { walletApi } from './walletApi'
import {
  combineShares,
  createWalletSecret,
  decodeShare,
  encodeShare,
  splitWalletSecret,
  type WalletShareError,
} from './walletSecret'
import { createWalletSigners } from './walletSigners'

export type EmbeddedWalletDeps = ApprovalViews & {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
  /** The wallet's events, as the connection actions take any wallet's. */
  onWalletEvent(event: HostWalletEvent): void
  /** The AUTH connectors of the unlocked wallet; [] once locked. */
  setConnectors(connectors: Connector[]): void
}

/**
 * How a sign-in ended: the wallet is ready; or it is pending, made now or earlier on this device
 * (`resumed`), with its recovery code to save and confirm; or this device has no share of it and
 * the recovery code is needed.
 */
export type WalletOpening =
  | { status: 'ready' }
  | { status: 'created'; recoveryCode: string; resumed: boolean }
  | { status: 'needsRecovery' }

/** How a social or Farcaster sign-in ends: as any sign-in, or asking the visitor about a link. */
export type SocialOpening = WalletOpening | LinkQuestion<WalletOpening>

/** A social login's provider and handle, as the session says them; an email login has none. */
type LoginProfile = { provider?: SocialProvider; handle?: string }
const profileOf = ({
  provider,
  handle,
}: {
  provider?: SocialProvider | undefined
  handle?: string | undefined
}): LoginProfile => ({
  ...(provider ? { provider } : {}),
  ...(handle ? { handle } : {}),
})

const apiCode = (error: unknown) => (error instanceof HttpError ? error.code : undefined)

export function createEmbeddedWallet(deps: EmbeddedWalletDeps) {
  const { store, persistence } = deps
  const api = walletApi(store, deps.apiFetch)
  const shares = deviceShares(persistence)
  const lifecycle = createKeyLifecycle({
    api,
    shares,
    scope: () => {
      const { config, host } = store.getState()
      return { projectId: config.projectId ?? '', hostOrigin: host?.origin ?? '' }
    },
  })
  const approvals = createApprovals(store, deps)
  // The wallet this device must recover with the code: the email and what the API gave back.
  let recovering: { email: string; wallet: EmbeddedWallet } | undefined
  // The pending wallet this device made, whose recovery code the visitor is to confirm.
  let pending: { email: string } | undefined
  // The unlocked wallet's signers, while it is unlocked.
  let unlocked: UnlockedWallet | undefined
  // How the current session signed in: by email, or with a social provider and its handle.
  let profile: LoginProfile = {}
  // Sign-outs so far: a wallet opened for a session that was signed out meanwhile (a reload's
  // restore still under way when the visitor disconnected) is not unlocked.
  let signOuts = 0

  const hooks: AuthConnectorHooks = {
    onChainChanged: (chainId) =>
      deps.onWalletEvent({ walletId: embeddedWalletId, event: 'chainChanged', data: chainId }),
    signOut,
  }

  /** The secret's accounts (the secret wiped), checked against the API's. */
  function accountsOf(secret: Uint8Array, expected: EmbeddedWallet): WalletAccounts {
    const accounts = lifecycle.accountsOf(secret, expected)
    secret.fill(0)
    return accounts
  }

  /**
   * Derives the accounts, checks them against the API's, registers this device's transport key
   * when the API has none, and hands the signers on.
   */
  async function unlock(
    email: string,
    secret: Uint8Array,
    expected: EmbeddedWallet,
    device: { deviceId: string; deviceKey: string; transportKey?: boolean } | undefined,
    signOutsBefore = signOuts,
  ) {
    const accounts = accountsOf(secret, expected)
    if (device)
      await lifecycle.registerTransportKey(
        email,
        device,
        device.transportKey ?? false,
        accounts.evm.privateKey,
      )
    await unlockAccounts(email, accounts, signOutsBefore)
  }

  /** Hands the signers of checked accounts on, unless the session was signed out meanwhile. */
  async function unlockAccounts(
    email: string,
    accounts: WalletAccounts,
    signOutsBefore = signOuts,
  ) {
    const signers = await createWalletSigners({ ...deps, approvals }, accounts)
    if (signOuts !== signOutsBefore) return
    unlocked = { email, ...profile, ...signers }
    deps.setConnectors(authConnectors(unlocked, hooks))
  }

  /**
   * Makes the email's wallet, this device its first, pending: kept at the API (or, `over`, in
   * place of its pending one), then this device's share and the code kept here, read back.
   * @throws DeviceShareStorageError when this device's storage did not keep them.
   */
  async function create(email: string, { over }: { over: boolean }): Promise<WalletOpening> {
    const secret = createWalletSecret()
    const split = await splitWalletSecret(secret)
    const { evm, solana } = deriveWalletAccounts(secret)
    solana.secretKey.fill(0)
    const recoveryCode = createRecoveryCode()
    const wallet = {
      evmAddress: evm.address,
      solanaAddress: solana.address,
      authShare: encodeShare(split.auth),
      recoveryShare: await sealRecoveryShare(split.recovery, recoveryCode, secret),
      deviceLabel: deviceLabel(navigator.userAgent),
    }
    secret.fill(0)
    let created: Awaited<ReturnType<typeof api.createWallet>>
    try {
      created = over ? await api.startWalletOver(wallet) : await api.createWallet(wallet)
    } catch (error) {
      // Another sign-in of the same email made it meanwhile, or confirmed it: that one is the
      // wallet.
      if (apiCode(error) === 'embeddedWalletExists') return open(email)
      throw error
    }
    pending = { email }
    await shares.keep(email, {
      deviceId: created.device.deviceId,
      sealedShare: await sealDeviceShare(split.device, created.device),
      sealedRecoveryCode: await sealPendingRecoveryCode(recoveryCode, created.device),
    })
    return { status: 'created', recoveryCode, resumed: false }
  }

  /**
   * A pending wallet found at a sign-in: when this device made it and keeps its share and code,
   * the same code again, to confirm; else (made elsewhere, or what this device kept is gone) it
   * starts over.
   */
  async function resume(
    email: string,
    kept: KeptDeviceShare | undefined,
    wallet: EmbeddedWallet,
  ): Promise<WalletOpening> {
    if (kept?.sealedRecoveryCode && wallet.device) {
      const recoveryCode = await openPendingRecoveryCode(
        kept.sealedRecoveryCode,
        wallet.device,
      ).catch(() => undefined)
      if (recoveryCode) {
        pending = { email }
        return { status: 'created', recoveryCode, resumed: true }
      }
    }
    return create(email, { over: true })
  }

  /**
   * After a sign-in: the email's wallet opened on this device, made, resumed or started over
   * while pending, or waiting for the recovery code.
   */
  async function open(email: string, hasWallet?: boolean): Promise<WalletOpening> {
    // The session said the account has no wallet yet: make it, without asking the API for one
    // it would answer 404 for (an error in the visitor's console on a first sign-in).
    if (hasWallet === false) return create(email, { over: false })
    const kept = await shares.of(email)
    let wallet: Awaited<ReturnType<typeof api.wallet>>
    try {
      wallet = await api.wallet(kept?.deviceId)
    } catch (error) {
      const code = apiCode(error)
      if (code === 'embeddedWalletNotFound') return create(email, { over: false })
      if (code !== 'embeddedWalletDeviceRevoked' && code !== 'embeddedWalletDeviceNotFound')
        throw error
      // This device was removed from the wallet, or a start over elsewhere replaced it: what it
      // kept opens nothing any more.
      await shares.forget(email)
      return open(email)
    }
    if (wallet.confirmedAt === null) return resume(email, kept, wallet)
    if (!kept || !wallet.device) {
      recovering = { email, wallet }
      return { status: 'needsRecovery' }
    }
    try {
      await openKept(email, kept, wallet)
    } catch (error) {
      // A split this device got no share of (it had no transport key then): the recovery code.
      if ((error as Partial<WalletShareError>)?.reason !== 'sharesDoNotMatch') throw error
      recovering = { email, wallet }
      return { status: 'needsRecovery' }
    }
    return { status: 'ready' }
  }

  /** Opens a confirmed wallet with the share this device keeps. */
  async function openKept(
    email: string,
    kept: KeptDeviceShare,
    wallet: EmbeddedWallet,
    signOutsBefore = signOuts,
  ) {
    // A code kept while the wallet was pending, whose forgetting failed then: forgotten now.
    if (kept.sealedRecoveryCode) {
      const { sealedRecoveryCode: _, ...rest } = kept
      await shares.keep(email, rest).catch(() => undefined)
    }
    const secret = await lifecycle.secretOf(email, (await shares.of(email)) ?? kept, wallet)
    await unlock(email, secret, wallet, wallet.device, signOutsBefore)
  }

  /** The unlocked wallet's email. @throws 'Not connected to email or social' while locked. */
  function unlockedEmail(): string {
    if (!unlocked) throw new Error(connectionErrors.notConnectedToEmailOrSocial)
    return unlocked.email
  }

  /**
   * A social login or Farcaster started the session: its provider and handle are kept. A social
   * account just linked to the wallet open here leaves it as it is.
   */
  async function socialSignedIn(session: {
    email: string
    provider?: SocialProvider | undefined
    handle?: string | undefined
    hasWallet?: boolean | undefined
  }): Promise<WalletOpening> {
    if (unlocked?.email === session.email) return { status: 'ready' }
    profile = profileOf(session)
    return open(session.email, session.hasWallet)
  }

  /** The wallet of a social sign-in, or the visitor's question of a link first. */
  async function socialOpened(signIn: SocialSignIn): Promise<SocialOpening> {
    if ('session' in signIn) return socialSignedIn(signIn.session)
    return {
      status: 'confirmLink',
      link: signIn.confirmLink,
      confirm: async () => socialSignedIn(await signIn.link()),
    }
  }

  async function signOut() {
    signOuts++
    approvals.declineAll()
    unlocked = undefined
    deps.setConnectors([])
    store.setState({ accountType: undefined, smartAccountAvailable: false })
    recovering = undefined
    pending = undefined
    await api.signOut().catch(() => undefined)
  }

  return {
    api,
    approvals,
    /** Mails the sign-in code. */
    requestCode: (email: string) => api.requestCode(email),
    /**
     * The code starts the session; `openWallet` then opens its wallet. A wrong code starts none:
     * its answer (the tries left) is returned for the view to say.
     */
    async signIn(email: string, code: string): Promise<EmailCodeRejected | undefined> {
      const signedIn = await api.signIn(email, code)
      if ('verified' in signedIn) return signedIn
      profile = {}
      return undefined
    },
    /**
     * The wallet of the frame's session: opened, made, resumed or started over while pending, or
     * waiting for the recovery code. Again after a failure (a lost answer, a storage that did not
     * keep the share): a pending wallet is resumed or started over, never left half-made.
     */
    async openWallet(): Promise<WalletOpening> {
      const session = await api.session()
      return open(session.email, session.hasWallet)
    },
    /**
     * The visitor typed part of the pending wallet's recovery code back: this device reads its
     * share back from its storage and rebuilds the wallet with it, the API confirms it, the code
     * is forgotten here, and the wallet unlocks.
     * @throws DeviceShareStorageError when this device no longer has its share; the API's
     *   refusal when the wallet was started over elsewhere (then `startOver`).
     */
    async confirmRecoveryCode(): Promise<void> {
      if (!pending) throw new Error('No wallet is waiting to be confirmed: sign in again.')
      const { email } = pending
      const kept = await shares.of(email)
      if (!kept) throw new DeviceShareStorageError()
      const wallet = await api.wallet(kept.deviceId)
      if (!wallet.device) throw new DeviceShareStorageError()
      const deviceShare = await openDeviceShare(kept.sealedShare, wallet.device)
      const accounts = accountsOf(
        await combineShares(deviceShare, decodeShare(wallet.authShare)),
        wallet,
      )
      try {
        await api.confirmWallet()
      } catch (error) {
        accounts.solana.secretKey.fill(0)
        throw error
      }
      pending = undefined
      // Forgetting the code may fail; the next opening forgets it then (openKept).
      const { sealedRecoveryCode: _, ...rest } = kept
      await shares.keep(email, rest).catch(() => undefined)
      await lifecycle.registerTransportKey(email, wallet.device, false, accounts.evm.privateKey)
      await unlockAccounts(email, accounts)
    },
    /** Starts the pending wallet over: a new secret, new shares, a new recovery code. */
    async startOver(): Promise<WalletOpening> {
      if (!pending) throw new Error('No wallet is waiting to be confirmed: sign in again.')
      return create(pending.email, { over: true })
    },
    /**
     * A social login in `popup` (opened by the visitor's click), up to the session
     * (socialLogin/socialSession.ts); then the wallet as after an email sign-in.
     */
    socialLogin: async (provider: SocialProvider, popup: Window) =>
      socialOpened(await socialSession(api, provider, popup)),
    /** Opens a Sign In With Farcaster channel (socialLogin/farcasterLogin.ts). */
    farcasterChannel: () => farcasterChannel(api),
    /**
     * Waits for the visitor's Farcaster app to sign on `channel` (socialLogin/farcasterLogin.ts);
     * then the wallet as after an email sign-in.
     */
    farcasterLogin: async (channel: FarcasterChannelHandle, signal: AbortSignal) =>
      socialOpened(await farcasterSession(api, channel, signal)),
    /**
     * The recovery code opens the wallet on this device, which then keeps a share of its own.
     * @throws RecoveryCodeError when the code is not one, or not this wallet's.
     */
    async recover(recoveryCode: string): Promise<void> {
      if (!recovering) throw new Error('No wallet is waiting to be recovered: sign in again.')
      const { email, wallet } = recovering
      const recoveryShare = await openRecoveryShare(wallet.recoveryShare, recoveryCode)
      const accounts = accountsOf(
        await combineShares(recoveryShare, decodeShare(wallet.authShare)),
        wallet,
      )
      // The key the code rebuilt proves the wallet: an inbox alone adds no device.
      const proof = await lifecycle.prove('addDevice', accounts.evm.privateKey)
      const device = await api.addDevice(deviceLabel(navigator.userAgent), proof)
      await shares.keep(email, {
        deviceId: device.deviceId,
        sealedShare: await sealDeviceShare(recoveryShare, device),
      })
      recovering = undefined
      await lifecycle.registerTransportKey(email, device, false, accounts.evm.privateKey)
      await unlockAccounts(email, accounts)
    },
    /**
     * After a reload: the wallet of the email session this frame has, opened silently when it is
     * confirmed and this device keeps a share of it (a pending one waits for a sign-in). A failure
     * other than "no session" shows 'Embedded Wallet Load Failed'.
     */
    async restore(): Promise<void> {
      const signOutsBefore = signOuts
      let email: string
      try {
        const session = await api.session()
        email = session.email
        profile = profileOf(session)
      } catch {
        return
      }
      try {
        const kept = await shares.of(email)
        if (!kept) return
        let wallet: Awaited<ReturnType<typeof api.wallet>>
        try {
          wallet = await api.wallet(kept.deviceId)
        } catch (error) {
          const code = apiCode(error)
          if (code !== 'embeddedWalletDeviceRevoked' && code !== 'embeddedWalletDeviceNotFound')
            throw error
          await shares.forget(email)
          return
        }
        if (wallet.confirmedAt !== null) await openKept(email, kept, wallet, signOutsBefore)
      } catch {
        showAlert(store, alerts.embeddedWalletLoadFailed)
      }
    },
    signOut,
    /**
     * A new recovery code, a device removed, the keys exported, the email changed, a way in
     * unlinked: keyLifecycle.ts.
     */
    ...lifecycle.visitorActions(unlockedEmail),
    /**
     * Account's switch between the EOA and the smart account (spec §4 "Other"), kept as the
     * visitor's choice on the wallet's network.
     * @throws 'Not connected to email or social' while locked; when the smart account is not
     *   available on the network.
     */
    async switchAccountType(to: EvmAccountType) {
      if (!unlocked?.evm) throw new Error(connectionErrors.notConnectedToEmailOrSocial)
      await unlocked.evm.switchTo(to)
    },
    /**
     * The session's email changed (UpdateEmailWallet): this device's share is kept under the new
     * address, and the connectors say it.
     */
    async emailChanged(from: string, to: string) {
      const kept = await shares.of(from)
      if (kept) {
        await shares.keep(to, kept)
        await shares.forget(from)
      }
      if (unlocked?.email !== from) return
      unlocked = { ...unlocked, email: to }
      deps.setConnectors(authConnectors(unlocked, hooks))
    },
  }
}
export type EmbeddedWalletController = ReturnType<typeof createEmbeddedWallet>
