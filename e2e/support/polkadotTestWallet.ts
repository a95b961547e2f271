// A test Polkadot extension for e2e: a `window.injectedWeb3['polkadot-js']` in the page (the
// @polkadot/extension-dapp protocol: enable(dappName) → accounts.get/subscribe, signer.signRaw
// and signer.signPayload), whose logic runs in the Node test process behind a Playwright binding,
// with a real sr25519 key (@polkadot/keyring) signing as polkadot{.js} does: raw data wrapped in
// <Bytes>, payloads through @polkadot/types' ExtrinsicPayload with the payload's signed
// extensions. Like an extension, it knows the sites it trusts across reloads. Prompts, errors and
// the binding are walletCore.ts's. Also: funding an address and reading a balance on the stack's
// Polkadot stand-in.

import '@polkadot/api-augment/polkadot'
import type { Page } from '@playwright/test'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { ApiOptions } from '@polkadot/api/types'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { hexToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, mnemonicGenerate } from '@polkadot/util-crypto'
import { ports } from './ports'
import {
  type Approvals,
  type BindingCall,
  type BindingReply,
  createApprovals,
  createSiteAccess,
  errorReply,
  exposeWalletBinding,
  invalidParams,
  type PendingPrompt,
  unauthorized,
} from './walletCore'

/** The stack's Polkadot Local node (JSON-RPC over HTTP; Subscan's routes beside it). */
export const polkadotNodeUrl = `http://127.0.0.1:${ports.polkadot}`
/** Polkadot Local's CAIP-2 id (its genesis's first 32 hex digits). */
export const polkadotLocal = 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c'
/** One DOT in plancks (10 decimals). */
export const dot = 10_000_000_000n

/** Adds `plancks` to an address's free balance on Polkadot Local. */
export async function fundPolkadot(address: string, plancks: bigint): Promise<void> {
  const response = await fetch(`${polkadotNodeUrl}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount: plancks.toString() }),
  })
  if (!response.ok) throw new Error(`fund: ${response.status} ${await response.text()}`)
}

/** An address's free balance on Polkadot Local, in plancks, read as a wallet reads it. */
export async function polkadotBalance(address: string): Promise<bigint> {
  const provider = new HttpProvider(polkadotNodeUrl) as NonNullable<ApiOptions['provider']>
  const api = await ApiPromise.create({ provider, noInitWarn: true })
  try {
    return (await api.query.system.account(address)).data.free.toBigInt()
  } finally {
    await api.disconnect()
  }
}

/** One request from the page, as the extension saw it. */
export type PolkadotWalletRequest = {
  origin: string
  method: string
  params: Record<string, unknown>
}

export type PolkadotTestWallet = {
  readonly name: string
  /** Its account, as the extension gives it (SS58 prefix 42). */
  readonly address: string
  readonly requests: readonly PolkadotWalletRequest[]
  rejectNext(method?: string): void
  nextApproval(method?: string): Promise<PendingPrompt<PolkadotWalletRequest>>
  setAutoApprove(value: boolean): void
}

type ShimConfig = { binding: string; key: string; name: string }

/** Runs in the page (serialised by addInitScript): no imports, classes or outer references. */
function installShim(config: ShimConfig) {
  if (window.top !== window) return
  const scope = window as unknown as Record<string, unknown>
  const call = async (method: string, params: Record<string, unknown>) => {
    const binding = scope[config.binding] as (request: BindingCall) => Promise<BindingReply>
    const reply = await binding({ method, params })
    if ('error' in reply)
      throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
    return reply.result
  }
  scope.injectedWeb3 ??= {}
  const injected = scope.injectedWeb3 as Record<string, unknown>
  injected[config.key] = {
    version: '0.58.1',
    async enable(originName: string) {
      await call('enable', { originName })
      let id = 0
      return {
        accounts: {
          get: async () => call('accounts', {}),
          subscribe(listener: (accounts: unknown) => void) {
            void call('accounts', {}).then(listener, () => {})
            return () => {}
          },
        },
        signer: {
          async signRaw(raw: { address: string; data: string; type: string }) {
            const { signature } = (await call('signRaw', raw)) as { signature: string }
            return { id: ++id, signature }
          },
          async signPayload(payload: Record<string, unknown>) {
            const { signature } = (await call('signPayload', payload)) as { signature: string }
            return { id: ++id, signature }
          },
        },
      }
    },
  }
}

/** Installs a polkadot{.js}-style test extension in `page` (before page.goto), with a fresh key. */
export async function installPolkadotTestWallet(
  page: Page,
  options: { autoApprove?: boolean } = {},
): Promise<PolkadotTestWallet> {
  await cryptoWaitReady()
  const pair: KeyringPair = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromMnemonic(
    mnemonicGenerate(),
  )
  const sites = createSiteAccess()
  const approvals: Approvals<PolkadotWalletRequest> = createApprovals(options.autoApprove ?? true)
  const requests: PolkadotWalletRequest[] = []
  const ours = (address: unknown) => {
    try {
      return (
        typeof address === 'string' &&
        u8aToHex(new Keyring().decodeAddress(address)) === u8aToHex(pair.publicKey)
      )
    } catch {
      return false
    }
  }

  async function dispatch(request: PolkadotWalletRequest): Promise<unknown> {
    const { origin, params } = request
    switch (request.method) {
      case 'enable':
        if (!sites.isAuthorized(origin))
          await sites.prompt(origin, request.method, () => approvals.consent(request))
        sites.authorize(origin)
        return null
      case 'accounts':
        if (!sites.isAuthorized(origin)) throw unauthorized()
        return [{ address: pair.address, name: 'Test account', type: 'sr25519' }]
      case 'signRaw': {
        if (!sites.isAuthorized(origin)) throw unauthorized()
        if (!ours(params.address))
          throw invalidParams(`${String(params.address)} is not this extension's`)
        await approvals.consent(request)
        // polkadot{.js} signs the data wrapped in <Bytes>…</Bytes>, with the type byte in front.
        return {
          signature: u8aToHex(
            pair.sign(u8aWrapBytes(hexToU8a(String(params.data))), { withType: true }),
          ),
        }
      }
      case 'signPayload': {
        if (!sites.isAuthorized(origin)) throw unauthorized()
        const payload = params as unknown as SignerPayloadJSON
        if (!ours(payload.address))
          throw invalidParams(`${payload.address} is not this extension's`)
        await approvals.consent(request)
        const registry = new TypeRegistry()
        registry.setSignedExtensions(payload.signedExtensions)
        return registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .sign(pair)
      }
      default:
        throw invalidParams(`${request.method} is not an extension method`)
    }
  }

  const binding = '__polkadotTestWallet'
  await exposeWalletBinding(page, binding, async (call, origin, topLevel) => {
    try {
      const request = {
        method: call.method,
        params: (call.params ?? {}) as Record<string, unknown>,
        origin,
      }
      requests.push(request)
      if (!topLevel) throw unauthorized()
      return { result: (await dispatch(request)) ?? null }
    } catch (error) {
      const { code, message } = errorReply(error, `Internal error: ${String(error)}`).error
      return { error: { code, message } }
    }
  })
  await page.addInitScript(installShim, { binding, key: 'polkadot-js', name: 'polkadot{.js}' })
  return {
    name: 'polkadot{.js}',
    address: pair.address,
    requests,
    rejectNext: (method) => approvals.rejectNext(method),
    nextApproval: (method) => approvals.nextApproval(method),
    setAutoApprove: (value) => approvals.setAutoApprove(value),
  }
}
