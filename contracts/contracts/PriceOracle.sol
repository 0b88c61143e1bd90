// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title PriceOracle
/// @notice USD prices scaled by 1e18, keyed by token address, each with its last-update time.
contract PriceOracle is Ownable {
    struct PriceData {
        uint256 price;
        uint256 timestamp;
    }

    mapping(address token => PriceData) private _prices;

    event PriceUpdated(address indexed token, uint256 price, uint256 timestamp);

    constructor() Ownable(msg.sender) {}

    function updatePrice(address token, uint256 price) external onlyOwner {
        require(price > 0, "Price must be positive");
        _prices[token] = PriceData(price, block.timestamp);
        emit PriceUpdated(token, price, block.timestamp);
    }

    function getPrice(address token) external view returns (uint256) {
        PriceData memory data = _prices[token];
        require(data.timestamp != 0, "Price not available");
        require(block.timestamp - data.timestamp <= 3600, "Price is stale");
        return data.price;
    }
}
