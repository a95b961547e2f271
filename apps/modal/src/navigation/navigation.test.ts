import type { View } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { viewLoaders } from '../views/viewLoaders'
import { createNavigation } from './navigation'
import { createViewRouter } from './viewRouter'

/** A view's code that arrives when the test says so. */
function pendingCode() {
  let arrive = () => {}
  const code = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { code, arrive }
}

function stack(options: { loadView?: (view: View) => Promise<unknown> | undefined } = {}) {
  const router = createViewRouter(['Connect'])
  let closed = 0
  const navigation = createNavigation(router, () => void closed++, { viewLoaders, ...options })
  return { router, navigation, closed: () => closed }
}

describe('view stack', () => {
  test('behavior: pushing shows the view one entry deeper, back returns to the one below', async () => {
    const { navigation } = stack({ loadView: () => undefined })
    await navigation.push('AllWallets')
    expect([navigation.view(), navigation.depth()]).toEqual(['AllWallets', 2])
    await navigation.back()
    expect([navigation.view(), navigation.depth()]).toEqual(['Connect', 1])
  })

  test('behavior: going back with one entry left closes the modal', async () => {
    const { navigation, closed } = stack()
    await navigation.back()
    expect(closed()).toBe(1)
    expect(navigation.view()).toBe('Connect')
  })

  test('behavior: a push is on the stack when the call returns, its code loaded or not', () => {
    const { navigation } = stack({ loadView: () => pendingCode().code })
    void navigation.push('WalletSend')
    expect(navigation.view()).toBe('WalletSend')
  })

  test('behavior: resetting to a first-bundle view replaces the stack at once', () => {
    const { navigation } = stack()
    void navigation.push('Account')
    void navigation.reset('Connect')
    expect([navigation.view(), navigation.depth()]).toEqual(['Connect', 1])
  })

  test('behavior: resetting to a view that loads on demand waits for its code', async () => {
    const { code, arrive } = pendingCode()
    const { navigation } = stack({ loadView: (view) => (view === 'AllWallets' ? code : undefined) })
    const reset = navigation.reset('AllWallets')
    await Promise.resolve()
    expect(navigation.view()).toBe('Connect')
    arrive()
    await reset
    expect([navigation.view(), navigation.depth()]).toEqual(['AllWallets', 1])
  })

  test('behavior: a change asked for while a reset waits for code wins over that reset', async () => {
    const { code, arrive } = pendingCode()
    const { navigation } = stack({ loadView: (view) => (view === 'AllWallets' ? code : undefined) })
    const opening = navigation.reset('AllWallets')
    await navigation.reset('Account')
    arrive()
    await opening
    expect(navigation.view()).toBe('Account')
  })

  test('behavior: the stack is not at its view while a reset to another waits for code; a reset back wins', async () => {
    const { code, arrive } = pendingCode()
    const { navigation } = stack({ loadView: (view) => (view === 'Account' ? code : undefined) })
    expect(navigation.isAt('Connect')).toBe(true)
    // Connected while closed: the stack is to rest on Account, whose code is on its way.
    const resting = navigation.reset('Account')
    expect(navigation.view()).toBe('Connect')
    expect(navigation.isAt('Connect')).toBe(false)
    expect(navigation.isAt('Account')).toBe(false)
    // Disconnected before it came: back to Connect, and Account's code arriving changes nothing.
    await navigation.reset('Connect')
    expect(navigation.isAt('Connect')).toBe(true)
    arrive()
    await resting
    expect([navigation.view(), navigation.depth()]).toEqual(['Connect', 1])
  })

  test('behavior: listeners hear each change of view with the view before it', async () => {
    const { navigation } = stack({ loadView: () => undefined })
    const changes: [View, View][] = []
    navigation.onViewChange((view, previous) => changes.push([view, previous]))
    await navigation.push('AllWallets')
    // The same view one entry deeper, and back from it: no other view shows.
    await navigation.push('AllWallets')
    await navigation.back()
    await navigation.back()
    await navigation.reset('Account')
    expect(changes).toEqual([
      ['AllWallets', 'Connect'],
      ['Connect', 'AllWallets'],
      ['Account', 'Connect'],
    ])
  })
})

describe('view router', () => {
  test('behavior: starts on the last view of the stack it is given, at its depth', () => {
    const router = createViewRouter(['Account', 'WalletSend'])
    expect(router.state.location.pathname).toBe('/WalletSend')
    expect(router.state.location.state).toEqual({ depth: 2 })
  })

  test('behavior: subscribers hear every change until they unsubscribe', async () => {
    const router = createViewRouter()
    const heard: string[] = []
    const unsubscribe = router.subscribe(({ location, historyAction }) =>
      heard.push(`${historyAction} ${location.pathname}`),
    )
    await router.navigate('/AllWallets', { state: { depth: 2 }, flushSync: true })
    await router.navigate('/Account', { replace: true, state: { depth: 2 } })
    await router.navigate(-1)
    unsubscribe()
    await router.navigate('/AllWallets')
    expect(heard).toEqual(['PUSH /AllWallets', 'REPLACE /Account', 'POP /Connect'])
  })
})
