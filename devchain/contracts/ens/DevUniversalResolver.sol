// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IDevEnsRegistryReader {
    function resolver(bytes32 node) external view returns (address);
}

interface IExtendedResolver {
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory);
}

/// The batch gateway protocol (ENSIP-21) that viem answers itself for the URL `x-batch-gateway:true`.
interface IBatchGateway {
    struct Query {
        address sender;
        string[] urls;
        bytes data;
    }

    function query(
        Query[] memory queries
    ) external view returns (bool[] memory failures, bytes[] memory responses);
}

/// @title DevUniversalResolver
/// @notice The subset of ENS's Universal Resolver (ensdomains/ens-contracts,
///         contracts/universalResolver/AbstractUniversalResolver.sol) that viem's `getEnsAddress`,
///         `getEnsText`, `getEnsName` and `getEnsResolver` call: `resolveWithGateways`,
///         `reverseWithGateways` and `findResolver`, with the same ABI and errors.
///
///         A resolver's `OffchainLookup` is passed on through the batch gateway given by the caller
///         (viem passes `x-batch-gateway:true` and answers it locally), so the resolver's own gateway
///         sees the resolver as `sender`, exactly as with ENS's contract on mainnet. Unlike ENS's,
///         it always goes through the batch gateway (no ERC-7996 direct calls), handles one call
///         per request (no `multicall`), and does not decode hashed labels (`[…]`, which viem
///         sends for labels over 255 bytes).
contract DevUniversalResolver {
    error OffchainLookup(
        address sender,
        string[] urls,
        bytes callData,
        bytes4 callbackFunction,
        bytes extraData
    );
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error EmptyAddress();
    error HttpError(uint16 status, string message);
    error InvalidBatchGatewayResponse();
    error ResolverError(bytes errorData);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverNotFound(bytes name);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    uint256 private constant COIN_TYPE_ETH = 60;
    uint256 private constant COIN_TYPE_DEFAULT = 0x80000000;
    bytes4 private constant EXTENDED_RESOLVER_INTERFACE = 0x9061b923;

    IDevEnsRegistryReader public immutable registry;

    /// @dev A resolver found for a name.
    struct ResolverInfo {
        bytes name; // DNS-encoded, checked well-formed
        bytes32 node; // namehash(name)
        address resolver;
        bool extended; // ENSIP-10 IExtendedResolver
    }

    /// @dev Where a resolver call goes on once it has an answer.
    struct Continuation {
        address resolver;
        bool extended;
        bytes4 selector; // the resolver profile called, for UnsupportedResolverProfile
        string[] gateways;
        bytes4 next; // a callback of this contract: (bytes answer, bytes nextExtraData)
        bytes nextExtraData;
    }

    struct ReverseArgs {
        bytes lookupAddress;
        uint256 coinType;
        string[] gateways;
        address resolver; // the reverse name's resolver
    }

    constructor(address registry_) {
        registry = IDevEnsRegistryReader(registry_);
    }

    /// @notice ENSIP-10: the resolver of the longest suffix of `name` that has one.
    /// @return resolver The resolver, or zero when none is set on any suffix.
    /// @return node namehash(name).
    /// @return offset Where in `name` the suffix with the resolver starts.
    function findResolver(
        bytes memory name
    ) public view returns (address resolver, bytes32 node, uint256 offset) {
        uint256[] memory offsets = _labelOffsets(name);
        bytes32[] memory nodes = new bytes32[](offsets.length);
        bytes32 suffix; // the root's node, for the empty suffix at the end
        for (uint256 i = offsets.length; i > 0; --i) {
            uint256 start = offsets[i - 1];
            uint256 length = uint8(name[start]);
            if (length == 0) {
                nodes[i - 1] = suffix; // the terminating empty label: the root
                continue;
            }
            bytes32 labelHash;
            assembly {
                labelHash := keccak256(add(add(name, 0x21), start), length)
            }
            suffix = keccak256(abi.encodePacked(suffix, labelHash));
            nodes[i - 1] = suffix;
        }
        node = nodes[0];
        for (uint256 i; i < offsets.length; ++i) {
            resolver = registry.resolver(nodes[i]);
            if (resolver != address(0)) return (resolver, node, offsets[i]);
        }
        return (address(0), node, 0);
    }

    /// @notice Forward resolution: calls `data` on the resolver of the DNS-encoded `name`.
    ///         Caller should enable EIP-3668.
    /// @return result The ABI-encoded answer to `data`.
    /// @return resolver The resolver that answered.
    function resolveWithGateways(
        bytes calldata name,
        bytes calldata data,
        string[] memory gateways
    ) external view returns (bytes memory result, address resolver) {
        (result, resolver); // named for the ABI; _callResolver ends the call
        ResolverInfo memory info = _requireResolver(name);
        _callResolver(info, data, gateways, this.resolveCallback.selector, abi.encode(info.resolver));
    }

    function resolveCallback(
        bytes calldata response,
        bytes calldata extraData
    ) external pure returns (bytes memory, address) {
        return (response, abi.decode(extraData, (address)));
    }

    /// @notice Reverse resolution (ENSIP-19): the primary name of `lookupAddress` for `coinType`,
    ///         checked against the forward address of that name. Caller should enable EIP-3668.
    /// @return primary The name, or "" when the address has none.
    /// @return resolver The primary name's resolver.
    /// @return reverseResolver The reverse name's resolver.
    function reverseWithGateways(
        bytes calldata lookupAddress,
        uint256 coinType,
        string[] memory gateways
    ) external view returns (string memory primary, address resolver, address reverseResolver) {
        (primary, resolver, reverseResolver); // named for the ABI; _callResolver ends the call
        ResolverInfo memory info = _requireResolver(_reverseName(lookupAddress, coinType));
        _callResolver(
            info,
            abi.encodeWithSelector(0x691f3431, info.node), // name(bytes32)
            gateways,
            this.reverseNameCallback.selector,
            abi.encode(ReverseArgs(lookupAddress, coinType, gateways, info.resolver))
        );
    }

    function reverseNameCallback(
        bytes calldata response,
        bytes calldata extraData
    ) external view returns (string memory primary, address resolver, address reverseResolver) {
        (resolver, reverseResolver); // named for the ABI; _callResolver ends the call
        ReverseArgs memory args = abi.decode(extraData, (ReverseArgs));
        primary = abi.decode(response, (string));
        if (bytes(primary).length == 0) return ("", address(0), args.resolver);
        ResolverInfo memory info = _requireResolver(_dnsEncode(primary));
        _callResolver(
            info,
            args.coinType == COIN_TYPE_ETH
                ? abi.encodeWithSelector(0x3b3b57de, info.node) // addr(bytes32)
                : abi.encodeWithSelector(0xf1cb7e06, info.node, args.coinType), // addr(bytes32,uint256)
            args.gateways,
            this.reverseAddressCallback.selector,
            abi.encode(args, primary, info.resolver)
        );
    }

    function reverseAddressCallback(
        bytes calldata response,
        bytes calldata extraData
    ) external pure returns (string memory primary, address resolver, address reverseResolver) {
        ReverseArgs memory args;
        (args, primary, resolver) = abi.decode(extraData, (ReverseArgs, string, address));
        bytes memory primaryAddress = args.coinType == COIN_TYPE_ETH
            ? abi.encodePacked(abi.decode(response, (address)))
            : abi.decode(response, (bytes));
        if (keccak256(primaryAddress) != keccak256(args.lookupAddress))
            revert ReverseAddressMismatch(primary, primaryAddress);
        reverseResolver = args.resolver;
    }

    /// @notice The CCIP-Read callback of the batch gateway: hands the gateway's answer to the
    ///         resolver's own callback, then goes on with the step that asked.
    function resolveBatchCallback(bytes calldata response, bytes calldata extraData) external view {
        (Continuation memory next, bytes4 callback, bytes memory callbackExtraData) = abi.decode(
            extraData,
            (Continuation, bytes4, bytes)
        );
        (bool[] memory failures, bytes[] memory responses) = abi.decode(
            response,
            (bool[], bytes[])
        );
        if (failures.length != 1 || responses.length != 1) revert InvalidBatchGatewayResponse();
        bytes memory answer = responses[0];
        if (failures[0]) {
            // The batch gateway's error (HttpError, or Error(string)) as it gave it, as ENS does.
            assembly {
                revert(add(answer, 0x20), mload(answer))
            }
        }
        (bool ok, bytes memory returned) = next.resolver.staticcall(
            abi.encodeWithSelector(callback, answer, callbackExtraData)
        );
        _handleResolverResult(next, ok, returned);
    }

    /// @dev Calls the resolver, then the step `next`; ends the whole external call with that step's
    ///      result or revert (so the functions that call it never assign their named returns).
    function _callResolver(
        ResolverInfo memory info,
        bytes memory call,
        string[] memory gateways,
        bytes4 next,
        bytes memory nextExtraData
    ) private view {
        (bool ok, bytes memory returned) = info.resolver.staticcall(
            info.extended ? abi.encodeCall(IExtendedResolver.resolve, (info.name, call)) : call
        );
        _handleResolverResult(
            Continuation(info.resolver, info.extended, bytes4(call), gateways, next, nextExtraData),
            ok,
            returned
        );
    }

    function _handleResolverResult(
        Continuation memory next,
        bool ok,
        bytes memory returned
    ) private view {
        if (!ok) {
            if (returned.length >= 4 && bytes4(returned) == OffchainLookup.selector)
                _forwardOffchainLookup(next, returned);
            if (bytes4(returned) == UnsupportedResolverProfile.selector) _revertWith(returned);
            revert ResolverError(returned);
        }
        if (returned.length == 0) revert UnsupportedResolverProfile(next.selector);
        bytes memory answer = next.extended ? abi.decode(returned, (bytes)) : returned;
        (bool nextOk, bytes memory nextReturned) = address(this).staticcall(
            abi.encodeWithSelector(next.next, answer, next.nextExtraData)
        );
        // The step's own result, or its revert (an OffchainLookup of this contract included).
        if (!nextOk) _revertWith(nextReturned);
        assembly {
            return(add(nextReturned, 0x20), mload(nextReturned))
        }
    }

    /// @dev Re-raises the resolver's OffchainLookup as a batch-gateway query from this contract.
    function _forwardOffchainLookup(Continuation memory next, bytes memory revertData) private view {
        bytes memory args;
        assembly {
            // The arguments after the selector, in place: the selector is overwritten by the length.
            args := add(revertData, 4)
            mstore(args, sub(mload(revertData), 4))
        }
        (
            address sender,
            string[] memory urls,
            bytes memory callData,
            bytes4 callback,
            bytes memory callbackExtraData
        ) = abi.decode(args, (address, string[], bytes, bytes4, bytes));
        // EIP-3668: a lookup raised by another contract than the one called is an error.
        if (sender != next.resolver) revert ResolverError(revertData);
        IBatchGateway.Query[] memory queries = new IBatchGateway.Query[](1);
        queries[0] = IBatchGateway.Query(sender, urls, callData);
        revert OffchainLookup(
            address(this),
            next.gateways,
            abi.encodeCall(IBatchGateway.query, (queries)),
            this.resolveBatchCallback.selector,
            abi.encode(next, callback, callbackExtraData)
        );
    }

    function _requireResolver(bytes memory name) private view returns (ResolverInfo memory info) {
        uint256 offset;
        (info.resolver, info.node, offset) = findResolver(name);
        info.name = name;
        if (info.resolver == address(0)) revert ResolverNotFound(name);
        info.extended = _supportsExtendedResolver(info.resolver);
        if (info.extended) return info;
        // A resolver found on a parent must be a wildcard (ENSIP-10) resolver.
        if (offset != 0) revert ResolverNotFound(name);
        if (info.resolver.code.length == 0) revert ResolverNotContract(name, info.resolver);
    }

    /// @dev ERC-165 check that treats any failure as "no" (OpenZeppelin's supportsERC165InterfaceUnchecked).
    function _supportsExtendedResolver(address resolver) private view returns (bool) {
        (bool ok, bytes memory returned) = resolver.staticcall{gas: 30_000}(
            abi.encodeWithSelector(0x01ffc9a7, EXTENDED_RESOLVER_INTERFACE)
        );
        return ok && returned.length >= 32 && abi.decode(returned, (uint256)) != 0;
    }

    /// @dev Offsets of every label of a DNS-encoded name, the terminating empty one included.
    function _labelOffsets(bytes memory name) private pure returns (uint256[] memory offsets) {
        uint256 count;
        uint256 position;
        while (true) {
            if (position >= name.length) revert DNSDecodingFailed(name);
            uint256 length = uint8(name[position]);
            ++count;
            if (length == 0) break;
            position += length + 1;
        }
        if (position != name.length - 1) revert DNSDecodingFailed(name);
        offsets = new uint256[](count);
        position = 0;
        for (uint256 i; i < count; ++i) {
            offsets[i] = position;
            position += uint8(name[position]) + 1;
        }
    }

    /// @dev "a.b" → DNS-encoded; empty labels and labels over 255 bytes are refused.
    function _dnsEncode(string memory ens) private pure returns (bytes memory dns) {
        bytes memory text = bytes(ens);
        dns = new bytes(text.length + 2);
        uint256 labelStart;
        for (uint256 i; i <= text.length; ++i) {
            if (i < text.length && text[i] != ".") {
                dns[i + 1] = text[i];
                continue;
            }
            uint256 length = i - labelStart;
            if (length == 0 || length > 255) revert DNSEncodingFailed(ens);
            dns[labelStart] = bytes1(uint8(length));
            labelStart = i + 1;
        }
        // dns[text.length + 1] stays 0: the root label.
    }

    /// @dev ENSIP-19: "{address hex}.addr.reverse" for Ethereum, "{…}.default.reverse" for the
    ///      default coin type, "{…}.{coinType hex}.reverse" for the others.
    function _reverseName(
        bytes calldata lookupAddress,
        uint256 coinType
    ) private pure returns (bytes memory) {
        if (lookupAddress.length == 0) revert EmptyAddress();
        bytes memory addressLabel = _hex(lookupAddress);
        bytes memory coinLabel = coinType == COIN_TYPE_ETH
            ? bytes("addr")
            : coinType == COIN_TYPE_DEFAULT
                ? bytes("default")
                : _hexNumber(coinType);
        if (addressLabel.length > 255) revert DNSEncodingFailed(string(addressLabel));
        return
            abi.encodePacked(
                uint8(addressLabel.length),
                addressLabel,
                uint8(coinLabel.length),
                coinLabel,
                uint8(7),
                "reverse",
                uint8(0)
            );
    }

    function _hex(bytes memory data) private pure returns (bytes memory text) {
        bytes16 digits = "0123456789abcdef";
        text = new bytes(data.length * 2);
        for (uint256 i; i < data.length; ++i) {
            text[2 * i] = digits[uint8(data[i]) >> 4];
            text[2 * i + 1] = digits[uint8(data[i]) & 0x0f];
        }
    }

    /// @dev Lowercase hex without leading zeros ("0" for zero).
    function _hexNumber(uint256 value) private pure returns (bytes memory text) {
        bytes16 digits = "0123456789abcdef";
        uint256 length = 1;
        for (uint256 rest = value >> 4; rest != 0; rest >>= 4) ++length;
        text = new bytes(length);
        for (uint256 i = length; i > 0; --i) {
            text[i - 1] = digits[value & 0x0f];
            value >>= 4;
        }
    }

    function _revertWith(bytes memory data) private pure {
        assembly {
            revert(add(data, 0x20), mload(data))
        }
    }
}
