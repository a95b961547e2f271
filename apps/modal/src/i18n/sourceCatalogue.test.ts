import { connectionErrors, nameErrors } from '@airlock/protocol'
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { specText } from '../messages/specText'
import { englishCatalogue, sourceCatalogues } from './englishCatalogue'

describe('the English source catalogue', () => {
  it('behavior: every message id is declared once, across all message modules', () => {
    const count = sourceCatalogues().reduce(
      (total, { catalogue }) => total + Object.keys(catalogue).length,
      0,
    )
    expect(Object.keys(englishCatalogue())).toHaveLength(count)
  })

  it('behavior: each view module, the view titles and the spec catalogue are in it', () => {
    const catalogue = englishCatalogue()
    expect(catalogue['view.Connect']).toBe('Connect Wallet')
    expect(catalogue['spec.toast.signatureDeclined']).toBe('Signature declined')
    expect(catalogue['spec.alerts.networkNotFound.shortMessage']).toBe('Network Not Found')
    expect(catalogue['emailLogin.codeNotRight']).toContain('{left, plural,')
  })

  it('behavior: every message compiles as ICU', () => {
    for (const [id, source] of Object.entries(englishCatalogue()))
      expect(() => compileMessage(source), id).not.toThrow()
  })

  it('behavior: a plain message (a string, not a function of values) has no braces', () => {
    const plain = sourceCatalogues().flatMap(({ messages, catalogue }) =>
      Object.entries(catalogue).filter(
        ([id]) =>
          typeof id
            .split('.')
            .slice(1)
            .reduce<unknown>((group, key) => (group as Record<string, unknown>)[key], messages) ===
          'string',
      ),
    )
    expect(plain.length).toBeGreaterThan(400)
    for (const [id, source] of plain) expect(source, id).not.toMatch(/[{}]/)
  })
})

describe('the spec catalogue as shown', () => {
  it("behavior: its messages with values say what the protocol's do", () => {
    expect(specText.connection.noConnectorForConnection('abc')).toBe(
      connectionErrors.noConnectorForConnection('abc'),
    )
    expect(specText.connection.invalidConnectionStatus('pending')).toBe(
      connectionErrors.invalidConnectionStatus('pending'),
    )
    expect(specText.name.errorRegisteringName('ada.eth')).toBe(
      nameErrors.errorRegisteringName('ada.eth'),
    )
  })
})
