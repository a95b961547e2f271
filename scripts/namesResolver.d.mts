// Types of namesResolver.mjs for the TypeScript configs that import it.
export declare const ensRegistryAddress: `0x${string}`

export declare function deployNamesResolver(options: {
  rpcUrl: string
  /** Pays, owns the resolver, and sets it in the registry when it owns the parent there. */
  key: `0x${string}`
  parent: string
  /** The gateway's EIP-3668 URL template. */
  gatewayUrl: string
  /** The address of AIRLOCK_NAMES_GATEWAY_KEY. */
  signer: `0x${string}`
  /** The ENS registry; ENS's own by default. */
  registry?: `0x${string}`
  /** A resolver deployed before, to configure again instead of deploying one. */
  resolver?: `0x${string}`
  log?: (line: string) => void
}): Promise<{
  resolver: `0x${string}`
  parent: string
  /** Whether the registry now names it the parent's resolver. */
  resolverSet: boolean
  /** What the API's environment needs (with AIRLOCK_NAMES_GATEWAY_KEY). */
  env: Record<string, string>
}>
