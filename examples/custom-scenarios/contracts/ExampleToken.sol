// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ExampleToken
/// @notice The approve-transfer-from scenario's token: OpenZeppelin's ERC20 (18 decimals), its
/// whole supply minted to whoever deploys it.
contract ExampleToken is ERC20 {
    constructor(uint256 supply) ERC20("Example Token", "EXT") {
        _mint(msg.sender, supply);
    }
}
