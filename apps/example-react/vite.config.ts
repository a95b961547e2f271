// Builds the example dapp (`dist/`, served by serve.mjs). Airlock's packages are read from their
// sources, as the repo's tsconfig `paths` do; a dapp outside the repo installs their built form.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const source = (name: string) =>
  fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      '@airlock/sdk': source('sdk'),
      '@airlock/wagmi': source('wagmi'),
      '@airlock/react': source('react'),
    },
  },
  build: {
    target: 'es2022',
    // TanStack Query and wagmi mark modules "use client" for React Server Components; it means
    // nothing in this bundle.
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
