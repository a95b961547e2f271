// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevCollectible
/// @notice A small ERC-721 for the dev chain. `tokenURI` builds the metadata on chain and returns it
/// as a `data:application/json;base64,...` URI whose `image` is an SVG data URI, so the indexer and
/// the modal can show NFTs without any other server. Only the deployer mints or airdrops.
contract DevCollectible {
    string public name;
    string public symbol;
    /// Shown in each token's metadata; the spam collection puts its lure here.
    string public description;
    /// The SVG background, e.g. "#4f46e5". Names, description and colour are trusted deploy
    /// arguments, so they go into the JSON and SVG without escaping: keep quotes out of them.
    string public color;
    address public immutable minter;
    uint256 public totalSupply;

    mapping(uint256 => address) private owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotMinter();
    error NotAuthorized();
    error NonexistentToken(uint256 tokenId);
    error WrongOwner();
    error ZeroAddress();
    error UnsafeRecipient();

    constructor(
        string memory name_,
        string memory symbol_,
        string memory description_,
        string memory color_
    ) {
        name = name_;
        symbol = symbol_;
        description = description_;
        color = color_;
        minter = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return
            interfaceId == 0x01ffc9a7 || // ERC-165
            interfaceId == 0x80ac58cd || // ERC-721
            interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = owners[tokenId];
        if (owner == address(0)) revert NonexistentToken(tokenId);
    }

    /// Mints the next token id (ids start at 1) to `to`.
    function mint(address to) public returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter();
        if (to == address(0)) revert ZeroAddress();
        tokenId = ++totalSupply;
        owners[tokenId] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    /// One new token to each recipient, the way spam collections reach wallets unasked.
    function airdrop(address[] calldata recipients) external {
        for (uint256 i = 0; i < recipients.length; i++) mint(recipients[i]);
    }

    function approve(address approved, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        if (msg.sender != owner && !isApprovedForAll[owner][msg.sender]) revert NotAuthorized();
        getApproved[tokenId] = approved;
        emit Approval(owner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        if (owner != from) revert WrongOwner();
        if (to == address(0)) revert ZeroAddress();
        if (
            msg.sender != owner &&
            msg.sender != getApproved[tokenId] &&
            !isApprovedForAll[owner][msg.sender]
        ) revert NotAuthorized();
        delete getApproved[tokenId];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(
        address from,
        address to,
        uint256 tokenId,
        bytes memory data
    ) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            if (answer != IERC721Receiver.onERC721Received.selector) revert UnsafeRecipient();
        }
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = Strings.toString(tokenId);
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">',
            '<rect width="200" height="200" rx="24" fill="',
            color,
            '"/><text x="100" y="114" font-family="sans-serif" font-size="36" fill="#fff" ',
            'text-anchor="middle">#',
            id,
            "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"',
            name,
            " #",
            id,
            '","description":"',
            description,
            '","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}

interface IERC721Receiver {
    function onERC721Received(
        address operator,
        address from,
        uint256 tokenId,
        bytes calldata data
    ) external returns (bytes4);
}

library Strings {
    function toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }
}

/// RFC 4648 base64 with padding, written for reading rather than gas.
library Base64 {
    bytes internal constant ALPHABET =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    function encode(bytes memory data) internal pure returns (string memory) {
        bytes memory alphabet = ALPHABET;
        bytes memory out = new bytes(4 * ((data.length + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < data.length; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            out[j++] = alphabet[(chunk >> 18) & 63];
            out[j++] = alphabet[(chunk >> 12) & 63];
            out[j++] = i + 1 < data.length ? alphabet[(chunk >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < data.length ? alphabet[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
