/** The words of ApproveTransaction, beside the view so they load with it. */
import { defineMessages, message } from '../i18n/defineMessages'
export const approveText = defineMessages('approve', {
  signMessage: 'Sign a message',
  signTypedData: 'Sign typed data',
  sendTransaction: 'Send a transaction',
  signTransaction: 'Sign a transaction',
  sendCalls: 'Send a batch of calls',
  // Issue 35 point 3 (issue 34 point 5's "upgrade the account"): a smart account's first user
  // operation on an EIP-7702 network carries the EOA's authorization to the account contract.
  upgradeAndSendTransaction: 'Upgrade the account and send a transaction',
  upgradeAndSendCalls: 'Upgrade the account and send a batch of calls',
  speedUpPending: 'Speed up the pending transaction',
  cancelPending: 'Cancel the pending transaction',
  explainSpeedUp:
    'The same calls again, with a higher network fee, in place of the pending one: only one of the two can happen.',
  explainCancel:
    'A call of 0 to your own account, with a higher network fee, in place of the pending one: if it lands first, nothing the pending one does happens.',
  upgradeAccount: 'Upgrade this account to a smart account',
  explainUpgrade:
    'Your address stays the same and runs this contract from now on (EIP-7702): your wallet signs the authorization when you approve. Switching back to EOA offers to remove it.',
  // Switching back to EOA on an EIP-7702 network: the delegation removed (to the zero address).
  removeUpgradeTitle: "Remove the account's upgrade",
  removeUpgrade: 'Make this account a plain EOA again',
  explainRemoveUpgrade:
    'Your address stops running this contract (an EIP-7702 authorization to no contract), in a transaction your account sends and pays for. Choosing the smart account again upgrades it again.',
  upgradeContract: 'Contract',
  upgradeAddress: 'Contract address',
  explainMessage: 'The site asks your wallet to sign this message. Signing costs nothing.',
  explainTypedData:
    'The site asks your wallet to sign this data. A signature can authorise what the data says: check it.',
  explainSend: 'The site asks your wallet to send this transaction.',
  /** The visitor's own Send or Swap, built in the modal: no site asks for it. */
  explainOwnSend: 'Approve to send it from your wallet.',
  askedByYou: 'Your own, made here: no site asks for it',
  explainCalls: message(
    'The site asks your smart account to make these {count} calls together: all of them happen, or none.',
    'count',
  ),
  callOf: message('Call {number} of {count}', 'number', 'count'),
  explainSignTransaction:
    'The site asks your wallet to sign this transaction; the site may send it afterwards.',
  network: 'Network',
  from: 'From',
  /** The smart account's contract, where it is a Safe (a network without EIP-7702). */
  smartAccount: 'Smart account',
  to: 'To',
  receiverName: 'Name',
  value: 'Value',
  data: 'Data',
  contract: 'Contract',
  primaryType: 'Type',
  domain: 'Domain',
  transfer: message('Transfer {amount} to {to}', 'amount', 'to'),
  approve: message('Allow {spender} to spend {amount}', 'amount', 'spender'),
  unlimited: 'an unlimited amount',
  program: message('Calls program {programId}', 'programId'),
  solTransfer: message('Send {amount} to {to}', 'amount', 'to'),
  tokenTransfer: message(
    'Send {amount} of token {mint} to token account {to}',
    'amount',
    'mint',
    'to',
  ),
  reject: 'Reject',
  approveButton: 'Approve',
  nothing: 'Nothing is waiting for your approval.',
  // Fees (FeeRows): the most a transaction's fee can be, the total with its value, Solana's fees.
  maxFee: 'Max network fee',
  total: 'Total',
  sponsoredFee: 'None: a sponsor pays it',
  // A call the project's sponsor does not pay for (issue 35): who pays instead (the sponsor's
  // reason, in the API's words, is the row's title).
  sponsorship: 'Sponsor',
  notSponsored: 'None for this call: your account pays the network fee.',
  baseFee: 'Network fee',
  priorityFee: 'Priority fee',
  inUsd: message('{amount} ({usd})', 'amount', 'usd'),
  // Issue 34 points 4 and 5: seen before armed, the site named, what is asked.
  visibilityUnproven:
    "This browser can't prove the request is shown to you: approve only what you came here to do.",
  askedBy: 'Asked by',
  // Where visibility can't be proven: the approval moves to a window of the modal's own.
  approveInWindow: 'Approve in a secure window',
  showWindow: 'Show the window',
  inWindowWhy:
    "This browser can't prove this screen is shown to you, so you approve in a window of the wallet's own, where the site can't hide or cover anything.",
  inWindowOpen: 'Approve or reject in the window that opened.',
  inWindowBlocked:
    'The browser blocked the approval window. Allow pop-ups for this site, then try again.',
  unknownSite: 'an unknown site',

  // Decoded calls and signatures (issue 34 point 3).
  increaseAllowance: message('Allow {spender} to spend {amount} more', 'amount', 'spender'),
  approvalForAll: message(
    'Allow {operator} to move all your NFTs of {collection}',
    'operator',
    'collection',
  ),
  revokeApprovalForAll: message(
    'Stop {operator} from moving your NFTs of {collection}',
    'operator',
    'collection',
  ),
  nftTransfer: message(
    'Transfer NFT #{tokenId} of {collection} from {from} to {to}',
    'tokenId',
    'collection',
    'from',
    'to',
  ),
  tokenTransferFrom: message('Transfer {amount} from {from} to {to}', 'amount', 'from', 'to'),
  multiTokenTransfer: message(
    'Transfer {items} of {collection} from {from} to {to}',
    'items',
    'collection',
    'from',
    'to',
  ),
  multiTokenItem: message('{amount} × #{id}', 'amount', 'id'),
  unknownCall: 'Unknown contract call',
  showData: 'Show the raw data',
  unlimitedWarning:
    'Unlimited approval: the spender can take all of this token you hold, now and later, until you revoke it.',
  approvalForAllWarning:
    'Approval for all: the operator can take every NFT of this collection you hold, now and later, until you revoke it.',
  unverifiedClaim: message(
    "Unverified: the token's contract calls itself {symbol} with {decimals} decimals, which is not what the token list says.",
    'symbol',
    'decimals',
  ),
  contractClaimOnly: message(
    "Unverified: {symbol} is the token contract's own name for itself; it is not on the token list.",
    'symbol',
  ),
  rawUnits: message('{amount} units of {token}', 'amount', 'token'),
  permit: message(
    'Allow {spender} to spend {amount}, signature valid until {deadline}',
    'amount',
    'spender',
    'deadline',
  ),
  permit2Allowance: message(
    'Allow {spender} to spend {amount} through Permit2, until {expiry}',
    'amount',
    'spender',
    'expiry',
  ),
  permit2Transfer: message('Let {spender} take {amount} from you, once', 'amount', 'spender'),
  signatureDeadline: 'Signature valid until',
  witness: 'The signature also carries the spender’s order (in the fields below).',
  never: 'never',
  endOfBlock: 'the end of the block it is used in',
  domainName: 'Signed for',
  domainVersion: 'Version',
  domainChain: 'Chain',
  domainContract: 'Verifying contract',
  undecodedSignature:
    "This screen can't show what this signature says. Reject it unless you know what it does.",
  otherChainWarning: message(
    'This signature is for chain {chainId}, not the network you are on ({network}): it can be used there without you seeing it.',
    'chainId',
    'network',
  ),
  // Simulation (issue 34 point 2): what the request would do, found before the visitor decides.
  simulating: 'Simulating what this does…',
  expectedChanges: 'Expected changes',
  noBalanceChanges: 'No balance changes expected.',
  untraced: "Balance changes can't be shown on this network.",
  simulationTimedOut:
    "The simulation timed out: what this does can't be shown. You can still reject.",
  simulationFailed: message(
    "The simulation failed ({reason}): what this does can't be shown. You can still reject.",
    'reason',
  ),
  splTokenChange: message('{amount} of token {mint}', 'amount', 'mint'),
  likelyFail: 'This transaction will likely fail',
  /** A failing call's reason, with its number in the batch (counted from 1) before it. */
  failReason: message('Call {call}: {reason}', 'reason', 'call'),
  approveAnywayQuestion: 'It will likely fail and may still cost a fee. Approve anyway?',
  approveAnyway: 'Approve anyway',
  nftIn: message(
    '+{amount, select, 1 {} other {{amount} × }}NFT #{tokenId} of {token}',
    'tokenId',
    'token',
    'amount',
  ),
  nftOut: message(
    '−{amount, select, 1 {} other {{amount} × }}NFT #{tokenId} of {token}',
    'tokenId',
    'token',
    'amount',
  ),
  approvalGranted: 'Approvals granted',
  grantsToken: message('{spender} may spend {amount}', 'spender', 'amount'),
  grantsNft: message('{spender} may move NFT #{tokenId} of {token}', 'spender', 'tokenId', 'token'),
  grantsAll: message('{operator} may move all your NFTs of {token}', 'operator', 'token'),
  revokesAll: message('{operator} may no longer move your NFTs of {token}', 'operator', 'token'),
  // A request that failed after the visitor approved it (issue 34, point 5).
  failedAfterApproval: message('What you approved failed: {reason}', 'reason'),
  unknownFailure: 'the wallet gave no reason.',
})
