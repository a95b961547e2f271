// Compiles the dev-chain contracts in devchain/contracts with solc-js (the `solc` npm package,
// pinned in the lockfile) and writes devchain/artifacts.json: ABI, creation bytecode and runtime
// bytecode per contract. The artifact is committed, so `npm start` and the tests need no compiler
// run; rerun this after editing a contract.
//
// Three solc runs: devchain/contracts/*.sol (no imports, Paris), then devchain/contracts/aa/*.sol,
// the ERC-4337 contracts built on @account-abstraction/contracts and @openzeppelin/contracts from
// node_modules (pinned in the root package.json), with Cancun: OpenZeppelin 5 uses MCOPY; then
// devchain/contracts/ens/*.sol, the dev ENS (registry, offchain resolver, universal resolver), which
// import nothing, with Paris.
//
//   node devchain/compile.mjs          rebuild devchain/artifacts.json
//   node devchain/compile.mjs --check  exit 1 when the committed artifact is stale
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import solc from 'solc'

const contractsDir = new URL('./contracts/', import.meta.url)
export const artifactsPath = fileURLToPath(new URL('./artifacts.json', import.meta.url))

/** The packages the aa/ contracts may import from, found where Node would find them. */
const importablePackages = ['@account-abstraction/contracts', '@openzeppelin/contracts']
const require = createRequire(import.meta.url)

/**
 * Compiles every `.sol` file in devchain/contracts, then those in devchain/contracts/aa and
 * devchain/contracts/ens.
 * @returns {{ compiler: string, contracts: Record<string, { source: string, abi: unknown[], bytecode: string, deployedBytecode: string }> }}
 */
export function compileContracts() {
  const contracts = {
    // Paris (no PUSH0) so the same bytecode also deploys on chains that lag behind mainnet.
    ...compile({ dir: '', evmVersion: 'paris' }),
  }
  const accountAbstraction = compile({
    dir: 'aa/',
    evmVersion: 'cancun',
    findImport,
    // Only the files of the folder: not SimpleAccount, ERC1967Proxy and the rest they import.
    selectSources: true,
  })
  const ens = compile({ dir: 'ens/', evmVersion: 'paris' })
  for (const [name, contract] of [...Object.entries(accountAbstraction), ...Object.entries(ens)]) {
    if (name in contracts) throw new Error(`two contracts named ${name}: ${contract.source}`)
    contracts[name] = contract
  }
  return { compiler: solc.version(), contracts }
}

/**
 * One solc run over the `.sol` files of a folder of devchain/contracts.
 * @param {{ dir: string, evmVersion: string, findImport?: (path: string) => { contents: string } | { error: string }, selectSources?: boolean }} options
 */
function compile({ dir, evmVersion, findImport, selectSources = false }) {
  const folder = new URL(dir, contractsDir)
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.sol'))
    .sort()
  const sources = files.map((file) => `contracts/${dir}${file}`)
  const selection = ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object']
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((file, index) => [
        sources[index],
        { content: readFileSync(new URL(file, folder), 'utf8') },
      ]),
    ),
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: 200 },
      // No metadata hash: the bytecode then depends on the source alone, not on file paths.
      metadata: { bytecodeHash: 'none' },
      outputSelection: selectSources
        ? Object.fromEntries(sources.map((source) => [source, { '*': selection }]))
        : { '*': { '*': selection } },
    },
  }
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), findImport ? { import: findImport } : undefined),
  )
  // Warnings in the imported packages' own files are theirs to fix (BaseAccount names a
  // parameter `error`, which a later solc will refuse); ours and every error are shown.
  const problems = (output.errors ?? []).filter(
    (problem) =>
      problem.severity === 'error' ||
      !importablePackages.some((name) => problem.sourceLocation?.file?.startsWith(`${name}/`)),
  )
  for (const problem of problems) console.error(problem.formattedMessage)
  if (problems.some((problem) => problem.severity === 'error'))
    throw new Error('solc reported errors; see above')

  const contracts = {}
  for (const [source, byName] of Object.entries(output.contracts ?? {}))
    for (const [name, contract] of Object.entries(byName)) {
      // Interfaces (no bytecode) and internal-only libraries (no ABI) are not deployed alone.
      if (contract.evm.bytecode.object === '' || contract.abi.length === 0) continue
      contracts[name] = {
        source,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      }
    }
  return contracts
}

/** solc's import callback: `@account-abstraction/contracts/…` and `@openzeppelin/contracts/…`. */
function findImport(path) {
  const name = importablePackages.find((name) => path.startsWith(`${name}/`))
  if (name === undefined)
    return { error: `devchain/compile.mjs resolves only ${importablePackages.join(' and ')}` }
  try {
    const packageDir = dirname(require.resolve(`${name}/package.json`))
    return { contents: readFileSync(join(packageDir, path.slice(name.length + 1)), 'utf8') }
  } catch (error) {
    return { error: `${path}: ${error instanceof Error ? error.message : error}` }
  }
}

/** The artifact file's text: `JSON.stringify` with two spaces, as Biome leaves it. */
export function artifactsText(artifacts) {
  return `${JSON.stringify(artifacts, null, 2)}\n`
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = artifactsText(compileContracts())
  if (process.argv.includes('--check')) {
    const committed = readFileSync(artifactsPath, 'utf8')
    if (committed !== text) {
      console.error('devchain/artifacts.json is stale: run `node devchain/compile.mjs`.')
      process.exit(1)
    }
    console.log('devchain/artifacts.json matches the contracts.')
  } else {
    writeFileSync(artifactsPath, text)
    console.log(`wrote ${artifactsPath}`)
  }
}
