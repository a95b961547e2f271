// Unit tests: next to the code in packages/, apps/ and devchain/. The e2e suite is Playwright's.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'apps/**/{src,test}/**/*.test.{ts,tsx}',
      'devchain/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
