// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title DevNFT
/// @notice An ERC721 whose metadata and image live entirely on-chain: `tokenURI` returns a
/// `data:application/json;base64,` document with a name, a description, an SVG image (itself a
/// base64 data URI) and attributes. Token ids count up from 1; only the owner mints.
/// @dev Everything in the metadata derives from the token id, so nothing but ownership is stored
/// per token and the same id always renders the same image.
contract DevNFT is ERC721, Ownable {
    using Strings for uint256;

    uint256 private _minted;

    constructor() ERC721("privnet DevNFT", "DEVNFT") Ownable(msg.sender) {}

    /// @notice Mints the next token id to `to` and returns it. Owner only.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++_minted;
        _safeMint(to, tokenId);
    }

    /// @notice Number of tokens minted so far (also the highest id).
    function totalMinted() external view returns (uint256) {
        return _minted;
    }

    /// @notice The token's metadata as a base64 JSON data URI. Reverts with OpenZeppelin's
    /// `ERC721NonexistentToken(tokenId)` for an id never minted.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        uint256 hue = (tokenId * 47) % 360;
        string memory shape = _shape(tokenId);
        string memory json = string.concat(
            '{"name":"DevNFT #',
            tokenId.toString(),
            '","description":"A privnet development NFT with on-chain metadata.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(tokenId, hue, shape))),
            '","attributes":[{"trait_type":"Hue","value":',
            hue.toString(),
            '},{"trait_type":"Shape","value":"',
            shape,
            '"}]}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    function _shape(uint256 tokenId) private pure returns (string memory) {
        return tokenId % 2 == 0 ? "Square" : "Circle";
    }

    function _svg(uint256 tokenId, uint256 hue, string memory shape) private pure returns (string memory) {
        string memory fill = string.concat("hsl(", hue.toString(), ",70%,55%)");
        string memory figure = keccak256(bytes(shape)) == keccak256("Square")
            ? string.concat('<rect x="90" y="90" width="220" height="220" fill="', fill, '"/>')
            : string.concat('<circle cx="200" cy="200" r="120" fill="', fill, '"/>');
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">',
            '<rect width="400" height="400" fill="#111827"/>',
            figure,
            '<text x="200" y="370" font-family="monospace" font-size="28" fill="#f9fafb" text-anchor="middle">#',
            tokenId.toString(),
            "</text></svg>"
        );
    }
}
