// A plain ENS client of the e2e stack's chain: viem with only the dev universal resolver's
// address said (devchain/ens.mjs), so a name resolves through CCIP-Read with no Airlock code.
import { createPublicClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { devEnsAddresses } from '../../devchain/ens.mjs'
import { anvilRpcUrl } from './testWallet'

export const ensClient = createPublicClient({
  chain: {
    ...foundry,
    contracts: { ensUniversalResolver: { address: devEnsAddresses.universalResolver } },
  },
  transport: http(anvilRpcUrl),
})
