/**
 * Guards issue 15's rule for the modal and the API: no module-level mutable state. Listeners,
 * caches, counters and timers belong to an instance a test can make fresh (`createModal`,
 * `createApiClient`, `createApp`, …), so a top-level `let` or `var` in their sources fails here.
 * Sources are Biome-formatted: a declaration at column 0 is at module scope.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const scanned = ['apps/modal/src', 'apps/api/src']

/**
 * Top-level `let`s kept on purpose, as `path name` → why. Every entry needs a reason a reviewer
 * accepts; none has one yet.
 */
const allowed: Record<string, string> = {}

/** The names of the module-scope `let`/`var` declarations in a source, with their lines. */
function topLevelLets(source: string): { line: number; name: string }[] {
  return source.split('\n').flatMap((text, index) => {
    const name = /^(?:export\s+)?(?:let|var)\s+([^\s:=]+)/.exec(text)?.[1]
    return name ? [{ line: index + 1, name }] : []
  })
}

function sources(dir: string): string[] {
  return readdirSync(`${repoRoot}${dir}`, { encoding: 'utf8', recursive: true })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
}

describe('module state', () => {
  test('behavior: the scan finds a top-level let or var, and none inside a function', () => {
    const source = [
      'let count = 0',
      'export let listeners: Listener[] = []',
      'var legacy',
      'const limit = 5',
      'function next() {',
      '  let local = count',
      '  return ++local',
      '}',
    ].join('\n')
    expect(topLevelLets(source)).toEqual([
      { line: 1, name: 'count' },
      { line: 2, name: 'listeners' },
      { line: 3, name: 'legacy' },
    ])
  })

  test('behavior: the modal and the API keep no mutable state at module level', () => {
    const files = scanned.flatMap(sources)
    expect(files.length).toBeGreaterThan(50)
    const found = files.flatMap((file) =>
      topLevelLets(readFileSync(`${repoRoot}${file}`, 'utf8'))
        .filter(({ name }) => !(`${file} ${name}` in allowed))
        .map(({ line, name }) => `${file}:${line} ${name}`),
    )
    // Move each into the instance that owns it (see modal.ts, api.ts, toasts.ts, balance.ts).
    expect(found).toEqual([])
  })
})
