// What a script of the host page can reach, for the tests that look for a secret there: its
// storage, cookies, databases, caches, the SDK's state, and every message the host window and the
// bridge's ports were sent (recorded from the start by an init script); never the frame's document.
// Bytes in a message are recorded as hex and base64url, so that key bytes sent as bytes are found
// by a search for their text too.
import type { BrowserContext, Page } from '@playwright/test'

/**
 * Records, in the host page's sessionStorage, the data of every message its window or ports get
 * (a `Uint8Array` in it as its hex and its base64url); kept across reloads.
 */
export async function recordHostMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // The host page only: init scripts run in its frames too, the modal's among them.
    if (window !== window.top) return
    const text = (data: unknown) =>
      JSON.stringify(data, (_, value) =>
        value instanceof Uint8Array
          ? `${[...value].map((byte) => byte.toString(16).padStart(2, '0')).join('')} ${btoa(
              String.fromCharCode(...value),
            )
              .replaceAll('+', '-')
              .replaceAll('/', '_')
              .replace(/=+$/, '')}`
          : value,
      )
    const record = (event: Event) => {
      const seen = JSON.parse(sessionStorage.getItem('seen') ?? '[]') as string[]
      seen.push(text((event as MessageEvent).data))
      sessionStorage.setItem('seen', JSON.stringify(seen))
    }
    const addEventListener = EventTarget.prototype.addEventListener
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (type === 'message' && listener) addEventListener.call(this, type, record, options)
      return addEventListener.call(this, type, listener, options)
    }
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      ...onmessage,
      set(listener) {
        addEventListener.call(this, 'message', record)
        onmessage.set!.call(this, listener)
      },
    })
  })
}

/**
 * Everything a host script reaches, as one text; the message count, to know they were recorded;
 * and the host's localStorage entries (`key=value`), to see what the frame keeps there.
 */
export async function hostReachable(
  page: Page,
): Promise<{ text: string; messages: number; localStorage: string[] }> {
  const reachable = await page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`)
    return {
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      cookie: document.cookie,
      databases: (await indexedDB.databases()).map((database) => database.name),
      caches: await caches.keys(),
      state: JSON.stringify(window.airlock!.getState()),
      frameDocument: (document.querySelector('iframe[data-airlock]') as HTMLIFrameElement | null)
        ?.contentDocument,
      messages: JSON.parse(sessionStorage.getItem('seen') ?? '[]') as string[],
    }
  })
  if (reachable.frameDocument) throw new Error('The host page reaches the frame’s document.')
  return {
    text: JSON.stringify(reachable),
    messages: reachable.messages.length,
    localStorage: reachable.localStorage,
  }
}
