// A test Cosmos wallet for e2e: a Keplr-style `window.keplr` in the page (enable,
// experimentalSuggestChain, getKey, signArbitrary, signDirect, signAmino, disable and the
// `keplr_keystorechange` event), whose logic runs in the Node test process behind a Playwright
// binding, with a real secp256k1 key signing as Keplr does (cosmjs's direct and amino signers;
// ADR-036 for signArbitrary). Like an extension, it knows the sites and chains it trusts across
// reloads, and a chain it doesn't know must be suggested before it is enabled. Prompts, errors
// and the binding are walletCore.ts's. Also: funding an address and reading a balance on the
// stack's Cosmos stand-in.

import { adr036SignDoc } from '@airlock/protocol/cosmos'
import { Secp256k1Wallet, type StdSignDoc } from '@cosmjs/amino'
import { Random } from '@cosmjs/crypto'
import { fromBech32, toBase64, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import type { Page } from '@playwright/test'
import { signDirectAsWallet } from '../../apps/modal/src/test/cosmosSigning'
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

/** The stack's Cosmos Local REST API (and `/rpc`). */
export const cosmosRestUrl = `http://127.0.0.1:${ports.cosmos}`
/** Cosmos Local's chain id and CAIP-2 id. */
export const cosmosChainId = 'airlock-local-1'
export const cosmosLocal = `cosmos:${cosmosChainId}`

/** Pays `address` `uatom` on Cosmos Local (a mined faucet send); its hash. */
export async function fundCosmos(address: string, uatom: number): Promise<string> {
  const response = await fetch(`${cosmosRestUrl}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount: uatom }),
  })
  if (!response.ok) throw new Error(`fund: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { txhash: string }).txhash
}

/** An address's uatom on Cosmos Local. */
export async function cosmosBalance(address: string): Promise<bigint> {
  const response = await fetch(
    `${cosmosRestUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uatom`,
  )
  const { balance } = (await response.json()) as { balance?: { amount: string } }
  return BigInt(balance?.amount ?? '0')
}

/** One request from the page, as the wallet saw it. */
export type CosmosWalletRequest = {
  origin: string
  method: string
  params: Record<string, unknown>
}

export type CosmosTestWallet = {
  readonly name: string
  /** Its address on Cosmos Local (prefix `cosmos`). */
  readonly address: string
  readonly requests: readonly CosmosWalletRequest[]
  rejectNext(method?: string): void
  nextApproval(method?: string): Promise<PendingPrompt<CosmosWalletRequest>>
  setAutoApprove(value: boolean): void
  /** The next signDirect comes back signed by another key: a wallet that is not the account. */
  signNextWithAnotherKey(): void
}

type ShimConfig = { binding: string; name: string; global: string }

/** Runs in the page (serialised by addInitScript): no imports, classes or outer references. */
function installShim(config: ShimConfig) {
  if (window.top !== window) return
  const scope = window as unknown as Record<string, unknown>
  const toB64 = (bytes: Uint8Array) => {
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  }
  const fromB64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const call = async (method: string, params: Record<string, unknown>) => {
    const binding = scope[config.binding] as (request: BindingCall) => Promise<BindingReply>
    const reply = await binding({ method, params })
    if ('error' in reply)
      throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
    return reply.result as Record<string, unknown>
  }
  const asKey = (key: Record<string, unknown>) => ({
    ...key,
    pubKey: fromB64(String(key.pubKey)),
    address: fromB64(String(key.address)),
  })
  scope[config.global] = {
    version: '0.12.0',
    mode: 'extension',
    async enable(chainIds: string | string[]) {
      await call('enable', { chainIds: [chainIds].flat() })
    },
    async experimentalSuggestChain(chainInfo: Record<string, unknown>) {
      await call('experimentalSuggestChain', { chainInfo })
    },
    async getKey(chainId: string) {
      return asKey(await call('getKey', { chainId }))
    },
    async signArbitrary(chainId: string, signer: string, data: string) {
      return call('signArbitrary', { chainId, signer, data })
    },
    async signDirect(
      chainId: string,
      signer: string,
      signDoc: {
        bodyBytes: Uint8Array
        authInfoBytes: Uint8Array
        chainId: string
        accountNumber: unknown
      },
    ) {
      const answer = await call('signDirect', {
        chainId,
        signer,
        signDoc: {
          bodyBytes: toB64(signDoc.bodyBytes),
          authInfoBytes: toB64(signDoc.authInfoBytes),
          chainId: signDoc.chainId,
          accountNumber: String(signDoc.accountNumber),
        },
      })
      const signed = answer.signed as Record<string, string>
      return {
        signed: {
          bodyBytes: fromB64(signed.bodyBytes ?? ''),
          authInfoBytes: fromB64(signed.authInfoBytes ?? ''),
          chainId: signed.chainId,
          accountNumber: BigInt(signed.accountNumber ?? '0'),
        },
        signature: answer.signature,
      }
    },
    async signAmino(chainId: string, signer: string, signDoc: unknown) {
      return call('signAmino', { chainId, signer, signDoc })
    },
    async disable(chainIds?: string | string[]) {
      await call('disable', { chainIds: chainIds === undefined ? [] : [chainIds].flat() })
    },
  }
}

/**
 * Installs a Keplr-style test wallet in `page` (before page.goto) as `window.keplr` (or
 * `window.<global>`), with a fresh key unless `privateKey` is given.
 */
export async function installCosmosTestWallet(
  page: Page,
  options: { name?: string; global?: string; privateKey?: Uint8Array; autoApprove?: boolean } = {},
): Promise<CosmosTestWallet> {
  const name = options.name ?? 'Keplr'
  const key = options.privateKey ?? Random.getBytes(32)
  const direct = await DirectSecp256k1Wallet.fromKey(key, 'cosmos')
  const amino = await Secp256k1Wallet.fromKey(key, 'cosmos')
  const [first] = await direct.getAccounts()
  if (!first) throw new Error('the key has no account')
  const account = first
  const sites = createSiteAccess()
  const approvals: Approvals<CosmosWalletRequest> = createApprovals(options.autoApprove ?? true)
  const requests: CosmosWalletRequest[] = []
  /** Chains it knows, with their bech32 prefix: Keplr's own, and those suggested to it. */
  const known = new Map([
    ['cosmoshub-4', 'cosmos'],
    ['osmosis-1', 'osmo'],
  ])
  const keyBytes = fromBech32(account.address, 90).data
  /** The account's address on a chain, as Keplr writes it: the chain's prefix on the same key. */
  const addressOn = (chainId: unknown) => toBech32(known.get(String(chainId)) ?? 'cosmos', keyBytes)
  let anotherKeyNext = false

  const checkSigner = (request: CosmosWalletRequest) => {
    if (!sites.isAuthorized(request.origin)) throw unauthorized()
    if (request.params.signer !== addressOn(request.params.chainId))
      throw invalidParams(`${String(request.params.signer)} is not this wallet's key`)
  }

  async function dispatch(request: CosmosWalletRequest): Promise<unknown> {
    const { origin, params } = request
    switch (request.method) {
      case 'experimentalSuggestChain': {
        const info = params.chainInfo as {
          chainId?: unknown
          bech32Config?: { bech32PrefixAccAddr?: unknown }
        }
        known.set(String(info.chainId), String(info.bech32Config?.bech32PrefixAccAddr))
        return null
      }
      case 'enable': {
        const chainIds = params.chainIds as string[]
        const unknown = chainIds.find((id) => !known.has(id))
        if (unknown) throw invalidParams(`There is no chain info for ${unknown}`)
        if (!sites.isAuthorized(origin))
          await sites.prompt(origin, request.method, () => approvals.consent(request))
        sites.authorize(origin)
        return null
      }
      case 'getKey':
        if (!sites.isAuthorized(origin)) throw unauthorized()
        return {
          name: 'Test key',
          algo: 'secp256k1',
          pubKey: toBase64(account.pubkey),
          address: toBase64(keyBytes),
          bech32Address: addressOn(params.chainId),
          isNanoLedger: false,
          isKeystone: false,
        }
      case 'disable':
        sites.forget(origin)
        return null
      case 'signArbitrary': {
        checkSigner(request)
        await approvals.consent(request)
        const doc = adr036SignDoc(account.address, String(params.data))
        return (await amino.signAmino(account.address, doc)).signature
      }
      case 'signAmino': {
        checkSigner(request)
        await approvals.consent(request)
        return amino.signAmino(account.address, params.signDoc as StdSignDoc)
      }
      case 'signDirect': {
        checkSigner(request)
        await approvals.consent(request)
        const doc = params.signDoc as Record<string, string>
        const signer = anotherKeyNext
          ? await DirectSecp256k1Wallet.fromKey(Random.getBytes(32), 'cosmos')
          : direct
        anotherKeyNext = false
        const signerAddress = (await signer.getAccounts())[0]!.address
        const { signed, signature } = await signDirectAsWallet(signer, signerAddress, doc)
        return {
          signed,
          // Keplr gives the account's public key beside the signature, whoever signed.
          signature: {
            ...signature,
            pub_key: { ...signature.pub_key, value: toBase64(account.pubkey) },
          },
        }
      }
      default:
        throw invalidParams(`${request.method} is not a Keplr method`)
    }
  }

  const binding = `__cosmosTestWallet_${name.replace(/[^a-zA-Z0-9]/g, '_')}`
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
  await page.addInitScript(installShim, { binding, name, global: options.global ?? 'keplr' })
  return {
    name,
    address: account.address,
    requests,
    rejectNext: (method) => approvals.rejectNext(method),
    nextApproval: (method) => approvals.nextApproval(method),
    setAutoApprove: (value) => approvals.setAutoApprove(value),
    signNextWithAnotherKey() {
      anotherKeyNext = true
    },
  }
}
