// The compiled dev-chain contracts (devchain/artifacts.json, written by compile.mjs), by name,
// for the seed and the smart-wallet helpers.
import { readFileSync } from 'node:fs'

const artifacts = JSON.parse(readFileSync(new URL('./artifacts.json', import.meta.url), 'utf8'))

/** A contract's ABI, creation bytecode and runtime bytecode. */
export function artifact(name) {
  const found = artifacts.contracts[name]
  if (found === undefined) throw new Error(`devchain/artifacts.json has no ${name}`)
  return found
}
