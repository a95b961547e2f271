// Deploys and configures the names' offchain resolver for a real parent name (namesResolver.mjs):
//
//   NAMES_OWNER_KEY=0x… node scripts/deployNamesResolver.mjs --rpc-url https://… \
//     --parent airlock.eth --gateway-url 'https://api.example/v1/names/gateway/{sender}/{data}.json' \
//     --signer 0x<address of AIRLOCK_NAMES_GATEWAY_KEY> [--registry 0x…] [--resolver 0x…]
//
// The key comes from the environment, never the command line (shell history, process lists).
// Prints the API's AIRLOCK_NAMES_PARENT and AIRLOCK_NAMES_RESOLVER.
import { parseArgs } from 'node:util'
import { deployNamesResolver } from './namesResolver.mjs'

const { values } = parseArgs({
  options: {
    'rpc-url': { type: 'string' },
    parent: { type: 'string' },
    'gateway-url': { type: 'string' },
    signer: { type: 'string' },
    registry: { type: 'string' },
    resolver: { type: 'string' },
  },
})
const key = process.env.NAMES_OWNER_KEY
const missing = ['rpc-url', 'parent', 'gateway-url', 'signer'].filter((name) => !values[name])
if (missing.length > 0 || !key) {
  console.error(
    `Missing ${[...missing.map((name) => `--${name}`), ...(key ? [] : ['NAMES_OWNER_KEY'])].join(', ')}. See the top of scripts/deployNamesResolver.mjs.`,
  )
  process.exit(2)
}
try {
  const result = await deployNamesResolver({
    rpcUrl: /** @type {string} */ (values['rpc-url']),
    key: /** @type {`0x${string}`} */ (key),
    parent: /** @type {string} */ (values.parent),
    gatewayUrl: /** @type {string} */ (values['gateway-url']),
    signer: /** @type {`0x${string}`} */ (values.signer),
    ...(values.registry ? { registry: /** @type {`0x${string}`} */ (values.registry) } : {}),
    ...(values.resolver ? { resolver: /** @type {`0x${string}`} */ (values.resolver) } : {}),
    log: (line) => console.log(line),
  })
  for (const [name, value] of Object.entries(result.env)) console.log(`${name}=${value}`)
  if (!result.resolverSet) process.exitCode = 3
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
