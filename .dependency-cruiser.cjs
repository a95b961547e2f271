/**
 * The import rules of the repo, checked by layers.test.ts in `npm test` (dependency-cruiser):
 * no runtime import cycles, and no import that runs back up a layer. Type-only imports vanish
 * from the build and are not counted. The layers are written out in the README's Layout.
 */

/** The modal's layers, lowest first: a module may import its own layer and those below it. */
const modalLayers = [
  [
    'base',
    '^apps/modal/src/(api\\.ts|frameToken\\.ts|centeredPopup\\.ts|chainClient\\.ts|messages/|i18n/|afterNextFrame\\.ts|theme\\.ts|config\\.ts)',
  ],
  ['stores', '^apps/modal/src/stores/'],
  ['queries', '^apps/modal/src/(queries/|analytics\\.ts)'],
  ['wallets', '^apps/modal/src/(connectors|walletconnect|embeddedWallet|socialLogin|siwx)/'],
  ['actions', '^apps/modal/src/actions/'],
  ['features', '^apps/modal/src/(swap|onramp|send)/'],
  ['flows', '^apps/modal/src/(flows/|navigation/|hostPorts\\.ts)'],
  ['views', '^apps/modal/src/(views|components|names)/'],
  ['wiring', '^apps/modal/src/(modal\\.ts|main\\.tsx|bridge/)'],
]

/** The API's layers, lowest first. */
const apiLayers = [
  ['storage', '^apps/api/src/storage/'],
  ['services', '^apps/api/src/services/'],
  ['routes', '^apps/api/src/routes/'],
]

/**
 * The workspaces: protocol under everything, the SDK on it, the wagmi and React bindings on the SDK,
 * the apps on them, never on each other.
 */
const packageRules = [
  ['protocol', '^packages/protocol/', '^(packages/(sdk|wagmi|react)|apps|e2e|devchain|scripts)/'],
  ['sdk', '^packages/sdk/', '^(packages/(wagmi|react)|apps|e2e|devchain|scripts)/'],
  // The bindings sit on the SDK, side by side: neither imports the other.
  ['wagmi', '^packages/wagmi/', '^(packages/react|apps|e2e|devchain|scripts)/'],
  ['react', '^packages/react/', '^(packages/wagmi|apps|e2e|devchain|scripts)/'],
  [
    'modal',
    '^apps/modal/',
    '^(apps/(api|demo|example-react)|packages/(sdk|wagmi|react)|e2e|devchain|scripts)/',
  ],
  ['api', '^apps/api/', '^(apps/(modal|demo|example-react)|packages/(sdk|wagmi|react)|e2e)/'],
  ['example-react', '^apps/example-react/', '^(apps/(api|modal|demo)|e2e|devchain|scripts)/'],
]

const notTests = '\\.test\\.|\\.spec\\.|/test/'

function upwardRules(app, layers) {
  return layers.slice(0, -1).map(([name, path], index) => ({
    name: `${app}-${name}-imports-up`,
    comment: `${app}: ${name} may not import a layer above it (${layers
      .slice(index + 1)
      .map(([above]) => above)
      .join(', ')})`,
    severity: 'error',
    from: { path, pathNot: notTests },
    to: {
      path: layers
        .slice(index + 1)
        .map(([, above]) => `(${above})`)
        .join('|'),
      dependencyTypesNot: ['type-only'],
    },
  }))
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module that imports, through any chain, a module that imports it back.',
      severity: 'error',
      from: { path: '^(apps/(modal|api)/src|packages/[^/]+/src)/', pathNot: notTests },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    ...upwardRules('modal', modalLayers),
    ...upwardRules('api', apiLayers),
    ...packageRules.map(([name, path, forbidden]) => ({
      name: `${name}-imports-outside`,
      comment: `${name} may not import ${forbidden}`,
      severity: 'error',
      from: { path, pathNot: notTests },
      to: { path: forbidden },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
}
