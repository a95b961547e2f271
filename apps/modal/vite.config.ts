// Builds the modal app that the API serves at /modal (assets under /assets, hashed, immutable).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { compileMessages } from './compileMessages'
import { localeChunks } from './localeChunks'

export default defineConfig({
  base: '/',
  plugins: [compileMessages(), localeChunks()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // One stylesheet, in the page from the start: a view that loads on demand is styled the
    // moment it renders, with no request of its own for CSS.
    cssCodeSplit: false,
    // modulepreload is in every browser the modal supports (es2022).
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // What the first view needs, in one file: a shared module a lazy view also uses stays
        // here rather than in a chunk of its own the page would have to fetch beside it.
        codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] },
      },
      // TanStack Query marks its modules "use client" for React Server Components; it means
      // nothing in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
  resolve: {
    alias: {
      // It touches localStorage as it loads, which throws where the frame is denied storage;
      // the modal always gives the WalletConnect client its own storage.
      '@walletconnect/keyvaluestorage': fileURLToPath(
        new URL('src/walletconnect/keyValueStorageShim.ts', import.meta.url),
      ),
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
