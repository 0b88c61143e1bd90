// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title DevMultiToken
/// @notice The erc1155 scenario's collection: an ERC1155 with a supply per id, whose owner mints
/// batches. Transfers are OpenZeppelin's (`safeTransferFrom`, `safeBatchTransferFrom`).
/// @dev The metadata URI is built on-chain from the id, so nothing is stored per id beyond balances
/// and supply.
contract DevMultiToken is ERC1155Supply, Ownable {
    using Strings for uint256;

    constructor() ERC1155("") Ownable(msg.sender) {}

    /// @notice Mints `amounts[i]` of id `ids[i]` to `to` (one TransferBatch event). Owner only.
    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        _mintBatch(to, ids, amounts, "");
    }

    /// @notice A JSON data URI naming the id.
    function uri(uint256 id) public pure override returns (string memory) {
        return string.concat('data:application/json;utf8,{"name":"DevMultiToken #', id.toString(), '"}');
    }
}
