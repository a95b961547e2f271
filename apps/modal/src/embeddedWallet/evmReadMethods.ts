/**
 * The chain reads the embedded wallet's EVM provider (evmSigner.ts) forwards to the active
 * network's RPC as they are.
 */

/**
 * Chain reads a site may make through the wallet: forwarded to the active network's RPC as they
 * are. None of them signs or changes anything on chain.
 */
export const readMethods: readonly string[] = [
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
]
