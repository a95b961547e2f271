// The rule that server state goes through TanStack Query (issue 32): Biome's GritQL plugin
// `apps/modal/lint/serverState.grit` fails lint on a fetch or an API call inside useEffect, and on
// a hand-written cache Map where server data lives. Here it is run on snippets that break it (it
// must fail them), on ones that keep it, and on the modal's own sources.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const biome = join(root, 'node_modules/.bin/biome')
const plugin = join(root, 'apps/modal/lint/serverState.grit')

type Diagnostic = { category: string; message: string; location: { path: string } }

/** Biome's diagnostics of the plugin for `cwd`'s `target`, by file. */
function lint(cwd: string, target: string, config?: string): Map<string, string[]> {
  const run = spawnSync(
    biome,
    ['lint', '--reporter=json', ...(config ? [`--config-path=${config}`] : []), target],
    { cwd, encoding: 'utf8' },
  )
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }
  const found = new Map<string, string[]>()
  for (const diagnostic of report.diagnostics.filter((item) => item.category === 'plugin'))
    found.set(diagnostic.location.path, [
      ...(found.get(diagnostic.location.path) ?? []),
      diagnostic.message,
    ])
  return found
}

const probe = mkdtempSync(join(tmpdir(), 'airlock-server-state-'))
afterAll(() => rmSync(probe, { recursive: true, force: true }))

/** Lints `files` (paths as in the modal) on their own, with only the plugin on. */
function lintSnippets(files: Record<string, string>) {
  writeFileSync(
    join(probe, 'biome.json'),
    JSON.stringify({ plugins: [plugin], linter: { rules: { recommended: false } } }),
  )
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(probe, path)), { recursive: true })
    writeFileSync(join(probe, path), source)
  }
  return lint(probe, 'apps')
}

describe('server state through TanStack Query', () => {
  const found = lintSnippets({
    'apps/modal/src/views/Quote/Quote.tsx': `
      import { useEffect, useState } from 'react'
      export function Quote({ amount }: { amount: string }) {
        const [quote, setQuote] = useState<unknown>()
        useEffect(() => {
          fetch('/v1/quote?amount=' + amount).then((answer) => setQuote(answer))
        }, [amount])
        return quote
      }`,
    'apps/modal/src/components/useReverseName.ts': `
      import { useEffect, useState } from 'react'
      import { namesApi } from '../names/namesApi'
      export function useReverseName(modal: never, address: string) {
        const [name, setName] = useState<string>()
        useEffect(() => {
          const timer = setTimeout(() => namesApi(modal).reverse(address).then(setName), 300)
          return () => clearTimeout(timer)
        }, [modal, address])
        return name
      }`,
    'apps/modal/src/stores/balances.ts': `
      export function useBalances(modal: { api: { apiFetch(path: string): Promise<unknown> } }) {
        useEffect(() => {
          void modal.api.apiFetch('/v1/balances')
        }, [modal])
      }`,
    'apps/modal/src/names/nameCache.ts': `
      const kept = new Map<string, { at: number; answer: Promise<unknown> }>()
      export const lookup = (name: string) => kept.get(name)`,
    'apps/modal/src/views/Fine/Fine.tsx': `
      import { useQuery } from '@tanstack/react-query'
      import { useEffect } from 'react'
      export function Fine({ store, query }: { store: { setState(value: unknown): void }; query: never }) {
        const answer = useQuery(query)
        // An effect that only writes what a query answered is fine.
        useEffect(() => {
          if (answer.data) store.setState({ answer: answer.data })
        }, [store, answer.data])
        return null
      }`,
  })

  test('error: a fetch inside useEffect in a view fails lint', () => {
    expect(found.get('apps/modal/src/views/Quote/Quote.tsx')).toEqual([
      'Server state goes through TanStack Query (a query or a mutation): no fetch or API call inside useEffect.',
    ])
  })

  test('error: an API client’s call inside useEffect fails lint, even behind a timer', () => {
    expect(found.get('apps/modal/src/components/useReverseName.ts')).toHaveLength(1)
    expect(found.get('apps/modal/src/stores/balances.ts')).toHaveLength(1)
  })

  test('error: a hand-written cache Map where server data lives fails lint', () => {
    expect(found.get('apps/modal/src/names/nameCache.ts')).toEqual([
      'No hand-written cache Map: server data is kept by TanStack Query.',
    ])
  })

  test('behavior: a query, and an effect that only writes its answer, pass', () => {
    expect(found.get('apps/modal/src/views/Fine/Fine.tsx')).toBeUndefined()
  })

  test('behavior: the modal’s own sources keep the rule', () => {
    expect([...lint(root, 'apps/modal/src', join(root, 'biome.json')).keys()]).toEqual([])
  })
})
