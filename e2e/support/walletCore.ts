// What the e2e test wallets share, whatever the page speaks to them through (EIP-1193 over
// EIP-6963 in testWallet.ts, Wallet Standard in solanaTestWallet.ts): the wallet's errors, the
// sites it has authorised, the user's answers to its prompts (scripted, automatic, or held until
// the test decides), one send at a time, and the Playwright plumbing between the Node side, where
// the logic runs, and the shim in the page. Each wallet keeps its own in-page shim: it is
// serialised into the page, so it can import nothing.
import type { Page } from '@playwright/test'

/** An error as the page receives it: EIP-1193's code and message, sometimes data. */
export type WalletErrorShape = { code: number; message: string; data?: unknown }

/** What the page's shim gets back from a binding call: it throws `error` as the wallet would. */
export type BindingReply = { result: unknown } | { error: WalletErrorShape }

/** A wallet's refusal, carried to the page with its code (4001 rejected, 4100 unauthorised…). */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const userRejected = () => new WalletRpcError(4001, 'User rejected the request.')
export const unauthorized = () =>
  new WalletRpcError(
    4100,
    'The requested account and/or method has not been authorized by the user.',
  )
export const invalidParams = (detail: string) =>
  new WalletRpcError(-32602, `Invalid parameters: ${detail}`)

/** The reply for a failed request: a wallet error as it is; anything else as an internal one. */
export function errorReply(error: unknown, internal: string): { error: WalletErrorShape } {
  if (!(error instanceof WalletRpcError)) return { error: { code: -32603, message: internal } }
  const { code, message, data } = error
  return { error: data === undefined ? { code, message } : { code, message, data } }
}

let rpcId = 0
/** One JSON-RPC call to a node; the node's own error (code, message, data) is thrown as it came. */
export async function jsonRpc(url: string, method: string, params?: unknown): Promise<unknown> {
  let body: { result?: unknown; error?: WalletErrorShape }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    body = (await response.json()) as typeof body
  } catch (error) {
    throw new WalletRpcError(-32603, `Internal JSON-RPC error: ${(error as Error).message}`)
  }
  if (body.error) throw new WalletRpcError(body.error.code, body.error.message, body.error.data)
  return body.result ?? null
}

/** A URL's origin, as an extension reads the origin of the frame that called it. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'null'
  }
}

/**
 * The sites a wallet has authorised (with when), and its connection prompt: one per site at a
 * time, as wallets refuse a second with -32002 while the first is open.
 */
export function createSiteAccess() {
  const authorisedAt = new Map<string, number>()
  const prompting = new Set<string>()
  return {
    isAuthorized: (origin: string) => authorisedAt.has(origin),
    authorize(origin: string) {
      if (!authorisedAt.has(origin)) authorisedAt.set(origin, Date.now())
    },
    authorisedAt: (origin: string) => authorisedAt.get(origin),
    /** Forgets a site; says whether it was authorised. */
    forget: (origin: string) => authorisedAt.delete(origin),
    forgetAll: () => authorisedAt.clear(),
    /** Runs the connection prompt of `method` for `origin`, unless one is already open there. */
    async prompt(origin: string, method: string, ask: () => Promise<void>): Promise<void> {
      if (prompting.has(origin))
        throw new WalletRpcError(-32002, `Already processing ${method}. Please wait.`)
      prompting.add(origin)
      try {
        await ask()
      } finally {
        prompting.delete(origin)
      }
    },
  }
}

/** A request held at its prompt until the test answers it. */
export type HeldPrompt<request> = {
  /** Resolves when the held request arrives. */
  waitForRequest(): Promise<request>
  approve(): void
  /** Defaults to the user rejecting (4001). */
  reject(error?: WalletErrorShape): void
}

/** A prompt waiting for the test when autoApprove is off. */
export type PendingPrompt<request> = request & {
  approve(): void
  reject(error?: WalletErrorShape): void
}

/**
 * The user at the wallet's prompts. The test scripts the next answer (`rejectNext`, `failNext`,
 * `holdNext`, for any prompt or for one method); unscripted prompts are approved at once, or with
 * autoApprove off wait in a queue that `nextApproval` hands to the test. A script for a method
 * that doesn't prompt (a read) applies to that method's next request, through `scripted`.
 */
