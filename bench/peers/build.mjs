// Builds the peer pages (AppKit, RainbowKit) into bench/peers/dist/<id>/ with Vite.
// Usage: node bench/peers/build.mjs   or   import { buildPeers } from './build.mjs'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
export const pages = ['appkit', 'rainbowkit']

function installIfMissing(quiet) {
  if (existsSync(join(here, 'node_modules'))) return
  if (!quiet) console.log('bench/peers: npm ci')
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: here,
    stdio: quiet ? 'ignore' : 'inherit',
  })
  if (r.status !== 0) throw new Error(`npm ci in ${here} failed (exit ${r.status})`)
}

export async function buildPeers({ quiet = false } = {}) {
  installIfMissing(quiet)
  // Imported after the install; resolves from bench/peers/node_modules (next to this file).
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  for (const page of pages) {
    await build({
      root: join(here, page),
      base: './',
      mode: 'production',
      configFile: false,
      logLevel: quiet ? 'error' : 'info',
      plugins: page === 'rainbowkit' ? [react()] : [],
      build: { outDir: join(here, 'dist', page), emptyOutDir: true },
    })
  }
  return Object.fromEntries(pages.map((p) => [p, join(here, 'dist', p)]))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildPeers()
}
