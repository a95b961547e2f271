/**
 * The wallet's key lifecycle in the frame (issue 33, point 5): the secret rebuilt on demand from
 * this device's share and the auth share (taking this device's share of a newer split when one
 * waits for it); this device's transport key registered; proofs of the wallet signed for the API
 * (only messages this frame writes itself) for what gives the wallet away (point 3); a new split
 * of the same secret — with a new recovery code, or a device revoked — sealed to each live
 * device; the keys for export, shown only in the frame. The secret is wiped after each use and
 * never leaves this chunk.
 */
import {
  type EmbeddedWallet,
  type EmbeddedWalletReshared,
  type SocialProvider,
  transportKeyMessage,
  type WalletProof,
  type WalletProofAction,
  walletProofMessage,
} from '@airlock/protocol'
import { getBase58Decoder } from '@solana/kit'
import { type Hex, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  DeviceShareStorageError,
  type DeviceShares,
  type KeptDeviceShare,
  openDeviceShare,
  openTransportKey,
  sealDeviceShare,
  sealTransportKey,
} from './deviceShare'
import {
  createTransportKey,
  openShareForDevice,
  publicKeyOf,
  sealShareToDevice,
} from './deviceTransport'
import { createRecoveryCode, resealRecoveryShare, sealRecoveryShare } from './recoveryShare'
import { deriveWalletAccounts, type WalletAccounts } from './walletAccounts'
import type { WalletApi } from './walletApi'
import { combineShares, decodeShare, encodeShare, resplitWalletSecret } from './walletSecret'

/** The wallet the API keeps is not the one this device's shares make. */
export class WalletMismatchError extends Error {
  override name = 'EmbeddedWalletLoadError'
  constructor() {
    super("The wallet's shares do not make the wallet the API keeps: it can't be opened.")
  }
}

/** What the visitor exports: the EVM private key (0x-hex) and the Solana keypair (base58). */
export type ExportedKeys = { evmPrivateKey: Hex; solanaSecretKey: string }

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index])

