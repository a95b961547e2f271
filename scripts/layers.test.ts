/**
 * The repo's import rules (.dependency-cruiser.cjs), checked with dependency-cruiser: no runtime
 * import cycle in the modal, the API or the packages (a module that imports, through any chain,
 * one that imports it back may run before the exports it needs exist), no import that runs back
 * up a layer of the modal or the API, and no workspace reaching into one it must not know.
 * Type-only imports vanish from the build and are not counted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser'
import { afterAll, describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const rules = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[]
  options: Record<string, unknown>
}

/** The rules' violations in the folders under `baseDir`, one line each: rule, from → to. */
async function violations(baseDir: string, folders: string[]): Promise<string[]> {
  const { output } = await cruise(folders, {
    ...rules.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden },
  })
  const result = output as ICruiseResult
  return result.summary.violations.map((violation) =>
    [
      violation.rule.name,
      violation.from,
      '→',
      violation.to,
      ...(violation.cycle ?? []).map((step) => step.name),
    ].join(' '),
  )
}

describe('import rules', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'airlock-layers-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  /** A tree of modules in `scratch`, by path and source. */
  function tree(name: string, files: Record<string, string>) {
    const base = join(scratch, name)
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(base, path)), { recursive: true })
      writeFileSync(join(base, path), source)
    }
    return base
  }

  test('behavior: a store that imports a view runs back up a layer and is reported; a type-only import is not', async () => {
    const base = tree('upward', {
      'apps/modal/src/stores/store.ts':
        "import { title } from '../views/Account/text'\nexport const s = title\n",
      'apps/modal/src/stores/types.ts':
        "import type { Title } from '../views/Account/text'\nexport type T = Title\n",
      'apps/modal/src/views/Account/text.ts':
        "export const title = 'Account'\nexport type Title = string\n",
    })
    expect(await violations(base, ['apps'])).toEqual([
      'modal-stores-imports-up apps/modal/src/stores/store.ts → apps/modal/src/views/Account/text.ts',
    ])
  })

  test('behavior: a runtime cycle is reported round its path; one closed by a type-only import is not', async () => {
    const base = tree('cycle', {
      'apps/api/src/services/a.ts': "import { b } from './b'\nexport const a = () => b\n",
      'apps/api/src/services/b.ts': "import { a } from './a'\nexport const b = () => a\n",
      'apps/api/src/services/c.ts': "import type { D } from './d'\nexport type C = D\n",
      'apps/api/src/services/d.ts': "import type { C } from './c'\nexport type D = C | 1\n",
    })
    expect(await violations(base, ['apps'])).toEqual([
      'no-circular apps/api/src/services/a.ts → apps/api/src/services/b.ts apps/api/src/services/b.ts apps/api/src/services/a.ts',
    ])
  })

  test('behavior: the modal, the API and the packages keep every rule', async () => {
    expect(
      await violations(root, [
        'apps/modal/src',
        'apps/api/src',
        'packages/protocol/src',
        'packages/sdk/src',
        'packages/wagmi/src',
        'packages/react/src',
        'apps/example-react/src',
      ]),
    ).toEqual([])
    // Reading the whole repo's import graph takes seconds, more while the suite's other steps
    // share the cores.
  }, 90_000)
})