export function createApprovals<request extends { method: string }>(autoApprove: boolean) {
  type Method = request['method']
  type Script = { method: Method | undefined; run(request: request): Promise<void> }
  const scripts: Script[] = []
  const pending: PendingPrompt<request>[] = []
  const waiters: { method: Method | undefined; resolve(prompt: PendingPrompt<request>): void }[] =
    []
  const matches = (method: Method | undefined, request: request) =>
    method === undefined || method === request.method
  const take = (found: (script: Script) => boolean) => {
    const index = scripts.findIndex(found)
    return index >= 0 ? scripts.splice(index, 1)[0] : undefined
  }

  return {
    setAutoApprove(value: boolean) {
      autoApprove = value
    },
    rejectNext(method?: Method) {
      scripts.push({
        method,
        run: async () => {
          throw userRejected()
        },
      })
    },
    failNext(error: WalletErrorShape, method?: Method) {
      scripts.push({
        method,
        run: async () => {
          throw new WalletRpcError(error.code, error.message, error.data)
        },
      })
    },
    holdNext(method?: Method): HeldPrompt<request> {
      let arrived!: (request: request) => void
      let decide!: (error: WalletErrorShape | undefined) => void
      const held = new Promise<request>((resolve) => {
        arrived = resolve
      })
      const decision = new Promise<WalletErrorShape | undefined>((resolve) => {
        decide = resolve
      })
      scripts.push({
        method,
        run: async (incoming) => {
          arrived(incoming)
          const error = await decision
          if (error) throw new WalletRpcError(error.code, error.message, error.data)
        },
      })
      return {
        waitForRequest: () => held,
        approve: () => decide(undefined),
        reject: (error) => decide(error ?? userRejected()),
      }
    },
    nextApproval(method?: Method): Promise<PendingPrompt<request>> {
      const ready = pending.find((prompt) => matches(method, prompt))
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve) => waiters.push({ method, resolve }))
    },
    /** A request that doesn't prompt: the answer scripted for its own method, if any. */
    async scripted(request: request): Promise<void> {
      await take((script) => script.method === request.method)?.run(request)
    },
    /** The user's answer to a prompt: scripted, automatic, or left to the test. */
    consent(request: request): Promise<void> {
      const script = take((script) => matches(script.method, request))
      if (script) return script.run(request)
      if (autoApprove) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const settle = () => pending.splice(pending.indexOf(prompt), 1)
        const prompt: PendingPrompt<request> = {
          ...request,
          approve: () => {
            settle()
            resolve()
          },
          reject: (error) => {
            settle()
            const { code, message, data } = error ?? userRejected()
            reject(new WalletRpcError(code, message, data))
          },
        }
        const waiter = waiters.findIndex(({ method }) => matches(method, request))
        pending.push(prompt)
        if (waiter >= 0) waiters.splice(waiter, 1)[0]?.resolve(prompt)
      })
    },
  }
}

export type Approvals<request extends { method: string }> = ReturnType<
  typeof createApprovals<request>
>

/** Runs jobs one after another (a wallet's sends, so pending nonces don't race); a failed job
 * doesn't stop the next. */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <result>(job: () => Promise<result>): Promise<result> => {
    const run = tail.then(job)
    tail = run.catch(() => undefined)
    return run
  }
}

/** A call from the page's shim: the method (or feature) and its params as they crossed. */
export type BindingCall = { method: string; params: unknown }

/**
 * Exposes the wallet to the page as the binding `name`: every call arrives with the calling
 * frame's origin and whether that frame is the top-level document (extensions inject there only).
 */
export async function exposeWalletBinding(
  page: Page,
  name: string,
  handle: (call: BindingCall, origin: string, topLevel: boolean) => Promise<BindingReply>,
): Promise<void> {
  await page.exposeBinding(name, (source, raw: unknown) => {
    const { method, params } = (raw ?? {}) as { method?: unknown; params?: unknown }
    return handle(
      { method: String(method), params },
      originOf(source.frame.url()),
      source.frame === source.page.mainFrame(),
    )
  })
}

/**
 * Makes a wallet installed to show itself late show itself now and on every later load of the
 * page: init scripts run in no guaranteed order, so it flags a shim yet to come (`${key}:late`)
 * and enables one already there.
 */
export async function showLater(page: Page, key: string): Promise<void> {
  await page.addInitScript((key: string) => {
    if (window.top !== window) return
    const scope = window as unknown as Record<symbol, unknown>
    scope[Symbol.for(`${key}:late`)] = true
    ;(scope[Symbol.for(key)] as { enable(): void } | undefined)?.enable()
  }, key)
  await callShim(page, key, 'enable')
}

/**
 * Calls `operation` of the wallet's shim in the page's top document (stored at
 * `Symbol.for(key)`); a document without the shim is left alone, and a navigation or a closing
 * page drops the call, as it would drop a real extension's event.
 */
export async function callShim(
  page: Page,
  key: string,
  operation: string,
  ...args: unknown[]
): Promise<void> {
  if (page.isClosed()) return
  try {
    await page.evaluate(
      ([key, operation, args]) => {
        const shim = (window as unknown as Record<symbol, Record<string, unknown> | undefined>)[
          Symbol.for(key)
        ]
        const call = shim?.[operation]
        if (typeof call === 'function') call(...args)
      },
      [key, operation, args] as const,
    )
  } catch (error) {
    if (!/context was destroyed|Target closed|has been closed/i.test(String(error))) throw error
  }
}
