/**
 * The embedded wallet of an email login, in the frame: the code sign-in, then the wallet made,
 * opened or recovered, and its signers handed to the AUTH connectors. Loaded on demand
 * (lazyEmbeddedWallet.ts), in its own chunk with the key code.
 *
 * - Made (the email's first sign-in): the secret is drawn here and split 2 of 3; the API keeps
 *   the auth share and the recovery share sealed with a new recovery code the visitor keeps;
 *   this device keeps its share sealed under a key the API gives it.
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
  type EmbeddedWallet,
  type HostWalletEvent,
  namespaceOf,
  type SocialProvider,
} from '@airlock/protocol'
import { privateKeyToAccount } from 'viem/accounts'
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
import { deviceShares, openDeviceShare, sealDeviceShare } from './deviceShare'
import { createEvmAccounts, type EvmAccountType } from './evmAccounts'
import { createEvmSigner } from './evmSigner'
import { createRecoveryCode, openRecoveryShare, sealRecoveryShare } from './recoveryShare'
import { createSolanaSigner } from './solanaSigner'
import { deriveWalletAccounts } from './walletAccounts'
import { walletApi } from './walletApi'
import {
  combineShares,
  createWalletSecret,
  decodeShare,
  encodeShare,
  splitWalletSecret,
} from './walletSecret'

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
 * How a sign-in ended: the wallet is ready (made now: with the recovery code to show once), or
 * this device has no share of it and the recovery code is needed.
 */
export type WalletOpening =
  | { status: 'ready' }
  | { status: 'created'; recoveryCode: string }
  | { status: 'needsRecovery' }

/** How a social or Farcaster sign-in ends: as any sign-in, or asking the visitor about a link. */
export type SocialOpening = WalletOpening | LinkQuestion<WalletOpening>

/** The wallet the API gave back does not match the secret its shares make. */
export class WalletMismatchError extends Error {
  override name = 'EmbeddedWalletLoadError'
  constructor() {
    super("The wallet's shares do not make the wallet the API keeps: it can't be opened.")
  }
}

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

/** A short name for this device, for the visitor's list of devices: "Chrome on Linux". */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? 'Browser'
  const system =
    [
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? 'an unknown system'
  return `${browser} on ${system}`
}

