/**
 * The React bindings in Chromium (react-dom's createRoot and act), against the stand-in modal
 * frame (packages/sdk/src/test/modalFrame.ts): its projectId names the scenario.
 */
import { type Airlock, pageAirlock } from '@airlock/sdk'
import { act, type ReactNode, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { liveAccount, liveAvatar, type ScenarioName } from '../../sdk/src/test/scenarios'
import { AirlockProvider, ConnectButton, useAirlock, useAirlockAccount } from './index'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const modalUrl = location.origin
const roots: Root[] = []

afterEach(async () => {
  for (const root of roots.splice(0)) await act(async () => root.unmount())
  for (const element of document.querySelectorAll(
    'iframe[data-airlock], [data-airlock-loading], #app',
  ))
    element.remove()
  delete window.airlock
})

async function render(children: ReactNode) {
  const container = document.createElement('div')
  container.id = 'app'
  document.body.append(container)
  const root = createRoot(container)
  roots.push(root)
  await act(async () => root.render(children))
  return { container, root }
}

const withProvider = (projectId: ScenarioName, children: ReactNode) => (
  <AirlockProvider projectId={projectId} modalUrl={modalUrl}>
    {children}
  </AirlockProvider>
)
const button = (container: HTMLElement) => container.querySelector('button') as HTMLButtonElement

test('behavior: ConnectButton says Connect, opens the modal, and shows the account once the visitor connected', async () => {
  const { container } = await render(withProvider('liveWallet', <ConnectButton />))
  await expect.poll(() => button(container).disabled).toBe(false)
  expect(button(container).textContent).toBe('Connect')
  await act(async () => button(container).click())
  await expect.poll(() => button(container).textContent).toBe('0xf3…b92266')
  expect(window.airlock?.getState().address).toBe(liveAccount)
})

test('behavior: ConnectButton shows the name, avatar and balance the modal read; a click opens the Account view', async () => {
  const { container } = await render(withProvider('profileConnected', <ConnectButton />))
  await expect.poll(() => button(container).textContent).toBe('alice.airlock.eth 1.5 ETH')
  expect(container.querySelector('img')?.getAttribute('src')).toBe(liveAvatar)
  await act(async () => button(container).click())
  await expect.poll(() => window.airlock?.getState().open).toBe(true)
})

test('behavior: useAirlockAccount and useAirlock follow the state as it changes', async () => {
  const seen: string[] = []
  function Probe() {
    const account = useAirlockAccount()
    const { state } = useAirlock()
    seen.push(`${account.status}:${account.address ?? '-'}:${state.open}`)
    return null
  }
  await render(withProvider('liveWalletConnected', <Probe />))
  await expect.poll(() => seen.at(-1)).toBe(`connected:${liveAccount}:false`)
  await act(async () => window.airlock?.disconnect())
  await expect.poll(() => seen.at(-1)).toBe('disconnected:-:false')
})

test('bad input: a hook used outside <AirlockProvider> throws an error naming the provider', async () => {
  function Outside() {
    useAirlockAccount()
    return null
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  roots.push(root)
  await expect(act(async () => root.render(<Outside />))).rejects.toThrow(
    'useAirlockAccount() must be used inside <AirlockProvider>.',
  )
  container.remove()
})

test('behavior: under StrictMode the page gets one Airlock and one frame', async () => {
  await render(<StrictMode>{withProvider('ready', <ConnectButton />)}</StrictMode>)
  expect(document.querySelectorAll('iframe[data-airlock]')).toHaveLength(1)
  expect(window.airlock?.projectId).toBe('ready')
})

test('behavior: unmounting the provider leaves no listener on the page’s Airlock', async () => {
  const airlock = pageAirlock({ projectId: 'liveWallet', modalUrl })
  const live = new Set<() => void>()
  const subscribe = airlock.subscribe
  ;(airlock as { subscribe: Airlock['subscribe'] }).subscribe = (listener) => {
    const unsubscribe = subscribe(listener)
    const tracked = () => {
      live.delete(tracked)
      return unsubscribe()
    }
    live.add(tracked)
    return tracked
  }
  const { root } = await render(withProvider('liveWallet', <ConnectButton />))
  expect(live.size).toBe(1)
  await act(async () => root.unmount())
  roots.splice(0)
  expect(live.size).toBe(0)
})
