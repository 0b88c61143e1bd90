// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TestToken
/// @notice A plain ERC20 whose name, symbol and decimals are set at deploy: the platform token
/// (PRIV), the test stablecoins (USDC with 6 decimals, DAI with 18) and the ERC20 bot's token
/// (1,000,000 tokens, 18 decimals) are all instances of it. The deployer receives the initial
/// supply and owns the token; only the owner mints more.
contract TestToken is ERC20, Ownable {
    uint8 private immutable _decimals;

    /// @param initialSupply In the token's smallest unit, minted to the deployer.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply)
        ERC20(name_, symbol_)
        Ownable(msg.sender)
    {
        _decimals = decimals_;
        if (initialSupply > 0) _mint(msg.sender, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Creates `amount` new tokens (smallest unit) for `to`. Owner only.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
