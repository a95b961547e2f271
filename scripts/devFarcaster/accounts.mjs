// The dev Farcaster accounts the dev app signs in with, and the relay key it accepts by default.

/** The `X-Farcaster-Auth-Relay-Key` the dev relay accepts unless told another. */
export const devFarcasterAuthKey = 'dev-farcaster-relay-key'

/** A profile picture as a data: URI, so nothing is fetched from the network. */
const avatar = (letter, color) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="42" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  ).toString('base64')}`

/**
 * The dev Farcaster accounts. Their custody keys are anvil's mnemonic accounts #5, #6 and #7
 * ("test test … junk"): public dev keys, never to hold anything real. `registered` says whether
 * the dev chain's IdRegistry has the custody address as the owner of `fid`.
 */
export const devFarcasterAccounts = Object.freeze(
  [
    {
      username: 'alice',
      fid: 1001,
      displayName: 'Alice (dev)',
      bio: 'Dev Farcaster account; anvil key #5.',
      pfpUrl: avatar('A', '#7c3aed'),
      custody: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
      privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
      registered: true,
    },
    {
      username: 'bob',
      fid: 1002,
      displayName: 'Bob (dev)',
      bio: 'Dev Farcaster account; anvil key #6.',
      custody: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
      privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
      registered: true,
    },
    {
      // Claims alice's fid; her custody address owns no fid, so her sign-in must not verify.
      username: 'mallory',
      fid: 1001,
      displayName: 'Mallory (dev)',
      bio: 'Claims fid 1001 without owning it; anvil key #7.',
      custody: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
      privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
      registered: false,
    },
  ].map((account) => Object.freeze(account)),
)