export function createKeyLifecycle({
  api,
  shares,
  scope,
}: {
  api: WalletApi
  shares: DeviceShares
  /** The project and the site the frame is on, as the bridge observed it. */
  scope: () => { projectId: string; hostOrigin: string }
}) {
  /**
   * The secret from this device's share and the auth share; when the latest split sealed this
   * device a newer share, that one (kept from then on, when the storage takes it).
   * @throws WalletShareError when no share of this device combines with the auth share.
   */
  async function secretOf(
    email: string,
    kept: KeptDeviceShare,
    wallet: EmbeddedWallet,
  ): Promise<Uint8Array> {
    const device = wallet.device
    if (!device) throw new Error('The API gave no key for this device.')
    const own = await openDeviceShare(kept.sealedShare, device)
    const auth = decodeShare(wallet.authShare)
    if (device.nextShare && kept.sealedTransportKey) {
      const next = await openTransportKey(kept.sealedTransportKey, device)
        .then((privateKey) =>
          openShareForDevice(device.nextShare ?? '', privateKey, device.deviceId),
        )
        .catch(() => undefined)
      if (next && !sameBytes(next, own)) {
        const secret = await combineShares(next, auth).catch(() => undefined)
        if (secret) {
          const { sealedRecoveryCode: _, ...rest } = kept
          await shares
            .keep(email, { ...rest, sealedShare: await sealDeviceShare(next, device) })
            .catch(() => undefined)
          return secret
        }
      }
    }
    return combineShares(own, auth)
  }

  /** The secret's accounts (the secret wiped), checked against the API's. */
  function accountsOf(secret: Uint8Array, expected: EmbeddedWallet): WalletAccounts {
    const accounts = deriveWalletAccounts(secret)
    if (
      expected.evmAddress !== accounts.evm.address ||
      expected.solanaAddress !== accounts.solana.address
    ) {
      secret.fill(0)
      accounts.solana.secretKey.fill(0)
      throw new WalletMismatchError()
    }
    return accounts
  }

  /**
   * Registers this device's transport key when the API has none for it: the kept one, or a new
   * one kept first (read back), signed by the wallet's EVM key. Best effort: a device without one
   * gets no share of a later split and then needs the recovery code.
   */
  async function registerTransportKey(
    email: string,
    device: { deviceId: string; deviceKey: string },
    registered: boolean,
    evmPrivateKey: Hex,
  ): Promise<void> {
    try {
      const kept = await shares.of(email)
      if (!kept || kept.deviceId !== device.deviceId) return
      if (registered && kept.sealedTransportKey) return
      let publicKey: string
      if (kept.sealedTransportKey) {
        publicKey = await publicKeyOf(await openTransportKey(kept.sealedTransportKey, device))
      } else {
        const created = await createTransportKey()
        await shares.keep(email, {
          ...kept,
          sealedTransportKey: await sealTransportKey(created.privateKey, device),
        })
        publicKey = created.publicKey
      }
      const { projectId } = scope()
      const signature = await privateKeyToAccount(evmPrivateKey).signMessage({
        message: transportKeyMessage({ projectId, deviceId: device.deviceId, publicKey }),
      })
      await api.registerTransportKey(device.deviceId, { publicKey, signature })
    } catch {
      // Not what opening the wallet needs: tried again at the next opening.
    }
  }

  /** A proof of the wallet for `action`: the API's challenge, signed only as this frame words it. */
  async function prove(action: WalletProofAction, evmPrivateKey: Hex): Promise<WalletProof> {
    const challenge = await api.walletProofChallenge(action)
    const message = walletProofMessage({ action, ...scope(), challengeId: challenge.challengeId })
    if (challenge.message !== message)
      throw new Error('The API asked to sign something else than the action: nothing was signed.')
    const signature = await privateKeyToAccount(evmPrivateKey).signMessage({ message })
    return { challengeId: challenge.challengeId, signature }
  }

  /**
   * The wallet opened for an operation on its key: this device's share and the auth share give
   * the secret; `work` runs with it, the accounts checked, and everything is wiped after.
   * @throws DeviceShareStorageError when this device keeps no share of it.
   */
  async function withWalletKey<result>(
    email: string,
    work: (opened: {
      secret: Uint8Array
      accounts: WalletAccounts
      wallet: EmbeddedWallet
      kept: KeptDeviceShare
    }) => Promise<result>,
  ): Promise<result> {
    const kept = await shares.of(email)
    if (!kept) throw new DeviceShareStorageError()
    const wallet = await api.wallet(kept.deviceId)
    const secret = await secretOf(email, kept, wallet)
    const accounts = accountsOf(secret, wallet)
    try {
      if (wallet.device && !wallet.device.transportKey)
        await registerTransportKey(email, wallet.device, false, accounts.evm.privateKey)
      return await work({
        secret,
        accounts,
        wallet,
        kept: (await shares.of(email)) ?? kept,
      })
    } finally {
      secret.fill(0)
      accounts.solana.secretKey.fill(0)
    }
  }

  /**
   * Splits the wallet's secret again (the addresses stay), seals each live device's new share to
   * its transport key — checked to be signed by this wallet, so the API can't slip in its own —
   * seals the recovery share with `newRecoveryCode`, or under the current code's recovery key
   * without it, and hands it all to the API with a proof of the wallet, revoking
   * `revokeDeviceId` in the same transaction. This device keeps its new share at once (else it
   * takes it at its next opening).
   * @throws LegacyRecoverySealError when the code is sealed the first way and no new code is given.
   */
  async function reshare(
    email: string,
    { revokeDeviceId, newRecoveryCode }: { revokeDeviceId?: string; newRecoveryCode?: string },
  ): Promise<EmbeddedWalletReshared> {
    return withWalletKey(email, async ({ secret, accounts, wallet, kept }) => {
      const { projectId } = scope()
      const devices = (await api.devices()).filter(
        (device) => device.revokedAt === null && device.deviceId !== revokeDeviceId,
      )
      const receiving: { deviceId: string; publicKey: string }[] = []
      for (const device of devices) {
        if (!device.transportKey) continue
        const { publicKey, signature } = device.transportKey
        const signer = await recoverMessageAddress({
          message: transportKeyMessage({ projectId, deviceId: device.deviceId, publicKey }),
          signature: signature as Hex,
        }).catch(() => undefined)
        if (signer !== accounts.evm.address)
          throw new Error(
            "A device's transport key is not signed by this wallet: nothing was changed.",
          )
        receiving.push({ deviceId: device.deviceId, publicKey })
      }
      const [auth, recovery, ...deviceShares] = await resplitWalletSecret(
        secret,
        2 + receiving.length,
      )
      const recoveryShare = newRecoveryCode
        ? await sealRecoveryShare(recovery as Uint8Array, newRecoveryCode, secret)
        : await resealRecoveryShare(wallet.recoveryShare, recovery as Uint8Array, secret)
      const sealed = await Promise.all(
        receiving.map(async ({ deviceId, publicKey }, index) => ({
          deviceId,
          nextShare: await sealShareToDevice(
            deviceShares[index] as Uint8Array,
            publicKey,
            deviceId,
          ),
        })),
      )
      const proof = await prove(
        revokeDeviceId === undefined ? 'newRecoveryCode' : 'revokeDevice',
        accounts.evm.privateKey,
      )
      const reshared = await api.reshare({
        authShare: encodeShare(auth as Uint8Array),
        recoveryShare,
        deviceShares: sealed,
        ...(revokeDeviceId === undefined ? {} : { revokeDeviceId }),
        proof,
      })
      const own = receiving.findIndex((device) => device.deviceId === kept.deviceId)
      const ownShare = deviceShares[own]
      if (ownShare && wallet.device)
        await shares
          .keep(email, { ...kept, sealedShare: await sealDeviceShare(ownShare, wallet.device) })
          .catch(() => undefined)
      for (const share of [auth, recovery, ...deviceShares]) share?.fill(0)
      return reshared
    })
  }

  /** The wallet's keys, once the API took a proof of the wallet for `exportKey`. */
  async function exportKeys(email: string): Promise<ExportedKeys> {
    return withWalletKey(email, async ({ accounts }) => {
      await api.allowKeyExport(await prove('exportKey', accounts.evm.privateKey))
      return {
        evmPrivateKey: accounts.evm.privateKey,
        solanaSecretKey: getBase58Decoder().decode(accounts.solana.secretKey),
      }
    })
  }

  /**
   * What the visitor does with the unlocked wallet of `email()`, from its views: a new recovery
   * code (drawn, then put in place once kept), a device removed (this one: what it keeps is
   * forgotten), the keys exported, the email changed, a way in unlinked — each with a proof of
   * the wallet.
   */
  function visitorActions(email: () => string) {
    return {
      /** A new code for WalletRecoveryCode to show; nothing changes until `replaceRecoveryCode`. */
      draftRecoveryCode: () => createRecoveryCode(),
      async replaceRecoveryCode(recoveryCode: string) {
        await reshare(email(), { newRecoveryCode: recoveryCode })
      },
      /** @throws LegacyRecoverySealError when the recovery code must be replaced first. */
      async revokeDevice(deviceId: string, { current }: { current: boolean }) {
        const owner = email()
        await reshare(owner, { revokeDeviceId: deviceId })
        if (current) await shares.forget(owner)
      },
      exportKeys: () => exportKeys(email()),
      /** Mails the codes of a change to `newEmail`, the wallet's key signing for it. */
      async startEmailChange(newEmail: string) {
        const proof = await withWalletKey(email(), ({ accounts }) =>
          prove('changeEmail', accounts.evm.privateKey),
        )
        return api.startEmailChange(newEmail, proof)
      },
      /** Unlinks a social account from the wallet's account, the wallet's key signing for it. */
      async unlinkIdentity(provider: SocialProvider, subject: string) {
        const proof = await withWalletKey(email(), ({ accounts }) =>
          prove('unlinkIdentity', accounts.evm.privateKey),
        )
        return api.unlinkIdentity(provider, subject, proof)
      },
    }
  }

  return {
    secretOf,
    accountsOf,
    registerTransportKey,
    prove,
    withWalletKey,
    reshare,
    exportKeys,
    visitorActions,
  }
}
export type KeyLifecycle = ReturnType<typeof createKeyLifecycle>
