// Compiles the dev-chain contracts in devchain/contracts with solc-js (the `solc` npm package,
// pinned in the lockfile) and writes devchain/artifacts.json: ABI, creation bytecode and runtime
// bytecode per contract. The artifact is committed, so `npm start` and the tests need no compiler
// run; rerun this after editing a contract.
//
//   node devchain/compile.mjs          rebuild devchain/artifacts.json
//   node devchain/compile.mjs --check  exit 1 when the committed artifact is stale
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import solc from 'solc'

const contractsDir = new URL('./contracts/', import.meta.url)
export const artifactsPath = fileURLToPath(new URL('./artifacts.json', import.meta.url))

/**
 * Compiles every `.sol` file in devchain/contracts.
 * @returns {{ compiler: string, contracts: Record<string, { source: string, abi: unknown[], bytecode: string, deployedBytecode: string }> }}
 */
export function compileContracts() {
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort()
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((file) => [
        `contracts/${file}`,
        { content: readFileSync(new URL(file, contractsDir), 'utf8') },
      ]),
    ),
    settings: {
      // Paris (no PUSH0) so the same bytecode also deploys on chains that lag behind mainnet.
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      // No metadata hash: the bytecode then depends on the source alone, not on file paths.
      metadata: { bytecodeHash: 'none' },
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
      },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const problems = output.errors ?? []
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
  return { compiler: solc.version(), contracts }
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
