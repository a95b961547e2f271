/**
 * Fake modal and SDK builds in a temp folder, shaped like the real ones, plus a secret file
 * beside them (and a symlink to it inside the build) for the path-traversal tests.
 */

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type FakeBuilds = {
  root: string
  modalDist: string
  sdkDist: string
  secret: string
  loaderSource: string
  assetSource: string
  remove(): Promise<void>
}

export const modalTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Airlock</title>
    <!--airlock-config-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

export async function createFakeBuilds(): Promise<FakeBuilds> {
  const root = await mkdtemp(join(tmpdir(), 'airlock-builds-'))
  const modalDist = join(root, 'modal')
  const sdkDist = join(root, 'sdk')
  const secret = 'TOP-SECRET-outside-the-build'
  // Big enough (> 1 KiB) for the compress middleware to act.
  const loaderSource = `(() => { window.airlock = {} })();\n${'// padding for compression\n'.repeat(80)}`
  const assetSource = `export const app = 1;\n${'// asset padding\n'.repeat(80)}`

  await mkdir(join(modalDist, 'assets'), { recursive: true })
  await mkdir(sdkDist, { recursive: true })
  await writeFile(join(root, 'secret.txt'), secret)
  await writeFile(join(modalDist, 'index.html'), modalTemplate)
  await writeFile(join(modalDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(modalDist, '.env'), secret)
  await writeFile(join(modalDist, 'assets', 'index-abc123.js'), assetSource)
  await symlink(join(root, 'secret.txt'), join(modalDist, 'assets', 'link.txt'))
  await writeFile(join(sdkDist, 'airlock.js'), loaderSource)
  await writeFile(join(sdkDist, 'airlock.js.map'), '{"version":3,"sources":[],"mappings":""}')

  return {
    root,
    modalDist,
    sdkDist,
    secret,
    loaderSource,
    assetSource,
    remove: () => rm(root, { recursive: true, force: true }),
  }
}
