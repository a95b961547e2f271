// The page builds on @airlock/react as a dapp installs it: its package exports (dist/), not the
// repo's sources (no transpilePackages, no tsconfig paths).
/** @type {import('next').NextConfig} */
export default {
  // The repo root (its lockfile) is the workspace root: node_modules are there.
  turbopack: { root: new URL('../..', import.meta.url).pathname },
}
