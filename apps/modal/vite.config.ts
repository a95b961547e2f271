// Builds the modal app that the API serves at /modal (assets under /assets, hashed, immutable).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // react-router marks its modules "use client" for RSC; it means nothing in this bundle.
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
