import type { ModalConfig } from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createModalStore, type Toast } from './store'
import { hideToast, showToast } from './toasts'

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const copied: Toast = { message: 'Address copied', variant: 'success', autoClose: true }
const switching: Toast = { message: 'Switching network', variant: 'loading', autoClose: false }
const failed: Toast = { message: 'Failed to switch network', variant: 'error', autoClose: true }

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('behavior: a toast shows at once when none is shown', () => {
    const store = createModalStore(config)
    showToast(store, switching)
    expect(store.getState().toast).toEqual(switching)
  })

  test('behavior: a new toast replaces the shown one only after 150 ms, the old one hidden meanwhile', () => {
    const store = createModalStore(config)
    showToast(store, switching)
    showToast(store, failed)
    expect(store.getState().toast).toBeUndefined()
    vi.advanceTimersByTime(149)
    expect(store.getState().toast).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(store.getState().toast).toEqual(failed)
  })

  test('behavior: an autoClose toast hides itself later', () => {
    const store = createModalStore(config)
    showToast(store, copied)
    vi.advanceTimersByTime(1000)
    expect(store.getState().toast).toEqual(copied)
    vi.advanceTimersByTime(10_000)
    expect(store.getState().toast).toBeUndefined()
  })

  test('behavior: a toast that is not autoClose stays until hidden', () => {
    const store = createModalStore(config)
    showToast(store, switching)
    vi.advanceTimersByTime(60_000)
    expect(store.getState().toast).toEqual(switching)
    hideToast(store)
    expect(store.getState().toast).toBeUndefined()
  })

  test('behavior: the replaced toast does not close its successor early', () => {
    const store = createModalStore(config)
    showToast(store, copied)
    vi.advanceTimersByTime(2000)
    showToast(store, switching)
    vi.advanceTimersByTime(60_000)
    expect(store.getState().toast).toEqual(switching)
  })

  test("behavior: each store's toasts are its own: one's replacement neither delays nor cancels another's", () => {
    const first = createModalStore(config)
    const second = createModalStore(config)
    showToast(first, switching)
    showToast(first, failed)
    showToast(second, copied)
    expect(second.getState().toast).toEqual(copied)
    vi.advanceTimersByTime(150)
    expect(first.getState().toast).toEqual(failed)
    expect(second.getState().toast).toEqual(copied)
  })

  test('behavior: an autoClose replacement counts its time from when it shows', () => {
    const store = createModalStore(config)
    showToast(store, switching)
    showToast(store, copied)
    vi.advanceTimersByTime(150)
    expect(store.getState().toast).toEqual(copied)
    vi.advanceTimersByTime(1000)
    expect(store.getState().toast).toEqual(copied)
    vi.advanceTimersByTime(10_000)
    expect(store.getState().toast).toBeUndefined()
  })
})
