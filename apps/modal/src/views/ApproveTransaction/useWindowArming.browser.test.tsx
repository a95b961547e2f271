// The approval window's arming: Approve answers only once the window has been visible and
// focused for seenForMs without a break, and stops the moment the window is hidden or loses
// focus. The window here is a stand-in whose focus and visibility the test sets (headless
// Chromium reports every page focused), with the events the browser fires on those changes.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { seenForMs } from './useSeenArming'
import { useWindowArming } from './useWindowArming'

/** A window whose focus and visibility change as the test says, firing the browser's events. */
function approvalWindowStandIn() {
  const seen = { focused: true, visible: true }
  const document = Object.defineProperties(new EventTarget(), {
    visibilityState: { get: () => (seen.visible ? 'visible' : 'hidden') },
    hasFocus: { value: () => seen.focused },
  })
  const target = Object.assign(new EventTarget(), { document })
  return {
    window: target as unknown as Window,
    blur() {
      seen.focused = false
      target.dispatchEvent(new Event('blur'))
    },
    focus() {
      seen.focused = true
      target.dispatchEvent(new Event('focus'))
    },
    hide() {
      seen.visible = false
      document.dispatchEvent(new Event('visibilitychange'))
    },
    show() {
      seen.visible = true
      document.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

describe('useWindowArming', () => {
  const roots: Root[] = []
  /** Renders the hook for `request` in `popup`; `result.current` is its latest arming. */
  function renderArming(popup: Window, request: string) {
    const result: { current?: ReturnType<typeof useWindowArming> } = {}
    function Probe({ request }: { request: string }) {
      result.current = useWindowArming(popup, request)
      return null
    }
    const root: Root = createRoot(document.createElement('div'))
    roots.push(root)
    act(() => root.render(<Probe request={request} />))
    return { result, rerender: (next: string) => act(() => root.render(<Probe request={next} />)) }
  }

  // Time is the test's: each delay is passed exactly, to the millisecond before and at it.
  beforeEach(() => {
    // React's act() flushes renders and effects only where it is told tests run.
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
    vi.useFakeTimers()
  })
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount())
    vi.useRealTimers()
  })
  const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms))

  test('behavior: arms once the window has been seen for the whole delay, not before', () => {
    const popup = approvalWindowStandIn()
    const { result } = renderArming(popup.window, 'send')
    pass(seenForMs - 1)
    expect(result.current).toBe('waiting')
    pass(1)
    expect(result.current).toBe('armed')
  })

  test('security: losing focus disarms at once; focus back waits the whole delay again', () => {
    const popup = approvalWindowStandIn()
    const { result } = renderArming(popup.window, 'send')
    pass(seenForMs)
    expect(result.current).toBe('armed')
    act(() => popup.blur())
    expect(result.current).toBe('waiting')
    act(() => popup.focus())
    pass(seenForMs - 1)
    expect(result.current).toBe('waiting')
    pass(1)
    expect(result.current).toBe('armed')
  })

  test('security: a break in the delay starts it over', () => {
    const popup = approvalWindowStandIn()
    const { result } = renderArming(popup.window, 'send')
    pass(seenForMs - 100)
    act(() => popup.blur())
    act(() => popup.focus())
    pass(100)
    expect(result.current).toBe('waiting')
    pass(seenForMs - 100)
    expect(result.current).toBe('armed')
  })

  test('security: a hidden window disarms, and a window that opens unfocused never arms until focused', () => {
    const popup = approvalWindowStandIn()
    const { result } = renderArming(popup.window, 'send')
    pass(seenForMs)
    act(() => popup.hide())
    expect(result.current).toBe('waiting')
    act(() => popup.show())
    pass(seenForMs)
    expect(result.current).toBe('armed')

    const behind = approvalWindowStandIn()
    act(() => behind.blur())
    const { result: unfocused } = renderArming(behind.window, 'send')
    pass(10 * seenForMs)
    expect(unfocused.current).toBe('waiting')
    act(() => behind.focus())
    pass(seenForMs)
    expect(unfocused.current).toBe('armed')
  })

  test('behavior: a new request starts unarmed', () => {
    const popup = approvalWindowStandIn()
    const { result, rerender } = renderArming(popup.window, 'first')
    pass(seenForMs)
    expect(result.current).toBe('armed')
    rerender('second')
    expect(result.current).toBe('waiting')
    pass(seenForMs)
    expect(result.current).toBe('armed')
  })
})
