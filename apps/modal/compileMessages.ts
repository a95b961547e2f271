/**
 * A Vite plugin that compiles the modal's ICU messages at build, with Lingui's own compiler, so
 * the page ships no message parser: a locale's catalogue (`locales/*.json?compiled`) becomes
 * Lingui's compiled form, and so does each `message('…')` literal of the English message
 * modules (src/messages). Not used by the tests, where Lingui compiles as it reads.
 */
import { readFile } from 'node:fs/promises'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** `message(` followed by one string literal: single, double or back quotes, no interpolation. */
const messageLiteral = /\bmessage\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g

/** The value of a JS string literal of our own sources. */
function literalValue(literal: string): string {
  return new Function(`return ${literal}`)() as string
}

/** A message compiled; one that is not valid ICU fails the build, naming it (Lingui's own
 * compileMessage would log and ship the raw text, placeholders and all). */
function compileStrictly(source: string, where: string): unknown {
  try {
    return compileMessageOrThrow(source)
  } catch (error) {
    throw new Error(`Not a valid ICU message (${where}): ${(error as Error).message}`)
  }
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
        Object.entries(catalogue).map(([key, source]) => [
          key,
          compileStrictly(source, `${key} in ${path}`),
        ]),
      )
      // A module of its own (JSON.parse reads a large literal faster than JS would).
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))})`
    },
    transform(code, id) {
      if (!/\/src\/messages\/[^/]+\.ts$/.test(id.split('?')[0] ?? '')) return null
      // A message( of anything but a literal would ship its ICU uncompiled: the build says where.
      const calls = code.match(/\bmessage\(/g)?.length ?? 0
      const literals = code.match(messageLiteral)?.length ?? 0
      if (calls !== literals)
        throw new Error(
          `${id}: ${calls - literals} message() call(s) without a string literal as the message.`,
        )
      return {
        code: code.replace(
          messageLiteral,
          (_, literal: string) =>
            `message(${JSON.stringify(compileStrictly(literalValue(literal), `${literal} in ${id}`))}`,
        ),
        map: null,
      }
    },
  }
}
