/**
 * Keeps apps/modal, apps/api and packages/* free of runtime import cycles (issue 15): a module
 * that imports, through any chain, a module that imports it back may run before the exports it
 * needs exist, and the layers (protocol → sdk; protocol → modal; protocol → api) stop being
 * readable from the imports. Type-only imports vanish from the build, so they are not counted.
 * A scanner, not the compiler: it reads the graph in milliseconds, where loading TypeScript
 * alone takes about a second.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const sourceRoots = [
  'apps/modal/src',
  'apps/api/src',
  ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}/src`),
].filter((folder) => existsSync(join(root, folder)))

type Import = { specifier: string; typeOnly: boolean }

// Statements start a line (so JSDoc `@example` lines, which start with `*`, are not read). The
// clause is what may stand between `import`/`export` and `from`: a default name, `{ … }` or
// `* as name`. `import { type A }` counts as runtime: with verbatimModuleSyntax the statement stays.
const staticImport =
  /^[ \t]*(import|export)\s+(type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s*from\s*(['"])([^'"\n]+)\3/gm
const sideEffectImport = /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm
const dynamicImport = /(?<!typeof\s+)\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g

/** The modules `source` imports or re-exports, and whether each import is erased from the build. */
function importsOf(source: string): Import[] {
  const imports: Import[] = []
  for (const match of source.matchAll(staticImport))
    imports.push({ specifier: match[4] as string, typeOnly: match[2] !== undefined })
  for (const pattern of [sideEffectImport, dynamicImport])
    for (const match of source.matchAll(pattern))
      imports.push({ specifier: match[2] as string, typeOnly: false })
  return imports
}

/** Workspace packages by name, so `@airlock/protocol` resolves to its source like a relative path. */
const workspacePackages = new Map(
  readdirSync(join(root, 'packages')).flatMap((folder) => {
    const manifest = join(root, 'packages', folder, 'package.json')
    if (!existsSync(manifest)) return []
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8'))
    const entry = typeof exports === 'string' ? exports : exports?.['.']
    return typeof entry === 'string'
      ? [[name as string, join(root, 'packages', folder, entry)]]
      : []
  }),
)

const isFile = (path: string) => existsSync(path) && statSync(path).isFile()

/** The source file an import names; undefined for a dependency or a non-TypeScript asset. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return workspacePackages.get(specifier)
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => /\.tsx?$/.test(path) && isFile(path),
  )
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

type Graph = Map<string, string[]>

/** Each runtime import between source files: importer → the files it needs loaded first. */
function runtimeImportGraph(): Graph {
  const files = sourceRoots.flatMap((folder) => sourceFiles(join(root, folder)))
  return new Map(
    files.map((file) => [
      relative(root, file),
      importsOf(readFileSync(file, 'utf8')).flatMap(({ specifier, typeOnly }) => {
        const target = typeOnly ? undefined : resolveImport(file, specifier)
        return target ? [relative(root, target)] : []
      }),
    ]),
  )
}

/**
 * One cycle per strongly connected group of modules (Tarjan), each as the path round it from
 * its first module in sorted order: `a → b → a`.
 */
function findCycles(graph: Graph): string[][] {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    lowLink.set(node, index.get(node) as number)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) visit(next)
      if (onStack.has(next))
        lowLink.set(node, Math.min(lowLink.get(node) as number, lowLink.get(next) as number))
    }
    if (lowLink.get(node) !== index.get(node)) return
    const group = stack.splice(stack.indexOf(node))
    for (const member of group) onStack.delete(member)
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort())
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return groups.map((group) => pathRound(graph, new Set(group), group[0] as string))
}

/** The shortest path from `start` back to itself inside `group` (breadth first). */
function pathRound(graph: Graph, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (const node of queue)
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue
      if (next === start) {
        const path: string[] = []
        for (let at = node; at !== start; at = cameFrom.get(at) as string) path.unshift(at)
        return [start, ...path, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node)
        queue.push(next)
      }
    }
  return [start]
}

describe('import cycles', () => {
  test('behavior: the scanner tells runtime imports from the ones the build erases', () => {
    const source = [
      "import type { ModalStore } from './store'",
      "import { type Toast, showToast } from './toasts'",
      'import {',
      '  alerts,',
      '  type AlertId,',
      "} from '@airlock/protocol'",
      "export type { Cache } from './cache'",
      "export * from './format'",
      "import './styles.css'",
      "const solana = await import('../send/solanaTransfer')",
      "type Client = typeof import('./client')",
      " * import { example } from './inAComment'",
    ].join('\n')
    expect(importsOf(source)).toEqual([
      { specifier: './store', typeOnly: true },
      { specifier: './toasts', typeOnly: false },
      { specifier: '@airlock/protocol', typeOnly: false },
      { specifier: './cache', typeOnly: true },
      { specifier: './format', typeOnly: false },
      { specifier: './styles.css', typeOnly: false },
      { specifier: '../send/solanaTransfer', typeOnly: false },
    ])
  })

  test('behavior: a cycle is reported as the path round it', () => {
    const graph: Graph = new Map([
      ['config.ts', ['walletConnect.ts', 'logger.ts']],
      ['walletConnect.ts', ['config.ts']],
      ['logger.ts', []],
      ['cache.ts', ['memoryCache.ts']],
      ['memoryCache.ts', ['codec.ts']],
      ['codec.ts', ['cache.ts']],
      ['main.ts', ['config.ts', 'cache.ts']],
    ])
    expect(findCycles(graph)).toEqual([
      ['cache.ts', 'memoryCache.ts', 'codec.ts', 'cache.ts'],
      ['config.ts', 'walletConnect.ts', 'config.ts'],
    ])
  })

  test('behavior: the modal, the API and the packages have no runtime import cycle', () => {
    const graph = runtimeImportGraph()
    // The scanner still sees the code: files in each source root import each other, and
    // `@airlock/protocol` resolves to its source.
    const targets = [...graph.values()].flat()
    for (const folder of ['apps/modal/src/', 'apps/api/src/', 'packages/sdk/src/'])
      expect(targets.some((target) => target.startsWith(folder))).toBe(true)
    expect(targets).toContain('packages/protocol/src/index.ts')
    const cycles = findCycles(graph).map((cycle) => cycle.join(' → '))
    expect(cycles).toEqual([])
  })
})
