/**
 * A Vite plugin that compiles the modal's ICU messages at build, with Lingui's own compiler, so
 * the page ships no message parser: a locale's catalogue (`locales/*.json?compiled`) becomes
 * Lingui's compiled form, and so does each `message('…')` literal of the English message
 * modules (src/messages). Not used by the tests, where Lingui compiles as it reads.
 */
import { readFile } from 'node:fs/promises'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** `message(` followed by one string literal: single, double or back quotes, no interpolation. */
const messageLiteral = /\bmessage\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g

/** The value of a JS string literal of our own sources. */
function literalValue(literal: string): string {
  return new Function(`return ${literal}`)() as string
}

export function compileMessages(): Plugin {
  return {
    name: 'airlock:compile-messages',
    enforce: 'pre',
    async load(id) {
      const [path = '', query] = id.split('?')
      if (query !== 'compiled' || !path.endsWith('.json')) return null
      const catalogue = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>
      const compiled = Object.fromEntries(
        Object.entries(catalogue).map(([key, source]) => [key, compileMessage(source)]),
      )
      // Vite's JSON plugin turns this into the module.
      return JSON.stringify(compiled)
    },
    transform(code, id) {
      if (!/\/src\/messages\/[^/]+\.ts$/.test(id.split('?')[0] ?? '')) return null
      return {
        code: code.replace(
          messageLiteral,
          (_, literal: string) =>
            `message(${JSON.stringify(compileMessage(literalValue(literal)))}`,
        ),
        map: null,
      }
    },
  }
}
