import type { ComponentType } from 'react'
import { describe, expect, test } from 'vitest'
import { createViewCode, ViewLoadError } from '../navigation/viewCode'
import { isLazyView, type LazyView } from './viewLoaders'

const AllWallets: ComponentType = () => null

/** Loaders that count their imports; AllWallets fails while `offline` is set. */
function loaders() {
  const imports: LazyView[] = []
  const state = { offline: false }
  const load = async (view: LazyView) => {
    imports.push(view)
    if (state.offline) throw new TypeError('Failed to fetch dynamically imported module')
    return AllWallets
  }
  const table = new Proxy({} as Record<LazyView, () => Promise<ComponentType>>, {
    get: (_, view) => () => load(view as LazyView),
  })
  return { table, imports, state }
}

describe('view code', () => {
  test('behavior: Connect is in the first bundle, the other views load on demand', () => {
    expect(isLazyView('Connect')).toBe(false)
    expect(isLazyView('Account')).toBe(true)
    expect(isLazyView('AllWallets')).toBe(true)
    expect(isLazyView('WalletSend')).toBe(true)
  })

  test('behavior: a view is imported once, and marked loaded for a render without suspending', async () => {
    const { table, imports } = loaders()
    const code = createViewCode(table)
    const first = code.load('AllWallets')
    expect(code.load('AllWallets')).toBe(first)
    expect(await first).toBe(AllWallets)
    expect(first).toMatchObject({ status: 'fulfilled', value: AllWallets })
    expect(imports).toEqual(['AllWallets'])
  })

  test('behavior: a failed import says which view, and is tried again only after forgetting it', async () => {
    const { table, imports, state } = loaders()
    const code = createViewCode(table)
    state.offline = true
    const failed = code.load('AllWallets')
    await expect(failed).rejects.toThrow(new ViewLoadError('AllWallets', undefined).message)
    await expect(failed).rejects.toBeInstanceOf(ViewLoadError)
    expect(code.load('AllWallets')).toBe(failed)
    state.offline = false
    code.forgetFailure('AllWallets')
    expect(await code.load('AllWallets')).toBe(AllWallets)
    expect(imports).toEqual(['AllWallets', 'AllWallets'])
  })

  test('behavior: forgetting a view that loaded keeps it', async () => {
    const { table, imports } = loaders()
    const code = createViewCode(table)
    await code.load('AllWallets')
    code.forgetFailure('AllWallets')
    await code.load('AllWallets')
    expect(imports).toEqual(['AllWallets'])
  })
})
