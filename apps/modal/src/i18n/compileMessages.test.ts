/**
 * The build's message compiler (compileMessages.ts): a message module's `message('…')` literals
 * become Lingui's compiled form; one that is not valid ICU, or not a literal at all (which would
 * ship uncompiled), fails the build naming it.
 */
import { describe, expect, it } from 'vitest'
import { compileMessages } from '../../compileMessages'

const moduleId = '/repo/apps/modal/src/messages/exampleText.ts'

/** The plugin's transform of `code` as the module `id`. */
function transform(code: string, id = moduleId) {
  const hook = compileMessages().transform as unknown as (
    this: unknown,
    code: string,
    id: string,
  ) => { code: string } | null
  return hook.call({}, code, id)
}

describe('compileMessages', () => {
  it('behavior: a literal message becomes its compiled form, its names kept', () => {
    const out = transform(`export const t = { a: message('Looking up {name}…', 'name') }`)
    expect(out?.code).toBe(`export const t = { a: message(["Looking up ",["name"],"…"], 'name') }`)
  })

  it('behavior: modules outside src/messages are left to the bundler', () => {
    expect(transform(`message(text)`, '/repo/apps/modal/src/views/Send.tsx')).toBeNull()
  })

  it('error: a message that is not valid ICU fails the build, naming it', () => {
    expect(() => transform(`message('Sent {amount', 'amount')`)).toThrow(
      /Not a valid ICU message \('Sent \{amount' in .*exampleText\.ts\)/,
    )
  })

  it('error: a message( of anything but a string literal fails the build, naming the module', () => {
    expect(() => transform(`const s = 'Hi {x}'\nexport const t = { a: message(s, 'x') }`)).toThrow(
      `${moduleId}: 1 message() call(s) without a string literal as the message.`,
    )
    // A template literal with an interpolation: message(`Hi ${x}`, 'x').
    const interpolated = ['export const t = { a: message(`Hi $', "{x}`, 'x') }"].join('')
    expect(() => transform(interpolated)).toThrow(/without a string literal/)
  })
})