export function createEmbeddedWallet(deps: EmbeddedWalletDeps) {
  const { store, persistence } = deps
  const api = walletApi(store, deps.apiFetch)
  const shares = deviceShares(persistence)
  const approvals = createApprovals(store, deps)
  // The wallet this device must recover with the code: the email and what the API gave back.
  let recovering: { email: string; wallet: EmbeddedWallet } | undefined
  // The unlocked wallet's signers, while it is unlocked.
  let unlocked: UnlockedWallet | undefined
  // How the current session signed in: by email, or with a social provider and its handle.
  let profile: LoginProfile = {}

  const hooks: AuthConnectorHooks = {
    onChainChanged: (chainId) =>
      deps.onWalletEvent({ walletId: embeddedWalletId, event: 'chainChanged', data: chainId }),
    signOut,
  }

  /** The network a signer starts on: the active one when of its namespace, else the site's first. */
  function startNetwork(namespace: 'eip155' | 'solana') {
    const { networks, activeNetwork } = store.getState()
    if (namespaceOf(activeNetwork) === namespace) return activeNetwork
    return networks.find((network) => namespaceOf(network.caipNetworkId) === namespace)
      ?.caipNetworkId
  }

  /** Derives the accounts, checks them against the API's, and hands the signers on. */
  async function unlock(email: string, secret: Uint8Array, expected: EmbeddedWallet | undefined) {
    const accounts = deriveWalletAccounts(secret)
    secret.fill(0)
    if (
      expected &&
      (expected.evmAddress !== accounts.evm.address ||
        expected.solanaAddress !== accounts.solana.address)
    )
      throw new WalletMismatchError()
    const { networks } = store.getState()
    const evmNetwork = startNetwork('eip155')
    const solanaNetwork = startNetwork('solana')
    const eoa =
      evmNetwork &&
      createEvmSigner({
        privateKey: accounts.evm.privateKey,
        networks,
        network: evmNetwork,
        approve: approvals.ask,
      })
    // The EOA and the smart account its key owns: the active one answers for the EVM side.
    const evmAccounts =
      eoa &&
      createEvmAccounts({
        store,
        apiFetch: deps.apiFetch,
        persistence,
        owner: privateKeyToAccount(accounts.evm.privateKey),
        eoa,
        approve: approvals.ask,
        onAccountChanged: (address) =>
          deps.onWalletEvent({
            walletId: embeddedWalletId,
            event: 'accountsChanged',
            data: [address],
          }),
        onTimeout: () => showAlert(store, alerts.requestTimeout),
      })
    const solana =
      solanaNetwork &&
      createSolanaSigner({
        secretKey: accounts.solana.secretKey,
        networks,
        network: solanaNetwork,
        approve: approvals.ask,
      })
    accounts.solana.secretKey.fill(0)
    if (evmAccounts) await evmAccounts.settle()
    unlocked = {
      email,
      ...profile,
      evm: evmAccounts || undefined,
      solana: solana || undefined,
    }
    deps.setConnectors(authConnectors(unlocked, hooks))
  }

  /** Makes the email's wallet, this device its first. */
  async function create(email: string): Promise<WalletOpening> {
    const secret = createWalletSecret()
    const split = await splitWalletSecret(secret)
    const { evm, solana } = deriveWalletAccounts(secret)
    solana.secretKey.fill(0)
    const recoveryCode = createRecoveryCode()
    let created: Awaited<ReturnType<typeof api.createWallet>>
    try {
      created = await api.createWallet({
        evmAddress: evm.address,
        solanaAddress: solana.address,
        authShare: encodeShare(split.auth),
        recoveryShare: await sealRecoveryShare(split.recovery, recoveryCode),
        deviceLabel: deviceLabel(navigator.userAgent),
      })
    } catch (error) {
      secret.fill(0)
      // Another sign-in of the same email made it meanwhile: that one is the wallet.
      if (apiCode(error) === 'embeddedWalletExists') return open(email, { create: false })
      throw error
    }
    await shares.keep(email, {
      deviceId: created.device.deviceId,
      sealedShare: await sealDeviceShare(split.device, created.device),
    })
    await unlock(email, secret, undefined)
    return { status: 'created', recoveryCode }
  }

  /** Opens the email's wallet on this device, or says it needs the recovery code. */
  async function open(email: string, { create: mayCreate }: { create: boolean }) {
    const kept = await shares.of(email)
    let wallet: Awaited<ReturnType<typeof api.wallet>>
    try {
      wallet = await api.wallet(kept?.deviceId)
    } catch (error) {
      const code = apiCode(error)
      if (code === 'embeddedWalletNotFound' && mayCreate) return create(email)
      if (code !== 'embeddedWalletDeviceRevoked' && code !== 'embeddedWalletDeviceNotFound')
        throw error
      // This device was removed from the wallet: what it kept opens nothing any more.
      await shares.forget(email)
      return open(email, { create: mayCreate })
    }
    if (!kept || !wallet.device) {
      recovering = { email, wallet }
      return { status: 'needsRecovery' } as const
    }
    const deviceShare = await openDeviceShare(kept.sealedShare, wallet.device)
    const secret = await combineShares(deviceShare, decodeShare(wallet.authShare))
    await unlock(email, secret, wallet)
    return { status: 'ready' } as const
  }

  /**
   * A social login or Farcaster started the session: its provider and handle are kept. A social
   * account just linked to the wallet open here leaves it as it is.
   */
  async function socialSignedIn(session: {
    email: string
    provider?: SocialProvider | undefined
    handle?: string | undefined
  }): Promise<WalletOpening> {
    if (unlocked?.email === session.email) return { status: 'ready' }
    profile = profileOf(session)
    return open(session.email, { create: true })
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
    approvals.declineAll()
    unlocked = undefined
    deps.setConnectors([])
    store.setState({ accountType: undefined, smartAccountAvailable: false })
    recovering = undefined
    await api.signOut().catch(() => undefined)
  }

  return {
    api,
    approvals,
    /** Mails the sign-in code. */
    requestCode: (email: string) => api.requestCode(email),
    /** The code starts the session; then the wallet is made, opened, or needs recovering. */
    async signIn(email: string, code: string): Promise<WalletOpening> {
      const session = await api.signIn(email, code)
      profile = {}
      return open(session.email, { create: true })
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
      const secret = await combineShares(recoveryShare, decodeShare(wallet.authShare))
      const device = await api.addDevice(deviceLabel(navigator.userAgent))
      await shares.keep(email, {
        deviceId: device.deviceId,
        sealedShare: await sealDeviceShare(recoveryShare, device),
      })
      recovering = undefined
      await unlock(email, secret, wallet)
    },
    /**
     * After a reload: the wallet of the email session this frame has, opened silently when this
     * device keeps a share of it. A failure other than "no session" shows 'Embedded Wallet Load
     * Failed'.
     */
    async restore(): Promise<void> {
      let email: string
      try {
        const session = await api.session()
        email = session.email
        profile = profileOf(session)
      } catch {
        return
      }
      try {
        await open(email, { create: false })
      } catch {
        showAlert(store, alerts.embeddedWalletLoadFailed)
      }
    },
    signOut,
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
