// Builds the modal app that the API serves at /modal (assets under /assets, hashed, immutable).
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
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
