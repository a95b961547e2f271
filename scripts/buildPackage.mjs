// Builds the published form of the package in the working directory (`npm run build -w <pkg>`):
// `dist/index.js`, its source bundled as ESM with every npm import left to the installer, and
// `dist/index.d.ts`, its declarations in one file. @airlock/protocol is private: what the package
// uses of it is bundled in (code and types), so no import of it survives. An import the package
// does not declare (dependencies or peerDependencies) fails the build: it would fail for users.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { generateDtsBundle } from 'dts-bundle-generator'
import { build } from 'esbuild'

const root = process.cwd()
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))
const entry = ['src/index.ts', 'src/index.tsx'].map((file) => resolve(root, file)).find(existsSync)
if (!entry) throw new Error(`${manifest.name}: no src/index.ts(x) to build.`)

const bundled = /^@airlock\/protocol(\/|$)/
const declared = new Set([
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
])
/** The npm package an import names: `@scope/name` or `name`. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/')

const { metafile } = await build({
  metafile: true,
  entryPoints: [entry],
  outfile: resolve(root, 'dist/index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  jsx: 'automatic',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          bundled.test(path) ? undefined : { path, external: true },
        )
      },
    },
  ],
})
// What the bundle still imports once unused code is shaken off.
const undeclared = new Set(
  Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter(({ external, path }) => external && !declared.has(packageOf(path)))
    .map(({ path }) => packageOf(path)),
)
if (undeclared.size)
  throw new Error(
    `${manifest.name} imports ${[...undeclared].join(', ')} without declaring it in dependencies or peerDependencies.`,
  )

const [declarations] = generateDtsBundle(
  [
    {
      filePath: entry,
      libraries: { inlinedLibraries: ['@airlock/protocol'] },
      output: { noBanner: true, exportReferencedTypes: false },
    },
  ],
  {
    preferredConfigPath: new URL('tsconfig.package.json', import.meta.url).pathname,
    // @airlock/sdk, linked into node_modules by the workspace, stays an import of the package.
    followSymlinks: false,
  },
)
writeFileSync(resolve(root, 'dist/index.d.ts'), declarations)
console.log(`${manifest.name}: built dist/index.js and dist/index.d.ts`)
