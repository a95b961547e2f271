/**
 * Guards issue 32's rules for the API's routes: admission and validation are Hono middleware, so
 * no route asks whether a helper handed back a value or an answer (`instanceof Response`, a
 * return type of `X | Response`), and SQL stays in services and storage (no query builder or
 * transaction in a route). Comments are not code and are skipped.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const routesDir = fileURLToPath(new URL('./routes/', import.meta.url))

const rules: Record<string, RegExp> = {
  'an instanceof Response check': /\binstanceof\s+Response\b/,
  'a value-or-answer type': /\|\s*Response\b|\bResponse\s*\|/,
  SQL: /\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(/,
}

/** Each rule a source breaks, with the line, comments left out. */
function broken(source: string): string[] {
  return source.split('\n').flatMap((text, index) => {
    const code = text.replace(/\/\/.*$/, '')
    if (/^\s*(\/\*\*|\*)/.test(code)) return []
    return Object.entries(rules)
      .filter(([, pattern]) => pattern.test(code))
      .map(([rule]) => `${index + 1}: ${rule}`)
  })
}

describe('route rules', () => {
  test('behavior: the scan finds each kind of break, and none in comments', () => {
    const source = [
      'if (checked instanceof Response) return checked',
      'async function admitted(c: Context): Promise<Project | Response> {',
      "const row = await db.selectFrom('projects').selectAll().execute()",
      '  // a comment that says instanceof Response',
      ' * `X | Response` in a doc comment',
    ].join('\n')
    expect(broken(source)).toEqual([
      '1: an instanceof Response check',
      '2: a value-or-answer type',
      '3: SQL',
    ])
  })

  test('behavior: no route checks for an answer, returns X | Response or runs SQL', () => {
    const files = readdirSync(routesDir).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    expect(files.length).toBeGreaterThan(10)
    const breaks = files.flatMap((file) =>
      broken(readFileSync(`${routesDir}${file}`, 'utf8')).map((line) => `${file}:${line}`),
    )
    expect(breaks).toEqual([])
  })
})
