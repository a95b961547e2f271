// The Chromium every browser run here uses — the e2e suite, the SDK's browser unit tests and the
// bench: Debian's (never a downloaded one), or CHROMIUM_PATH, with the flags that keep it quiet
// on a machine with no network but loopback.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
