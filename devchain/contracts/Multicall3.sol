// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 (the part the indexer uses)
/// @notice Batches read calls into one `eth_call`. Its `aggregate3` matches the canonical
/// Multicall3's ABI, so viem's `multicall` works against it; the seed places its runtime code at
/// the canonical address 0xcA11bde05977b3631167028862bE2a173976CA11 on the dev chain.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }
}
