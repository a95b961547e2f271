// The flow after a login, on the narrow context it declares: a view stack, the sign-in check
// and the modal's open/close bookkeeping, with no browser and no modal around it.
import type { View } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import type { SiwxCheck } from '../siwx/siwxCheck'
import { connected } from './connected'
import type { FlowContext } from './context'

/** A view stack and a modal that closes, as the flow sees them. */
function loggedIn(check: Promise<SiwxCheck>, stack: View[] = ['Connect', 'ConnectingExternal']) {
  const modal = { open: true, stack }
  const visibility = {
    openings: 0,
    closing: false,
    opening: undefined,
    firstRender: Promise.resolve(),
  }
  const context = {
    navigation: {
      reset: async (view: View) => {
        modal.stack = [view]
      },
      back: async () => {
        modal.stack = modal.stack.slice(0, -1)
      },
    } as unknown as FlowContext['navigation'],
    siwx: { checked: () => check } as unknown as FlowContext['siwx'],
    visibility,
    closeModal: async () => {
      visibility.openings++
      modal.open = false
    },
  }
  return { modal, visibility, context }
}

describe('flow: after a login', () => {
  test('behavior: the modal closes when no sign-in is needed', async () => {
    const { modal, context } = loggedIn(Promise.resolve('off'))
    await connected(context, undefined)
    expect(modal.open).toBe(false)
  })

  test('behavior: a sign-in the project wants takes the whole stack, and the modal stays open', async () => {
    const { modal, context } = loggedIn(Promise.resolve('needed'))
    await connected(context, undefined)
    expect(modal).toEqual({ open: true, stack: ['SIWXSignMessage'] })
  })

  test('behavior: a flow started elsewhere (ProfileWallets) goes back there instead of closing', async () => {
    const { modal, context } = loggedIn(Promise.resolve('signedIn'), [
      'Account',
      'ProfileWallets',
      'ConnectingExternal',
    ])
    await connected(context, true)
    expect(modal).toEqual({ open: true, stack: ['Account', 'ProfileWallets'] })
  })

  test('behavior: an open the site asked for during the sign-in check has the last word', async () => {
    let settle = (_: SiwxCheck) => {}
    const { modal, visibility, context } = loggedIn(
      new Promise((resolve) => {
        settle = resolve
      }),
    )
    const flow = connected(context, undefined)
    // The site heard 'connected' and opened the modal meanwhile.
    visibility.openings++
    settle('off')
    await flow
    expect(modal.open).toBe(true)
  })
})
